import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { ToastContainer } from "react-toastify/unstyled";
import { afterEach, describe, expect, it } from "vitest";
import { shownToasts } from "../test/toasts";
import { toast, useFormToasts } from "./toast";

afterEach(() => {
  act(() => toast.dismiss());
});

describe("toast", () => {
  it("shows a text once however often it is raised, the last raised staying", async () => {
    render(<ToastContainer />);
    act(() => {
      toast.error("Current password is incorrect");
      toast.error("Current password is incorrect");
      toast.error("Current password is incorrect");
    });
    await screen.findAllByText("Current password is incorrect");
    await waitFor(() => expect(shownToasts()).toEqual(["Current password is incorrect"]));
  });

  it("says a text again once its toast was closed", async () => {
    render(<ToastContainer />);
    act(() => void toast.error("Login failed!"));
    await waitFor(() => expect(shownToasts()).toEqual(["Login failed!"]));
    act(() => toast.dismiss());
    await waitFor(() => expect(shownToasts()).toEqual([]));

    act(() => void toast.error("Login failed!"));
    await waitFor(() => expect(shownToasts()).toEqual(["Login failed!"]));
  });

  it("still shows different texts side by side, and a text given its own id", async () => {
    render(<ToastContainer />);
    act(() => {
      toast.error("Login failed!");
      toast.success("Saved");
      toast.info("Saved", { toastId: "another" });
    });
    await waitFor(() => expect(shownToasts().sort()).toEqual(["Login failed!", "Saved", "Saved"]));
  });
});

describe("useFormToasts", () => {
  it("says a form's latest outcome alone, leaving other toasts be", async () => {
    render(<ToastContainer />);
    const form = renderHook(() => useFormToasts()).result.current;
    act(() => {
      toast.info("Someone else's news");
      form.success("Code sent");
    });
    await waitFor(() => expect(shownToasts().sort()).toEqual(["Code sent", "Someone else's news"]));

    act(() => form.error("Too many failed sign-ins"));
    await waitFor(() =>
      expect(shownToasts().sort()).toEqual(["Someone else's news", "Too many failed sign-ins"]),
    );
    act(() => form.error("Incorrect password"));
    await waitFor(() => expect(shownToasts().sort()).toEqual(["Incorrect password", "Someone else's news"]));

    act(() => form.clear());
    await waitFor(() => expect(shownToasts()).toEqual(["Someone else's news"]));
  });
});

describe("useFormToasts with failuresGoWithForm", () => {
  it("takes the form's failure down when the form goes, and leaves other toasts be", async () => {
    render(<ToastContainer />);
    const form = renderHook(() => useFormToasts({ failuresGoWithForm: true }));
    act(() => {
      toast.info("Someone else's news");
      form.result.current.error("Current password is incorrect");
    });
    await waitFor(() =>
      expect(shownToasts().sort()).toEqual(["Current password is incorrect", "Someone else's news"]),
    );

    form.unmount();
    await waitFor(() => expect(shownToasts()).toEqual(["Someone else's news"]));
  });

  it("leaves the form's success up when the form goes: it says what was done", async () => {
    render(<ToastContainer />);
    const form = renderHook(() => useFormToasts({ failuresGoWithForm: true }));
    act(() => {
      form.result.current.error("Failed to update profile.");
      form.result.current.success("Profile updated successfully!");
    });
    await waitFor(() => expect(shownToasts()).toEqual(["Profile updated successfully!"]));

    form.unmount();
    await screen.findByText("Profile updated successfully!");
    expect(shownToasts()).toEqual(["Profile updated successfully!"]);
  });

  it("without it, a failure outlives its form (a sign-in's, said as the form gives way)", async () => {
    render(<ToastContainer />);
    const form = renderHook(() => useFormToasts());
    act(() => form.result.current.error("Incorrect password"));
    await waitFor(() => expect(shownToasts()).toEqual(["Incorrect password"]));

    form.unmount();
    await screen.findByText("Incorrect password");
    expect(shownToasts()).toEqual(["Incorrect password"]);
  });
});
