/**
 * The event reminders' API shapes (docs/product.md, texts): `GET/PUT
 * /api/texts/reminders/:eventId`. Zod-free; the schema is in `event-reminders-schemas.ts`.
 */
import type { RecipientStatus, TextStatus } from "./texts.js";

export const REMINDER_LEADS = ["1d", "2d", "3h"] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];
export const DEFAULT_REMINDER_LEAD: ReminderLead = "1d";

/** How the editor names each lead. */
export const REMINDER_LEAD_LABELS: Readonly<Record<ReminderLead, string>> = {
  "1d": "1 day before",
  "2d": "2 days before",
  "3h": "3 hours before",
};

/** Body of PUT /api/texts/reminders/:eventId. */
export interface EventReminderInput {
  enabled: boolean;
  lead: ReminderLead;
  /** Staff's own words (sent as written for every session); null: the text made from the event. */
  body: string | null;
}

/** One session's reminder as staff see it. */
export interface SessionReminder {
  textId: string;
  /** The session it reminds of (ISO). */
  sessionStart: string;
  /** When it goes in the site's zone (a number in a zone that closes earlier goes earlier). */
  sendAt: string;
  status: TextStatus;
  recipients: number;
  counts: Partial<Record<RecipientStatus, number>>;
}

/** Answer of GET and PUT /api/texts/reminders/:eventId. */
export interface EventReminder {
  eventId: string;
  enabled: boolean;
  lead: ReminderLead;
  body: string | null;
  /**
   * The text made from the published event for its next session, before the program name and
   * the opt-out words are added; null when the event is not published or has no session ahead.
   */
  madeFromEvent: string | null;
  /** The organisation's published name, first in every text (the preview writes it). */
  programName: string;
  /** Numbers a reminder stored now would go to. */
  subscribers: number;
  /** Each session's reminder, cancelled ones too, by session. */
  reminders: SessionReminder[];
}
