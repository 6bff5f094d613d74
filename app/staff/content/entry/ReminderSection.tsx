import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  ArrivingText,
  measureText,
  recipientCounts,
  StaffTime,
  TEXT_STATUS_LABELS,
  TextCounts,
  useStaffSession,
} from "~/components/staff";
import { isApiError } from "~/lib/api";
import {
  fillPlaceholders,
  longestReminder,
  REMINDER_LEAD_LABELS,
  REMINDER_LEADS,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
  type EventReminder,
  type ReminderLead,
} from "#common/event-reminders";
import { MAX_SEGMENTS, segmentsLabel, subscribersLabel } from "#common/sms-segments";
import { can } from "#common/staff-access";
import { getReminder, saveReminder } from "./reminder-api";
import staff from "~/components/staff/Staff.module.css";
import styles from "./ReminderSection.module.css";

export const REMINDER_TEXT = {
  heading: "Text subscribers a reminder",
  switchLabel: "Send a reminder before each session",
  lead: "How long before",
  body: "Reminder text",
  useEventText: "Use the text made from the event",
  save: "Save reminder",
  loading: "Loading the reminder...",
  loadFailed: "Could not load the reminder. Please try again.",
  madeFromEvent:
    "Made from the published event: its title, the session's day and time in the event's time zone, its place and its page. Your own words go to every session.",
  placeholders:
    "In your own words, {day}, {time} and {place} become each session's day, time and place, written as in the text made from the event; the counts and the preview show the next session's.",
  notPublished: "Publish the event with a session ahead to have the text made from it.",
  goes: (subscribers: number) =>
    `Goes to ${subscribersLabel(subscribers)} (those subscribed when it goes) before each session. Outside the sending hours it goes at the last allowed minute before its time, never after; a time already past is skipped.`,
  savedOn: "Reminder on: each session ahead has its reminder scheduled.",
  savedOff: "Reminder off: reminders not yet sent are cancelled.",
  noReminders:
    "No reminders yet: they are scheduled when the event is published with the reminder on.",
} as const;

interface Draft {
  enabled: boolean;
  lead: ReminderLead;
  text: string;
}

const draftOf = (reminder: EventReminder): Draft => ({
  enabled: reminder.enabled,
  lead: reminder.lead,
  text: reminder.body ?? reminder.madeFromEvent ?? "",
});

