import { fileTypeOf } from "@flik/shared";
import { useEffect, useRef, useState } from "react";
import { EMPTY_FILE, isAbortError, NOT_AN_IMAGE, uploadMedia } from "../../../lib/media-upload";
import { useFormToasts } from "../../../lib/toast";
import { useFocusWhenClosed } from "../../../lib/use-focus-when-closed";

interface AvatarChangeOptions {
  /** Receives the uploaded 300×300 JPEG's URL; a rejection counts as a failed save. */
  onUploaded: (url: string) => Promise<unknown> | undefined;
  onFailed: (stage: "upload" | "save", error: unknown) => void;
}

/**
 * The photo change of spec §2: a file picker for images only, the square crop dialog, then the upload.
 * Returns the picker's opener and the state that `AvatarChangeElements` renders (the hidden input and
 * the dialog).
 */
export function useAvatarChange({ onUploaded, onFailed }: AvatarChangeOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  // The button that opened the picker is disabled while a photo is chosen, which takes the focus from
  // it before the crop dialog's code has arrived the first time: it gets it back when the dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  useFocusWhenClosed(chosen !== null, () => opener.current);

  useEffect(() => () => upload.current?.abort(), []);
  // Why the last file picked was refused, one at a time: it goes once a photo that will do is picked,
  // not over its crop.
  const refusals = useFormToasts();

  async function apply(avatar: File) {
    const controller = new AbortController();
    upload.current = controller;
    setPercent(0);
    let url: string;
    try {
      url = (await uploadMedia(avatar, { signal: controller.signal, onProgress: setPercent })).secure_url;
    } catch (error) {
      setPercent(null);
      if (!isAbortError(error)) onFailed("upload", error);
      return;
    } finally {
      upload.current = null;
    }
    try {
      await onUploaded(url);
      setChosen(null);
    } catch (error) {
      onFailed("save", error);
    } finally {
      setPercent(null);
    }
  }

  /** The picked file, checked: only images go on to the crop. */
  function pick(file: File | undefined) {
    if (!file) return;
    if (file.size === 0) return refusals.error(EMPTY_FILE);
    if (!fileTypeOf(file).startsWith("image/"))
      return refusals.error("Choose an image for your profile photo.");
    refusals.clear();
    setChosen(file);
  }

  function cancel() {
    upload.current?.abort();
    setChosen(null);
  }

  /** The chosen file would not open as a picture (a renamed file, an iPhone's HEIC): nothing to crop. */
  function unreadable() {
    cancel();
    refusals.error(NOT_AN_IMAGE);
  }

  return {
    choose: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      inputRef.current?.click();
    },
    busy: chosen !== null,
    inputRef,
    chosen,
    percent,
    pick,
    apply: (avatar: File) => void apply(avatar),
    cancel,
    unreadable,
  };
}

export type AvatarChange = ReturnType<typeof useAvatarChange>;
