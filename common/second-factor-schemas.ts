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

/** The name a person gives a passkey, to tell it apart in the list ("Work laptop"). */
export const passkeyNameSchema = z
  .string({ error: "Name the passkey" })
  .trim()
  .min(1, { error: "Name the passkey" })
  .max(100, { error: "A passkey's name must be 100 characters or less" })
  .refine((value) => !/[\p{Cc}]/u.test(value), { error: "Use letters, digits and spaces" });

/**
 * A browser's WebAuthn answer as @simplewebauthn/browser sends it: only its outline is checked
 * here (an id the column holds, the right type); @simplewebauthn/server checks the rest.
 */
const credentialSchema = z.looseObject({
  id: z
    .string({ error: "The passkey's answer is missing" })
    .regex(/^[A-Za-z0-9_-]{1,512}$/, { error: "The passkey's answer is not valid" }),
  rawId: z.string({ error: "The passkey's answer is missing" }).max(512),
  type: z.literal("public-key", { error: "The passkey's answer is not valid" }),
  response: z.looseObject({
    clientDataJSON: z.string({ error: "The passkey's answer is missing" }).max(4096),
  }),
});

/** Body of POST /api/account/passkeys (the registration ceremony's end). */
export const passkeyRegistrationSchema = z.strictObject({
  ticket: ticketSchema,
  name: passkeyNameSchema,
  credential: credentialSchema,
});

/** Body of POST /api/session/passkey/options: none, or the second step's ticket. */
export const passkeyOptionsSchema = z
  .strictObject({ secondStep: ticketSchema.optional() })
  .optional()
  .transform((value) => value ?? {});

/** Body of POST /api/session/passkey: a sign-in by passkey, alone or as the second step. */
export const passkeySignInSchema = z.strictObject({
  ticket: ticketSchema,
  credential: credentialSchema,
  secondStep: ticketSchema.optional(),
});
