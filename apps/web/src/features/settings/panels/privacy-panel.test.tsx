import type { User } from "@flik/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { colourClass, contrastOf } from "../../../test/contrast";
import { jsonResponse, makeUser, sentJson } from "../../../test/fixtures";
import { currentSocket } from "../../../test/render-app";
import { userKeys } from "../../auth/api/user-keys";
import { openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

describe("Settings › Profile visibility", () => {
  it("offers Public (anyone) and Private ('Only you can see', approved followers too) with the current one chosen", async () => {
    const { user } = openSettings();
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");

    const publicOption = within(panel).getByRole("radio", { name: /^Public/ });
    const privateOption = within(panel).getByRole("radio", { name: /^Private/ });
    expect(publicOption).toBeChecked();
    expect(publicOption).toHaveFocus();
    expect(publicOption).toHaveAccessibleName(
      expect.stringContaining("Anyone can see your profile and posts."),
    );
    expect(privateOption).toHaveAccessibleName(expect.stringContaining("Only you can see"));
    expect(privateOption).toHaveAccessibleName(expect.stringContaining("…and the followers you approve."));
    expect(within(panel).getByRole("switch", { name: "Email notifications" })).toBeChecked();
    expect(within(panel).getByRole("switch", { name: "Push notifications" })).toBeChecked();
    expect(within(panel).getByRole("button", { name: "Save changes" })).toBeDisabled();
  });

  it("says, when a private account is made public, that the follow requests waiting will be approved", async () => {
    const { user } = openSettings({}, { user: { isPrivate: true, followRequestsCount: 3 } });
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");
    const publicOption = within(panel).getByRole("radio", { name: /^Public/ });
    const note = "Your 3 waiting follow requests will be approved.";
    expect(within(panel).queryByText(note)).not.toBeInTheDocument();

    await user.click(publicOption);
    expect(publicOption).toHaveAccessibleName(expect.stringContaining(note));
    await user.click(within(panel).getByRole("radio", { name: /^Private/ }));
    expect(within(panel).queryByText(note)).not.toBeInTheDocument();
  });

  it("draws the notification switches, off as on, at 3:1 or more against the panel (WCAG 1.4.11)", async () => {
    const { user } = openSettings();
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");
    const email = within(panel).getByRole("switch", { name: "Email notifications" });

    await user.click(email);

    expect(email).not.toBeChecked();
    for (const state of [email, within(panel).getByRole("switch", { name: "Push notifications" })]) {
      const track = colourClass(state, "bg");
      // The panel is white; the knob is white on the track.
      expect(contrastOf(track, "white")).toBeGreaterThanOrEqual(3);
      expect(state.firstElementChild).toHaveClass("bg-white");
    }
  });

  it("saves visibility and notification settings together, then the row shows the change", async () => {
    const success = vi.spyOn(toast, "success");
    const saved = makeUser({ isPrivate: true, emailNotifications: false });
    const privacy = vi.fn(() => jsonResponse(200, { message: "Privacy settings updated!", user: saved }));
    const { user } = openSettings({ "PUT /user/privacy": privacy });
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");

    await user.click(within(panel).getByRole("radio", { name: /^Private/ }));
    await user.click(within(panel).getByRole("switch", { name: "Email notifications" }));
    expect(within(panel).getByRole("switch", { name: "Email notifications" })).not.toBeChecked();
    await user.click(within(panel).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Only what changed: a panel opened before a change made elsewhere never undoes it.
    expect(sentJson(privacy)).toEqual({ isPrivate: true, emailNotifications: false });
    expect(success).toHaveBeenCalledWith("Privacy settings updated!");
    expect(screen.getByRole("button", { name: "Profile visibility" })).toHaveAccessibleDescription("Private");
  });

  it("never puts back a change made elsewhere while it was open (the account read again meanwhile)", async () => {
    const privacy = vi.fn(() =>
      jsonResponse(200, { message: "Privacy settings updated!", user: makeUser({ isPrivate: true }) }),
    );
    const { user, queryClient } = openSettings({ "PUT /user/privacy": privacy });
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");
    // Made private on another device, and read again here (a block, a follow request closing…).
    queryClient.setQueriesData<User>({ queryKey: userKeys.me() }, (me) => me && { ...me, isPrivate: true });
    // Shown as it is now, where the member changed nothing.
    await waitFor(() => expect(within(panel).getByRole("radio", { name: /^Private/ })).toBeChecked());

    await user.click(within(panel).getByRole("switch", { name: "Email notifications" }));
    await user.click(within(panel).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(privacy).toHaveBeenCalled());
    expect(sentJson(privacy)).toEqual({ emailNotifications: false });
  });

  it("chooses who can message the member: everyone (strangers' chats wait in requests) or people they follow", async () => {
    const privacy = vi.fn(() =>
      jsonResponse(200, {
        message: "Privacy settings updated!",
        user: makeUser({ messagesFrom: "following" }),
      }),
    );
    const { user } = openSettings({ "PUT /user/privacy": privacy });
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");
    const group = within(panel).getByRole("group", { name: "Who can message you" });
    const everyone = within(group).getByRole("radio", { name: /^Everyone/ });
    const following = within(group).getByRole("radio", { name: /^People you follow/ });
    expect(everyone).toBeChecked();
    expect(everyone).toHaveAccessibleName(expect.stringContaining("wait in your message requests"));
    // A group of its own: choosing here leaves the profile's visibility as it was.
    await user.click(following);
    expect(following).toBeChecked();
    expect(within(panel).getByRole("radio", { name: /^Public/ })).toBeChecked();
    await user.click(within(panel).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(privacy).toHaveBeenCalled());
    expect(sentJson(privacy)).toEqual({ messagesFrom: "following" });
  });

  it("shows a change made in another tab as soon as the server says the account changed", async () => {
    let me = makeUser();
    // The session check answers only once the screen has drawn from the cached account: the socket is
    // made after that, and it is the one that must be listened to.
    let answerSessionCheck = () => {};
    const sessionChecked = new Promise<void>((resolve) => {
      answerSessionCheck = resolve;
    });
    openSettings({ "GET /user": () => sessionChecked.then(() => jsonResponse(200, { user: me })) });
    const row = await screen.findByRole("button", { name: "Profile visibility" });
    expect(row).toHaveAccessibleDescription("Public");
    answerSessionCheck();

    me = makeUser({ isPrivate: true });
    const socket = await currentSocket();
    await waitFor(() => expect(socket.listens("accountChanged")).toBe(true));
    act(() => socket.fire("accountChanged"));

    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Profile visibility" })).toHaveAccessibleDescription(
        "Private",
      ),
    );
  });

  it("says 'Failed to update privacy settings' and keeps the choices", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openSettings({ "PUT /user/privacy": () => jsonResponse(500, {}) });
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");
    await user.click(within(panel).getByRole("switch", { name: "Push notifications" }));
    await user.click(within(panel).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to update privacy settings"));
    expect(within(panel).getByRole("switch", { name: "Push notifications" })).not.toBeChecked();
  });

  it("asks the browser when Push notifications is turned on, and says so when it blocks them", async () => {
    const requestPermission = vi.fn(async () => "denied" as const);
    vi.stubGlobal("Notification", { permission: "default", requestPermission });
    const privacy = vi.fn(() =>
      jsonResponse(200, { message: "Privacy settings updated!", user: makeUser() }),
    );
    const { user } = openSettings({ "PUT /user/privacy": privacy }, { user: { pushNotifications: false } });
    const panel = await openPanel(user, "Profile visibility", "Profile visibility");
    const push = within(panel).getByRole("switch", { name: "Push notifications" });

    await user.click(push);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(push).toHaveAccessibleDescription(
        expect.stringContaining("Your browser blocks notifications from Flik"),
      ),
    );
    await user.click(within(panel).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sentJson(privacy)).toEqual({ pushNotifications: true }));
    vi.unstubAllGlobals();
  });
});
