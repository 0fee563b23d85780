import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetMediaLimits } from "../../../lib/media-upload";
import { FakeXhr, sentUpload } from "../../../test/fake-xhr";
import { jsonResponse, sentJson } from "../../../test/fixtures";
import { shownToasts } from "../../../test/toasts";
import { setStoryUploadPercent } from "../state/story-upload";
import { findStrip, openFeed } from "../test/stories-harness";
import { alice, bobAndCarol, hoursAgo, makeGroup, makeStory } from "../test/story-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeEach(() => {
  // The upload under way lives in a module, for the whole page: each test starts with none.
  setStoryUploadPercent(null);
  forgetMediaLimits();
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

const photo = new File(["jpg"], "beach.jpg", { type: "image/jpeg" });
const clip = new File(["mp4"], "waves.mp4", { type: "video/mp4" });
const uploaded = { secure_url: "/media/image/beach.jpg", public_id: "beach", resource_type: "image" };
const created = makeStory({ _id: "s-new", user: alice, viewed: true, mediaUrl: "/media/image/beach.jpg" });

type Routes = Parameters<typeof openFeed>[1];

/** The feed with the strip loaded; the header's picker is where the files go. */
async function openWithHeader(routes: Routes = {}) {
  return openWithHeaderOver(bobAndCarol(), routes);
}

async function openWithHeaderOver(groups: Parameters<typeof openFeed>[0], routes: Routes = {}) {
  const opened = openFeed(groups, routes);
  const strip = await findStrip();
  const header = screen.getByRole("banner");
  const input = within(header).getByLabelText("Story file");
  return { ...opened, strip, header, input };
}

/** Alice's own `count` live stories, shared over the last 20 hours. */
function ownStories(count: number) {
  return makeGroup(
    Array.from({ length: count }, (_, index) =>
      makeStory({ _id: `s-own-${index}`, user: alice, viewed: true, createdAt: hoursAgo(20 - index / 10) }),
    ),
  );
}

function progressIn(element: HTMLElement) {
  return within(element).queryByRole("progressbar", { name: "Story upload" });
}

/**
 * The stacking level a `z-N` class gives an element (jsdom applies no stylesheet): 0 without one. Both the
 * badge and the ring are positioned, so without a level the ring, drawn later, would cover the badge.
 */
function zLevel(element: Element | null | undefined): number {
  const level = element?.getAttribute("class")?.match(/(?:^|\s)z-(\d+)(?:\s|$)/);
  return level ? Number(level[1]) : 0;
}

/** The badge on a story button: the plus (or, cancelling, the cross) drawn on the picture. */
function badgeOf(button: HTMLElement): Element | null | undefined {
  return button.querySelector("svg")?.parentElement;
}

/** The failure toast: spec §8's words alone on their line, the reason under them. */
async function failureSaying(reason: string) {
  const said = await screen.findByText(reason);
  expect(said.previousElementSibling).toHaveTextContent(/^Failed to upload story$/);
  return said;
}

