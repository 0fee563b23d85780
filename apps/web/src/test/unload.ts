/** Whether a reload or a closed tab would be asked about first (the browser's "Leave site?"). */
export function unloadIsAsked(): boolean {
  const unload = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
}
