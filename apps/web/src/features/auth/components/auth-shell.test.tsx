import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fetchRoutes } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

describe("AuthShell's brand panel", () => {
  it.each(["/login", "/", "/forgot"])(
    "on %s is a landmark of its own, its words in solid white",
    async (path) => {
      stubFetch(fetchRoutes({}));
      renderApp(path);

      const panel = await screen.findByRole("complementary", { name: "About Flik" });
      for (const words of [
        within(panel).getByText("Flik · made for the people you care about"),
        ...within(panel).getAllByRole("listitem"),
      ]) {
        // 70 % and 90 % white fell below AA (2.8:1, 3.9:1) on the gradient's light end.
        expect(words.closest(".text-white")).not.toBeNull();
        expect(words.className).not.toMatch(/text-white\//);
      }
    },
  );
});
