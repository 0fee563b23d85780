import { z } from "zod";

export const NUL_CHARACTER_MESSAGE = "Text cannot contain the NUL character (U+0000)";

/**
 * The start of every text field of every request (bodies, path parameters, query strings, socket
 * payloads): a string without the NUL character. PostgreSQL cannot store U+0000 in text, and nobody types
 * one, so it is a 400 here rather than a database error deeper in. `message` is the answer when the value
 * is missing or not a string.
 */
export const textSchema = (message?: string) =>
  z.string(message).refine((value) => !value.includes("\u0000"), NUL_CHARACTER_MESSAGE);
