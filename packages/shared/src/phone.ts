import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { textSchema } from "./text.js";

/**
 * A phone number in international form, normalised to E.164 ("+14155552671"). A number without a
 * leading + is refused: without a country the digits are ambiguous.
 */
export const phoneSchema = textSchema("Phone number is required")
  .trim()
  .min(1, "Phone number is required")
  .max(32, "Enter a valid phone number with its country code, e.g. +1 415 555 2671")
  .refine(
    (value) => value.startsWith("+") && isValidPhoneNumber(value),
    "Enter a valid phone number with its country code, e.g. +1 415 555 2671",
  )
  // A code texted to an extension would reach the switchboard, not the member.
  .refine((value) => !parsePhoneNumberFromString(value)?.ext, "Enter a phone number without an extension")
  .transform((value) => parsePhoneNumberFromString(value)?.number ?? value);

/**
 * A stored number (E.164) as people read and dial it, grouped by its country's plan: "+14155552671"
 * shows as "+1 415 555 2671". A value it cannot read shows as it is.
 */
export const formatPhone = (e164: string) => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

/** POST /user/phone/request-otp. */
export const requestPhoneOtpBody = z.object({ phone: phoneSchema });
export type RequestPhoneOtpBody = z.input<typeof requestPhoneOtpBody>;
