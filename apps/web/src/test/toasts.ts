/** The texts of the toasts shown, leaving out those on their way out (jsdom never ends their exit). */
export function shownToasts(): (string | undefined)[] {
  return Array.from(document.querySelectorAll('.Toastify__toast:not([class*="-exit"])')).map((toast) =>
    toast.textContent?.trim(),
  );
}
