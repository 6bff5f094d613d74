import { useEffect, useState } from "react";
import { isoAt, wallClockOf } from "#common/zoned-time";
import { staffTimeZone } from "../entry/entry-state";
import { zoneAround } from "../schema/zone-around";
import { useForm } from "./form-context";
import type { TextField } from "../schema/schema-fields";
import { errorKey, fieldId, type ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";
import parts from "../EditorParts.module.css";

/**
 * A time with offset (an event session's start or end), chosen as a date and a time as the
 * event's place reads them; stored as today, ISO 8601 with the offset in force on that day
 * (common/zoned-time.ts). Keyed on the field's format, so it serves wherever sessions appear.
 */
export function ZonedDateTimeInput({
  field,
  path,
  value,
}: {
  field: TextField;
  path: ValuePath;
  value: unknown;
}) {
  const { errors, onChange, root } = useForm();
  const zone = zoneAround(root, path) ?? staffTimeZone();
  const stored = typeof value === "string" ? value : "";
  const shown = wallClockOf(stored, zone) ?? { date: "", time: "" };
  // What staff chose, kept while one half is still empty.
  const [typed, setTyped] = useState(shown);
  useEffect(() => {
    const next = wallClockOf(stored, zone);
    if (next) setTyped(next);
  }, [stored, zone]);
  const id = fieldId(path);
  const error = errors[errorKey(path)];
  const describedBy = [error ? `${id}-error` : null, `${id}-help`].filter(Boolean).join(" ");
  const change = (part: "date" | "time", text: string) => {
    const next = { ...typed, [part]: text };
    setTyped(next);
    onChange(path, isoAt(next, zone) ?? "");
  };
  return (
    <fieldset className={parts.dateTime} aria-describedby={describedBy}>
      <legend className={styles.label}>
        {field.label}
        <span className={styles.required} aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <p id={`${id}-help`} className={styles.help}>
        In the event&apos;s time zone, {zone}; summer and winter time are worked out from the date.
      </p>
      <div className={parts.dateTimeInputs}>
        <label className={parts.dateTimePart}>
          <span>Date</span>
          <input
            id={id}
            className={styles.input}
            type="date"
            value={typed.date}
            aria-invalid={error ? true : undefined}
            aria-required
            onChange={(event) => change("date", event.target.value)}
          />
        </label>
        <label className={parts.dateTimePart}>
          <span>Time</span>
          <input
            id={`${id}-time`}
            className={styles.input}
            type="time"
            value={typed.time}
            aria-invalid={error ? true : undefined}
            aria-required
            onChange={(event) => change("time", event.target.value)}
          />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
