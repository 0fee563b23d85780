import type { Story } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../../../test/fake-xhr";
import { jsonResponse, makeHighlight, sentJson } from "../../../test/fixtures";
import { aliceProfile, openProfile, preloadProfileScreens } from "../../profile/test/profile-routes";
import { STORY_ARCHIVE_PAGE_SIZE } from "../../stories/api/stories.queries";
import { alice, hoursAgo, makeStory } from "../../stories/test/story-fixtures";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadProfileScreens);
beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

type Routes = NonNullable<Parameters<typeof openProfile>[1]>["routes"];
type Handler = (url: string, init: RequestInit) => Response;

/** Alice's stories, newest first as the archive gives them: a live photo, then two expired ones. */
const beach = makeStory({
  _id: "s-beach",
  user: alice,
  viewed: true,
  mediaUrl: "/media/image/beach.jpg",
  createdAt: hoursAgo(2),
});
const surf = makeStory({
  _id: "s-surf",
  user: alice,
  viewed: true,
  mediaType: "video",
  mediaUrl: "/media/video/surf.mp4",
  // A day ago to the minute is "yesterday" at any hour; 30 hours ago is the day before yesterday
  // until six in the morning.
  createdAt: hoursAgo(24),
});
const picnic = makeStory({
  _id: "s-picnic",
  user: alice,
  viewed: true,
  mediaUrl: "/media/image/picnic.jpg",
  createdAt: hoursAgo(3 * 24 + 1),
});

const page = (stories: Story[], nextCursor: string | null = null) =>
  jsonResponse(200, { stories, nextCursor });

/** GET /stories/archive answering `pages` by cursor: the first without one, then "c1", "c2"... */
function archiveRoute(...pages: Story[][]) {
  return vi.fn<Handler>((url) => {
    const cursor = new URL(url, "http://flik.test").searchParams.get("cursor");
    const index = cursor ? Number(cursor.slice(1)) : 0;
    return page(pages[index] ?? [], index + 1 < pages.length ? `c${index + 1}` : null);
  });
}

function openOwn(routes: Routes = {}) {
  return openProfile("/profile", {
    member: aliceProfile,
    isMyProfile: true,
    routes: { "GET /highlights/user/alice": jsonResponse(200, { highlights: [] }), ...routes },
  });
}

/** The Add Highlight dialog on its "From your stories" tab. */
async function openStoriesTab(user: ReturnType<typeof openOwn>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Add highlight" }));
  const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
  await user.click(within(dialog).getByRole("tab", { name: "From your stories" }));
  return dialog;
}

