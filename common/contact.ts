// zod itself, not ./zod.js: that module's top-level z.config() call would put zod's core into
// every public page that takes a constant from here. The jitless setting it makes (CSP: no
// eval) is made by each builder below before it builds a schema.
import { z } from "zod";
import { controlCharacterMessage, isCleanText } from "./text.js";

/**
 * The contact form's input, limits, texts and the staff inbox's record shape.
 *
 * The public contact form imports the constants from here. zod schemas are built on first
 * use by the functions below (not at module load), so a bundle that only takes the constants
 * leaves zod out: a top-level `z.object(...)` call would keep all of zod in the public page.
 */

/** Longest accepted value of each field, in characters (UTF-16 code units, like `maxLength`). */
export const CONTACT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  message: 5000,
} as const;

/**
 * The honeypot: a text field hidden from people (and from assistive technology) that form-filling
 * bots fill in. A submission with any text in it is answered like a success, stored as spam and
 * never delivered.
 */
export const HONEYPOT_FIELD = "website";
export const HONEYPOT_MAX = 2048;

export const CONTACT_FIELD_MESSAGES = {
  firstName: `First name must be ${CONTACT_LIMITS.firstName} characters or less`,
  lastName: `Last name must be ${CONTACT_LIMITS.lastName} characters or less`,
  email: `Email must be ${CONTACT_LIMITS.email} characters or less`,
  emailInvalid: "Email must be a valid email address",
  message: `Message must be ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters or less`,
} as const;

/** Body of POST /api/contact. No field is required (docs/product.md section 8); absent means empty. */
export interface ContactSubmission {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The honeypot; people leave it empty. */
  website: string;
}

/** Answer of POST /api/contact (202). */
export interface ContactAccepted {
  id: string;
}

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

let submissionSchema: ReturnType<typeof buildSubmissionSchema> | undefined;

function buildSubmissionSchema() {
  z.config({ jitless: true });
  return z.strictObject({
    firstName: optionalText(
      "First name",
      CONTACT_LIMITS.firstName,
      CONTACT_FIELD_MESSAGES.firstName,
    ),
    lastName: optionalText("Last name", CONTACT_LIMITS.lastName, CONTACT_FIELD_MESSAGES.lastName),
    email: optionalText("Email", CONTACT_LIMITS.email, CONTACT_FIELD_MESSAGES.email).refine(
      (value) => value === "" || z.email().safeParse(value).success,
      { error: CONTACT_FIELD_MESSAGES.emailInvalid },
    ),
    message: optionalText("Message", CONTACT_LIMITS.message, CONTACT_FIELD_MESSAGES.message, true),
    [HONEYPOT_FIELD]: z
      .string()
      .max(HONEYPOT_MAX)
      .refine((value) => isCleanText(value), { error: controlCharacterMessage("website") })
      .default(""),
  });
}

/** The zod schema of POST /api/contact (built once, on first use). */
export function contactSubmissionSchema() {
  submissionSchema ??= buildSubmissionSchema();
  return submissionSchema;
}

/** Where a stored message stands, as the staff inbox shows it. */
export const DELIVERY_STATUSES = ["pending", "sent", "failed", "spam"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a message is marked as spam: the honeypot was filled, or a staff member marked it. */
export type SpamReason = "honeypot" | "staff";

/** A stored contact message as GET /api/admin/messages returns it. */
export interface ContactMessageRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /**
   * `pending`: not yet tried; `failed`: tried and not delivered yet (retried with backoff);
   * `sent`: delivered; `spam`: never delivered while marked.
   */
  status: DeliveryStatus;
  spamReason: SpamReason | null;
  /** Delivery attempts made so far. */
  attempts: number;
  lastError: string | null;
  /** When the next delivery attempt is due (null once sent). */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** Answer of GET /api/admin/messages. */
export interface ContactMessagePage {
  messages: ContactMessageRecord[];
  /** Pass as `before` to get the next (older) page; null when there is none. */
  nextBefore: string | null;
}

export const MESSAGES_PAGE_DEFAULT = 100;
export const MESSAGES_PAGE_MAX = 500;

let patchSchema: ReturnType<typeof buildPatchSchema> | undefined;

function buildPatchSchema() {
  z.config({ jitless: true });
  return z.strictObject({ spam: z.boolean({ error: "spam must be true or false" }) });
}

/** Body of PATCH /api/admin/messages/:id. */
export function messagePatchSchema() {
  patchSchema ??= buildPatchSchema();
  return patchSchema;
}

let listQuerySchema: ReturnType<typeof buildListQuerySchema> | undefined;

function buildListQuerySchema() {
  z.config({ jitless: true });
  const limitMessage = `limit must be a whole number from 1 to ${MESSAGES_PAGE_MAX}`;
  return z.strictObject({
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
}

/** Query of GET /api/admin/messages. */
export function messageListQuerySchema() {
  listQuerySchema ??= buildListQuerySchema();
  return listQuerySchema;
}