/** Each session's reminder: when it goes and how it went. */
function RemindersTable({ reminder }: { reminder: EventReminder }) {
  if (reminder.reminders.length === 0) {
    return <p className={styles.hint}>{REMINDER_TEXT.noReminders}</p>;
  }
  return (
    <div className={staff.tableWrap} tabIndex={0} role="region" aria-label="Reminders by session">
      <table className={staff.table}>
        <caption>Reminders by session</caption>
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Goes</th>
            <th scope="col">Status</th>
            <th scope="col">Recipients</th>
          </tr>
        </thead>
        <tbody>
          {reminder.reminders.map((session) => (
            <tr key={session.textId}>
              <th scope="row">
                <StaffTime iso={session.sessionStart} />
              </th>
              <td>
                <StaffTime iso={session.sendAt} />
              </td>
              <td>{TEXT_STATUS_LABELS[session.status]}</td>
              <td>
                {subscribersLabel(session.recipients)}: {recipientCounts(session.counts)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An event's text reminder (docs/product.md 5.3a), below its editor: on or off, how long before
 * each session, its words with the live counts and the text as it arrives, and each session's
 * reminder. Saved on its own (the reminder is not part of the event's content).
 */
export function ReminderSection({ eventId }: { eventId: string }) {
  const { user, handleAuthError } = useStaffSession();
  const id = useId();
  const allowed = user !== null && can(user.role, "subscribers");
  const [reminder, setReminder] = useState<EventReminder | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ text: string; key: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    getReminder(eventId, controller.signal).then(
      (loaded) => {
        setReminder(loaded);
        setDraft(draftOf(loaded));
      },
      (caught: unknown) => {
        if (controller.signal.aborted || handleAuthError(caught)) return;
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [allowed, eventId, handleAuthError]);

  if (!allowed) return null;

  const headingId = `${id}-heading`;
  const section = (content: ReactNode) => (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {REMINDER_TEXT.heading}
      </h3>
      {content}
    </section>
  );
  if (failed) {
    return section(
      <p role="alert" className={styles.alert}>
        {REMINDER_TEXT.loadFailed}
      </p>,
    );
  }
  if (!reminder || !draft) {
    return section(
      <p role="status" className={styles.hint}>
        {REMINDER_TEXT.loading}
      </p>,
    );
  }

  const ownWords = draft.text.trim() !== "" && draft.text.trim() !== reminder.madeFromEvent;
  // Staff's words as the next session gets them: its day, time and place filled in.
  const nextText =
    ownWords && reminder.nextSession
      ? fillPlaceholders(draft.text, reminder.nextSession)
      : draft.text;
  const { arrives, counted } = measureText(nextText, reminder.programName);
  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setSaved(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refuse = (message: string) => {
      setError(message);
      bodyRef.current?.focus();
    };
    const unknown = ownWords ? unknownPlaceholders(draft.text) : [];
    if (unknown.length > 0) return refuse(`${unknownPlaceholdersMessage(unknown)}.`);
    // Every session must fit, not only the next one the counts show.
    const longest = longestReminder(
      draft.text,
      reminder.programName,
      ownWords ? reminder.sessionValues : [],
    );
    if (longest.counted.segments > MAX_SEGMENTS) {
      const session = longest.values ? ` for the session on ${longest.values.day}` : "";
      return refuse(
        `The text is ${segmentsLabel(longest.counted.segments)}${session}; at most ${MAX_SEGMENTS} are allowed.`,
      );
    }
    setError(null);
    setSaving(true);
    try {
      const next = await saveReminder(eventId, {
        enabled: draft.enabled,
        lead: draft.lead,
        body: ownWords ? draft.text.trim() : null,
      });
      setReminder(next);
      setDraft(draftOf(next));
      setSaved({
        text: next.enabled ? REMINDER_TEXT.savedOn : REMINDER_TEXT.savedOff,
        key: Date.now(),
      });
    } catch (caught) {
      if (handleAuthError(caught)) return;
      const fields = isApiError(caught) ? caught.fields : undefined;
      setError(
        fields?.body ??
          Object.values(fields ?? {})[0] ??
          (caught instanceof Error ? caught.message : "Could not save the reminder."),
      );
      bodyRef.current?.focus();
    } finally {
      setSaving(false);
    }
  };

  const bodyId = `${id}-body`;
  const countsId = `${id}-counts`;
  const sourceId = `${id}-source`;
  const placeholdersId = `${id}-placeholders`;
  const errorId = `${id}-error`;

  return section(
    <>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          {REMINDER_TEXT.switchLabel}
        </label>
        <fieldset className={styles.choices}>
          <legend>{REMINDER_TEXT.lead}</legend>
          {REMINDER_LEADS.map((lead) => (
            <label key={lead} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-lead`}
                value={lead}
                checked={draft.lead === lead}
                onChange={() => change({ lead })}
              />
              {REMINDER_LEAD_LABELS[lead]}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={bodyId}>
            {REMINDER_TEXT.body}
          </label>
          <p id={sourceId} className={styles.hint}>
            {reminder.madeFromEvent === null
              ? REMINDER_TEXT.notPublished
              : REMINDER_TEXT.madeFromEvent}
          </p>
          <p id={placeholdersId} className={styles.hint}>
            {REMINDER_TEXT.placeholders}
          </p>
          <textarea
            id={bodyId}
            ref={bodyRef}
            className={styles.textarea}
            value={draft.text}
            onChange={(event) => change({ text: event.target.value })}
            aria-invalid={error ? "true" : undefined}
            aria-describedby={[
              sourceId,
              placeholdersId,
              countsId,
              ...(error ? [errorId] : []),
            ].join(" ")}
          />
          <TextCounts id={countsId} counted={counted} />
          {error ? (
            <p id={errorId} className={styles.fieldError}>
              {error}
            </p>
          ) : null}
          {ownWords && reminder.madeFromEvent !== null ? (
            <button
              type="button"
              className={styles.outlineButton}
              onClick={() => change({ text: reminder.madeFromEvent ?? "" })}
            >
              {REMINDER_TEXT.useEventText}
            </button>
          ) : null}
        </div>
        <ArrivingText arrives={arrives}>{REMINDER_TEXT.goes(reminder.subscribers)}</ArrivingText>
        {saved ? (
          <p key={saved.key} className={styles.status} role="status">
            {saved.text}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.primaryButton}
            aria-disabled={saving ? "true" : undefined}
          >
            {REMINDER_TEXT.save}
          </button>
        </div>
      </form>
      <RemindersTable reminder={reminder} />
    </>,
  );
}
