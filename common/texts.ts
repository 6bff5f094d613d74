/**
 * The shapes of the texts API (design 13): `POST/GET /api/texts`, `GET/DELETE /api/texts/:id`,
 * `GET/PUT /api/sms/settings`. Zod-free; the schemas are in `texts-schemas.ts`.
 */
import type { SendHours } from "./sms-hours.js";

/** Twilio's names in lower case, plus the app's own (scheduled, waiting, cancelled). */
export const RECIPIENT_STATUSES = [
  "scheduled",
  "waiting",
  "queued",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "cancelled",
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/**
 * A text's own state: scheduled (its time has not come), waiting (due, held by the sending
 * hours), queued (being handed over), sent (every recipient handed over or given up),
 * cancelled.
 */
export type TextStatus = "scheduled" | "waiting" | "queued" | "sent" | "cancelled";

export type TextKind = "staff" | "confirmation" | "opt_out_confirmation" | "reminder";

/** Body of POST /api/texts. */
export interface TextInput {
  body: string;
  /** ISO 8601 with offset; omitted: now. */
  sendAt?: string;
}

/** Answer of POST /api/texts (201). */
export interface TextCreated {
  id: string;
  recipients: number;
  segments: number;
  status: TextStatus;
}

export interface TextSummary {
  id: string;
  kind: TextKind;
  /** The whole text as it arrives. */
  body: string;
  segments: number;
  createdAt: string;
  createdBy: string | null;
  sendAt: string;
  status: TextStatus;
  /** While waiting: when the sending hours let the first recipient's turn come. */
  waitingUntil: string | null;
  recipients: number;
  counts: Partial<Record<RecipientStatus, number>>;
}

export interface TextRecipient {
  phone: string;
  status: RecipientStatus;
  error: string | null;
  statusAt: string;
}

/** One text to one number, as a subscriber's history shows it (and its CSV). */
export interface TextDelivery {
  phone: string;
  textId: string;
  kind: TextKind;
  body: string;
  status: RecipientStatus;
  error: string | null;
  /** When it was handed over, else when it was due. */
  at: string;
}

export interface TextDetail extends TextSummary {
  recipientList: TextRecipient[];
}

/** Answer of GET /api/texts. */
export interface TextList {
  texts: TextSummary[];
  /** Numbers a text sent now would go to. */
  subscribers: number;
  /** The organisation's published name, first in every text (the preview writes it). */
  programName: string;
  /** The sending hours, for every role to read (owner and administrators change them). */
  sendHours: SendHours;
}

/** An inbound text kept for staff (Replies). */
export interface SmsReply {
  id: string;
  phone: string;
  body: string;
  receivedAt: string;
}

export interface SmsSettings {
  sendHours: SendHours;
}
