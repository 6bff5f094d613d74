import type { ReactNode } from "react";
import {
  countSegments,
  MAX_SEGMENTS,
  segmentsLabel,
  textAsItArrives,
  type SegmentCount,
} from "#common/sms-segments";
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
