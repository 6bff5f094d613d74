import type { SessionUser, StaffRole } from "./staff-access.js";
import { controlCharacterMessage, isCleanText } from "./text.js";
import { z } from "./zod.js";

/** Staff passwords: at least this long (docs/product.md 5.0), and not a common password (server side). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;
export const EMAIL_MAX = 254;
export const NAME_MAX = 200;

/** An email address as typed (trimmed); the server compares it lower-cased. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required" })
  .max(EMAIL_MAX, { error: `Email must be ${EMAIL_MAX} characters or less` })
  .refine((value) => z.email().safeParse(value).success, {
    error: "Enter an email address like name@example.org",
  });

/** A password being checked: any length, since an old one may be shorter than today's rule. */
export const passwordToCheck = z
  .string({ error: "Password is required" })
  .min(1, { error: "Password is required" })
  .max(PASSWORD_MAX, { error: `Password must be ${PASSWORD_MAX} characters or less` })
  .refine((value) => isCleanText(value), { error: controlCharacterMessage("Password") });

/** A password being chosen (setup, invitation, reset, change). */
export const newPasswordSchema = passwordToCheck.refine((value) => value.length >= PASSWORD_MIN, {
  error: `Password must be at least ${PASSWORD_MIN} characters`,
});

export const nameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, { error: "Name is required" })
  .max(NAME_MAX, { error: `Name must be ${NAME_MAX} characters or less` })
  .refine((value) => isCleanText(value), { error: controlCharacterMessage("Name") });

/** Body of POST /api/session: an email and a password (a password alone is refused). */
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: passwordToCheck,
});

/** Body of POST /api/setup/<token>: the first owner's account. */
export const setupSchema = z.strictObject({
  email: emailSchema,
  name: nameSchema,
  password: newPasswordSchema,
});

export type { SessionUser, StaffRole };

/** The roles an invitation can give: one owner only, so never "owner" (ownership is handed over). */
export const INVITABLE_ROLES = ["administrator", "editor", "contributor"] as const;

/** Body of POST /api/staff/invitations. */
export const invitationSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES, { error: "Role must be administrator, editor or contributor" }),
});

/** Body of POST /api/invitations/<token>: the invited person's name and password. */
export const acceptInvitationSchema = z.strictObject({
  name: nameSchema,
  password: newPasswordSchema,
});

/** Body of POST /api/password-resets. */
export const resetRequestSchema = z.strictObject({ email: emailSchema });

/** Body of POST /api/password-resets/<token>. */
export const resetPasswordSchema = z.strictObject({ password: newPasswordSchema });

/** Body of PATCH /api/staff/:id: a new role (not owner) and/or active or deactivated. */
export const staffPatchSchema = z
  .strictObject({
    role: z.enum(INVITABLE_ROLES, { error: "Role must be administrator, editor or contributor" }),
    active: z.boolean({ error: "active must be true or false" }),
  })
  .partial()
  .refine((patch) => patch.role !== undefined || patch.active !== undefined, {
    error: "Send a role or active",
  });

/** Body of PATCH /api/account: the signed-in person's own name. */
export const accountPatchSchema = z.strictObject({ name: nameSchema });

/** Body of POST /api/account/password: the password in use, and the new one. */
export const passwordChangeSchema = z.strictObject({
  currentPassword: passwordToCheck,
  newPassword: newPasswordSchema,
});
