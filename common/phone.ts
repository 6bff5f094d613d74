/**
 * Phone-number rules of the SMS opt-in (docs/product.md section 8), without zod.
 *
 * The public opt-in form imports this module directly so that its bundle stays small; the zod
 * schema in `common/sms-schemas.ts` and the server use the very same function, so the browser and the
 * server can never disagree about what a valid number is.
 */

export const PHONE_MESSAGES = {
  /** Empty or blank input (or no text at all). */
  required: "Please enter a valid phone number",
  /** Any other input whose digits do not number exactly 10. */
  tenDigits: "Please enter a valid 10-digit phone number",
} as const;

/** The only count of digits accepted (a North American number without the country code). */
export const PHONE_DIGITS = 10;

export type PhoneCheck =
  { ok: true; digits: string; e164: string } | { ok: false; message: string };

/** Digits only: every non-digit (spaces, dashes, brackets, dots, a plus) is dropped. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Checks a phone number as typed: blank is 'Please enter a valid phone number'; otherwise the
 * non-digits are stripped and exactly 10 digits must remain. A valid number comes back in
 * E.164 form (`+1` and the 10 digits).
 */
export function checkPhone(value: unknown): PhoneCheck {
  if (typeof value !== "string" || value.trim() === "") {
    return { ok: false, message: PHONE_MESSAGES.required };
  }
  const digits = phoneDigits(value);
  if (digits.length !== PHONE_DIGITS) return { ok: false, message: PHONE_MESSAGES.tenDigits };
  return { ok: true, digits, e164: `+1${digits}` };
}

/**
 * A sender address from an SMS provider (e.g. Twilio's `From`, already E.164) in the form the
 * subscriber list stores: `+1` and 10 digits for North American numbers (with or without the
 * leading country code), otherwise `+` and the digits as given. Null when there are no digits.
 */
export function toE164(value: string): string | null {
  const digits = phoneDigits(value);
  if (digits === "") return null;
  if (digits.length === PHONE_DIGITS) return `+1${digits}`;
  return `+${digits}`;
}

/** `+12065550100` shown as `(206) 555-0100`; other numbers are shown as stored. */
export function formatPhone(e164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : e164;
}
