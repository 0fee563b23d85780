import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getCachedUser, getUsername } from "../../../lib/storage";
import { aliceAuthor, jsonResponse, makePost, makeProfile, makeUser, sentJson } from "../../../test/fixtures";
import { stubNavigator } from "../../../test/navigator";
import { currentSocket } from "../../../test/render-app";
import { aliceProfile, openProfile, preloadProfileScreens } from "../test/profile-routes";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

beforeAll(preloadProfileScreens);

type OpenOptions = Parameters<typeof openProfile>[1];

function openOwnProfile(path = "/profile", routes: NonNullable<OpenOptions>["routes"] = {}) {
  return openProfile(path, {
    member: { ...aliceProfile, bio: "Curiouser", website: "https://alice.example" },
    isMyProfile: true,
    routes,
  });
}

describe("Edit Profile (spec §4 profile edit mode)", () => {
  it("edits username, website and bio in place and shows the saved profile", async () => {
    const update = vi.fn(() =>
      jsonResponse(200, {
        user: makeUser({ bio: "Down the rabbit hole", website: "https://wonder.land" }),
      }),
    );
    const { user } = openOwnProfile("/profile", { "PUT /profile/update": update });

    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    const form = screen.getByRole("form", { name: "Edit profile" });
    expect(within(form).getByLabelText("Username")).toHaveValue("alice");
    expect(within(form).getByLabelText("Username")).toHaveFocus();
    await user.clear(within(form).getByLabelText("Website"));
    await user.type(within(form).getByLabelText("Website"), "wonder.land");
    await user.clear(within(form).getByLabelText("Bio"));
    await user.type(within(form).getByLabelText("Bio"), "Down the rabbit hole");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit profile" })).not.toBeInTheDocument());
    // Only what was changed: a field left alone never puts back what the form showed.
    expect(sentJson(update)).toEqual({ website: "https://wonder.land", bio: "Down the rabbit hole" });
    expect(screen.getByText("Down the rabbit hole")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "wonder.land" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit Profile" })).toHaveFocus();
  });

  it("sends only the field changed, so a bio changed on another device meanwhile stays", async () => {
    const update = vi.fn(() => jsonResponse(200, { user: makeUser({ website: "https://wonder.land" }) }));
    const { user } = openOwnProfile("/profile", { "PUT /profile/update": update });

    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    const form = screen.getByRole("form", { name: "Edit profile" });
    await user.clear(within(form).getByLabelText("Website"));
    await user.type(within(form).getByLabelText("Website"), "wonder.land");
    await user.click(within(form).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(sentJson(update)).toEqual({ website: "https://wonder.land" });
  });

  it("closes without a call when nothing was changed", async () => {
    const update = vi.fn();
    const { user } = openOwnProfile("/profile", { "PUT /profile/update": update });

    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.queryByRole("form", { name: "Edit profile" })).not.toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it("Cancel leaves without saving", async () => {
    const update = vi.fn();
    const { user } = openOwnProfile("/profile", { "PUT /profile/update": update });

    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    await user.type(screen.getByLabelText("Bio"), " and more");
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("form", { name: "Edit profile" })).not.toBeInTheDocument();
    expect(screen.getByText("Curiouser")).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it("alerts 'Profile update failed' and shows the server's word under the field", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = openOwnProfile("/profile", {
      "PUT /profile/update": jsonResponse(409, { message: "This username is taken" }),
    });

    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "bob");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith("Profile update failed"));
    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription("This username is taken");
    expect(screen.getByRole("form", { name: "Edit profile" })).toBeInTheDocument();
    // The keyboard goes on from the refused field, not from the top of the page.
    await waitFor(() => expect(screen.getByLabelText("Username")).toHaveFocus());
  });

  it("after a new username, moves /profile/{old} to /profile/{new} and updates the stored user", async () => {
    const renamed = makeUser({ username: "alicia" });
    const { user, router } = openOwnProfile("/profile/alice", {
      "PUT /profile/update": jsonResponse(200, { user: renamed }),
    });

    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "alicia");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/profile/alicia"));
    expect(router.state.historyAction).toBe("REPLACE");
    // The screen may re-render the heading as the renamed profile loads; ask for the current one.
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1, name: "@alicia" })).toBeInTheDocument(),
    );
    expect(getUsername()).toBe("alicia");
    expect(getCachedUser()?.username).toBe("alicia");
  });
});

