import {
  CONTACT_FIELD_MESSAGES,
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  HONEYPOT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
} from "./contact.js";
import { controlCharacterMessage, isCleanText } from "./text.js";
import { z } from "./zod.js";

/** The zod schemas of the contact API; the limits and texts they use are in `contact.ts`. */

function optionalText(label: string, max: number, tooLong: string, multiline = false) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => isCleanText(value, { multiline }), {
      error: controlCharacterMessage(label),
    })
    .default("");
}

/** Body of POST /api/contact. */
export const contactSubmissionSchema = z.strictObject({
  firstName: optionalText("First name", CONTACT_LIMITS.firstName, CONTACT_FIELD_MESSAGES.firstName),
  lastName: optionalText("Last name", CONTACT_LIMITS.lastName, CONTACT_FIELD_MESSAGES.lastName),
  email: optionalText("Email", CONTACT_LIMITS.email, CONTACT_FIELD_MESSAGES.email).refine(
    (value) => value === "" || z.email().safeParse(value).success,
    { error: CONTACT_FIELD_MESSAGES.emailInvalid },
  ),
  message: optionalText("Message", CONTACT_LIMITS.message, CONTACT_FIELD_MESSAGES.message, true),
  course: optionalText("Course", CONTACT_LIMITS.course, CONTACT_FIELD_MESSAGES.course),
  [HONEYPOT_FIELD]: z
    .string()
    .max(HONEYPOT_MAX)
    .refine((value) => isCleanText(value), { error: controlCharacterMessage("website") })
    .default(""),
});

/** Body of PATCH /api/admin/messages/:id. */
export const messagePatchSchema = z.strictObject({
  spam: z.boolean({ error: "spam must be true or false" }),
});

const limitMessage = `limit must be a whole number from 1 to ${MESSAGES_PAGE_MAX}`;

/** Query of GET /api/admin/messages. */
export const messageListQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(MESSAGES_PAGE_MAX, { error: limitMessage })
    .default(MESSAGES_PAGE_DEFAULT),
  before: z
    .string()
    .max(200, { error: "before is not a valid cursor" })
    .refine((value) => isCleanText(value), { error: "before is not a valid cursor" })
    .optional(),
});
