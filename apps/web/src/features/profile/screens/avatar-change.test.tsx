import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, sentUpload } from "../../../test/fake-xhr";
import { jsonResponse, makeUser, sentJson } from "../../../test/fixtures";
import { shownToasts } from "../../../test/toasts";
import { applyCrop, stubCropEnvironment } from "../test/avatar-crop-stubs";
import { aliceProfile, openProfile, preloadProfileScreens } from "../test/profile-routes";

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
  stubCropEnvironment();
});

const selfie = new File(["png"], "me.png", { type: "image/png" });
const uploaded = { secure_url: "/media/image/avatar.jpg", public_id: "a", resource_type: "image" };

function openOwn(routes: NonNullable<Parameters<typeof openProfile>[1]>["routes"] = {}) {
  return openProfile("/profile", { member: aliceProfile, isMyProfile: true, routes });
}

async function chooseAndApply(user: ReturnType<typeof openOwn>["user"]) {
  await user.upload(await screen.findByLabelText("Profile photo"), selfie);
  const dialog = await screen.findByRole("dialog", { name: "Crop your photo" });
  await applyCrop(user, dialog);
  return dialog;
}

describe("Changing the profile photo", () => {
  it("takes images only", async () => {
    openOwn();
    expect(await screen.findByLabelText("Profile photo")).toHaveAttribute("accept", "image/*");
  });

  it("crops, uploads a 300x300 JPEG and saves its URL as the avatar", async () => {
    const update = vi.fn(() =>
      jsonResponse(200, { user: makeUser({ avatar: uploaded.secure_url, profilePic: uploaded.secure_url }) }),
    );
    const { user } = openOwn({ "PUT /profile/update": update });

    const dialog = await chooseAndApply(user);

    const xhr = await sentUpload();
    expect(xhr.url).toBe("/api/media/image/upload");
    const sentFile = xhr.body?.get("file") as File;
    expect(sentFile).toMatchObject({ name: "avatar.jpg", type: "image/jpeg" });
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(expect.any(Function), "image/jpeg", 0.9);
    expect(within(dialog).getByRole("progressbar", { name: "Upload progress" })).toBeInTheDocument();

    xhr.respond(200, uploaded);

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(sentJson(update)).toEqual({
      avatar: uploaded.secure_url,
    });
    const avatarButton = screen.getByRole("button", { name: "Change profile photo" });
    expect(avatarButton.querySelector("img")).toHaveAttribute("src", uploaded.secure_url);
  });

  it("alerts 'Profile update failed' when the upload fails", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    const update = vi.fn();
    const { user } = openOwn({ "PUT /profile/update": update });

    await chooseAndApply(user);
    (await sentUpload()).respond(413, { message: "Too large" });

    await waitFor(() => expect(alert).toHaveBeenCalledWith("Profile update failed"));
    expect(update).not.toHaveBeenCalled();
  });

  it("closes the crop with a message when the chosen file does not open as a picture", async () => {
    const { user } = openOwn();
    await user.upload(
      await screen.findByLabelText("Profile photo"),
      new File(["not a picture"], "notes.jpg", { type: "image/jpeg" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Crop your photo" });

    fireEvent.error(within(dialog).getByRole("img", { name: "The chosen photo" }));

    expect(await screen.findByText("This file is not a JPEG, PNG, GIF or WebP image.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(FakeXhr.last).toBeUndefined();
  });

  it("says one refusal at a time, and takes it down once a photo that will do is picked", async () => {
    const { user } = openOwn();
    await user.upload(
      await screen.findByLabelText("Profile photo"),
      new File([], "empty.jpg", { type: "image/jpeg" }),
    );
    await waitFor(() => expect(shownToasts()).toEqual(["This file is empty."]));
    await user.upload(
      screen.getByLabelText("Profile photo"),
      new File(["not a picture"], "notes.jpg", { type: "image/jpeg" }),
    );
    fireEvent.error(
      within(await screen.findByRole("dialog", { name: "Crop your photo" })).getByRole("img", {
        name: "The chosen photo",
      }),
    );
    await waitFor(() => expect(shownToasts()).toEqual(["This file is not a JPEG, PNG, GIF or WebP image."]));

    await user.upload(screen.getByLabelText("Profile photo"), selfie);
    expect(await screen.findByRole("dialog", { name: "Crop your photo" })).toBeInTheDocument();
    await waitFor(() => expect(shownToasts()).toEqual([]));
  });

  it("refuses an empty file at once, before any crop", async () => {
    const { user } = openOwn();
    await user.upload(
      await screen.findByLabelText("Profile photo"),
      new File([], "empty.jpg", { type: "image/jpeg" }),
    );
    expect(await screen.findByText("This file is empty.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Crop your photo" })).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });

  it("opens the crop dialog with the focus on its zoom; Cancel closes it without uploading", async () => {
    const { user } = openOwn();

    // As a browser does it: the button keeps the focus while its file picker is open, then the file
    // arrives as the input's change.
    const changePhoto = await screen.findByRole("button", { name: "Change profile photo" });
    changePhoto.focus();
    const input = screen.getByLabelText("Profile photo");
    Object.defineProperty(input, "files", { value: [selfie] });
    fireEvent.change(input);
    // Apply waits for the photo to load: the zoom takes the focus meanwhile, not the page.
    const dialog = await screen.findByRole("dialog", { name: "Crop your photo" });
    expect(within(dialog).getByRole("slider", { name: "Zoom" })).toHaveFocus();
    await user.keyboard("{Tab}{Enter}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(changePhoto).toHaveFocus();

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });
});
