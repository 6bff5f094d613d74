import { useId, useRef, useState, type FormEvent } from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { minutesOfDay, type SendHours } from "#common/sms-hours";
import { can } from "#common/staff-access";
import { saveSendHours } from "./api";
import styles from "./AdminTexts.module.css";

export const SENDING_HOURS_TEXT = {
  explain:
    "Texts reach phones only between these times, in the site's time zone and in the zone of each US number's area code. A text due outside them waits; an event reminder goes at the last allowed minute before its time. Confirmations and answers go at any hour.",
  readOnly: (hours: SendHours) =>
    `Texts reach phones between ${hours.from} and ${hours.to}. The owner and administrators change these hours.`,
  missing: (name: string) => `${name} must be a time of day such as 09:00.`,
  order: "From must be before To.",
  saved: (hours: SendHours) => `Sending hours saved: ${hours.from} to ${hours.to}.`,
} as const;

/**
 * The sending hours (`PUT /api/sms/settings`): the owner and administrators change them; every
 * other role reads them.
 */
export function SendingHours({
  hours,
  onSaved,
}: {
  hours: SendHours;
  onSaved: (hours: SendHours) => void;
}) {
  const { user, handleAuthError } = useStaffSession();
  const id = useId();
  const [from, setFrom] = useState(hours.from);
  const [to, setTo] = useState(hours.to);
  const [error, setError] = useState<{ field: "from" | "to"; text: string } | null>(null);
  const [saved, setSaved] = useState<{ text: string; key: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);

  if (!user || !can(user.role, "sms-settings")) {
    return <p className={styles.hint}>{SENDING_HOURS_TEXT.readOnly(hours)}</p>;
  }

  const fail = (field: "from" | "to", text: string) => {
    setError({ field, text });
    setSaved(null);
    (field === "from" ? fromRef : toRef).current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const start = minutesOfDay(from);
    const end = minutesOfDay(to);
    if (start === null) return fail("from", SENDING_HOURS_TEXT.missing("From"));
    if (end === null) return fail("to", SENDING_HOURS_TEXT.missing("To"));
    if (start >= end) return fail("to", SENDING_HOURS_TEXT.order);
    setError(null);
    setSaving(true);
    try {
      const settings = await saveSendHours({ from, to });
      setSaved({ text: SENDING_HOURS_TEXT.saved(settings.sendHours), key: Date.now() });
      onSaved(settings.sendHours);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      const fields = isApiError(caught) ? caught.fields : undefined;
      const field = fields?.["sendHours.from"] ? "from" : "to";
      fail(
        field,
        fields?.[`sendHours.${field}`] ??
          (caught instanceof Error ? caught.message : "Could not save the sending hours."),
      );
    } finally {
      setSaving(false);
    }
  };

  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const input = (field: "from" | "to", label: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        ref={field === "from" ? fromRef : toRef}
        type="time"
        step={60}
        className={styles.input}
        value={field === "from" ? from : to}
        onChange={(event) => {
          (field === "from" ? setFrom : setTo)(event.target.value);
          setSaved(null);
        }}
        aria-invalid={error?.field === field ? "true" : undefined}
        aria-describedby={[helpId, ...(error?.field === field ? [errorId] : [])].join(" ")}
      />
    </div>
  );

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p id={helpId} className={styles.hint}>
        {SENDING_HOURS_TEXT.explain}
      </p>
      <div className={styles.hoursFields}>
        {input("from", "From")}
        {input("to", "To")}
      </div>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error.text}
        </p>
      ) : null}
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
          Save sending hours
        </button>
      </div>
    </form>
  );
}
