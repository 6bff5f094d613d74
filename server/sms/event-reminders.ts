import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { eventSchema, type EventContent } from "../../common/content/event.js";
import { sessionDateLine, sessionTimeLine } from "../../common/event-dates.js";
import { eventPagePath } from "../../common/event-paths.js";
import {
  DEFAULT_REMINDER_LEAD,
  fillPlaceholders,
  type EventReminder,
  type EventReminderInput,
  type ReminderLead,
  type ReminderValues,
} from "../../common/event-reminders.js";
import { countSegments, textAsItArrives } from "../../common/sms-segments.js";
import type { SendHours } from "../../common/sms-hours.js";
import type { Database, SmsTextsTable } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { beginsAt, remindAtFor, siteTurn } from "./reminder-times.js";
import type { TextsRepository } from "./texts-repository.js";

/**
 * Event reminders (docs/decisions/048): one text per session of a published event whose
 * reminder is on, stored as a `sms_texts` row of kind 'reminder' that goes through the same
 * sender as staff texts. `reconcile` makes the stored reminders match the published events;
 * it runs after every change of the public content, on start, now and then, and when staff
 * change a reminder, on every instance: it is idempotent, and the unique `reminder_key`
 * ("<event id>|<session start>") keeps two instances from storing one session's reminder twice.
 */

export interface ReminderSettings {
  enabled: boolean;
  lead: ReminderLead;
  body: string | null;
}

const OFF: ReminderSettings = { enabled: false, lead: DEFAULT_REMINDER_LEAD, body: null };

type Session = EventContent["sessions"][number];

/**
 * One session's day, time (in the event's zone, or the line staff wrote for it) and place: the
 * words of the text made from the event, and what {day}, {time} and {place} become in staff's.
 */
export function reminderValues(event: EventContent, session: Session): ReminderValues {
  return {
    day: session.dateLabel ?? sessionDateLine(session, event.timezone),
    time: session.timeLabel ?? sessionTimeLine(session, event.timezone),
    place: [event.location.name, event.location.streetAddress, event.location.city]
      .filter((part) => part)
      .join(", "),
  };
}

/** The reminder's words made from the event for one session (before the program name). */
export function reminderFromEvent(
  event: EventContent,
  session: Session,
  publicOrigin: string | undefined,
): string {
  const { day, time, place } = reminderValues(event, session);
  const page = publicOrigin ? ` ${publicOrigin}${eventPagePath(event.slug)}` : "";
  return `Reminder: ${event.title}, ${day}, ${time}, at ${place}.${page}`;
}

/** The words one session's reminder carries: staff's with its values filled, or the made text. */
export function reminderWords(
  body: string | null,
  event: EventContent,
  session: Session,
  publicOrigin: string | undefined,
): string {
  return body === null
    ? reminderFromEvent(event, session, publicOrigin)
    : fillPlaceholders(body, reminderValues(event, session));
}

