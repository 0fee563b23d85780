import { useEffect, useState } from "react";
import { type Id, type ToastContent, type ToastOptions, toast as toastify } from "react-toastify/unstyled";

type Show = typeof toastify.error;

/** The toast each text shows in now, to take down when the same text comes again. */
const shownByText = new Map<string, Id>();

/**
 * A kind of toast that shows a text once at a time: the same text again replaces the one shown (which
 * goes as a toast closes), so it is said again, with its full time, instead of being stacked or dropped.
 */
function once(show: Show): Show {
  return (content, options) => {
    if (typeof content !== "string" || options?.toastId !== undefined) return show(content, options);
    const shown = shownByText.get(content);
    if (shown !== undefined && toastify.isActive(shown)) toastify.dismiss(shown);
    const id = show(content, options);
    shownByText.set(content, id);
    return id;
  };
}

/**
 * The app's toasts: react-toastify's, but the same text again while it shows (a wrong password tried
 * twice, a like failing offline on every tap) replaces the one shown instead of stacking copies down a
 * phone's screen over what is under them.
 */
export const toast = Object.assign(
  <T>(content: ToastContent<T>, options?: ToastOptions<T>) => toastify(content, options),
  toastify,
  {
    error: once(toastify.error),
    success: once(toastify.success),
    info: once(toastify.info),
    warning: once(toastify.warning),
  },
);

/**
 * Where the toasts of the signed-out screens (sign-in, sign-up, reset) show: at the top, clear of the
 * form's button at the bottom. Every toast now shows there (app-providers); this keeps those screens so
 * whatever the default becomes.
 */
export const AUTH_TOASTS = { position: "top-center" } as const satisfies ToastOptions;

/**
 * A form's toasts, one outcome at a time: its latest, failure or success, takes down the one before. A
 * stale "Password must be at least 8 characters" never stands beside "Account created", nor the last
 * try's lock ("Too many failed sign-ins…") beside this try's "Incorrect password", contradicting it over
 * the form on a phone. `success` says a success this way; `clear` takes the form's toast down.
 * `failuresGoWithForm` (settings' panels): a failure still shown goes when the form does, not over the
 * next panel ("Current password is incorrect" over Email); a success stays, as it says what was done.
 */
export function useFormToasts(options?: Pick<ToastOptions, "position"> & { failuresGoWithForm?: boolean }) {
  const [{ toasts, clearFailure }] = useState(() => {
    let shown: Id | undefined;
    let failed = false;
    const clear = () => {
      if (shown !== undefined) toastify.dismiss(shown);
      shown = undefined;
    };
    const say = (show: Show, failure: boolean) => (text: string) => {
      clear();
      shown = options?.position ? show(text, { position: options.position }) : show(text);
      failed = failure;
    };
    return {
      toasts: { error: say(toast.error, true), clear, success: say(toast.success, false) },
      clearFailure: () => failed && clear(),
    };
  });
  const goWithForm = options?.failuresGoWithForm;
  useEffect(() => (goWithForm ? () => void clearFailure() : undefined), [goWithForm, clearFailure]);
  return toasts;
}
