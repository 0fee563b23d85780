/**
 * A module (or anything made from one) loaded the first time it is needed, once: what only some
 * requests use (image decoding, mail, the PostgreSQL driver on the embedded database) is not loaded as
 * the server starts, which a restart waits for.
 */
export function loadedLater<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}
