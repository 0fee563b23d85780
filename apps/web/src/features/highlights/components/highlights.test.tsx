import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetMediaLimits, NOT_A_VIDEO } from "../../../lib/media-upload";
import { FakeXhr, sentUpload } from "../../../test/fake-xhr";
import { jsonResponse, makeHighlight, sentJson } from "../../../test/fixtures";
import { layOutStrips, preloadStripArrows } from "../../../test/strip-layout";
import { aliceProfile, openProfile, preloadProfileScreens } from "../../profile/test/profile-routes";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(async () => {
  await Promise.all([preloadProfileScreens(), preloadStripArrows()]);
});
beforeEach(() => {
  forgetMediaLimits();
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

type Routes = NonNullable<Parameters<typeof openProfile>[1]>["routes"];
const summer = makeHighlight();
const clip = new File(["mp4"], "trip.mp4", { type: "video/mp4" });

function openOwn(routes: Routes = {}, highlights = [summer]) {
  return openProfile("/profile", {
    member: aliceProfile,
    isMyProfile: true,
    routes: { "GET /highlights/user/alice": jsonResponse(200, { highlights }), ...routes },
  });
}

describe("Highlight form validation (spec §5)", () => {
  it("alerts 'Highlight name is required' for a blank or spaces-only name, and sends nothing", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const create = vi.fn();
    const { user } = openOwn({ "POST /highlights": create });

    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(alert).toHaveBeenLastCalledWith("Highlight name is required");

    await user.type(within(dialog).getByLabelText("Highlight name"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(alert).toHaveBeenLastCalledWith("Highlight name is required");
    expect(alert).toHaveBeenCalledTimes(2);
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("alerts 'Please upload an image or video for this highlight' when adding without a file", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const create = vi.fn();
    const { user } = openOwn({ "POST /highlights": create });

    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    await user.type(screen.getByLabelText("Highlight name"), "Trip");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(alert).toHaveBeenCalledWith("Please upload an image or video for this highlight");
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Add Highlight" })).toBeInTheDocument();
  });

  it("counts the name's characters against its limit, emoji as one, and takes no more past it", async () => {
    const { user } = openOwn();

    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const name = screen.getByLabelText("Highlight name");
    expect(name).toHaveAccessibleDescription("0/30");
    await user.type(name, "Trip 🌊");
    expect(name).toHaveAccessibleDescription("6/30");
    await user.clear(name);
    await user.type(name, "A very long highlight name with more");
    expect(name).toHaveValue("A very long highlight name wit");
    expect(name).toHaveAccessibleDescription("30/30");
  });
});

describe("Highlights strip", () => {
  it("gives a name cut to its tile's width whole to the pointer", async () => {
    openOwn();
    const tile = await screen.findByRole("button", { name: `View highlight ${summer.name}` });
    expect(within(tile).getByText(summer.name)).toHaveAttribute("title", summer.name);
  });

  it("brings a tile focused from the keyboard wholly into view (the browser leaves one half in view)", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    openOwn();
    const tile = await screen.findByRole("button", { name: `View highlight ${summer.name}` });
    act(() => tile.focus());
    expect(scrolled).toHaveBeenCalledWith({ inline: "nearest", block: "nearest" });
    expect(scrolled.mock.contexts.at(-1)).toBe(tile);
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("pages through a strip wider than the screen with Previous and Next arrows, each shown while there is more that way", async () => {
    // 25 highlights on a 1280 px desktop: about 7 tiles show.
    const many = Array.from({ length: 25 }, (_, index) =>
      makeHighlight({ _id: `h-${index + 1}`, name: `Trip ${index + 1}` }),
    );
    const strip = layOutStrips({ width: 935, content: 3000 });
    const { user } = openOwn({}, many);

    const next = await screen.findByRole("button", { name: "Next highlights" });
    expect(screen.queryByRole("button", { name: "Previous highlights" })).not.toBeInTheDocument();
    // For a mouse or trackpad only: a finger swipes, and the arrows would cover a phone's tiles.
    expect(next).toHaveClass("hidden", "any-pointer-fine:flex");

    await user.click(next);
    // About a strip's width, smoothly.
    expect(strip.scrollBy).toHaveBeenCalledWith({ left: 748, behavior: "smooth" });
    const previous = await screen.findByRole("button", { name: "Previous highlights" });
    expect(screen.getByRole("button", { name: "Next highlights" })).toBeInTheDocument();

    // At the end (scrolled there by the wheel, say), only Previous is left.
    const highlights = screen.getByRole("region", { name: "Highlights" });
    const scroller = within(highlights).getByRole("list").parentElement as HTMLElement;
    strip.scrollTo(scroller, 3000);
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Next highlights" })).not.toBeInTheDocument(),
    );
    await user.click(previous);
    expect(strip.scrollBy).toHaveBeenLastCalledWith({ left: -748, behavior: "smooth" });
    strip.restore();
  });

  it("keeps Tab going from tile to tile past the arrows, which never take the focus", async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      makeHighlight({ _id: `h-${index + 1}`, name: `Trip ${index + 1}` }),
    );
    const strip = layOutStrips({ width: 935, content: 3000 });
    const { user } = openOwn({}, many);
    const next = await screen.findByRole("button", { name: "Next highlights" });
    expect(next).toHaveAttribute("tabindex", "-1");

    act(() => screen.getByRole("button", { name: "View highlight Trip 7" }).focus());
    await user.tab();
    expect(screen.getByRole("button", { name: "View highlight Trip 8" })).toHaveFocus();
    // A click pages the strip and leaves the focus where it was.
    await user.click(next);
    expect(screen.getByRole("button", { name: "View highlight Trip 8" })).toHaveFocus();
    strip.restore();
  });

  it("scrolls as the feed's stories strip does: a thin scrollbar on larger screens, none on phones", async () => {
    openOwn();
    const highlights = await screen.findByRole("region", { name: "Highlights" });
    const scroller = within(highlights).getByRole("list").parentElement;
    expect(scroller).toHaveClass("overflow-x-auto", "[scrollbar-width:none]", "sm:[scrollbar-width:thin]");
    // Nothing hidden, no arrows.
    expect(screen.queryByRole("button", { name: /^(Previous|Next) highlights$/ })).not.toBeInTheDocument();
  });

  it("adds one: uploads the file with progress, then posts the trimmed name, the file's type and its URL", async () => {
    const created = makeHighlight({ _id: "h-2", name: "Trip", type: "video", src: "/media/video/trip.mp4" });
    const create = vi.fn(() => jsonResponse(201, { highlight: created }));
    const { user } = openOwn({ "POST /highlights": create });

    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.type(within(dialog).getByLabelText("Highlight name"), "  Trip ");
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    expect(within(dialog).getByLabelText("Preview of the highlight")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    const xhr = await sentUpload();
    expect(xhr.url).toBe("/api/media/video/upload");
    xhr.progress(50, 100);
    // The bar may be drawn (at 0) before the progress event renders: wait for the value, not the bar.
    // Sending a video is the first half of its work; the host's transcoding is the second (issue 20).
    await waitFor(() =>
      expect(within(dialog).getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
        "aria-valuenow",
        "25",
      ),
    );
    xhr.respond(200, { secure_url: "/media/video/trip.mp4", public_id: "trip", resource_type: "video" });

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(create)).toEqual({ name: "Trip", type: "video", src: "/media/video/trip.mp4" });
    const strip = screen.getByRole("region", { name: "Highlights" });
    expect(within(strip).getByRole("button", { name: "View highlight Trip" })).toBeInTheDocument();
  });

  it("gives the highlight just added the focus once its form closes, which brings it into view at the strip's end", async () => {
    const scrolled = vi.fn();
    Object.defineProperty(Element.prototype, "scrollIntoView", { configurable: true, value: scrolled });
    try {
      const created = makeHighlight({
        _id: "h-2",
        name: "Trip",
        type: "video",
        src: "/media/video/trip.mp4",
      });
      const { user } = openOwn({ "POST /highlights": jsonResponse(201, { highlight: created }) });
      await user.click(await screen.findByRole("button", { name: "Add highlight" }));
      const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
      await user.type(within(dialog).getByLabelText("Highlight name"), "Trip");
      await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
      await user.click(within(dialog).getByRole("button", { name: "Save" }));
      (await sentUpload()).respond(200, {
        secure_url: "/media/video/trip.mp4",
        public_id: "trip",
        resource_type: "video",
      });
      const strip = screen.getByRole("region", { name: "Highlights" });
      const trip = await within(strip).findByRole("button", { name: "View highlight Trip" });
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(trip).toHaveFocus();
      // The strip's last scroll is to it (Add had the focus back from the form first).
      expect(scrolled.mock.contexts.at(-1)).toBe(trip);
      expect(scrolled).toHaveBeenLastCalledWith({ inline: "nearest", block: "nearest" });
    } finally {
      Reflect.deleteProperty(Element.prototype, "scrollIntoView");
    }
  });

  /** Adds "Trip" with the clip and saves: answers once the file is on its way, its progress shown. */
  async function startTripUpload() {
    const create = vi.fn();
    const { user } = openOwn({ "POST /highlights": create });
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.type(within(dialog).getByLabelText("Highlight name"), "Trip");
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const xhr = await sentUpload();
    await within(dialog).findByRole("progressbar", { name: "Upload progress" });
    return { user, dialog, xhr, create };
  }

  it("offers one Cancel while the file is sent, which abandons the upload with the form", async () => {
    const { user, dialog, xhr, create } = await startTripUpload();

    // Held, not disabled: the focus stays on it rather than fall out of the dialog.
    const save = within(dialog).getByRole("button", { name: "Uploading..." });
    expect(save).toHaveAttribute("aria-disabled", "true");
    expect(save).toHaveFocus();
    const [cancel, ...others] = within(dialog).getAllByRole("button", { name: "Cancel" });
    expect(others).toEqual([]);
    expect(cancel).toBeEnabled();
    await user.click(cancel as HTMLElement);

    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(create).not.toHaveBeenCalled();
  });

  it("stops the highlight when Cancel comes the moment the file is up, before it is saved", async () => {
    const { dialog, xhr, create } = await startTripUpload();

    act(() => {
      xhr.respond(200, { secure_url: "/media/video/trip.mp4", public_id: "trip", resource_type: "video" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    });

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(create).not.toHaveBeenCalled();
  });

  it("refuses a video larger than the host takes when it is picked, in the host's words, keeping none", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const create = vi.fn();
    const { user } = openOwn({
      "POST /highlights": create,
      "GET /media/limits": jsonResponse(200, {
        image: { maxBytes: 1024 },
        video: { maxBytes: 2, maxSeconds: 60 },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.type(within(dialog).getByLabelText("Highlight name"), "Trip");
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);

    // Before Save, as a story's upload says it.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This file is too large: videos can be up to 1 KB.",
    );
    expect(within(dialog).queryByText("trip.mp4")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Choose photo or video")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(alert).toHaveBeenCalledWith("Please upload an image or video for this highlight");
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("says at 100 highlights that another cannot be kept, before sending its file", async () => {
    const create = vi.fn();
    const hundred = Array.from({ length: 100 }, (_, index) =>
      makeHighlight({ _id: `h-${index}`, name: `Trip ${index}` }),
    );
    const { user } = openOwn({ "POST /highlights": create }, hundred);
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.type(within(dialog).getByLabelText("Highlight name"), "One more");
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You can keep up to 100 highlights. Delete one to add another.",
    );
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("reads a full strip again before refusing: one deleted in another tab leaves room", async () => {
    const hundred = Array.from({ length: 100 }, (_, index) =>
      makeHighlight({ _id: `h-${index}`, name: `Trip ${index}` }),
    );
    let reads = 0;
    const { user } = openOwn({
      "GET /highlights/user/alice": () =>
        jsonResponse(200, { highlights: ++reads === 1 ? hundred : hundred.slice(1) }),
    });
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.type(within(dialog).getByLabelText("Highlight name"), "One more");
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect((await sentUpload()).url).toBe("/api/media/video/upload");
    expect(reads).toBe(2);
  });

  it("refuses an empty file when it is picked, keeping the media chosen before", async () => {
    const { user } = openOwn();
    await user.click(await screen.findByRole("button", { name: `View highlight ${summer.name}` }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Highlight" });
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    const empty = new File([], "empty.jpg", { type: "image/jpeg" });
    await user.upload(within(dialog).getByLabelText("Photo or video"), empty);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This file is empty.");
    expect(within(dialog).getByText("trip.mp4")).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it("gives a refused file's place to the last choice that passed, not to one still being checked", async () => {
    let answerLimits: (response: Response) => void = () => {};
    const { user } = openOwn({
      "GET /media/limits": () => new Promise<Response>((resolve) => (answerLimits = resolve)),
    });
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    // The clip waits for the host's limits; the empty file is refused at once, before them.
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    await user.upload(
      within(dialog).getByLabelText("Photo or video"),
      new File([], "empty.jpg", { type: "image/jpeg" }),
    );

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This file is empty.");
    expect(within(dialog).queryByText("trip.mp4")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Choose photo or video")).toBeInTheDocument();
    answerLimits(jsonResponse(200, { image: { maxBytes: 1024 }, video: { maxBytes: 2, maxSeconds: 60 } }));
  });

  it("refuses a picture the browser cannot open when it is picked, keeping the media chosen before", async () => {
    const { user } = openOwn();
    await user.click(await screen.findByRole("button", { name: `View highlight ${summer.name}` }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Highlight" });
    await user.upload(within(dialog).getByLabelText("Photo or video"), clip);
    await user.upload(
      within(dialog).getByLabelText("Photo or video"),
      new File(["not a picture"], "broken.jpg", { type: "image/jpeg" }),
    );
    expect(within(dialog).getByText("broken.jpg")).toBeInTheDocument();

    // The preview is where the browser finds it cannot open it.
    const preview = within(dialog).getByRole("img", { name: "Preview of the highlight" });
    fireEvent.error(preview.querySelector("img") as HTMLImageElement);

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This file is not a JPEG, PNG, GIF or WebP image.",
    );
    expect(within(dialog).queryByText("broken.jpg")).not.toBeInTheDocument();
    expect(within(dialog).getByText("trip.mp4")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const upload = (await sentUpload()).body as FormData;
    expect((upload.get("file") as File).name).toBe("trip.mp4");
  });

  it("refuses a video this browser cannot play only when its bytes are not a video's", async () => {
    const { user } = openOwn();
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    const picker = within(dialog).getByLabelText("Photo or video");
    const failPreview = () =>
      fireEvent.error(
        within(dialog)
          .getByRole("img", { name: "Preview of the highlight" })
          .querySelector("video") as HTMLVideoElement,
      );

    // An iPhone's HEVC, say: a video the host transcodes, though this browser cannot show it.
    const hevc = new File(
      [new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypheic")])],
      "a.mov",
      {
        type: "video/quicktime",
      },
    );
    await user.upload(picker, hevc);
    failPreview();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(within(dialog).getByText("a.mov")).toBeInTheDocument();

    await user.upload(picker, new File(["<html>"], "page.mp4", { type: "video/mp4" }));
    failPreview();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(NOT_A_VIDEO);
    expect(within(dialog).queryByText("page.mp4")).not.toBeInTheDocument();
  });

  it("refuses a file that is neither a photo nor a video when it is picked, keeping none", async () => {
    const create = vi.fn();
    const { user } = openOwn({ "POST /highlights": create });
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.type(within(dialog).getByLabelText("Highlight name"), "Notes");
    const notes = new File(["hello"], "notes.txt", { type: "text/plain" });
    // As the system's "All files" choice lets it through the picker's filter.
    fireEvent.change(within(dialog).getByLabelText("Photo or video"), { target: { files: [notes] } });

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Choose a photo or a video.");
    expect(within(dialog).queryByText("notes.txt")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Choose photo or video")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("offers only the formats the media host takes, and refuses another when it is picked, in the host's words", async () => {
    const create = vi.fn();
    const { user } = openOwn({ "POST /highlights": create });
    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    const picker = within(dialog).getByLabelText("Photo or video");
    expect(picker).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm",
    );
    await user.type(within(dialog).getByLabelText("Highlight name"), "Logo");
    // As a picker may hand it over: `accept` is a hint to the picker, not a filter of what it gives.
    fireEvent.change(picker, {
      target: { files: [new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })] },
    });

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This file is not a JPEG, PNG, GIF or WebP image.",
    );
    expect(within(dialog).queryByText("logo.svg")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("opens a highlight in a viewer with Edit, Delete and Close for its owner", async () => {
    const { user } = openOwn();

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));

    const viewer = screen.getByRole("dialog", { name: "Summer" });
    expect(within(viewer).getByRole("img", { name: "Summer" })).toHaveAttribute("src", summer.src);
    expect(within(viewer).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(within(viewer).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    await user.click(within(viewer).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("closes the viewer on the browser's Back, staying on the profile", async () => {
    const { router, user } = openOwn();
    const tile = await screen.findByRole("button", { name: "View highlight Summer" });
    await user.click(tile);
    expect(screen.getByRole("dialog", { name: "Summer" })).toBeInTheDocument();

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/profile");
    expect(tile).toHaveFocus();
  });

  it("opens Edit in the viewer's place: Back from the form is the profile, not the viewer", async () => {
    const { router, user } = openOwn();
    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    expect(await screen.findByRole("dialog", { name: "Edit Highlight" })).toBeInTheDocument();

    await act(() => router.navigate(-1));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("edits the name and keeps the current media when no new file is chosen", async () => {
    const update = vi.fn(() => jsonResponse(200, { highlight: { ...summer, name: "Summer 25" } }));
    const { user } = openOwn({ "PUT /highlights/h-1": update });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const form = screen.getByRole("dialog", { name: "Edit Highlight" });
    const name = within(form).getByLabelText("Highlight name");
    expect(name).toHaveValue("Summer");
    await user.type(name, " 25");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The media is not sent again: a rename is not held to a media rule made after it was chosen.
    expect(sentJson(update)).toEqual({ name: "Summer 25" });
    expect(FakeXhr.last).toBeUndefined();
    expect(screen.getByRole("button", { name: "View highlight Summer 25" })).toBeInTheDocument();
  });

  it("asks 'Delete highlight?' in the app's own dialog, Cancel focused, and deletes nothing when cancelled", async () => {
    const confirm = vi.spyOn(window, "confirm");
    const remove = vi.fn(() => jsonResponse(200, { message: "Highlight deleted" }));
    const { user } = openOwn({ "DELETE /highlights/h-1": remove });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    const viewer = screen.getByRole("dialog", { name: "Summer" });
    const deleteButton = within(viewer).getByRole("button", { name: "Delete" });
    await user.click(deleteButton);

    const asked = screen.getByRole("dialog", { name: "Delete highlight?" });
    expect(asked).toHaveAccessibleDescription("Are you sure you want to delete this highlight?");
    expect(within(asked).getByRole("button", { name: "Cancel" })).toHaveFocus();
    expect(within(asked).getByRole("button", { name: "Delete" })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    await user.click(within(asked).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Delete highlight?" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Summer" })).toBeInTheDocument();
    // Back where the question came from, as a story's Cancel gives it back.
    expect(deleteButton).toHaveFocus();
    // Escape, too, closes only the question.
    await user.click(deleteButton);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Delete highlight?" })).not.toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Summer" })).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });

  it("deletes once Delete is confirmed: the question and the viewer close, the tile goes", async () => {
    let answer: (response: Response) => void = () => {};
    const remove = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = openOwn({ "DELETE /highlights/h-1": remove });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const asked = screen.getByRole("dialog", { name: "Delete highlight?" });
    await user.click(within(asked).getByRole("button", { name: "Delete" }));

    expect(within(asked).getByRole("button", { name: "Deleting..." })).toBeDisabled();
    expect(within(asked).getByRole("button", { name: "Cancel" })).toBeDisabled();
    answer(jsonResponse(200, { message: "Highlight deleted" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "View highlight Summer" })).not.toBeInTheDocument();
    // Its tile went with it: the focus goes on from Add, not from the top of the page.
    await waitFor(() => expect(screen.getByRole("button", { name: "Add highlight" })).toHaveFocus());
  });

  it("keeps the viewer open when the deletion fails, saying so, with the question closed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = openOwn({
      "DELETE /highlights/h-1": jsonResponse(500, { message: "Internal server error" }),
    });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete highlight?" })).getByRole("button", {
        name: "Delete",
      }),
    );

    expect(await screen.findByText("Couldn't delete the highlight. Please try again.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Delete highlight?" })).not.toBeInTheDocument(),
    );
    const viewer = screen.getByRole("dialog", { name: "Summer" });
    expect(within(viewer).getByRole("button", { name: "Delete" })).toHaveFocus();
  });

  it("takes a highlight deleted already (in another tab) as deleted: the viewer closes, the tile goes", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const remove = vi.fn(() => jsonResponse(404, { message: "Highlight not found" }));
    const { user } = openOwn({ "DELETE /highlights/h-1": remove });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete highlight?" })).getByRole("button", {
        name: "Delete",
      }),
    );

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: "View highlight Summer" })).not.toBeInTheDocument();
    expect(screen.queryByText("Couldn't delete the highlight. Please try again.")).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it("shows a visitor the highlights without Add, Edit or Delete", async () => {
    const { user } = openProfile("/profile/bob", {
      routes: { "GET /highlights/user/bob": jsonResponse(200, { highlights: [summer] }) },
    });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));

    const viewer = screen.getByRole("dialog", { name: "Summer" });
    expect(within(viewer).queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(within(viewer).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add highlight" })).not.toBeInTheDocument();
  });
});
