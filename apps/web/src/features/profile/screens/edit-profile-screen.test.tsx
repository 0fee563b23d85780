import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { FakeXhr, sentUpload } from "../../../test/fake-xhr";
import { fetchRoutes, jsonResponse, makeUser, pending, sentJson } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { unloadIsAsked } from "../../../test/unload";
import { waitUntil } from "../../../test/wait";
import { applyCrop, stubCropEnvironment } from "../test/avatar-crop-stubs";
import { preloadProfileScreens } from "../test/profile-routes";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});
vi.mock("react-easy-crop", async () => (await import("../test/avatar-crop-stubs")).fakeCropper());

beforeAll(async () => {
  await preloadProfileScreens();
  await import("../components/avatar-crop-dialog");
});
beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

type Routes = Parameters<typeof fetchRoutes>[0];
const alice = makeUser({ bio: "Curiouser", gender: null });

function openEditor(routes: Routes = {}) {
  signInAsAlice();
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: alice }),
      "GET /profile/me": jsonResponse(200, { user: alice }),
      ...routes,
    }),
  );
  return renderApp("/edit-profile");
}

describe("EditProfileScreen", () => {
  it("says the profile could not load, and loads it on Try again", async () => {
    let calls = 0;
    const { user } = openEditor({
      "GET /profile/me": () => (++calls === 1 ? jsonResponse(500, {}) : jsonResponse(200, { user: alice })),
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load your profile");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Full name")).toHaveValue("Alice Liddell");
  });

  it("fills Full name, Username and Bio from the account", async () => {
    openEditor();
    expect(await screen.findByLabelText("Full name")).toHaveValue("Alice Liddell");
    expect(screen.getByLabelText("Username")).toHaveValue("alice");
    expect(screen.getByLabelText("Bio")).toHaveValue("Curiouser");
    expect(screen.getByRole("heading", { level: 1, name: "Edit profile" })).toBeInTheDocument();
  });

  it("counts the bio live as n/150 and stops at 150 characters, the counter turning red near the end", async () => {
    const { user } = openEditor();
    const bio = await screen.findByLabelText("Bio");
    expect(bio).toHaveAccessibleDescription("9/150");

    await user.clear(bio);
    await user.type(bio, "Hello");
    expect(screen.getByText("5/150")).not.toHaveAttribute("data-near-limit");

    await user.clear(bio);
    await user.type(bio, "a".repeat(145));
    expect(screen.getByText("145/150")).toHaveAttribute("data-near-limit", "true");

    await user.type(bio, "b".repeat(10));
    expect(bio).toHaveValue(`${"a".repeat(145)}bbbbb`);
    expect(screen.getByText("150/150")).toHaveClass("text-red-600");
  });

  it("counts an emoji as one character of the bio's 150, as the server does", async () => {
    const { user } = openEditor();
    const bio = await screen.findByLabelText("Bio");
    await user.clear(bio);
    await user.click(bio);
    // A paste that fits is kept whole, though the browser's maxlength counts two units an emoji.
    await user.paste("🎉".repeat(120));
    expect(bio).toHaveAccessibleDescription("120/150");

    // Put in one by one (as a keyboard or emoji picker does), emoji fill the whole limit and no more.
    for (let emoji = 0; emoji < 40; emoji++) await user.paste("🌅");

    expect(bio).toHaveValue(`${"🎉".repeat(120)}${"🌅".repeat(30)}`);
    expect(bio).toHaveAccessibleDescription("150/150");
    await user.paste("x".repeat(40));
    expect(bio).toHaveAccessibleDescription("150/150");
  });

  it("keeps a paste over a full bio's selected text whole when it fits the limit, the caret after it", async () => {
    const { user } = openEditor();
    const bio = (await screen.findByLabelText("Bio")) as HTMLTextAreaElement;
    await user.clear(bio);
    await user.click(bio);
    await user.paste("a".repeat(150));
    bio.setSelectionRange(0, 150);

    await user.paste("🎉".repeat(100));
    expect(bio).toHaveValue("🎉".repeat(100));
    expect(bio).toHaveAccessibleDescription("100/150");
    await waitFor(() => expect(bio.selectionStart).toBe("🎉".repeat(100).length));

    // Over the limit, what the paste brings is cut, and the text around the selection stays.
    bio.setSelectionRange(2, 4);
    await user.paste("x".repeat(80));
    expect(bio).toHaveValue(`🎉${"x".repeat(51)}${"🎉".repeat(98)}`);
  });

  it("refuses a keystroke in the middle of a full bio and keeps its end", async () => {
    const { user } = openEditor();
    const bio = await screen.findByLabelText("Bio");
    await user.clear(bio);
    await user.click(bio);
    await user.paste(`${"a".repeat(75)}${"z".repeat(75)}`);
    (bio as HTMLTextAreaElement).setSelectionRange(75, 75);

    await user.keyboard("x");
    expect(bio).toHaveValue(`${"a".repeat(75)}${"z".repeat(75)}`);
  });

  it("offers Male, Female, Other and Prefer not to say, labelled as not public", async () => {
    openEditor();
    const gender = await screen.findByLabelText("Gender");
    const options = within(gender)
      .getAllByRole("option")
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => option.textContent);
    expect(options).toEqual(["Male", "Female", "Other", "Prefer not to say"]);
    expect(gender).toHaveAccessibleDescription("This won't be part of your public profile.");
  });

  it("previews the profile as it is typed", async () => {
    const { user } = openEditor();
    const preview = await screen.findByRole("region", { name: "Preview" });
    expect(within(preview).getByText("@alice")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Full name"));
    expect(within(preview).getByText("Unnamed User")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "alicia");
    await user.type(screen.getByLabelText("Bio"), "!");

    expect(within(preview).getByText("@alicia")).toBeInTheDocument();
    expect(within(preview).getByText("Curiouser!")).toBeInTheDocument();
    // As the server stores it: without the override that would show the name backwards.
    await user.type(screen.getByLabelText("Full name"), "\u202Eecila");
    expect(within(preview).getByText("ecila")).toBeInTheDocument();
  });

  it("saves name, username, bio and gender, reading 'Saving...' meanwhile, then says so", async () => {
    let answer: (response: Response) => void = () => {};
    const update = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = openEditor({ "PUT /profile/update": update });

    await user.clear(await screen.findByLabelText("Full name"));
    await user.type(screen.getByLabelText("Full name"), "  Alice L. ");
    await user.clear(screen.getByLabelText("Username"));
    await user.type(screen.getByLabelText("Username"), "Alice_L");
    await user.selectOptions(screen.getByLabelText("Gender"), "Prefer not to say");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    // Only what changed (the bio did not): a page opened before a change made elsewhere never undoes it.
    expect(sentJson(update)).toEqual({
      fullName: "Alice L.",
      username: "Alice_L",
      gender: "prefer_not_to_say",
    });

    const stored = { fullName: "Alice L.", username: "alice_l", gender: "prefer_not_to_say" as const };
    answer(jsonResponse(200, { user: { ...alice, ...stored } }));

    expect(await screen.findByText("Profile updated successfully!")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
    // The form and its preview show the username as it was stored, as others see it.
    expect(screen.getByLabelText("Username")).toHaveValue("alice_l");
    expect(within(screen.getByRole("region", { name: "Preview" })).getByText("@alice_l")).toBeInTheDocument();
  });

  it("says 'Failed to update profile.' and shows the field's message when the server refuses, until the field is edited", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = openEditor({
      "PUT /profile/update": jsonResponse(409, { message: "That username is already taken" }),
    });

    const username = await screen.findByLabelText("Username");
    await user.type(username, "2");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Failed to update profile.")).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription("That username is already taken");
    // The keyboard goes on from the refused field, its words read out with it.
    await waitFor(() => expect(username).toHaveFocus());
    // The words were about "alice2": a changed name says nothing until the next Save.
    await user.type(username, "{Backspace}");
    expect(username).not.toHaveAccessibleDescription("That username is already taken");
  });

  it("refuses a username the rules forbid in the form, without asking the server", async () => {
    const update = vi.fn();
    const { user } = openEditor({ "PUT /profile/update": update });

    await user.type(await screen.findByLabelText("Username"), "!");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(screen.getByLabelText("Username")).toHaveAccessibleDescription(
      "Username may only use letters, numbers, periods and underscores",
    );
    expect(screen.getByLabelText("Username")).toHaveFocus();
    expect(update).not.toHaveBeenCalled();
  });

  it("refuses a new name's stray periods in the form, and saves a name from before that rule as it was", async () => {
    const update = vi.fn(() => jsonResponse(200, { user: { ...alice, username: "old.name." } }));
    const oldName = { ...alice, username: "old.name." };
    const { user } = openEditor({
      "GET /user": jsonResponse(200, { user: oldName }),
      "GET /profile/me": jsonResponse(200, { user: oldName }),
      "PUT /profile/update": update,
    });
    const username = await screen.findByLabelText("Username");

    await user.clear(username);
    await user.type(username, ".maya");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(username).toHaveAccessibleDescription("Username can't start or end with a period");
    expect(username).toHaveFocus();
    expect(update).not.toHaveBeenCalled();

    await user.clear(username);
    await user.type(username, "old.name.");
    await user.type(screen.getByLabelText("Bio"), "!");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });

  it("uploads a cropped photo, previews it and sends it with Save", async () => {
    const update = vi.fn(() => jsonResponse(200, { user: { ...alice, avatar: "/media/image/new.jpg" } }));
    const { user } = openEditor({ "PUT /profile/update": update });

    await applyNewPhoto(user);
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview.querySelector("img")).toHaveAttribute("src", "/media/image/new.jpg");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(sentJson(update)).toMatchObject({ avatar: "/media/image/new.jpg" });
  });

  it("removes the photo with Save: the initial shows in its place, and Remove photo goes", async () => {
    const withPhoto = { ...alice, avatar: "/media/image/alice.jpg" };
    const update = vi.fn(() => jsonResponse(200, { user: { ...withPhoto, avatar: "" } }));
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: withPhoto }),
        "GET /profile/me": jsonResponse(200, { user: withPhoto }),
        "PUT /profile/update": update,
      }),
    );
    const { user } = renderApp("/edit-profile");

    await user.click(await screen.findByRole("button", { name: "Remove photo" }));
    expect(screen.queryByRole("button", { name: "Remove photo" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change profile photo" })).toHaveFocus();
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview.querySelector("img")).toHaveAttribute("data-avatar-initial", "A");
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(sentJson(update)).toEqual({ avatar: "" });
    expect(await screen.findByText("Profile updated successfully!")).toBeInTheDocument();
  });

  it("says 'Failed to upload avatar.' when the photo upload fails", async () => {
    stubCropEnvironment();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = openEditor();

    await user.upload(
      await screen.findByLabelText("Profile photo"),
      new File(["png"], "me.png", { type: "image/png" }),
    );
    await applyCrop(user);
    (await sentUpload()).onerror?.();

    expect(await screen.findByText("Failed to upload avatar.")).toBeInTheDocument();
  });

  it("shows 'Loading profile...' while the account loads", async () => {
    openEditor({ "GET /profile/me": () => pending() });
    expect(await screen.findByText("Loading profile...")).toBeInTheDocument();
  });
});

