import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetMediaLimits } from "../../../lib/media-upload";
import { signInAsAlice } from "../../../test/auth-storage";
import { FakeXhr, sentUpload } from "../../../test/fake-xhr";
import { aliceAuthor, fetchRoutes, jsonResponse, makePost, makeUser, pending } from "../../../test/fixtures";
import { currentSocket, renderApp, stubFetch } from "../../../test/render-app";
import { shownToasts } from "../../../test/toasts";
import { waitUntil } from "../../../test/wait";

vi.mock("../../../lib/socket", async () => {
  const { createFakeSocket } = await import("../../../test/fake-socket");
  return { createUserSocket: vi.fn(() => createFakeSocket()) };
});

const photo = new File(["jpeg"], "pier.jpg", { type: "image/jpeg" });
// An MP4's first box (`ftyp`), and no more: the composer tells a video it cannot show from other bytes.
const clip = new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 105, 115, 111, 109])], "wave.mp4", {
  type: "video/mp4",
});
const created = makePost({
  _id: "p-new",
  isMyPost: true,
  isFollowed: false,
  user: aliceAuthor,
  caption: "Pier",
});

type Routes = Parameters<typeof fetchRoutes>[0];

function openComposer(routes: Routes = {}) {
  signInAsAlice();
  const createRoute = vi.fn(() => jsonResponse(201, { post: created }));
  stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "POST /posts": createRoute,
      "GET /posts/p-new": jsonResponse(200, { post: created }),
      ...routes,
    }),
  );
  return { ...renderApp("/post/new"), createRoute };
}

async function uploaded(url = "/media/image/pier.jpg", size: object = {}) {
  (await sentUpload()).respond(200, {
    secure_url: url,
    public_id: "pier",
    resource_type: "image",
    format: "jpg",
    bytes: 4,
    ...size,
  });
}

/** The body of the n-th POST /posts. */
function createBody(createRoute: ReturnType<typeof openComposer>["createRoute"], call = 0) {
  const [, init] = (createRoute.mock.calls[call] ?? []) as unknown as [string, RequestInit];
  return JSON.parse(String(init.body));
}