describe("Story upload from the header (spec §2, §5)", () => {
  it("opens the picker for the photos and videos the media host takes", async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    const { user, input } = await openWithHeader();

    await user.click(screen.getByRole("button", { name: "Upload story" }));

    expect(click.mock.contexts).toEqual([input]);
    expect(input).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm",
    );
  });

  it("uploads the photo with progress, then shares its URL, and the story is first in the strip at once", async () => {
    const create = vi.fn(() => jsonResponse(201, { story: created }));
    const { user, strip, header, input } = await openWithHeader({ "POST /stories": create });

    await user.upload(input, photo);
    const xhr = await sentUpload();
    expect(xhr.url).toBe("/api/media/image/upload");
    expect(xhr.body?.get("file")).toBe(photo);

    xhr.progress(40, 100);
    // The bar may be drawn (at 0) before the progress event renders: wait for the value, not the bar.
    await waitFor(() =>
      expect(within(header).getByRole("progressbar", { name: "Story upload" })).toHaveAttribute(
        "aria-valuenow",
        "40",
      ),
    );
    // The strip's own tile fills too, and a second story waits for this one.
    expect(progressIn(strip)).toHaveAttribute("aria-valuenow", "40");
    // While the file goes up, the header's button cancels it, and its new name is read out (a live region).
    expect(screen.getByRole("button", { name: "Cancel story upload" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
    expect(within(header).getByText("Uploading your story...")).toHaveAttribute("aria-live", "polite");
    // The strip's own tile is marked busy: a file picked there now would be dropped.
    const pick = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    const addTile = within(strip).getByRole("button", { name: "Add to your story" });
    expect(addTile).toHaveAttribute("aria-disabled", "true");
    await user.click(addTile);
    expect(pick).not.toHaveBeenCalled();
    pick.mockRestore();

    xhr.respond(200, uploaded);

    expect(await screen.findByText("Your story is shared")).toBeInTheDocument();
    expect(sentJson(create)).toEqual({ url: "/media/image/beach.jpg" });
    const own = within(strip).getAllByRole("button")[0];
    expect(own).toHaveAccessibleName("Your story");
    expect(progressIn(header)).not.toBeInTheDocument();
    expect(progressIn(strip)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload story" })).toHaveAttribute("aria-disabled", "false");
    expect(within(header).queryByText(/your story\.\.\./)).not.toBeInTheDocument();
  });

  it("takes 'Your story is shared' down once the member opens the story: over the viewer it hides Close", async () => {
    const { user, strip, input } = await openWithHeader({
      "POST /stories": jsonResponse(201, { story: created }),
    });
    await user.upload(input, photo);
    (await sentUpload()).respond(200, uploaded);
    await waitFor(() => expect(shownToasts()).toEqual(["Your story is shared"]));

    await user.click(within(strip).getByRole("button", { name: "Your story" }));
    expect(await screen.findByRole("dialog", { name: "Stories" })).toBeInTheDocument();
    await waitFor(() => expect(shownToasts()).toEqual([]));
  });

  it("draws the ring under the badges, so neither the plus nor the cancel cross is struck through", async () => {
    const { user, strip, header, input } = await openWithHeader();
    await user.upload(input, photo);
    (await sentUpload()).progress(50, 100);

    const headerRing = await within(header).findByRole("progressbar", { name: "Story upload" });
    const cancel = screen.getByRole("button", { name: "Cancel story upload" });
    expect(zLevel(badgeOf(cancel))).toBeGreaterThan(zLevel(headerRing));
    // Ranked within the button's own group, not over the rest of the header.
    expect(headerRing.parentElement).toHaveClass("isolate");

    const stripRing = progressIn(strip);
    const addTile = within(strip).getByRole("button", { name: "Add to your story" });
    expect(zLevel(badgeOf(addTile))).toBeGreaterThan(zLevel(stripRing));
    expect(stripRing?.parentElement).toHaveClass("isolate");
  });

  it("cancels the file on its way from the header's button, sharing nothing", async () => {
    const create = vi.fn();
    const { user, strip, header, input } = await openWithHeader({ "POST /stories": create });
    await user.upload(input, photo);
    const xhr = await sentUpload();
    xhr.progress(30, 100);

    await user.click(await screen.findByRole("button", { name: "Cancel story upload" }));

    expect(await screen.findByText("Story upload cancelled")).toBeInTheDocument();
    expect(xhr.aborted).toBe(true);
    expect(create).not.toHaveBeenCalled();
    expect(progressIn(header)).not.toBeInTheDocument();
    // The focus stays on the button, ready for another story.
    const button = screen.getByRole("button", { name: "Upload story" });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-disabled", "false");
    expect(within(strip).getByRole("button", { name: "Add to your story" })).toBeInTheDocument();
  });

  it("offers no cancel once the file is up and the story is being shared", async () => {
    let answer: (response: Response) => void = () => {};
    const create = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, input } = await openWithHeader({ "POST /stories": create });
    await user.upload(input, photo);
    (await sentUpload()).respond(200, uploaded);

    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: "Cancel story upload" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload story" })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("Sharing your story...")).toHaveAttribute("aria-live", "polite");

    answer(jsonResponse(201, { story: created }));
    expect(await screen.findByText("Your story is shared")).toBeInTheDocument();
  });

  it("sends a video to the host's video endpoint", async () => {
    const { user, input } = await openWithHeader({
      "POST /stories": jsonResponse(201, { story: { ...created, mediaType: "video" } }),
    });

    await user.upload(input, clip);

    expect((await sentUpload()).url).toBe("/api/media/video/upload");
  });

  it("says 'Failed to upload story', with the host's reason, when the host refuses the file", async () => {
    const create = vi.fn();
    const { user, header, input } = await openWithHeader({ "POST /stories": create });

    await user.upload(input, photo);
    (await sentUpload()).respond(413, "");

    expect(await failureSaying("This file is too large to upload.")).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await waitFor(() => expect(progressIn(header)).not.toBeInTheDocument());
  });

  it("refuses a video larger than the host takes before sending it, with the host's reason", async () => {
    const create = vi.fn();
    const { user, header, input } = await openWithHeader({
      "GET /media/limits": jsonResponse(200, {
        image: { maxBytes: 1024 },
        video: { maxBytes: 2, maxSeconds: 60 },
      }),
      "POST /stories": create,
    });

    await user.upload(input, clip);

    expect(await failureSaying("This file is too large: videos can be up to 1 KB.")).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
    await waitFor(() => expect(progressIn(header)).not.toBeInTheDocument());
  });

  it("says at 100 live stories that no more can be shared, before sending the file", async () => {
    const create = vi.fn();
    const { user, input } = await openWithHeaderOver([ownStories(100), ...bobAndCarol()], {
      "POST /stories": create,
    });

    await user.upload(input, photo);

    expect(
      await failureSaying("You can have up to 100 stories at a time. Try again when one expires."),
    ).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the file at 99 live stories", async () => {
    const { user, input } = await openWithHeaderOver([ownStories(99), ...bobAndCarol()]);
    await user.upload(input, photo);
    expect((await sentUpload()).url).toBe("/api/media/image/upload");
  });

  it("says 'Failed to upload story' when the connection drops", async () => {
    const { user, input } = await openWithHeader();
    await user.upload(input, photo);
    (await sentUpload()).onerror?.();

    expect(await failureSaying("Upload failed. Check your connection and try again.")).toBeInTheDocument();
  });

  it("says 'Failed to upload story' with the server's message when it refuses the story", async () => {
    const { user, strip, input } = await openWithHeader({
      "POST /stories": jsonResponse(400, { message: "url must be a media URL of this site" }),
    });
    await user.upload(input, photo);
    (await sentUpload()).respond(200, uploaded);

    expect(await failureSaying("url must be a media URL of this site")).toBeInTheDocument();
    expect(within(strip).getByRole("button", { name: "Add to your story" })).toBeInTheDocument();
  });

  it("says just 'Failed to upload story' when the server gives no reason", async () => {
    const { user, input } = await openWithHeader({ "POST /stories": jsonResponse(500, {}) });
    await user.upload(input, photo);
    (await sentUpload()).respond(200, uploaded);

    expect(await screen.findByText("Failed to upload story")).toBeInTheDocument();
  });

  it("refuses an empty file without sending it, saying it is empty", async () => {
    const { user, input } = await openWithHeader();

    await user.upload(input, new File([], "blank.jpg", { type: "image/jpeg" }));

    expect(await failureSaying("This file is empty.")).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it("refuses a file that is neither a photo nor a video, without sending it", async () => {
    const { input } = await openWithHeader();
    const notes = new File(["hi"], "notes.txt", { type: "text/plain" });

    fireEvent.change(input, { target: { files: [notes] } });

    expect(await failureSaying("Choose a photo or a video.")).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it("refuses a photo or video of a format the host does not take when it is picked, in the host's words", async () => {
    const { input, header } = await openWithHeader();
    // As a picker may hand it over: `accept` is a hint to the picker, not a filter of what it gives.
    fireEvent.change(input, {
      target: { files: [new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })] },
    });

    expect(await failureSaying("This file is not a JPEG, PNG, GIF or WebP image.")).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [new File(["avi"], "old.avi", { type: "video/x-msvideo" })] },
    });
    expect(await failureSaying("This file is not an MP4, MOV or WebM video.")).toBeInTheDocument();
    expect(progressIn(header)).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });
});
