import { emailSchema, PASSWORD_MAX } from "./session-schemas.js";
import { z } from "./zod.js";

/** One of the signed-in person's sessions, as `GET /api/account/sessions` lists it. */
export interface OwnSession {
  id: string;
  /** The browser and system in words, from the User-Agent ("Chrome on Android"). */
  device: string;
  /** The address it was last seen from (refreshed at most once a minute). */
  clientAddress: string | null;
  /** When it signed in. */
  createdAt: string;
  lastSeenAt: string;
  /** The session of the browser that asked ("This device"). */
  current: boolean;
}

/** Body of POST /api/account/email: the new address, and the password in use again. */
export const emailChangeSchema = z.strictObject({
  email: emailSchema,
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, { error: "Current password is required" })
    .max(PASSWORD_MAX, { error: `Password must be ${PASSWORD_MAX} characters or less` }),
});
