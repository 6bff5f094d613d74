import { eventSchema, type EventContent } from "../../common/content/event.js";
import {
  DEFAULT_REMINDER_LEAD,
  type EventReminder,
  type EventReminderInput,
  type ReminderLead,
  type ReminderValues,
} from "../../common/event-reminders.js";
import { isoAt } from "../db/time.js";
import {
  createReminderReconciler,
  sessionOfKey,
  type ReminderReconcilerOptions,
  type ReminderSettings,
} from "./reminder-reconcile.js";
import { siteTurn } from "./reminder-times.js";
import { reminderFromEvent, reminderValues, type Session } from "./reminder-words.js";

/**
 * Event reminders (docs/decisions/048): one text per session of a published event whose
 * reminder is on, stored as a `sms_texts` row of kind 'reminder' that goes through the same
 * sender as staff texts. Here: their settings, and what the event editor shows of them. Making
 * the stored reminders match the published events is reminder-reconcile.ts's; it runs after
 * every change of the public content, on start, now and then, and when staff change a reminder,
 * on every instance.
 */

const OFF: ReminderSettings = { enabled: false, lead: DEFAULT_REMINDER_LEAD, body: null };

/** The first session starting after `now`, or undefined. */
function nextSessionOf(event: EventContent | null, now: number): Session | undefined {
  return event?.sessions
    .filter((session) => Date.parse(session.start) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
}

/** What the reminders need: the reconciler's own options, less the reads made here. */
export type EventRemindersOptions = Omit<
  ReminderReconcilerOptions,
  "publishedEvent" | "settingsOf"
>;

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

  const { reconcileEvent, reconcileAll } = createReminderReconciler({
    ...options,
    publishedEvent,
    settingsOf,
  });

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
