import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Dialog } from "../components/dialog";
import { useModalHistory } from "./use-modal-history";

type Photo = "sea" | "hill";

/** A save in flight: it closes the modal when the test finishes it. */
const saved: { finish?: () => void } = {};

/** A screen with two photos; each opens a modal over it (Sea's has an Edit that shows Hill instead). */
function Gallery() {
  const modal = useModalHistory<Photo>("photo");
  return (
    <main>
      <h1>Gallery</h1>
      <button type="button" onClick={() => modal.open("sea")}>
        Open sea
      </button>
      <button type="button" onClick={() => modal.open("hill")}>
        Open hill
      </button>
      {modal.shown && (
        <Dialog title={`Photo ${modal.shown}`} onClose={modal.close}>
          <button type="button" onClick={() => modal.open("hill")}>
            Show hill
          </button>
          <button
            type="button"
            onClick={() => {
              modal.close();
              modal.close();
            }}
          >
            Close twice
          </button>
          <button
            type="button"
            onClick={() => {
              saved.finish = modal.close;
            }}
          >
            Save
          </button>
        </Dialog>
      )}
    </main>
  );
}

/** The member came to the gallery from Home: Back from the gallery itself returns there. */
function renderGallery() {
  const router = createMemoryRouter(
    [
      { path: "/", element: <h1>Home</h1> },
      { path: "/gallery", element: <Gallery /> },
    ],
    { initialEntries: ["/", "/gallery"], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  const user = userEvent.setup();
  const back = () => act(() => router.navigate(-1));
  const forward = () => act(() => router.navigate(1));
  return { router, user, back, forward };
}

async function openSea(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Open sea" }));
  return screen.findByRole("dialog", { name: "Photo sea" });
}

const galleryShown = () => screen.getByRole("heading", { name: "Gallery" });

describe("useModalHistory", () => {
  it("Back closes the modal and stays on the screen, focus back on what opened it", async () => {
    const { router, user, back } = renderGallery();
    await openSea(user);
    expect(router.state.location.pathname).toBe("/gallery");

    await back();

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/gallery");
    expect(galleryShown()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open sea" })).toHaveFocus();
  });

  it("closed by its own Close, it is gone at once and leaves no entry: the next Back leaves the screen", async () => {
    const { router, user, back } = renderGallery();
    const dialog = await openSea(user);

    await user.click(screen.getAllByRole("button", { name: "Close" })[0] as HTMLElement);
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open sea" })).toHaveFocus();
    await waitFor(() => expect(router.state.historyAction).toBe("POP"));
    expect(galleryShown()).toBeInTheDocument();

    await back();
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  });

  it("Escape goes back over its entry too", async () => {
    const { router, user, back } = renderGallery();
    await openSea(user);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.historyAction).toBe("POP"));

    await back();
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  });

  it("closing twice at once goes back once, staying on the screen", async () => {
    const { router, user } = renderGallery();
    await openSea(user);

    await user.click(screen.getByRole("button", { name: "Close twice" }));

    await waitFor(() => expect(router.state.historyAction).toBe("POP"));
    expect(router.state.location.pathname).toBe("/gallery");
    expect(galleryShown()).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("Forward after Back opens it again", async () => {
    const { user, back, forward } = renderGallery();
    await openSea(user);
    await back();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await forward();

    expect(await screen.findByRole("dialog", { name: "Photo sea" })).toBeInTheDocument();
  });

  it("another modal under the same name takes the entry's place: one Back closes it", async () => {
    const { router, user, back } = renderGallery();
    const sea = await openSea(user);
    await user.click(screen.getByRole("button", { name: "Show hill" }));
    await waitFor(() => expect(sea).toHaveAccessibleName("Photo hill"));

    await back();

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/gallery");
  });

  it("a close that comes after a Back (a save finishing late) does nothing more", async () => {
    const { router, user, back } = renderGallery();
    await openSea(user);
    await user.click(screen.getByRole("button", { name: "Save" }));

    await back();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    act(() => saved.finish?.());

    expect(router.state.location.pathname).toBe("/gallery");
    expect(galleryShown()).toBeInTheDocument();
  });

  it("shows nothing over the screen when its entry comes from another page load (a reload)", async () => {
    const router = createMemoryRouter([{ path: "/gallery", element: <Gallery /> }], {
      initialEntries: [{ pathname: "/gallery", state: { modals: { photo: "sea" }, modalsLoad: "earlier" } }],
    });
    render(<RouterProvider router={router} />);
    expect(galleryShown()).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Open sea" }));
    expect(await screen.findByRole("dialog", { name: "Photo sea" })).toBeInTheDocument();
  });

  it("keeps the state the entry already had", async () => {
    const { router, user } = renderGallery();
    await act(() => router.navigate("/gallery", { state: { from: "search" } }));
    await openSea(user);

    expect(router.state.location.state).toMatchObject({ from: "search", modals: { photo: "sea" } });
  });
});
