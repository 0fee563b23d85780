import { useCallback, useState } from "react";

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

/**
 * A settings form's fields: the ones its member edited, and for the rest the account as it is now (read
 * again while the form is open, after a change made elsewhere), so the form never shows a value since
 * replaced. `changed` is what to send: the edited fields that differ from the account now.
 */
export function useEditedFields<Fields extends Record<string, unknown>>(current: Fields) {
  const [edits, setEdits] = useState<Partial<Fields>>({});
  const values = { ...current, ...edits };
  const edit = useCallback(
    <Key extends keyof Fields>(key: Key, value: Fields[Key]) =>
      setEdits((earlier) => ({ ...earlier, [key]: value })),
    [],
  );
  /** `edit` of one field, for a field's own onChange (or a checker that calls it once the value passes). */
  const setterOf = useCallback(
    <Key extends keyof Fields>(key: Key) =>
      (value: Fields[Key]) =>
        edit(key, value),
    [edit],
  );
  return { values, edit, setterOf, changed: changedFields(current, values) };
}
