import type { MediaUploadResult } from "@flik/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signInAsAlice } from "../test/auth-storage";
import { FakeXhr, lastUpload as sent } from "../test/fake-xhr";
import { box, ftyp, mdat, mp4File, track } from "../test/mp4-boxes";
import {
  forgetMediaLimits,
  isAbortError,
  isSameOriginBase,
  PROCESSING_POLL_MS,
  PROCESSING_RETRY_MS,
  refusalBeforeUpload,
  UPLOAD_NETWORK_ERROR,
  uploadEndpoint,
  uploadMedia,
  videoSeconds,
  whenProcessed,
} from "./media-upload";

const photo = new File(["jpeg bytes"], "sunset.jpg", { type: "image/jpeg" });
const clip = new File(["mp4 bytes"], "surf.mp4", { type: "video/mp4" });
const result = {
  secure_url: "/media/image/abc.jpg",
  public_id: "abc",
  resource_type: "image",
  format: "jpg",
  bytes: 10,
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

describe("uploadEndpoint", () => {
  it("picks the image or the video endpoint by the file's type", () => {
    expect(uploadEndpoint(photo, "/api/media")).toBe("/api/media/image/upload");
    expect(uploadEndpoint(clip, "https://api.cloudinary.com/v1_1/demo/")).toBe(
      "https://api.cloudinary.com/v1_1/demo/video/upload",
    );
  });
});

describe("isSameOriginBase", () => {
  it("is true for paths and the page's own origin only", () => {
    expect(isSameOriginBase("/api/media")).toBe(true);
    expect(isSameOriginBase(`${window.location.origin}/api/media`)).toBe(true);
    expect(isSameOriginBase("https://api.cloudinary.com/v1_1/demo")).toBe(false);
    expect(isSameOriginBase("//evil.example/upload")).toBe(false);
  });
});

describe("uploadMedia", () => {
  it("posts the file and the preset to the endpoint of its type and resolves the host's answer", async () => {
    const upload = uploadMedia(clip, { base: "/api/media", preset: "flik" });

    const xhr = sent();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/media/video/upload");
    expect(xhr.body?.get("file")).toBe(clip);
    expect(xhr.body?.get("upload_preset")).toBe("flik");

    xhr.respond(200, { ...result, resource_type: "video" });
    await expect(upload).resolves.toMatchObject({ secure_url: "/media/image/abc.jpg" });
  });

  it("sends the member's token to its own host", () => {
    const token = signInAsAlice();
    void uploadMedia(photo, { base: "/api/media" });
    expect(sent().headers.Authorization).toBe(`Bearer ${token}`);
  });

  it("never sends the token to another host", () => {
    signInAsAlice();
    void uploadMedia(photo, { base: "https://api.cloudinary.com/v1_1/demo", preset: "unsigned" });
    expect(sent().url).toBe("https://api.cloudinary.com/v1_1/demo/image/upload");
    expect(sent().headers).not.toHaveProperty("Authorization");
  });

  it("reports progress in whole percents, reaching 100 only with the host's answer", async () => {
    const onProgress = vi.fn();
    const upload = uploadMedia(photo, { base: "/api/media", onProgress });
    const xhr = sent();

    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    expect(onProgress.mock.calls.map(([percent]) => percent)).toEqual([0, 25, 99]);

    xhr.respond(201, result);
    await upload;
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it("cancels through its AbortSignal with an AbortError", async () => {
    const controller = new AbortController();
    const upload = uploadMedia(photo, { base: "/api/media", signal: controller.signal });

    controller.abort();

    const error = await upload.catch((e: unknown) => e);
    expect(sent().aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });

  it("does not start when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await uploadMedia(photo, { signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(FakeXhr.last).toBeUndefined();
  });

  it("rejects with the built-in host's message", async () => {
    const upload = uploadMedia(photo, { base: "/api/media" });
    sent().respond(413, { message: "Images can be at most 15 MB" });
    await expect(upload).rejects.toMatchObject({ message: "Images can be at most 15 MB", status: 413 });
  });

  it("rejects with Cloudinary's error message", async () => {
    const upload = uploadMedia(photo, { base: "https://api.cloudinary.com/v1_1/demo" });
    sent().respond(400, { error: { message: "Upload preset not found" } });
    await expect(upload).rejects.toThrow("Upload preset not found");
  });

  it("explains a refusal that carries no message", async () => {
    const upload = uploadMedia(photo, { base: "/api/media" });
    sent().respond(415, "<html>Unsupported</html>");
    await expect(upload).rejects.toThrow("This file type isn't supported. Choose an image or a video.");
  });

  it("rejects a network failure with a connection hint", async () => {
    const upload = uploadMedia(photo, { base: "/api/media" });
    sent().onerror?.();
    await expect(upload).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });
});

describe("uploadMedia of a video the built-in host transcodes (issue 20)", () => {
  const id = "0b4e7a4c-9d3c-4c8e-9f5a-2f0d6c1b7a11";
  const answer = {
    ...result,
    secure_url: `/media/video/${id}.mp4`,
    resource_type: "video",
    format: "mp4",
    width: 1920,
    height: 1080,
    duration: 12,
    status: "processing",
  } satisfies MediaUploadResult;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the file as the first half of the progress, then asks how far the host is until it plays", async () => {
    vi.useFakeTimers();
    const token = signInAsAlice();
    const statuses = [
      json({ status: "processing", percent: 40 }),
      json({
        status: "ready",
        percent: 100,
        secure_url: answer.secure_url,
        poster_url: "",
        duration: 12,
        width: 1080,
        height: 608,
      }),
    ];
    const fetched = vi.fn(async () => statuses.shift() as Response);
    vi.stubGlobal("fetch", fetched);
    const progress: number[] = [];
    const onProcessing = vi.fn();
    const upload = uploadMedia(clip, {
      base: "/api/media",
      onProgress: (percent) => progress.push(percent),
      onProcessing,
    });

    sent().progress(50, 100);
    sent().respond(200, answer);
    await vi.waitFor(() => expect(progress).toContain(70));
    expect(onProcessing).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    await expect(upload).resolves.toMatchObject({
      secure_url: answer.secure_url,
      status: "ready",
      width: 1080,
      height: 608,
    });
    expect(progress).toEqual([0, 25, 50, 70, 100]);
    expect(fetched).toHaveBeenCalledWith(
      `/api/media/video/${id}`,
      expect.objectContaining({
        headers: expect.objectContaining({ Authorization: `Bearer ${token}` }),
      }),
    );
  });

  it("asks again after a question finds no network, waiting longer each time, and goes on", async () => {
    vi.useFakeTimers();
    const offline = () => Promise.reject(new TypeError("Failed to fetch"));
    const answers = [offline, offline, offline, async () => json({ status: "processing", percent: 60 })];
    const fetched = vi.fn(() => (answers.shift() ?? (async () => json({ ...ready })))());
    const ready = {
      status: "ready",
      percent: 100,
      secure_url: answer.secure_url,
      poster_url: "",
      duration: 12,
      width: 1080,
      height: 608,
    };
    vi.stubGlobal("fetch", fetched);
    const progress: number[] = [];
    const upload = uploadMedia(clip, { base: "/api/media", onProgress: (percent) => progress.push(percent) });
    sent().respond(200, answer);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toHaveBeenCalledOnce();

    // A second, then two, then four: no question before its wait is over.
    await vi.advanceTimersByTimeAsync((PROCESSING_RETRY_MS[0] ?? 0) - 1);
    expect(fetched).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PROCESSING_RETRY_MS[1] ?? 0);
    expect(fetched).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(PROCESSING_RETRY_MS[2] ?? 0);
    expect(fetched).toHaveBeenCalledTimes(4);
    expect(progress.at(-1)).toBe(80);
    await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);

    await expect(upload).resolves.toMatchObject({ status: "ready", width: 1080, height: 608 });
  });

  it("gives up with the connection hint once the last wait finds no network either", async () => {
    vi.useFakeTimers();
    const fetched = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", fetched);
    const upload = uploadMedia(clip, { base: "/api/media" });
    const settled = vi.fn();
    upload.catch(settled);
    sent().respond(200, answer);

    for (const wait of PROCESSING_RETRY_MS) await vi.advanceTimersByTimeAsync(wait);

    expect(fetched).toHaveBeenCalledTimes(PROCESSING_RETRY_MS.length + 1);
    await expect(upload).rejects.toThrow(UPLOAD_NETWORK_ERROR);
  });

  it("tells the file on the host before its transcoding ends, and takes the wait up again from there", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ message: "Flik is busy right now. Please try again in a moment." }, 503)),
    );
    const onSent = vi.fn();
    const upload = uploadMedia(clip, { base: "/api/media", onSent });
    sent().respond(200, answer);
    await expect(upload).rejects.toThrow("Flik is busy right now. Please try again in a moment.");
    expect(onSent).toHaveBeenCalledWith(answer);

    FakeXhr.last = undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({
          status: "ready",
          percent: 100,
          secure_url: answer.secure_url,
          poster_url: "",
          duration: 12,
          width: 1080,
          height: 608,
        }),
      ),
    );
    await expect(whenProcessed(answer, { base: "/api/media" })).resolves.toMatchObject({ status: "ready" });
    expect(FakeXhr.last).toBeUndefined();
  });

  it("rejects with the host's message when the video could not be processed", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json({ status: "failed", message: "This video could not be processed. Please try another file." }),
      ),
    );
    const upload = uploadMedia(clip, { base: "/api/media" });
    sent().respond(200, answer);
    await expect(upload).rejects.toThrow("This video could not be processed. Please try another file.");
  });

  it("stops asking when cancelled", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ status: "processing", percent: 10 })),
    );
    const controller = new AbortController();
    const upload = uploadMedia(clip, { base: "/api/media", signal: controller.signal });
    sent().respond(200, answer);
    controller.abort();
    await expect(upload).rejects.toSatisfy(isAbortError);
  });

  it("stops at once when cancelled between two questions, not at the next one", async () => {
    vi.useFakeTimers();
    const fetched = vi.fn(async () => json({ status: "processing", percent: 10 }));
    vi.stubGlobal("fetch", fetched);
    const controller = new AbortController();
    const upload = uploadMedia(clip, { base: "/api/media", signal: controller.signal });
    const settled = vi.fn();
    upload.catch(settled);
    sent().respond(200, answer);
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledOnce());

    controller.abort();

    // A millisecond, not the poll's second: the wait for the next question ends with the cancel.
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    expect(isAbortError(settled.mock.calls[0]?.[0])).toBe(true);
    expect(fetched).toHaveBeenCalledOnce();
  });
});