/** The first session starting after `now`, or undefined. */
function nextSessionOf(event: EventContent | null, now: number): Session | undefined {
  return event?.sessions
    .filter((session) => Date.parse(session.start) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
}

/** The session a reminder's key names (ms), or NaN. */
function sessionOfKey(key: string | null): number {
  return key === null ? Number.NaN : Date.parse(key.slice(key.lastIndexOf("|") + 1));
}

export function reminderKey(eventId: string, start: number): string {
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

export interface EventRemindersOptions {
  db: Kysely<Database>;
  clock: () => number;
  siteZone: string;
  publicOrigin: string | undefined;
  texts: TextsRepository;
  /** The program's name, first in every text. */
  programName: () => Promise<string>;
  /** Wakes the sender (a reminder may be due at once). */
  onStored: () => void;
}

export type EventReminders = ReturnType<typeof createEventReminders>;

export function createEventReminders(options: EventRemindersOptions) {
  const { db, clock, siteZone, texts } = options;

  const parseEvent = (json: string | null): EventContent | null => {
    if (json === null) return null;
    const parsed = eventSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  };

  /** The event as published, and its draft (null when none, or not yet a valid event). */
  async function eventVersions(
    eventId: string,
  ): Promise<{ published: EventContent | null; draft: EventContent | null }> {
    // Read from the content's own table: the published snapshot has no entry ids.
    const row = await db
      .selectFrom("content_entries")
      .select(["data", "draft", "status", "deleted_at"])
      .where("id", "=", eventId)
      .where("collection", "=", "events")
      .executeTakeFirst();
    if (!row || row.deleted_at !== null) return { published: null, draft: null };
    return {
      published: row.status === "published" ? parseEvent(row.data) : null,
      draft: parseEvent(row.draft),
    };
  }

  async function publishedEvent(eventId: string): Promise<EventContent | null> {
    return (await eventVersions(eventId)).published;
  }

  async function eventExists(eventId: string): Promise<boolean> {
    const row = await db
      .selectFrom("content_entries")
      .select("id")
      .where("id", "=", eventId)
      .where("collection", "=", "events")
      .executeTakeFirst();
    return row !== undefined;
  }

  async function settingsOf(eventId: string): Promise<ReminderSettings> {
    const row = await db
      .selectFrom("sms_event_reminders")
      .selectAll()
      .where("event_id", "=", eventId)
      .executeTakeFirst();
    if (!row) return OFF;
    return { enabled: Number(row.enabled) === 1, lead: row.lead as ReminderLead, body: row.body };
  }

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

  async function view(eventId: string): Promise<EventReminder> {
    const now = clock();
    const [settings, versions, reminders, subscribers, programName] = await Promise.all([
      settingsOf(eventId),
      eventVersions(eventId),
      texts.reminders(eventId),
      texts.subscribedCount(),
      options.programName(),
    ]);
    const { published: event, draft } = versions;
    const next = nextSessionOf(event, now);
    // Before the first publish the preview still fills the placeholders, from the draft.
    const previewed = next ? event : draft;
    const previewNext = next ?? nextSessionOf(draft, now);
    const hours = await texts.sendHours();
    return {
      eventId,
      ...settings,
      madeFromEvent: event && next ? reminderFromEvent(event, next, options.publicOrigin) : null,
      nextSession: previewed && previewNext ? reminderValues(previewed, previewNext) : null,
      sessionValues: sessionValuesOf(versions),
      programName,
      subscribers,
      reminders: reminders
        .map((text) => {
          const turn = text.remindAt ? siteTurn(Date.parse(text.remindAt), siteZone, hours) : null;
          return {
            textId: text.id,
            sessionStart: isoAt(sessionOfKey(text.reminderKey)),
            sendAt: turn === null ? text.sendAt : isoAt(turn),
            status: text.status,
            recipients: text.recipients,
            counts: text.counts,
          };
        })
        .sort((a, b) => a.sessionStart.localeCompare(b.sessionStart)),
    };
  }

  /**
   * What the placeholders become for every session of the event, as published and in its draft
   * (the draft is published later), each distinct set once: what the segment limit is checked on.
   */
  function sessionValuesOf(versions: {
    published: EventContent | null;
    draft: EventContent | null;
  }): ReminderValues[] {
    const all = [versions.published, versions.draft].flatMap((event) =>
      event ? event.sessions.map((session) => reminderValues(event, session)) : [],
    );
    const seen = new Set<string>();
    return all.filter((values) => {
      const key = JSON.stringify(values);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** Stores staff's settings; what changed, for the audit log. */
  async function save(
    eventId: string,
    input: EventReminderInput,
  ): Promise<{ before: ReminderSettings; after: ReminderSettings }> {
    const before = await settingsOf(eventId);
    const at = isoAt(clock());
    const values = { enabled: input.enabled ? 1 : 0, lead: input.lead, body: input.body };
    await db
      .insertInto("sms_event_reminders")
      .values({ event_id: eventId, ...values, updated_at: at })
      .onConflict((conflict) =>
        conflict.column("event_id").doUpdateSet({ ...values, updated_at: at }),
      )
      .execute();
    await reconcileEvent(eventId);
    return { before, after: { enabled: input.enabled, lead: input.lead, body: input.body } };
  }

  return { eventExists, settingsOf, reconcileEvent, reconcileAll, view, save };
}
