import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

// The explore screen's code, as a browser that lost Flik's server fails to download it.
vi.mock("../../search/screens/explore-screen", () => {
  throw new TypeError(
    "Failed to fetch dynamically imported module: http://localhost/assets/explore-screen.js",
  );
});

vi.mock("../../chat/screens/chat-screen", () => {
  throw new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/chat-screen.js");
});

// A screen with a bug in it.
vi.mock("../../tags/screens/tag-screen", () => ({
  TagScreen: () => {
    throw new Error("A bug in the tag screen");
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signedInAt(path: string, health: () => Response | Promise<Response>) {
  signInAsAlice();
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /notifications": jsonResponse(200, { notifications: [], unreadCount: 0, hasMore: false }),
      "GET /health": health,
    }),
  );
  return renderApp(path);
}

/** Whether the header and tabs are whole around the screen: the member can go elsewhere. */
function expectFrame() {
  const tabs = screen.getByRole("navigation", { name: "Main" });
  expect(within(tabs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/post");
  expect(screen.getByRole("link", { name: "Settings" })).toBeInTheDocument();
}

describe("a screen whose code cannot be downloaded", () => {
  it("says so in the screen's place, keeps the header and tabs, and loads the page again once Flik answers", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    let serverAway = true;
    const { user } = signedInAt("/search", () =>
      serverAway ? Promise.reject(new TypeError("Failed to fetch")) : jsonResponse(200, { status: "ok" }),
    );

    const main = await screen.findByRole("main");
    expect(
      await within(main).findByRole("heading", { name: "Couldn't load this screen" }),
    ).toBeInTheDocument();
    expect(within(main).getByRole("alert")).toHaveTextContent("Check your connection and try again.");
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Couldn't load this screen · Flik"));
    expectFrame();
    expect(logged).toHaveBeenCalled();

    await user.click(within(main).getByRole("button", { name: "Try again" }));
    expect(await within(main).findByRole("alert")).toHaveTextContent(
      "Still can't reach Flik. Check your connection and try again.",
    );
    expect(reload).not.toHaveBeenCalled();
    // The button keeps the focus through the attempt, to be pressed again.
    expect(within(main).getByRole("button", { name: "Try again" })).toHaveFocus();

    serverAway = false;
    await user.click(within(main).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("tries again by itself when the browser comes back online", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    signedInAt("/search", () => jsonResponse(200, { status: "ok" }));
    const main = await screen.findByRole("main");
    await within(main).findByRole("heading", { name: "Couldn't load this screen" });
    expect(reload).not.toHaveBeenCalled();

    window.dispatchEvent(new Event("online"));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("a screen that throws says something went wrong in its place, with the header and tabs kept", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const { user } = signedInAt("/tags/lanterns", () => jsonResponse(200, { status: "ok" }));

    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Something went wrong · Flik"));
    expectFrame();
    await user.click(within(main).getByRole("button", { name: "Reload" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("keeps the header and tabs on a phone where the screen would have taken the whole window (an open chat)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    signedInAt("/chat?c=c-bob", () => jsonResponse(200, { status: "ok" }));

    await screen.findByRole("heading", { name: "Couldn't load this screen" });
    // The error tells the frame once it is shown: the frame draws again with its header and tabs.
    await waitFor(() => expect(screen.getByRole("banner")).not.toHaveClass("max-md:hidden"));
    expect(screen.getByRole("navigation", { name: "Main" })).not.toHaveClass("max-md:hidden");
    expectFrame();
  });
});
