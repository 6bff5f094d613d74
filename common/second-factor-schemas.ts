import { passwordToCheck } from "./session-schemas.js";
import { z } from "./zod.js";

const ticketSchema = z
  .string({ error: "Sign in again" })
  .min(1, { error: "Sign in again" })
  .max(128, { error: "Sign in again" });

/** A TOTP code (6 digits) or a recovery code (16 letters and digits, dashes and spaces allowed). */
export const factorCodeSchema = z
  .string({ error: "Code is required" })
  .trim()
  .min(1, { error: "Code is required" })
  .max(40, { error: "Enter the 6-digit code or a recovery code" })
  .refine(
    (value) => /^\d{6}$/.test(value.replace(/\s/g, "")) || /^[a-z0-9\s-]{16,}$/i.test(value),
    {
      error: "Enter the 6-digit code or a recovery code",
    },
  );

/** Body of POST /api/session/mfa. */
export const secondStepSchema = z.strictObject({ ticket: ticketSchema, code: factorCodeSchema });

/** Body of every change of a factor: the password again (re-authentication). */
export const reauthSchema = z.strictObject({ password: passwordToCheck });

/** Body of POST /api/account/totp/confirm. */
export const totpConfirmSchema = z.strictObject({
  code: z
    .string({ error: "Code is required" })
    .trim()
    .regex(/^\d{6}$/, { error: "Enter the 6 digits your app shows" }),
});

/** Body of PUT /api/staff/factor-policy (owner). */
export const factorPolicySchema = z.strictObject({
  requiredOfEveryone: z.boolean({ error: "Say true or false" }),
});
