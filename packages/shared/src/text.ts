import { z } from "zod";

export const NUL_CHARACTER_MESSAGE = "Text cannot contain the NUL character (U+0000)";

/**
 * What a text box keeps of typed or pasted text: everything but U+0000, which no one means to type
 * (pasted from a binary file or a terminal) and every request refuses, and which no one can see to remove.
 */
export const withoutNul = (text: string) => text.replaceAll("\u0000", "");

/**
 * The start of every text field of every request (bodies, path parameters, query strings, socket
 * payloads): a string without the NUL character. PostgreSQL cannot store U+0000 in text, and nobody types
 * one, so it is a 400 here rather than a database error deeper in. `message` is the answer when the value
 * is missing or not a string.
 */
export const textSchema = (message?: string) =>
  z.string(message).refine((value) => !value.includes("\u0000"), NUL_CHARACTER_MESSAGE);
