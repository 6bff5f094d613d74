import type { ReactNode } from "react";
import {
  countSegments,
  MAX_SEGMENTS,
  segmentsLabel,
  textAsItArrives,
  type SegmentCount,
} from "#common/sms-segments";
import type { RecipientStatus, TextStatus } from "#common/texts";
import styles from "./TextPreview.module.css";

/**
 * A text as staff write it, measured as it will arrive (the program name first, the opt-out
 * words added): the staff texts page and an event's reminder share it, and the server checks
 * the same count (common/sms-segments.ts).
 */
export interface MeasuredText {
  /** The whole text as it arrives; "" while nothing is written. */
  arrives: string;
  counted: SegmentCount;
  tooLong: boolean;
}

export function measureText(body: string, programName: string): MeasuredText {
  const arrives = body.trim() === "" ? "" : textAsItArrives(body, programName);
  const counted = countSegments(arrives);
  return { arrives, counted, tooLong: counted.segments > MAX_SEGMENTS };
}

/** "142 characters, 1 segment (GSM-7), at most 4": under the text box it counts. */
export function TextCounts({ id, counted }: { id: string; counted: SegmentCount }) {
  return (
    <p id={id} className={styles.counts}>
      {counted.characters} characters, {segmentsLabel(counted.segments)} ({counted.encoding}), at
      most {MAX_SEGMENTS}
    </p>
  );
}

/** "As it will arrive", with a hint below it (who it goes to, when). */
export function ArrivingText({ arrives, children }: { arrives: string; children?: ReactNode }) {
  return (
    <div className={styles.field}>
      <h3 className={styles.label}>As it will arrive</h3>
      <p className={styles.preview}>{arrives === "" ? "(nothing yet)" : arrives}</p>
      {children ? <p className={styles.hint}>{children}</p> : null}
    </div>
  );
}

/** How a text's own status is named to staff. */
export const TEXT_STATUS_LABELS: Readonly<Record<TextStatus, string>> = {
  scheduled: "Scheduled",
  waiting: "Waiting for the sending hours",
  queued: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

const COUNT_ORDER: readonly RecipientStatus[] = [
  "scheduled",
  "waiting",
  "queued",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "cancelled",
];

/** "2 delivered, 1 failed": a text's recipients counted by status. */
export function recipientCounts(counts: Partial<Record<RecipientStatus, number>>): string {
  const parts = COUNT_ORDER.filter((status) => (counts[status] ?? 0) > 0).map(
    (status) => `${counts[status]} ${status}`,
  );
  return parts.length > 0 ? parts.join(", ") : "No recipients";
}
