import { z } from "zod";

export const NUL_CHARACTER_MESSAGE = "Text cannot contain the NUL character (U+0000)";
export const BROKEN_CHARACTER_MESSAGE = "Text cannot contain half of a character (a lone UTF-16 surrogate)";

/** Half of a character: a UTF-16 surrogate without its other half, which would be stored as U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `text` holds half a character (a lone surrogate), which every text field refuses. */
export const hasBrokenCharacter = (text: string): boolean => LONE_SURROGATE.test(text);

/** A field as a message names it: its path, as an error's `field` does (`otp`, `userIds.0`). */
const fieldOf = (path: readonly PropertyKey[] | undefined) => path?.map(String).join(".") || "Value";

/**
 * The start of every text field of every request (bodies, path parameters, query strings, socket
 * payloads): a string without the NUL character. PostgreSQL cannot store U+0000 in text, and nobody types
 * one, so it is a 400 here rather than a database error deeper in. Half a character (a lone surrogate,
 * which only a broken client sends) is refused too, rather than stored silently as U+FFFD. `message` is the answer when the value
 * is missing, or null where there is one ("<field> is required" without one); a value of another type (a
 * number, an object, null) answers "<field> must be text", or `notText` for a field whose own message says
 * it better (a choice). A length rule without a message of its own says "<field> is at most N characters".
 */
export const textSchema = (message?: string, options: { notText?: string } = {}) =>
  z
    .string({
      error: (issue) => {
        // Typed as the type check's alone, it is asked too for a check chained on without words of its
        // own (`.max(255)`): a length said in the field's name.
        const check = issue as z.core.$ZodRawIssue;
        if (check.code === "too_big") return `${fieldOf(check.path)} is at most ${check.maximum} characters`;
        if (check.code !== "invalid_type") return undefined;
        if (issue.input === undefined) return message ?? `${fieldOf(issue.path)} is required`;
        // null is how JSON leaves a value out: a field with its own missing message answers with it.
        if (issue.input === null && message) return message;
        return options.notText ?? `${fieldOf(issue.path)} must be text`;
      },
    })
    .refine((value) => !value.includes("\u0000"), NUL_CHARACTER_MESSAGE)
    .refine((value) => !LONE_SURROGATE.test(value), BROKEN_CHARACTER_MESSAGE);
