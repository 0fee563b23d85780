/**
 * The fields of `edited` whose values differ from `saved` (what the form opened with): a settings form
 * sends only what its member changed, so a page left open since before a change made elsewhere (another
 * tab, another device) never puts back what it showed (making a private account public again, say).
 */
export function changedFields<Fields extends Record<string, unknown>>(
  saved: Fields,
  edited: Fields,
): Partial<Fields> {
  const changed: Partial<Fields> = {};
  for (const key of Object.keys(edited) as (keyof Fields)[]) {
    if (!Object.is(edited[key], saved[key])) changed[key] = edited[key];
  }
  return changed;
}