describe("A post published in another tab of the owner's (newPost)", () => {
  it("reads the owner's profile again: the new post joins the grid and the count", async () => {
    const older = makePost({ _id: "p-old", caption: "Older one", user: aliceAuthor, isMyPost: true });
    const fresh = makePost({ _id: "p-new", caption: "Fresh one", user: aliceAuthor, isMyPost: true });
    let posts = [older];
    openProfile("/profile", {
      isMyProfile: true,
      routes: {
        "GET /profile/alice": () =>
          jsonResponse(200, {
            user: makeProfile({ ...aliceProfile, postsCount: posts.length }),
            posts,
            isMyProfile: true,
            nextCursor: null,
          }),
      },
    });
    const stats = await screen.findByRole("list", { name: "Profile stats" });
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("1 post");
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("newPost")).toBe(true));

    posts = [fresh, older];
    act(() => socket.fire("newPost", { post: fresh }));

    expect(await screen.findByRole("button", { name: /^Fresh one, / })).toBeInTheDocument();
    expect(within(stats).getAllByRole("listitem")[0]).toHaveTextContent("2 posts");
  });

  it("leaves the owner's profile alone for another member's new post", async () => {
    let reads = 0;
    openProfile("/profile", {
      isMyProfile: true,
      routes: {
        "GET /profile/alice": () => {
          reads += 1;
          return jsonResponse(200, { user: aliceProfile, posts: [], isMyProfile: true, nextCursor: null });
        },
      },
    });
    await screen.findByRole("list", { name: "Profile stats" });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("newPost")).toBe(true));
    const readsBefore = reads;

    act(() => socket.fire("newPost", { post: makePost({ _id: "p-bob", caption: "Bob's" }) }));
    act(() => socket.fire("newPost", { post: makePost({ _id: "p-bob-2", caption: "Bob's again" }) }));

    // Bob's posts never show on Alice's grid, and her profile is not asked for again.
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Bob's, / })).not.toBeInTheDocument());
    expect(reads).toBe(readsBefore);
  });
});

describe("Share Profile", () => {
  it("uses the native share sheet with the profile's link", async () => {
    const share = vi.fn(() => Promise.resolve());
    const { user } = openProfile("/profile/bob");
    stubNavigator({ share });

    await user.click(await screen.findByRole("button", { name: "Share Profile" }));

    expect(share).toHaveBeenCalledWith({
      title: "@bob on Flik",
      url: `${window.location.origin}/profile/bob`,
    });
  });

  it("tells the owner 'Sharing not supported.' without a share sheet", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user } = openOwnProfile();

    await user.click(await screen.findByRole("button", { name: "Share Profile" }));

    expect(alert).toHaveBeenCalledWith("Sharing not supported.");
  });

  it("copies the link for a visitor and says 'Profile link copied to clipboard'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = openProfile("/profile/bob");
    stubNavigator({ clipboard: { writeText } });

    await user.click(await screen.findByRole("button", { name: "Share Profile" }));

    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/profile/bob`);
    expect(await screen.findByText("Profile link copied to clipboard")).toBeInTheDocument();
  });

  it("shows the link in an alert when the clipboard refuses", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const writeText = vi.fn(() => Promise.reject(new Error("denied")));
    const { user } = openProfile("/profile/bob");
    stubNavigator({ clipboard: { writeText } });

    await user.click(await screen.findByRole("button", { name: "Share Profile" }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith(expect.stringContaining("/profile/bob")));
  });
});
