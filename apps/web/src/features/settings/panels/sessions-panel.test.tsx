import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getToken } from "../../../lib/storage";
import { toast } from "../../../lib/toast";
import { jsonResponse, pending } from "../../../test/fixtures";
import { makeSession, openPanel, openSettings } from "../test/settings-harness";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const here = makeSession();
const phone = makeSession({
  _id: "s-alice-2",
  device: "Apple iPhone (iOS 18.5)",
  browser: "Mobile Safari 18",
  location: "Internet (81.2.69.x)",
  lastActive: minutesAgo(5),
  current: false,
});
const laptop = makeSession({
  _id: "s-alice-3",
  device: "Windows 10",
  browser: "Firefox 141",
  location: "Local network",
  // A day ago to the minute is yesterday at any hour (30 hours ago is the day before until 6 a.m.).
  lastActive: minutesAgo(60 * 24),
  current: false,
});

const listed =
  (sessions = [phone, here, laptop]) =>
  () =>
    jsonResponse(200, { sessions });

const rows = (panel: HTMLElement) =>
  within(within(panel).getByRole("list", { name: "Sessions" })).getAllByRole("listitem");

/** Answers the question Settings' own Log out rows ask (Cancel has the focus first). */
async function confirm(user: ReturnType<typeof openSettings>["user"], question: string, answer: string) {
  const dialog = await screen.findByRole("dialog", { name: question });
  expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
  await user.click(within(dialog).getByRole("button", { name: answer }));
}

const THIS_DEVICE = "Log out Linux, Chrome 139, This computer, Active now (this device)";

