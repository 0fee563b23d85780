import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fetchRoutes } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

describe("NotFoundScreen", () => {
  it("answers unknown paths without asking for a sign-in, with the generic bottom bar", async () => {
    stubFetch(fetchRoutes({}));
    const { router } = renderApp("/no/such/page");

    // Its code loads when it is reached.
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/no/such/page");
    const bar = screen.getByRole("navigation", { name: "Quick links" });
    expect(bar).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Settings" })).not.toBeInTheDocument();
    // The title is set in an effect, which may come after what the screen shows.
    await waitFor(() => expect(document.title).toBe("Page not found · Flik"));
  });

  it("goes back to the previous page", async () => {
    stubFetch(fetchRoutes({}));
    const { router, user } = renderApp(["/login", "/no/such/page"]);

    await user.click(await screen.findByRole("button", { name: "Go Back" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("goes to / when there is no page to go back to", async () => {
    stubFetch(fetchRoutes({}));
    const { router, user } = renderApp("/no/such/page");

    await user.click(await screen.findByRole("button", { name: "Go Back" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(screen.getByRole("heading", { name: "Create your account" })).toBeInTheDocument();
  });
});