describe("Highlight from the story archive (issue 17)", () => {
  it("creates the highlight from a chosen story: its URL as src and its media type, with no upload", async () => {
    const created = makeHighlight({ _id: "h-2", name: "Surf", type: "video", src: surf.mediaUrl });
    const create = vi.fn(() => jsonResponse(201, { highlight: created }));
    const { user } = openOwn({
      "GET /stories/archive": archiveRoute([beach, surf, picnic]),
      "POST /highlights": create,
    });

    const dialog = await openStoriesTab(user);
    await user.type(within(dialog).getByLabelText("Highlight name"), "Surf");
    const group = await within(dialog).findByRole("group", { name: "Your stories" });
    await user.click(within(group).getByRole("radio", { name: "Video story from yesterday" }));
    expect(within(group).getByRole("radio", { name: "Video story from yesterday" })).toBeChecked();
    expect(within(dialog).getByLabelText("Preview of the highlight")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(create)).toEqual({ name: "Surf", type: "video", src: "/media/video/surf.mp4" });
    expect(FakeXhr.last).toBeUndefined();
    const strip = screen.getByRole("region", { name: "Highlights" });
    expect(within(strip).getByRole("button", { name: "View highlight Surf" })).toBeInTheDocument();
  });

  it("edits a highlight onto a story of the archive, which the Upload tab then names", async () => {
    const summer = makeHighlight();
    const update = vi.fn(() => jsonResponse(200, { highlight: { ...summer, src: picnic.mediaUrl } }));
    const { user } = openOwn({
      "GET /highlights/user/alice": jsonResponse(200, { highlights: [summer] }),
      "GET /stories/archive": archiveRoute([beach, surf, picnic]),
      "PUT /highlights/h-1": update,
    });

    await user.click(await screen.findByRole("button", { name: "View highlight Summer" }));
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const form = screen.getByRole("dialog", { name: "Edit Highlight" });
    await user.click(within(form).getByRole("tab", { name: "From your stories" }));
    await user.click(await within(form).findByRole("radio", { name: "Story from 3 days ago" }));
    await user.click(within(form).getByRole("tab", { name: "Upload" }));
    expect(
      within(form).getByText("Using the story you chose. Choose a file to use it instead."),
    ).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Edit Highlight" })).not.toBeInTheDocument(),
    );
    expect(sentJson(update)).toEqual({ name: "Summer", type: "image", src: "/media/image/picnic.jpg" });
    expect(FakeXhr.last).toBeUndefined();
  });

  it("names each story by its kind and age, and shows photos as pictures and videos as videos", async () => {
    const { user } = openOwn({ "GET /stories/archive": archiveRoute([beach, surf, picnic]) });

    const dialog = await openStoriesTab(user);
    const group = await within(dialog).findByRole("group", { name: "Your stories" });
    const names = within(group)
      .getAllByRole("radio")
      .map((radio) => radio.getAttribute("aria-label"));
    expect(names).toEqual(["Story from 2 hours ago", "Video story from yesterday", "Story from 3 days ago"]);
    expect(group.querySelector("img")).toHaveAttribute("src", beach.mediaUrl);
    const video = group.querySelector("video");
    expect(video).toHaveAttribute("preload", "metadata");
    expect(video?.getAttribute("src")).toMatch(/^\/media\/video\/surf\.mp4/);
  });

  it("chooses with the keyboard: arrows move through the tabs and the stories, Space picks", async () => {
    const create = vi.fn(() => jsonResponse(201, { highlight: makeHighlight({ name: "Picnic" }) }));
    const { user } = openOwn({
      "GET /stories/archive": archiveRoute([beach, surf, picnic]),
      "POST /highlights": create,
    });

    await user.click(await screen.findByRole("button", { name: "Add highlight" }));
    const dialog = screen.getByRole("dialog", { name: "Add Highlight" });
    await user.keyboard("Picnic");
    await user.tab();
    expect(within(dialog).getByRole("tab", { name: "Upload" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("tab", { name: "From your stories" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    const group = await within(dialog).findByRole("group", { name: "Your stories" });
    await user.tab();
    const first = within(group).getByRole("radio", { name: "Story from 2 hours ago" });
    expect(first).toHaveFocus();
    await user.keyboard(" ");
    expect(first).toBeChecked();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const last = within(group).getByRole("radio", { name: "Story from 3 days ago" });
    expect(last).toHaveFocus();
    expect(last).toBeChecked();
    expect(first).not.toBeChecked();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(sentJson(create)).toEqual({ name: "Picnic", type: "image", src: "/media/image/picnic.jpg" });
  });

  it("loads the archive a page at a time, asking with the page size and then the cursor", async () => {
    const archive = archiveRoute([beach, surf], [picnic]);
    const { user } = openOwn({ "GET /stories/archive": archive });

    const dialog = await openStoriesTab(user);
    const group = await within(dialog).findByRole("group", { name: "Your stories" });
    expect(within(group).getAllByRole("radio")).toHaveLength(2);
    // jsdom sees no scrolling, so the grid offers its button (a browser loads as the grid scrolls).
    await user.click(within(dialog).getByRole("button", { name: "Load more" }));

    expect(await within(group).findByRole("radio", { name: "Story from 3 days ago" })).toBeInTheDocument();
    expect(within(group).getAllByRole("radio")).toHaveLength(3);
    expect(within(dialog).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    const asked = archive.mock.calls.map(([url]) => new URL(url, "http://flik.test").search);
    expect(asked).toEqual([
      `?limit=${STORY_ARCHIVE_PAGE_SIZE}`,
      `?limit=${STORY_ARCHIVE_PAGE_SIZE}&cursor=c1`,
    ]);
  });

  it("says 'No stories in your archive yet' and offers the upload instead", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user } = openOwn({ "GET /stories/archive": archiveRoute([]) });

    const dialog = await openStoriesTab(user);
    expect(await within(dialog).findByText("No stories in your archive yet")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Highlight name"), "Empty");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(alert).toHaveBeenCalledWith("Please upload an image or video for this highlight");

    await user.click(within(dialog).getByRole("button", { name: "Upload a file instead" }));
    expect(within(dialog).getByRole("tab", { name: "Upload" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByLabelText("Photo or video")).toBeInTheDocument();
  });

  it("shows an error with a retry that works", async () => {
    let fail = true;
    let answer: (response: Response) => void = () => {};
    const archive = vi.fn<(url: string, init: RequestInit) => Response | Promise<Response>>(() =>
      fail
        ? jsonResponse(500, { message: "Internal Server Error" })
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    const { user } = openOwn({ "GET /stories/archive": archive });

    const dialog = await openStoriesTab(user);
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't load your stories.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(2));
    // Nothing to show yet: the skeletons are back while it asks again.
    expect(within(dialog).getByRole("status")).toHaveTextContent("Loading your stories...");
    answer(page([beach]));

    expect(await within(dialog).findByRole("radio", { name: "Story from 2 hours ago" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows loading skeletons before the first page", async () => {
    const { user } = openOwn({ "GET /stories/archive": () => new Promise<Response>(() => {}) });

    const dialog = await openStoriesTab(user);
    expect(within(dialog).getByRole("status")).toHaveTextContent("Loading your stories...");
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();
  });

  it("keeps the stories it has when a further page fails, and tries that page again", async () => {
    let failNext = true;
    const archive = vi.fn<Handler>((url) => {
      if (!url.includes("cursor=")) return page([beach], "c1");
      if (failNext) return jsonResponse(500, { message: "Internal Server Error" });
      return page([picnic]);
    });
    const { user } = openOwn({ "GET /stories/archive": archive });

    const dialog = await openStoriesTab(user);
    await user.click(await within(dialog).findByRole("button", { name: "Load more" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't load more stories.");
    expect(within(dialog).getByRole("radio", { name: "Story from 2 hours ago" })).toBeInTheDocument();

    failNext = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByRole("radio", { name: "Story from 3 days ago" })).toBeInTheDocument();
  });
});

describe("The owner's story archive (issue 17)", () => {
  it("opens from the own highlights strip, and a chosen story goes on to the highlight form and is saved", async () => {
    const created = makeHighlight({ _id: "h-3", name: "Beach", src: beach.mediaUrl });
    const create = vi.fn(() => jsonResponse(201, { highlight: created }));
    const { user } = openOwn({
      "GET /stories/archive": archiveRoute([beach, surf]),
      "POST /highlights": create,
    });

    await user.click(await screen.findByRole("button", { name: "Archive" }));
    const archive = screen.getByRole("dialog", { name: "Archive" });
    const add = within(archive).getByRole("button", { name: "Add to highlight" });
    expect(add).toBeDisabled();
    await user.click(await within(archive).findByRole("radio", { name: "Story from 2 hours ago" }));
    await user.click(add);

    const form = screen.getByRole("dialog", { name: "Add Highlight" });
    expect(within(form).getByRole("tab", { name: "From your stories" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(await within(form).findByRole("radio", { name: "Story from 2 hours ago" })).toBeChecked();
    expect(within(form).getByLabelText("Highlight name")).toHaveFocus();
    await user.keyboard("Beach");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(create)).toEqual({ name: "Beach", type: "image", src: "/media/image/beach.jpg" });
    // The new tile has the focus the Archive tile had back, which brings it into view.
    // (The archive closes once the form's Back has landed.)
    const beachTile = screen.getByRole("button", { name: "View highlight Beach" });
    await waitFor(() => expect(beachTile).toHaveFocus());
  });

  it("comes back to the archive, its choice kept, when the highlight form is cancelled", async () => {
    const { user } = openOwn({ "GET /stories/archive": archiveRoute([beach, surf]) });

    await user.click(await screen.findByRole("button", { name: "Archive" }));
    await user.click(await screen.findByRole("radio", { name: "Video story from yesterday" }));
    await user.click(screen.getByRole("button", { name: "Add to highlight" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Add Highlight" })).getByRole("button", { name: "Cancel" }),
    );

    const archive = screen.getByRole("dialog", { name: "Archive" });
    expect(within(archive).getByRole("radio", { name: "Video story from yesterday" })).toBeChecked();
    await user.click(within(archive).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("Back from the highlight form comes back to the archive, its choice kept; Back again shows the profile", async () => {
    const { router, user } = openOwn({ "GET /stories/archive": archiveRoute([beach, surf]) });

    await user.click(await screen.findByRole("button", { name: "Archive" }));
    await user.click(await screen.findByRole("radio", { name: "Video story from yesterday" }));
    await user.click(screen.getByRole("button", { name: "Add to highlight" }));
    expect(screen.getByRole("dialog", { name: "Add Highlight" })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    const archive = await screen.findByRole("dialog", { name: "Archive" });
    expect(within(archive).getByRole("radio", { name: "Video story from yesterday" })).toBeChecked();
    expect(screen.queryByRole("dialog", { name: "Add Highlight" })).not.toBeInTheDocument();

    // Forward opens the form again over it.
    await act(() => router.navigate(1));
    expect(await screen.findByRole("dialog", { name: "Add Highlight" })).toBeInTheDocument();
    await act(() => router.navigate(-2));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/profile");
  });

  it("a save from the archive's form closes both and leaves no entry behind: the next Back leaves the profile", async () => {
    const create = vi.fn(() => jsonResponse(201, { highlight: makeHighlight({ _id: "h-4", name: "Surf" }) }));
    const { router, user } = openProfile(["/elsewhere", "/profile"], {
      member: aliceProfile,
      isMyProfile: true,
      routes: {
        "GET /highlights/user/alice": jsonResponse(200, { highlights: [] }),
        "GET /stories/archive": archiveRoute([beach, surf]),
        "POST /highlights": create,
      },
    });

    await user.click(await screen.findByRole("button", { name: "Archive" }));
    await user.click(await screen.findByRole("radio", { name: "Video story from yesterday" }));
    await user.click(screen.getByRole("button", { name: "Add to highlight" }));
    await user.keyboard("Surf");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(create).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe("/profile");
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
  });

  it("when empty, offers the upload in the highlight form instead of an Add to highlight nothing can enable", async () => {
    const { user } = openOwn({ "GET /stories/archive": archiveRoute([]) });

    await user.click(await screen.findByRole("button", { name: "Archive" }));
    const archive = screen.getByRole("dialog", { name: "Archive" });
    expect(await within(archive).findByText("No stories in your archive yet")).toBeInTheDocument();
    expect(within(archive).queryByRole("button", { name: "Add to highlight" })).not.toBeInTheDocument();
    await user.click(within(archive).getByRole("button", { name: "Upload a file instead" }));

    const form = screen.getByRole("dialog", { name: "Add Highlight" });
    expect(within(form).getByRole("tab", { name: "Upload" })).toHaveAttribute("aria-selected", "true");
    expect(within(form).getByLabelText("Photo or video")).toBeInTheDocument();
    // Cancel comes back to the archive, as from a chosen story.
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("dialog", { name: "Archive" })).toBeInTheDocument();
  });

  it("is not offered on another member's highlights", async () => {
    openProfile("/profile/bob", {
      routes: { "GET /highlights/user/bob": jsonResponse(200, { highlights: [makeHighlight()] }) },
    });
    expect(await screen.findByRole("button", { name: "View highlight Summer" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Archive" })).not.toBeInTheDocument();
  });
});

describe("an archived story whose media is gone", () => {
  it("shows a neutral tile, not the browser's broken-image mark, and can still be chosen", async () => {
    const { user } = openOwn({ "GET /stories/archive": archiveRoute([beach]) });
    const dialog = await openStoriesTab(user);
    const story = await within(dialog).findByRole("radio");
    const tile = story.closest("label") as HTMLElement;
    const picture = tile.querySelector("img") as HTMLImageElement;
    act(() => picture.dispatchEvent(new Event("error")));

    expect(tile.querySelector("img")).toBeNull();
    await user.click(story);
    expect(story).toBeChecked();
  });
});