beforeEach(() => {
  forgetMediaLimits();
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

describe("NewPostScreen", () => {
  it("has the three tabs of the spec, as a keyboard tablist", async () => {
    const { user } = openComposer();
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Post", "Tags", "Flick"]);
    expect(screen.getByRole("tab", { name: "Post" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Post details");
    expect(screen.getByRole("tab", { name: "Post" })).toHaveAttribute(
      "aria-controls",
      screen.getByRole("tabpanel").id,
    );

    await user.click(screen.getByRole("tab", { name: "Post" }));
    await user.keyboard("{ArrowRight}");

    expect(screen.getByRole("tab", { name: "Tags" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Tags" })).toHaveFocus();
    expect(screen.getByLabelText("Tags")).toBeInTheDocument();
    expect(screen.getByLabelText("Location")).toBeInTheDocument();
    expect(screen.queryByLabelText("Photo or video")).not.toBeInTheDocument();
  });

  it("alerts 'Please select a file' when sharing without one, and sends nothing", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, createRoute } = openComposer();

    await user.click(await screen.findByRole("button", { name: "Share" }));

    expect(alert).toHaveBeenCalledWith("Please select a file");
    expect(FakeXhr.last).toBeUndefined();
    expect(createRoute).not.toHaveBeenCalled();
  });

  it("uploads with progress, creates the post, says 'Post created!' and opens it", async () => {
    const { user, router, createRoute } = openComposer();

    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    expect(screen.getByRole("img", { name: "Preview of the chosen file" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Caption"), "Pier");
    expect(screen.getByText("4/2200")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Location"), "Brighton");
    await user.type(screen.getByLabelText("Tags"), "#sea");
    await user.click(screen.getByRole("button", { name: "Share" }));

    expect((await sentUpload()).url).toBe("/api/media/image/upload");
    (await sentUpload()).progress(40, 100);
    // The bar may be drawn (at 0) before the progress event renders: wait for the value, not the bar.
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40"));
    expect(screen.getByLabelText("Caption")).toBeDisabled();

    await uploaded();

    expect(await screen.findByText("Post created!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/post/alice/p-new"));
    const [, init] = (createRoute.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      caption: "Pier",
      location: "Brighton",
      tags: "#sea",
      image: "/media/image/pier.jpg",
      isReel: false,
    });
  });

  it("publishes a video from the Flick tab as a flick", async () => {
    const { user, createRoute } = openComposer();

    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    const picker = screen.getByLabelText("Video");
    expect(picker).toHaveAttribute("accept", "video/mp4,video/quicktime,video/webm");
    expect(screen.getByText(/Flicks are short vertical videos/)).toBeInTheDocument();
    await user.upload(picker, clip);
    await user.click(screen.getByRole("button", { name: "Share" }));

    expect((await sentUpload()).url).toBe("/api/media/video/upload");
    await uploaded("/media/video/wave.mp4");

    await screen.findByText("Post created!");
    const [, init] = (createRoute.mock.calls[0] ?? []) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ image: "/media/video/wave.mp4", isReel: true });
  });

  it("takes an iPhone's .MOV the system gave no type, as a flick from its name", async () => {
    const { user, createRoute } = openComposer();
    const untyped = new File(["mov"], "IMG_0042.MOV", { type: "" });

    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    // As a real picker may hand it over: `accept` is a hint to the picker, not a filter of what it gives.
    fireEvent.change(screen.getByLabelText("Video"), { target: { files: [untyped] } });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Share" }));

    expect((await sentUpload()).url).toBe("/api/media/video/upload");
    await uploaded("/media/video/img-0042.mp4");
    await screen.findByText("Post created!");
    expect(createBody(createRoute)).toMatchObject({ image: "/media/video/img-0042.mp4", isReel: true });
  });

  it("keeps the keyboard's place when the file is removed, and Enter opens the chooser", async () => {
    const { user } = openComposer();
    const picker = await screen.findByLabelText("Photo or video");
    const choose = vi.spyOn(HTMLInputElement.prototype, "click").mockImplementation(() => {});
    picker.focus();
    await user.keyboard("{Enter}");
    expect(choose.mock.contexts).toEqual([picker]);
    choose.mockRestore();

    await user.upload(picker, photo);
    await user.click(screen.getByRole("button", { name: "Remove file" }));

    expect(screen.queryByRole("button", { name: "Remove file" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Photo or video")).toHaveFocus();
  });

  it("takes a refused pick in place of the file before, so its reason is never shown under that file", async () => {
    const { user } = openComposer();
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    const picker = screen.getByLabelText("Video");
    await user.upload(picker, clip);
    expect(screen.getByText(/wave\.mp4/)).toBeInTheDocument();

    fireEvent.change(picker, { target: { files: [photo] } });

    // The words Share says of a photo brought to the Flick tab: one text for one rule (spec §10).
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "A flick must be a video. Choose a video file.",
    );
    expect(screen.queryByText(/wave\.mp4/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove file" })).not.toBeInTheDocument();
  });

  it("sends the size the host answered with the post", async () => {
    const { user, createRoute } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));
    await uploaded("/media/image/pier.jpg", { width: 1500, height: 1000 });

    await screen.findByText("Post created!");
    expect(createBody(createRoute)).toMatchObject({ width: 1500, height: 1000 });
  });

  it("says so in place of a video the browser cannot preview, and still shares it", async () => {
    const { user } = openComposer();
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    await user.upload(screen.getByLabelText("Video"), clip);
    // An HEVC video in a browser without HEVC: its first data loads, with no picture (0 pixels wide).
    const preview = screen.getByLabelText("Preview of the chosen video");
    fireEvent.loadedMetadata(preview);
    expect(screen.queryByText("No preview in this browser")).not.toBeInTheDocument();
    fireEvent.loadedData(preview);

    expect(screen.getByText("No preview in this browser")).toBeInTheDocument();
    expect(screen.getByText("The video will play once it's processed.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Preview of the chosen video")).not.toBeInTheDocument();
    expect(screen.getByText(/wave\.mp4/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Share" }));
    await uploaded("/media/video/wave.mp4");
    await screen.findByText("Post created!");
  });

  it("refuses a file that cannot be shown and is no video at all when it is picked, not after the upload", async () => {
    const { user, createRoute } = openComposer();
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    await user.upload(
      screen.getByLabelText("Video"),
      new File(["not a video"], "garbage.mp4", { type: "video/mp4" }),
    );
    fireEvent.error(screen.getByLabelText("Preview of the chosen video"));

    expect(await screen.findByText("This file is not an MP4, MOV or WebM video.")).toBeInTheDocument();
    expect(screen.queryByText("The video will play once it's processed.")).not.toBeInTheDocument();
    expect(createRoute).not.toHaveBeenCalled();
  });

  it("refuses at once a picked file the browser cannot open as a picture, and names its size in bytes", async () => {
    const { user } = openComposer();
    const notAPicture = new File(["hello\n"], "notes.jpg", { type: "image/jpeg" });
    await user.upload(await screen.findByLabelText("Photo or video"), notAPicture);
    expect(screen.getByLabelText("Photo or video")).toHaveAccessibleDescription(
      expect.stringContaining("notes.jpg · 6 B"),
    );

    fireEvent.error(screen.getByRole("img", { name: "Preview of the chosen file" }));

    expect(screen.getByRole("alert")).toHaveTextContent("This file is not a JPEG, PNG, GIF or WebP image.");
    expect(screen.queryByRole("img", { name: "Preview of the chosen file" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Photo or video")).toHaveAttribute("aria-invalid", "true");
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(alert).toHaveBeenCalledWith("Please select a file");
    expect(FakeXhr.last).toBeUndefined();
  });

  it("refuses a video larger than the host takes when it is picked, in the host's words", async () => {
    const { user } = openComposer({
      "GET /media/limits": jsonResponse(200, {
        image: { maxBytes: 1024 },
        video: { maxBytes: 8, maxSeconds: 180 },
      }),
    });
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    await user.upload(screen.getByLabelText("Video"), clip);

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This file is too large: videos can be up to 1 KB.",
    );
    expect(screen.queryByLabelText("Preview of the chosen video")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Video")).toHaveAttribute("aria-invalid", "true");
    expect(FakeXhr.last).toBeUndefined();
  });

  it("refuses it too when Share comes before the limits have answered, sending nothing", async () => {
    let answerLimits: (response: Response) => void = () => {};
    const { user, createRoute } = openComposer({
      "GET /media/limits": () => new Promise<Response>((resolve) => (answerLimits = resolve)),
    });
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    await user.upload(screen.getByLabelText("Video"), clip);
    await user.click(screen.getByRole("button", { name: "Share" }));

    answerLimits(jsonResponse(200, { image: { maxBytes: 1024 }, video: { maxBytes: 8, maxSeconds: 180 } }));

    await waitFor(() => expect(shownToasts()).toContain("This file is too large: videos can be up to 1 KB."));
    expect(FakeXhr.last).toBeUndefined();
    expect(createRoute).not.toHaveBeenCalled();
  });

  it("refuses an empty file at once, saying so", async () => {
    const { user } = openComposer();
    await user.upload(
      await screen.findByLabelText("Photo or video"),
      new File([], "empty.jpg", { type: "image/jpeg" }),
    );
    expect(screen.getByRole("alert")).toHaveTextContent("This file is empty.");
    expect(screen.queryByRole("img", { name: "Preview of the chosen file" })).not.toBeInTheDocument();
  });

  it("sends a video's size as the browser read it in the preview when the host does not say", async () => {
    const { user, createRoute } = openComposer();
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    await user.upload(screen.getByLabelText("Video"), clip);
    const preview = screen.getByLabelText("Preview of the chosen video");
    Object.defineProperties(preview, { videoWidth: { value: 720 }, videoHeight: { value: 1280 } });
    fireEvent.loadedMetadata(preview);
    await user.click(screen.getByRole("button", { name: "Share" }));
    await uploaded("/media/video/wave.mp4");

    await screen.findByText("Post created!");
    expect(createBody(createRoute)).toMatchObject({
      image: "/media/video/wave.mp4",
      width: 720,
      height: 1280,
    });
  });

  it("goes back to the editable draft when the upload is cancelled", async () => {
    const { user, createRoute } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.type(screen.getByLabelText("Caption"), "Pier");
    await user.click(screen.getByRole("button", { name: "Share" }));

    await user.click(await screen.findByRole("button", { name: "Cancel" }));

    expect((await sentUpload()).aborted).toBe(true);
    expect(await screen.findByRole("button", { name: "Share" })).toBeEnabled();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Caption")).toHaveValue("Pier");
    expect(screen.getByLabelText("Caption")).toBeEnabled();
    expect(createRoute).not.toHaveBeenCalled();
  });

  it("keeps the keyboard's place through an upload: the progress takes the focus, and Share gets it back", async () => {
    const { user } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    // Enter in a field shares (as a member pressing it twice found).
    await user.type(screen.getByLabelText("Location"), "Pier{Enter}");

    const progress = await screen.findByRole("progressbar", { name: "Upload progress" });
    expect(progress).toHaveFocus();
    // A second Enter (a double press) cancels nothing: Cancel is the next Tab stop.
    await user.keyboard("{Enter}");
    expect((await sentUpload()).aborted).toBe(false);
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Enter}");

    expect(await screen.findByRole("button", { name: "Share" })).toHaveFocus();
  });

  it("asks the browser's own question before the page is left while the file goes up", async () => {
    const { user } = openComposer();
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    expect(unload()).toBe(false);
    await user.click(screen.getByRole("button", { name: "Share" }));

    await screen.findByRole("progressbar", { name: "Upload progress" });
    expect(unload()).toBe(true);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByRole("button", { name: "Share" });
    expect(unload()).toBe(false);
  });

  it("takes a double-click on Share as one: its second click, on the Cancel drawn there, cancels nothing", async () => {
    const { user } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));

    const cancel = await screen.findByRole("button", { name: "Cancel" });
    fireEvent.click(cancel, { detail: 2 });
    expect((await sentUpload()).aborted).toBe(false);
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toBeInTheDocument();
  });

  it("shows the host's message when the upload is refused", async () => {
    const { user, createRoute } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));

    (await sentUpload()).respond(413, { message: "Images can be at most 15 MB" });

    expect(await screen.findByText("Images can be at most 15 MB")).toBeInTheDocument();
    expect(createRoute).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Share" })).toBeEnabled();
  });

  it("says 'Error creating post' when the post cannot be created, and does not upload twice", async () => {
    let attempts = 0;
    const { user, router } = openComposer({
      "POST /posts": () =>
        ++attempts === 1 ? jsonResponse(500, { message: "Boom" }) : jsonResponse(201, { post: created }),
    });
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const firstUpload = await sentUpload();
    await uploaded();

    expect(await screen.findByText("Error creating post")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/post/new");

    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText("Post created!")).toBeInTheDocument();
    expect(FakeXhr.last).toBe(firstUpload);
  });
});

describe("A video the host is still transcoding", () => {
  const videoId = "0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11";
  const keptVideo = `/media/video/${videoId}.mp4`;

  it("is not sent again when only the wait for its transcoding failed: Share takes the wait up again", async () => {
    let checks = 0;
    const { user, createRoute } = openComposer({
      [`GET /media/video/${videoId}`]: () =>
        ++checks === 1
          ? jsonResponse(503, { message: "Flik is busy right now. Please try again in a moment." })
          : jsonResponse(200, {
              status: "ready",
              percent: 100,
              secure_url: keptVideo,
              poster_url: "",
              duration: 12,
              width: 720,
              height: 1280,
            }),
    });
    await user.click(await screen.findByRole("tab", { name: "Flick" }));
    await user.upload(screen.getByLabelText("Video"), clip);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const upload = await sentUpload();
    upload.respond(200, {
      secure_url: keptVideo,
      public_id: videoId,
      resource_type: "video",
      format: "mp4",
      bytes: 12,
      status: "processing",
    });

    await waitFor(() =>
      expect(shownToasts()).toContain("Flik is busy right now. Please try again in a moment."),
    );
    expect(createRoute).not.toHaveBeenCalled();
    await user.click(await screen.findByRole("button", { name: "Share" }));

    expect(await screen.findByText("Post created!")).toBeInTheDocument();
    expect(FakeXhr.last).toBe(upload);
    expect(checks).toBe(2);
    expect(createBody(createRoute)).toMatchObject({
      image: keptVideo,
      isReel: true,
      width: 720,
      height: 1280,
    });
  });
});

describe("Leaving the composer while a post is on its way", () => {
  it("asks 'Discard post?' during the upload: Cancel stays and uploads on, Discard leaves and stops it", async () => {
    const { user, router, createRoute } = openComposer({ "GET /posts": pending });
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const upload = await sentUpload();

    act(() => void router.navigate("/post"));
    const question = await screen.findByRole("dialog", { name: "Discard post?" });
    expect(question).toHaveTextContent("If you leave now, the upload stops and this post won't be shared.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog", { name: "Discard post?" })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/post/new");
    expect(upload.aborted).toBe(false);

    act(() => void router.navigate("/post"));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Discard post?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(upload.aborted).toBe(true);
    expect(createRoute).not.toHaveBeenCalled();
  });

  /** Share, then leave while the file uploads; the upload ends while "Discard post?" is open. */
  async function uploadEndsWhileAsked() {
    const opened = openComposer({ "GET /posts": pending });
    await opened.user.upload(await screen.findByLabelText("Photo or video"), photo);
    await opened.user.click(screen.getByRole("button", { name: "Share" }));
    await sentUpload();
    act(() => void opened.router.navigate("/post"));
    const question = await screen.findByRole("dialog", { name: "Discard post?" });
    await uploaded();
    // The file is up, but the post waits for the answer.
    expect(opened.createRoute).not.toHaveBeenCalled();
    return { ...opened, question };
  }

  it("shares nothing that ends uploading while the question is open: Discard keeps it unshared", async () => {
    const { user, router, createRoute, question } = await uploadEndsWhileAsked();

    await user.click(within(question).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(createRoute).not.toHaveBeenCalled();
    expect(screen.queryByText("Post created!")).not.toBeInTheDocument();
  });

  it("shares it once the member chooses to stay, when the upload ended while they were asked", async () => {
    const { user, router, createRoute, question } = await uploadEndsWhileAsked();

    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Post created!")).toBeInTheDocument();
    expect(createRoute).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/post/alice/p-new"));
  });

  it("lets the member go once the file is up: the post is shared, and they stay where they went", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, router } = openComposer({
      "POST /posts": () => new Promise<Response>((resolve) => (answer = resolve)),
      "GET /posts": pending,
    });
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));
    await uploaded();
    await screen.findByRole("button", { name: "Sharing..." });

    act(() => void router.navigate("/post"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(screen.queryByRole("dialog", { name: "Discard post?" })).not.toBeInTheDocument();
    answer(jsonResponse(201, { post: created }));

    expect(await screen.findByText("Post created!")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/post");
  });
});

describe("What the composer takes", () => {
  it("offers only the formats the media host takes, and refuses another in its words when it is picked", async () => {
    openComposer();
    const picker = await screen.findByLabelText("Photo or video");
    expect(picker).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/gif,image/webp,video/mp4,video/quicktime,video/webm",
    );

    // As a picker may hand it over (`accept` is a hint): a picture the browser shows, the host refuses.
    fireEvent.change(picker, {
      target: { files: [new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent("This file is not a JPEG, PNG, GIF or WebP image.");
    expect(screen.queryByRole("img", { name: "Preview of the chosen file" })).not.toBeInTheDocument();

    fireEvent.change(picker, {
      target: { files: [new File(["riff"], "old.avi", { type: "video/x-msvideo" })] },
    });
    expect(screen.getByRole("alert")).toHaveTextContent("This file is not an MP4, MOV or WebM video.");

    fireEvent.change(picker, { target: { files: [photo] } });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Preview of the chosen file" })).toBeInTheDocument();
  });

  it("says of a photo picked for a flick what Share says of one brought to the Flick tab", async () => {
    const { user } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("tab", { name: "Flick" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A flick must be a video. Choose a video file.");
    await user.click(screen.getByRole("tab", { name: "Post" }));

    await user.click(screen.getByRole("tab", { name: "Flick" }));
    fireEvent.change(screen.getByLabelText("Video"), { target: { files: [photo] } });
    expect(screen.getByRole("alert")).toHaveTextContent("A flick must be a video. Choose a video file.");
  });

  it("counts Location and Tags near their limits, as Caption always does", async () => {
    const { user } = openComposer();
    const location = await screen.findByLabelText("Location");
    const tags = screen.getByLabelText("Tags");

    await user.click(location);
    await user.paste("a".repeat(79));
    expect(screen.queryByText("79/100")).not.toBeInTheDocument();
    await user.type(location, "b");
    expect(screen.getByText("80/100")).toBeInTheDocument();
    expect(location).toHaveAccessibleDescription("80/100");
    await user.paste("c".repeat(30));
    expect(location).toHaveValue(`${"a".repeat(79)}b${"c".repeat(20)}`);
    expect(screen.getByText("100/100")).toBeInTheDocument();

    await user.click(tags);
    await user.paste("#".repeat(280));
    expect(screen.getByText("280/300")).toBeInTheDocument();
    expect(tags).toHaveAccessibleDescription("Free text: people, topics or hashtags, as you like. 280/300");
  });
});

describe("Leaving the composer with a draft", () => {
  it("asks 'Discard post?' when a file was picked: Cancel stays with it, Discard leaves", async () => {
    const { user, router } = openComposer({ "GET /posts": pending });
    await user.upload(await screen.findByLabelText("Photo or video"), photo);

    act(() => void router.navigate("/post"));
    const question = await screen.findByRole("dialog", { name: "Discard post?" });
    expect(question).toHaveTextContent("If you leave now, this draft won't be kept.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(router.state.location.pathname).toBe("/post/new");
    expect(screen.getByText(/pier\.jpg/)).toBeInTheDocument();

    act(() => void router.navigate("/post"));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Discard post?" })).getByRole("button", {
        name: "Discard",
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
  });

  it("asks for a caption alone, and not for an empty composer", async () => {
    const { user, router } = openComposer({ "GET /posts": pending });
    await user.type(await screen.findByLabelText("Caption"), "Pier");

    act(() => void router.navigate("/post"));
    expect(await screen.findByRole("dialog", { name: "Discard post?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await user.clear(screen.getByLabelText("Caption"));
    act(() => void router.navigate("/post"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/post"));
    expect(screen.queryByRole("dialog", { name: "Discard post?" })).not.toBeInTheDocument();
  });
});

describe("A session that ends while the composer is open", () => {
  /** The member's session is ended from elsewhere (`PATCH /sessions/{id}/logout`): the server says so live. */
  async function endSessionFromElsewhere() {
    const socket = await currentSocket();
    await waitUntil(() => {
      if (!socket.listens("sessionRevoked")) throw new Error("The socket does not listen yet");
    });
    act(() => socket.fire("sessionRevoked"));
  }

  it("reaches /login during an upload, which stops; nothing is shared", async () => {
    const { user, router, createRoute } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const upload = await sentUpload();

    await endSessionFromElsewhere();

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(shownToasts()).toContain("Your session has ended. Please sign in again.");
    expect(screen.queryByRole("dialog", { name: "Discard post?" })).not.toBeInTheDocument();
    expect(upload.aborted).toBe(true);
    expect(createRoute).not.toHaveBeenCalled();
  });

  it("reaches /login with a draft, unasked", async () => {
    const { user, router } = openComposer();
    await user.upload(await screen.findByLabelText("Photo or video"), photo);
    await user.type(screen.getByLabelText("Caption"), "Pier");

    await endSessionFromElsewhere();

    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.queryByRole("dialog", { name: "Discard post?" })).not.toBeInTheDocument();
  });
});
