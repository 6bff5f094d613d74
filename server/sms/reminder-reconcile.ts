import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { EventContent } from "../../common/content/event.js";
import type { ReminderLead } from "../../common/event-reminders.js";
import { textAsItArrives, countSegments } from "../../common/sms-segments.js";
import type { SendHours } from "../../common/sms-hours.js";
import type { Database, SmsTextsTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { beginsAt, remindAtFor, siteTurn } from "./reminder-times.js";
import { reminderWords } from "./reminder-words.js";
import type { TextsRepository } from "./texts-repository.js";

/**
 * Makes an event's stored reminders (`sms_texts` rows of kind 'reminder') match what the
 * published event and its reminder settings want now: one per session ahead, moved with a moved
 * session, cancelled with a cancelled, postponed or deleted event. Idempotent, and safe on every
 * instance at once: the unique `reminder_key` keeps a session from getting two.
 */

/** An event's reminder settings as staff saved them. */
export interface ReminderSettings {
  enabled: boolean;
  lead: ReminderLead;
  body: string | null;
}

/** The session a reminder's key names (ms), or NaN. */
export function sessionOfKey(key: string | null): number {
  return key === null ? Number.NaN : Date.parse(key.slice(key.lastIndexOf("|") + 1));
}

function reminderKey(eventId: string, start: number): string {
  return `${eventId}|${isoAt(start)}`;
}

/** One session's reminder as the event and the settings want it. */
interface Wanted {
  key: string;
  start: number;
  remindAt: number;
  /** When its recipients are stored. */
  sendAt: number;
  body: string;
  /** Its time has not passed: it may be stored (or moved here) now. */
  ahead: boolean;
}

export interface ReminderReconcilerOptions {
  db: Kysely<Database>;
  clock: () => number;
  siteZone: string;
  publicOrigin: string | undefined;
  texts: TextsRepository;
  /** The program's name, first in every text. */
  programName: () => Promise<string>;
  /** Wakes the sender (a reminder may be due at once). */
  onStored: () => void;
  /** The event as published (null when it is not, or is gone). */
  publishedEvent: (eventId: string) => Promise<EventContent | null>;
  settingsOf: (eventId: string) => Promise<ReminderSettings>;
}

export function createReminderReconciler(options: ReminderReconcilerOptions) {
  const { db, clock, siteZone, texts, publishedEvent, settingsOf } = options;

  function wanted(
    eventId: string,
    event: EventContent,
    settings: ReminderSettings,
    hours: SendHours,
    programName: string,
    now: number,
  ): Wanted[] {
    const result: Wanted[] = [];
    for (const session of event.sessions) {
      const start = Date.parse(session.start);
      const remindAt = remindAtFor(start, settings.lead);
      const turn = siteTurn(remindAt, siteZone, hours);
      const words = reminderWords(settings.body, event, session, options.publicOrigin);
      result.push({
        key: reminderKey(eventId, start),
        start,
        remindAt,
        sendAt: beginsAt(remindAt, siteZone, hours) ?? turn ?? remindAt,
        body: textAsItArrives(words, programName),
        // "Past when published: not sent": its time, moved into the sending hours, is ahead.
        ahead: turn !== null && turn > now,
      });
    }
    return result.sort((a, b) => a.start - b.start);
  }

  const cancelText = (id: string) =>
    db
      .updateTable("sms_texts")
      .set({ state: "cancelled", cancelled_at: isoAt(clock()) })
      .where("id", "=", id)
      .where("state", "=", "scheduled")
      .execute();

  /** A begun reminder's numbers still waiting for their turn stop here (as a cancel does). */
  const cancelWaiting = (id: string) =>
    db
      .updateTable("sms_recipients")
      .set({ status: "cancelled", status_at: isoAt(clock()), delivery_status: "sent" })
      .where("text_id", "=", id)
      .where("handed_at", "is", null)
      .where("delivery_status", "=", "pending")
      .execute();

  /** Points a reminder not yet begun at `want` (a moved session, a new lead, new words). */
  async function point(row: SmsTextsTable, want: Wanted, fromState: "scheduled" | "cancelled") {
    const changes = {
      reminder_key: want.key,
      send_at: isoAt(want.sendAt),
      remind_at: isoAt(want.remindAt),
      body: want.body,
      segments: countSegments(want.body).segments,
    };
    const same =
      row.state === "scheduled" &&
      row.reminder_key === changes.reminder_key &&
      row.send_at === changes.send_at &&
      row.remind_at === changes.remind_at &&
      row.body === changes.body;
    if (same) return;
    if (fromState === "cancelled") {
      // Numbers it once held (cancelled before any was handed over) are stored again at begin.
      await db
        .deleteFrom("sms_recipients")
        .where("text_id", "=", row.id)
        .where("handed_at", "is", null)
        .execute();
    }
    await db
      .updateTable("sms_texts")
      .set({ ...changes, state: "scheduled", cancelled_at: null })
      .where("id", "=", row.id)
      .where("state", "=", fromState)
      .execute();
  }

  async function handedAny(textId: string): Promise<boolean> {
    const row = await db
      .selectFrom("sms_recipients")
      .select("id")
      .where("text_id", "=", textId)
      .where("handed_at", "is not", null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Makes one event's stored reminders match what it and its settings want now. */
  async function reconcileEvent(eventId: string): Promise<void> {
    const now = clock();
    const [event, settings, rows] = await Promise.all([
      publishedEvent(eventId),
      settingsOf(eventId),
      db
        .selectFrom("sms_texts")
        .selectAll()
        .where("kind", "=", "reminder")
        .where("event_id", "=", eventId)
        .execute(),
    ]);
    const wants =
      event && settings.enabled && event.status === "scheduled"
        ? wanted(
            eventId,
            event,
            settings,
            await texts.sendHours(),
            await options.programName(),
            now,
          )
        : [];

    const byKey = new Map(rows.map((row) => [row.reminder_key, row]));
    const matched = new Set<string>();
    const unmatched: Wanted[] = [];
    for (const want of wants) {
      const row = byKey.get(want.key);
      if (!row) {
        if (want.ahead) unmatched.push(want);
        continue;
      }
      matched.add(row.id);
      if (row.state === "scheduled") {
        if (want.ahead) await point(row, want, "scheduled");
        // A new lead or new hours put its time behind us (one already due begins as it is).
        else if (Date.parse(row.send_at) > now) await cancelText(row.id);
      } else if (row.state === "cancelled" && want.ahead && !(await handedAny(row.id))) {
        await point(row, want, "cancelled");
      }
    }

    // Reminders whose session is gone from the list: a moved session takes the next one, in
    // order; a reminder already begun for a session still ahead counts as that session's.
    const left = rows
      .filter((row) => !matched.has(row.id) && row.state !== "cancelled")
      .filter((row) => row.state === "scheduled" || sessionOfKey(row.reminder_key) > now)
      .sort((a, b) => sessionOfKey(a.reminder_key) - sessionOfKey(b.reminder_key));
    const paired = new Set<string>();
    for (const want of unmatched) {
      const row = left.find((candidate) => !paired.has(candidate.id));
      if (!row) break;
      paired.add(row.id);
      want.ahead = false; // taken care of by `row`
      if (row.state === "scheduled") await point(row, want, "scheduled");
    }
    for (const row of rows) {
      if (matched.has(row.id) || paired.has(row.id) || row.state === "cancelled") continue;
      if (row.state === "scheduled") await cancelText(row.id);
      else await cancelWaiting(row.id);
    }

    const fresh = unmatched.filter((want) => want.ahead);
    if (fresh.length === 0) return;
    const at = isoAt(now);
    await db
      .insertInto("sms_texts")
      .values(
        fresh.map((want) => ({
          id: randomUUID(),
          kind: "reminder",
          body: want.body,
          segments: countSegments(want.body).segments,
          created_at: at,
          created_by: null,
          send_at: isoAt(want.sendAt),
          any_hour: 0,
          state: "scheduled",
          cancelled_at: null,
          event_id: eventId,
          reminder_key: want.key,
          remind_at: isoAt(want.remindAt),
        })),
      )
      // Another instance stored it first: one reminder per session, never two.
      .onConflict((conflict) => conflict.column("reminder_key").doNothing())
      .execute();
    if (fresh.some((want) => want.sendAt <= now)) options.onStored();
  }

  /** Every event with a reminder setting or a stored reminder. */
  async function reconcileAll(): Promise<void> {
    const [settings, stored] = await Promise.all([
      db.selectFrom("sms_event_reminders").select("event_id").execute(),
      db
        .selectFrom("sms_texts")
        .select("event_id")
        .distinct()
        .where("kind", "=", "reminder")
        .where("state", "!=", "cancelled")
        .execute(),
    ]);
    const ids = new Set([...settings, ...stored].map((row) => row.event_id));
    for (const id of ids) if (id) await reconcileEvent(id);
  }

  return { reconcileEvent, reconcileAll };
}
