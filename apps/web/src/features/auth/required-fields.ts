/** The product's own word for each empty required field, in the form's order (spec §5: all required). */
export type RequiredMessages<Field extends string> = Record<Field, string>;

/**
 * The fields left empty, each with its message. Only emptiness is checked: every other rule is the
 * server's (spec §5). Passwords count spaces as content; other fields do not.
 */
export function missingFields<Field extends string>(
  values: Record<Field, string>,
  messages: RequiredMessages<Field>,
): Partial<Record<Field, string>> {
  const missing: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(messages) as Field[]) {
    const value = values[field];
    const empty = field === "password" ? value === "" : value.trim() === "";
    if (empty) missing[field] = messages[field];
  }
  return missing;
}

/** Focuses the first field of `form` (in document order) whose name is among `fields`. */
export function focusFirst(form: HTMLFormElement | null, fields: readonly string[]): void {
  if (!form || fields.length === 0) return;
  const elements = [...form.elements].filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement && fields.includes(element.name),
  );
  elements[0]?.focus();
}