/** A new photo uploaded and applied, as Change profile photo → crop → Apply leaves it. */
async function applyNewPhoto(user: ReturnType<typeof openEditor>["user"]) {
  stubCropEnvironment();
  await user.upload(
    await screen.findByLabelText("Profile photo"),
    new File(["png"], "me.png", { type: "image/png" }),
  );
  await applyCrop(user);
  (await sentUpload()).respond(200, {
    secure_url: "/media/image/new.jpg",
    public_id: "n",
    resource_type: "image",
  });
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
}

describe("Leaving Edit profile with changes", () => {
  /** /profile, where the Back arrow goes, kept loading: only the address matters here. */
  const profileRoutes: Routes = {
    "GET /profile/alice": () => pending(),
    "GET /highlights/user/alice": () => pending(),
    "GET /stories": () => pending(),
    "GET /stories/user/alice": () => pending(),
  };

  const previewPhoto = () => screen.getByRole("region", { name: "Preview" }).querySelector("img");

  it("asks 'Discard changes?' at the Back arrow after a new photo and a bio: Cancel keeps both, Discard leaves", async () => {
    const update = vi.fn();
    const { user, router } = openEditor({ ...profileRoutes, "PUT /profile/update": update });
    await applyNewPhoto(user);
    await user.type(screen.getByLabelText("Bio"), " and curiouser");

    await user.click(screen.getByRole("link", { name: "Back to profile" }));
    const question = await screen.findByRole("dialog", { name: "Discard changes?" });
    expect(question).toHaveTextContent("If you leave now, your changes won't be saved.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/edit-profile");
    expect(screen.getByLabelText("Bio")).toHaveValue("Curiouser and curiouser");
    expect(previewPhoto()).toHaveAttribute("src", "/media/image/new.jpg");

    await user.click(screen.getByRole("link", { name: "Back to profile" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(update).not.toHaveBeenCalled();
  });

  it("asks at the browser's Back and at a link elsewhere in the app", async () => {
    signInAsAlice();
    stubFetch(
      fetchRoutes({
        "GET /user": jsonResponse(200, { user: alice }),
        "GET /profile/me": jsonResponse(200, { user: alice }),
        "GET /posts": () => pending(),
        ...profileRoutes,
      }),
    );
    const { user, router } = renderApp(["/profile", "/edit-profile"]);
    await user.type(await screen.findByLabelText("Full name"), "!");

    await act(() => router.navigate(-1));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Discard changes?" })).getByRole("button", {
        name: "Cancel",
      }),
    );
    expect(router.state.location.pathname).toBe("/edit-profile");
    expect(screen.getByLabelText("Full name")).toHaveValue("Alice Liddell!");

    await act(() => router.navigate("/profile/alice"));
    expect(await screen.findByRole("dialog", { name: "Discard changes?" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/edit-profile");
  });

  it("has the browser ask before a reload while a field is changed or a new photo uploads", async () => {
    const { user } = openEditor();
    const bio = await screen.findByLabelText("Bio");
    expect(unloadIsAsked()).toBe(false);
    await user.type(bio, "!");
    expect(unloadIsAsked()).toBe(true);
    await user.type(bio, "{Backspace}");
    expect(unloadIsAsked()).toBe(false);

    stubCropEnvironment();
    await user.upload(
      screen.getByLabelText("Profile photo"),
      new File(["png"], "me.png", { type: "image/png" }),
    );
    await applyCrop(user);
    const upload = await sentUpload();
    // The upload's progress is the screen's state, drawn as the file goes (not necessarily by then).
    await waitFor(() => expect(unloadIsAsked()).toBe(true));
    upload.respond(200, { secure_url: "/media/image/new.jpg", public_id: "n", resource_type: "image" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Uploaded, the photo is a change not saved yet.
    expect(unloadIsAsked()).toBe(true);
  });

  it("leaves at once without changes, and after they are saved", async () => {
    const update = vi.fn(() => jsonResponse(200, { user: { ...alice, bio: "Curiouser!" } }));
    const { user, router } = openEditor({ ...profileRoutes, "PUT /profile/update": update });
    const bio = await screen.findByLabelText("Bio");
    // Typed and taken back: nothing is changed.
    await user.type(bio, "!");
    await user.type(bio, "{Backspace}");
    await user.click(screen.getByRole("link", { name: "Back to profile" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).not.toBeInTheDocument();

    act(() => void router.navigate("/edit-profile"));
    await user.type(await screen.findByLabelText("Bio"), "!");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Profile updated successfully!")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Back to profile" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).not.toBeInTheDocument();
  });

  it("lets a session that ended elsewhere reach /login unasked", async () => {
    const { user, router } = openEditor();
    await user.type(await screen.findByLabelText("Bio"), "!");
    const socket = await currentSocket();
    await waitUntil(() => {
      if (!socket.listens("sessionRevoked")) throw new Error("The socket does not listen yet");
    });

    act(() => socket.fire("sessionRevoked"));

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.queryByRole("dialog", { name: "Discard changes?" })).not.toBeInTheDocument();
  });
});
