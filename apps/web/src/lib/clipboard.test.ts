import { describe, expect, it, vi } from "vitest";
import { stubNavigator } from "../test/navigator";
import { copyLink, shareLink } from "./clipboard";

const url = "https://flik.example/p/p-1";

function clipboardThat(write: () => Promise<void>) {
  const writeText = vi.fn(write);
  stubNavigator({ share: undefined, clipboard: { writeText } });
  return writeText;
}

describe("copyLink", () => {
  it("copies the link and says nothing itself", async () => {
    const writeText = clipboardThat(() => Promise.resolve());
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});

    expect(await copyLink(url, "post")).toBe(true);
    expect(writeText).toHaveBeenCalledWith(url);
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the link to copy by hand where the clipboard is refused", async () => {
    clipboardThat(() => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});

    expect(await copyLink(url, "post")).toBe(false);
    expect(alert).toHaveBeenCalledWith(`Copy this link to share the post:\n${url}`);
  });
});

describe("shareLink without a share sheet", () => {
  const share = (sayCopied = vi.fn(), count = vi.fn(() => Promise.resolve())) =>
    shareLink({ url, title: "Post", what: "reel", count, foundGone: () => false, sayCopied });

  it("copies the link, counts the share, then says it was copied", async () => {
    clipboardThat(() => Promise.resolve());
    const sayCopied = vi.fn();
    const count = vi.fn(() => Promise.resolve());

    await share(sayCopied, count);

    expect(count).toHaveBeenCalledOnce();
    expect(sayCopied).toHaveBeenCalledOnce();
  });

  it("shows the link in the same words as a copied link's where the clipboard is refused, counting nothing", async () => {
    clipboardThat(() => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const sayCopied = vi.fn();
    const count = vi.fn(() => Promise.resolve());

    await share(sayCopied, count);

    expect(alert).toHaveBeenCalledWith(`Copy this link to share the reel:\n${url}`);
    expect(count).not.toHaveBeenCalled();
    expect(sayCopied).not.toHaveBeenCalled();
  });
});