describe("Settings › Active sessions", () => {
  it("lists every session, this device first and marked, with browser, location and last activity", async () => {
    const { user } = openSettings({ "GET /sessions": listed() });
    const panel = await openPanel(user, "Active sessions", "Active sessions");

    await within(panel).findByRole("list", { name: "Sessions" });
    const [first, second, third] = rows(panel);
    expect(first).toHaveTextContent("Linux");
    expect(first).toHaveTextContent("This device");
    expect(first).toHaveTextContent("Chrome 139 · This computer");
    expect(first).toHaveTextContent("Active now");
    expect(second).toHaveTextContent("Apple iPhone (iOS 18.5)");
    expect(second).toHaveTextContent("Mobile Safari 18 · Internet (81.2.69.x)");
    expect(second).toHaveTextContent("Last active 5m ago");
    expect(second).not.toHaveTextContent("This device");
    expect(third).toHaveTextContent("Last active yesterday");
  });

  it("names each Log out with where and when, so sessions of one device and browser are told apart", async () => {
    const twin = (id: string, location: string, minutes: number) =>
      makeSession({
        _id: id,
        device: "Linux",
        browser: "Chrome Headless 156",
        location,
        lastActive: minutesAgo(minutes),
        current: false,
      });
    const { user } = openSettings({
      "GET /sessions": listed([here, twin("s-a", "Local network", 5), twin("s-b", "Local network", 90)]),
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });

    expect(
      within(panel)
        .getAllByRole("button", { name: /^Log out Linux/ })
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual([
      "Log out Linux, Chrome 139, This computer, Active now (this device)",
      "Log out Linux, Chrome Headless 156, Local network, Last active 5m ago",
      "Log out Linux, Chrome Headless 156, Local network, Last active 1h ago",
    ]);
  });

  it("shows a skeleton while the list loads", async () => {
    const { user } = openSettings({ "GET /sessions": () => pending() });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    expect(within(panel).getByRole("status")).toHaveTextContent("Loading sessions...");
  });

  it("says 'Failed to load sessions' and offers to try again", async () => {
    let answer = () => jsonResponse(500, {});
    const { user } = openSettings({ "GET /sessions": () => answer() });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    expect(await within(panel).findByRole("alert")).toHaveTextContent("Failed to load sessions");

    answer = listed();
    await user.click(within(panel).getByRole("button", { name: "Try again" }));
    expect(await within(panel).findByRole("list", { name: "Sessions" })).toBeInTheDocument();
  });

  it("reads the list again each time it opens, showing the one it has meanwhile", async () => {
    let answer: () => Response | Promise<Response> = listed();
    const { user } = openSettings({ "GET /sessions": () => answer() });
    let panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });
    await user.click(within(panel).getByRole("button", { name: "Close" }));

    // Logged out elsewhere meanwhile: the list read again says so, at once after opening.
    let reply = (_response: Response) => {};
    answer = () => new Promise((resolve) => (reply = resolve));
    panel = await openPanel(user, "Active sessions", "Active sessions");
    expect(rows(panel)).toHaveLength(3);
    reply(await listed([here])());
    await waitFor(() => expect(rows(panel)).toHaveLength(1));
    expect(within(panel).getByText("You're not logged in anywhere else.")).toBeInTheDocument();
  });

  it("says 'No active sessions found.' for an empty list", async () => {
    const { user } = openSettings({ "GET /sessions": listed([]) });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    expect(await within(panel).findByText("No active sessions found.")).toBeInTheDocument();
  });

  it("logs out of all other devices, naming this session in x-session-id", async () => {
    const success = vi.spyOn(toast, "success");
    const others = vi.fn((_url: string, _init: RequestInit) =>
      jsonResponse(200, { message: "Logged out from all other devices!", count: 2 }),
    );
    let sessions = [phone, here, laptop];
    const { user } = openSettings({
      "GET /sessions": () => jsonResponse(200, { sessions }),
      "PATCH /sessions/logout-others": (url, init) => {
        sessions = [here];
        return others(url, init);
      },
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });

    await user.click(within(panel).getByRole("button", { name: "Log out of all other devices" }));
    await confirm(user, "Log out of other devices?", "Log out others");

    await waitFor(() => expect(success).toHaveBeenCalledWith("Logged out from all other devices!"));
    expect((others.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      "x-session-id": "s-alice-1",
    });
    await waitFor(() => expect(rows(panel)).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(1));
    // Nothing left to do, yet still where the member is: not disabled, which would drop the focus.
    const all = within(panel).getByRole("button", { name: "Log out of all other devices" });
    expect(all).toHaveAttribute("aria-disabled", "true");
    expect(all).toHaveAccessibleDescription("You're not logged in anywhere else.");
    expect(all).toHaveFocus();
    await user.click(all);
    expect(others).toHaveBeenCalledTimes(1);
    expect(getToken()).not.toBeNull();
  });

  it("says 'Current session not found' when the list has no current session, and calls nothing", async () => {
    const error = vi.spyOn(toast, "error");
    const others = vi.fn();
    const { user } = openSettings({
      "GET /sessions": listed([phone, laptop]),
      "PATCH /sessions/logout-others": others,
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });

    await user.click(within(panel).getByRole("button", { name: "Log out of all other devices" }));
    await confirm(user, "Log out of other devices?", "Log out others");

    await waitFor(() => expect(error).toHaveBeenCalledWith("Current session not found"));
    expect(others).not.toHaveBeenCalled();
  });

  it("says 'Failed to logout from devices' when the server refuses", async () => {
    const error = vi.spyOn(toast, "error");
    const { user } = openSettings({
      "GET /sessions": listed(),
      "PATCH /sessions/logout-others": () => jsonResponse(500, {}),
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });
    await user.click(within(panel).getByRole("button", { name: "Log out of all other devices" }));
    await confirm(user, "Log out of other devices?", "Log out others");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to logout from devices"));
  });

  it("logs out one other device by its id", async () => {
    const one = vi.fn(() => jsonResponse(200, { message: "Session logged out" }));
    const { user } = openSettings({ "GET /sessions": listed(), "PATCH /sessions/s-alice-2/logout": one });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });

    await user.click(
      within(panel).getByRole("button", {
        name: "Log out Apple iPhone (iOS 18.5), Mobile Safari 18, Internet (81.2.69.x), Last active 5m ago",
      }),
    );

    await waitFor(() => expect(rows(panel)).toHaveLength(2));
    expect(one).toHaveBeenCalledTimes(1);
    expect(within(panel).queryByText("Apple iPhone (iOS 18.5)")).not.toBeInTheDocument();
  });

  it("moves the focus from a logged-out row to the session in its place, the one before, then the list", async () => {
    const tablet = makeSession({
      _id: "s-alice-4",
      device: "Android 15",
      browser: "Chrome Mobile 139",
      location: "Local network",
      lastActive: minutesAgo(10),
      current: false,
    });
    const loggedOut = () => jsonResponse(200, { message: "Session logged out" });
    const { user } = openSettings({
      "GET /sessions": listed([phone, here, laptop, tablet]),
      "PATCH /sessions/s-alice-2/logout": loggedOut,
      "PATCH /sessions/s-alice-3/logout": loggedOut,
      "PATCH /sessions/s-alice-4/logout": loggedOut,
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });
    const logOut = (device: string) =>
      within(panel).getByRole("button", { name: new RegExp(`^Log out ${device}`) });

    await user.click(logOut("Apple iPhone"));
    await waitFor(() => expect(rows(panel)).toHaveLength(3));
    await waitFor(() => expect(logOut("Android 15")).toHaveFocus());

    await user.click(logOut("Windows 10"));
    await waitFor(() => expect(rows(panel)).toHaveLength(2));
    await waitFor(() => expect(logOut("Android 15")).toHaveFocus());

    await user.click(logOut("Android 15"));
    await waitFor(() => expect(rows(panel)).toHaveLength(1));
    const list = within(panel).getByRole("list", { name: "Sessions" });
    await waitFor(() => expect(list).toHaveFocus());
    expect(list).toHaveAccessibleDescription("You're not logged in anywhere else.");
  });

  it("keeps the focus on a row's Log out while it works and when it is refused", async () => {
    let reply = (_response: Response) => {};
    const one = vi.fn(() => new Promise<Response>((resolve) => (reply = resolve)));
    const { user } = openSettings({ "GET /sessions": listed(), "PATCH /sessions/s-alice-2/logout": one });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });
    const button = within(panel).getByRole("button", { name: /^Log out Apple iPhone/ });

    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "true"));
    expect(button).toBeEnabled();
    expect(button).toHaveFocus();
    await user.click(button);
    expect(one).toHaveBeenCalledTimes(1);

    reply(jsonResponse(500, {}));
    await waitFor(() => expect(button).not.toHaveAttribute("aria-disabled"));
    expect(rows(panel)).toHaveLength(3);
    expect(button).toHaveFocus();
  });

  it("logging out this device from the list signs out; a refusal says 'Failed to logout current session'", async () => {
    const error = vi.spyOn(toast, "error");
    let answer = jsonResponse(500, {});
    const current = vi.fn(() => answer);
    const { user, router } = openSettings({
      "GET /sessions": listed(),
      "PATCH /sessions/logout-current": current,
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });
    const button = within(panel).getByRole("button", { name: THIS_DEVICE });

    await user.click(button);
    await confirm(user, "Log out?", "Log out");
    await waitFor(() => expect(error).toHaveBeenCalledWith("Failed to logout current session"));
    expect(getToken()).not.toBeNull();
    // The question goes, and the focus is back on the row's Log out.
    await waitFor(() => expect(screen.getAllByRole("dialog")).toHaveLength(1));
    expect(button).toHaveFocus();

    answer = jsonResponse(200, { message: "Logged out" });
    await user.click(button);
    await confirm(user, "Log out?", "Log out");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect((current.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      "x-session-id": "s-alice-1",
    });
    expect(getToken()).toBeNull();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("asks before logging out here or everywhere else, as Settings' own rows do: Cancel calls nothing", async () => {
    const calls = vi.fn();
    const { user } = openSettings({
      "GET /sessions": listed(),
      "PATCH /sessions/logout-current": calls,
      "PATCH /sessions/logout-others": calls,
    });
    const panel = await openPanel(user, "Active sessions", "Active sessions");
    await within(panel).findByRole("list", { name: "Sessions" });

    for (const [name, question] of [
      [THIS_DEVICE, "Log out?"],
      ["Log out of all other devices", "Log out of other devices?"],
    ] as const) {
      const button = within(panel).getByRole("button", { name });
      expect(button).toHaveAttribute("aria-haspopup", "dialog");
      await user.click(button);
      const dialog = await screen.findByRole("dialog", { name: question });
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog", { name: question })).not.toBeInTheDocument();
      expect(button).toHaveFocus();
    }
    expect(calls).not.toHaveBeenCalled();
    expect(rows(panel)).toHaveLength(3);
    expect(getToken()).not.toBeNull();
  });
});
