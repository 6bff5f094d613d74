/**
 * The contact form's limits, texts and the shapes of its API and of the staff inbox's records.
 * Zod-free, so the public contact form can import it; the schemas are in `contact-schemas.ts`.
 */

/** Longest accepted value of each field, in characters (UTF-16 code units, like `maxLength`). */
export const CONTACT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  message: 5000,
  /** The course an Inquire asked about (its title, as the contact page shows it). */
  course: 120,
} as const;

/**
 * The honeypot: a text field hidden from people (and from assistive technology) that form-filling
 * bots fill in. A submission with any text in it is answered like a success, stored as spam and
 * never delivered.
 */
export const HONEYPOT_FIELD = "website";
export const HONEYPOT_MAX = 2048;

/**
 * "5000" as "5,000", as `toLocaleString("en-US")` writes it but without `Intl`: the public form
 * imports this module, and a browser's first `Intl` call loads locale data on the main thread
 * (tens of milliseconds on a slow phone, docs/decisions/053).
 */
function withThousandsSeparators(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export const CONTACT_FIELD_MESSAGES = {
  firstName: `First name must be ${CONTACT_LIMITS.firstName} characters or less`,
  lastName: `Last name must be ${CONTACT_LIMITS.lastName} characters or less`,
  email: `Email must be ${CONTACT_LIMITS.email} characters or less`,
  emailInvalid: "Email must be a valid email address",
  message: `Message must be ${withThousandsSeparators(CONTACT_LIMITS.message)} characters or less`,
  course: `Course must be ${CONTACT_LIMITS.course} characters or less`,
} as const;

/** How a message names the course it is about: "About: AI for Everyone". */
export function aboutCourse(course: string): string {
  return `About: ${course}`;
}

/** Body of POST /api/contact. No field is required (docs/product.md section 8); absent means empty. */
export interface ContactSubmission {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The course the visitor pressed Inquire on (its title); absent or empty: none. */
  course?: string;
  /** The honeypot; people leave it empty. */
  website: string;
}

/** Answer of POST /api/contact (202). */
export interface ContactAccepted {
  id: string;
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
  /** The course the visitor asked about (Inquire), or null. */
  course: string | null;
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
