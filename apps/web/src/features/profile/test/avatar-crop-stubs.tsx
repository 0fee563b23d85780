import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect, vi } from "vitest";

/**
 * What jsdom lacks for the avatar crop: images that load, and a canvas that "encodes" a JPEG.
 * (Mock react-easy-crop in the test file with `fakeCropper`, since vi.mock must be hoisted there.)
 */
export function stubCropEnvironment(): void {
  vi.stubGlobal(
    "Image",
    class {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      decoding = "";
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () => ({ fillRect: vi.fn(), drawImage: vi.fn() }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation((callback, type) =>
    callback(new Blob(["jpeg"], { type: type ?? "image/png" })),
  );
}

/** Stands in for react-easy-crop: shows the picture and reports a crop of all of it at once. */
export async function fakeCropper() {
  const { useEffect } = await import("react");
  function Cropper({
    onCropComplete,
    mediaProps,
  }: {
    onCropComplete?: (area: unknown, pixels: unknown) => void;
    mediaProps?: React.ImgHTMLAttributes<HTMLImageElement>;
  }) {
    useEffect(() => {
      const area = { x: 0, y: 0, width: 600, height: 600 };
      onCropComplete?.(area, area);
    }, [onCropComplete]);
    return (
      <div data-testid="cropper">
        <img alt="" {...mediaProps} />
      </div>
    );
  }
  return { default: Cropper };
}

/** Clicks the crop dialog's Apply once it can apply (the cropper has reported the crop area). */
export async function applyCrop(user: UserEvent, dialog?: HTMLElement) {
  const apply = await (dialog ? within(dialog) : screen).findByRole("button", { name: "Apply" });
  await waitFor(() => expect(apply).toBeEnabled());
  await user.click(apply);
}