describe("refusalBeforeUpload: the built-in host's limits, applied before a byte is sent", () => {
  const limits = { image: { maxBytes: 2048 }, video: { maxBytes: 4096, maxSeconds: 60 } };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const bytes = (size: number, name: string, type: string) =>
    new File([new Uint8Array(size)], name, { type });

  /** A browser that reads a video's header and finds it `seconds` long (jsdom reads no media). */
  function videosLast(seconds: number) {
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, "duration", "get").mockReturnValue(seconds);
    vi.spyOn(HTMLMediaElement.prototype, "src", "set").mockImplementation(function (this: HTMLMediaElement) {
      queueMicrotask(() => this.dispatchEvent(new Event("loadedmetadata")));
    });
  }

  beforeEach(() => forgetMediaLimits());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("refuses a file over its type's size in the host's words, asking the host once a page", async () => {
    const token = signInAsAlice();
    const fetched = vi.fn(async () => json(limits));
    vi.stubGlobal("fetch", fetched);

    await expect(refusalBeforeUpload(bytes(4097, "surf.mp4", "video/mp4"), "/api/media")).resolves.toBe(
      "This file is too large: videos can be up to 4 KB.",
    );
    await expect(refusalBeforeUpload(bytes(2049, "cat.gif", "image/gif"), "/api/media")).resolves.toBe(
      "This file is too large: images can be up to 2 KB.",
    );
    await expect(refusalBeforeUpload(bytes(2048, "cat.gif", "image/gif"), "/api/media")).resolves.toBeNull();
    expect(fetched).toHaveBeenCalledOnce();
    expect(fetched).toHaveBeenCalledWith(
      "/api/media/limits",
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: `Bearer ${token}` }) }),
    );
  });

  it("judges a photo over the size as it would leave: drawn smaller when larger than the host serves", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(limits)),
    );
    const photo = () => bytes(4000, "pier.jpg", "image/jpeg");
    // A browser that draws it at `width` px wide and writes the result in `written` bytes.
    const browserDraws = (width: number, written: number) => {
      vi.stubGlobal(
        "createImageBitmap",
        vi.fn(async () => ({ width, height: width, close: () => {} })),
      );
      vi.stubGlobal(
        "OffscreenCanvas",
        class {
          getContext() {
            return { drawImage: () => {} };
          }
          convertToBlob() {
            return Promise.resolve(new Blob([new Uint8Array(written)], { type: "image/jpeg" }));
          }
        },
      );
    };
    // No larger than the host serves: sent as it is, so refused when chosen.
    browserDraws(1080, 100);
    await expect(refusalBeforeUpload(photo(), "/api/media")).resolves.toBe(
      "This file is too large: images can be up to 2 KB.",
    );
    // Larger: it leaves drawn at 1080 px, within the size.
    browserDraws(4000, 1500);
    await expect(refusalBeforeUpload(photo(), "/api/media")).resolves.toBeNull();
    // Still over the size once drawn smaller.
    browserDraws(4000, 3000);
    await expect(refusalBeforeUpload(photo(), "/api/media")).resolves.toMatch(/too large/);
    // One within the size is not drawn at all.
    const drawing = vi.fn();
    vi.stubGlobal("createImageBitmap", drawing);
    await expect(
      refusalBeforeUpload(bytes(2048, "pier.jpg", "image/jpeg"), "/api/media"),
    ).resolves.toBeNull();
    expect(drawing).not.toHaveBeenCalled();
  });

  it("refuses a video longer than the limit, as the browser reads its length", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(limits)),
    );
    videosLast(61);
    await expect(refusalBeforeUpload(bytes(10, "surf.mp4", "video/mp4"), "/api/media")).resolves.toBe(
      "This video is 1:01 long. Videos can be up to 1:00.",
    );
    videosLast(60.5);
    await expect(refusalBeforeUpload(bytes(10, "surf.mp4", "video/mp4"), "/api/media")).resolves.toBeNull();
  });

  it("refuses a sound recording saved as .mp4 in the host's words, before asking the host anything", async () => {
    const fetched = vi.fn(async () => json(limits));
    vi.stubGlobal("fetch", fetched);
    await expect(
      refusalBeforeUpload(mp4File(ftyp, mdat, box("moov", track("soun"))), "/api/media"),
    ).resolves.toBe("This video could not be read. Please choose another file.");
    expect(fetched).not.toHaveBeenCalled();
    // A video with a picture goes on to the host's limits (this one is within them).
    await expect(
      refusalBeforeUpload(mp4File(ftyp, box("moov", track("soun"), track("vide"))), "/api/media"),
    ).resolves.toBeNull();
    expect(fetched).toHaveBeenCalledOnce();
  });

  it("lets the host judge when the length cannot be read", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(limits)),
    );
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, "src", "set").mockImplementation(function (this: HTMLMediaElement) {
      queueMicrotask(() => this.dispatchEvent(new Event("error")));
    });
    await expect(videoSeconds(bytes(10, "x.mov", "video/quicktime"))).resolves.toBeNull();
    await expect(
      refusalBeforeUpload(bytes(10, "x.mov", "video/quicktime"), "/api/media"),
    ).resolves.toBeNull();
  });

  it("lets the host judge when its limits could not be read, and asks again next time", async () => {
    const fetched = vi.fn(async () => json({ message: "Busy" }, 503));
    vi.stubGlobal("fetch", fetched);
    const large = bytes(5000, "surf.mp4", "video/mp4");
    await expect(refusalBeforeUpload(large, "/api/media")).resolves.toBeNull();
    fetched.mockImplementation(async () => json(limits));
    await expect(refusalBeforeUpload(large, "/api/media")).resolves.toMatch(/too large/);
    expect(fetched).toHaveBeenCalledTimes(2);
  });

  it("never asks another host, which has limits of its own", async () => {
    const fetched = vi.fn();
    vi.stubGlobal("fetch", fetched);
    const large = bytes(5000, "surf.mp4", "video/mp4");
    await expect(refusalBeforeUpload(large, "https://api.cloudinary.com/v1_1/demo")).resolves.toBeNull();
    expect(fetched).not.toHaveBeenCalled();
  });
});
