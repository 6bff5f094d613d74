import { useId, type FormEvent, type ReactNode, type Ref } from "react";
import {
  SUMMARY_MAX,
  TITLE_MAX,
  UPDATE_STATUSES,
  UPDATE_TYPES,
  URL_MAX,
  type UpdateStatus,
  type UpdateType,
} from "#common/updates";
import { Field } from "~/components/staff";
import type { FieldErrors, UpdateFieldName, UpdateFormValues } from "./form-values";
import styles from "./AdminUpdates.module.css";
// The content editor's picker, the one 'Choose from library' staff know (decision 030).
import { MediaPicker } from "../content/media/MediaPicker";
import { libraryImageUrl } from "./library-image";

const TYPE_OPTION_LABELS: Record<UpdateType, string> = {
  news: "News",
  current_project: "Current project",
  completed_project: "Completed project",
  media: "Media",
};

const STATUS_OPTION_LABELS: Record<UpdateStatus, string> = {
  published: "Published",
  draft: "Draft",
};

export interface UpdateFormProps {
  mode: "create" | "edit";
  values: UpdateFormValues;
  fieldErrors: FieldErrors;
  /** Messages for the form's alert; `alertKey` changes with every new alert. */
  alert: { messages: string[]; key: number } | null;
  saving: boolean;
  titleRef: Ref<HTMLInputElement>;
  onChange: <K extends UpdateFieldName>(name: K, value: UpdateFormValues[K]) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The ids of a field and of its error, and its aria attributes, for the form's own controls. */
function fieldWiring(formId: string, fieldErrors: FieldErrors) {
  const fieldId = (name: UpdateFieldName) => `${formId}-${name}`;
  const errorId = (name: UpdateFieldName) => `${formId}-${name}-error`;
  return {
    fieldId,
    /** aria-invalid and aria-describedby for a field, plus its own hint ids. */
    describe: (name: UpdateFieldName, ...hintIds: string[]) => {
      const invalid = Boolean(fieldErrors[name]);
      const ids = [...hintIds, ...(invalid ? [errorId(name)] : [])];
      return {
        "aria-invalid": invalid ? ("true" as const) : undefined,
        "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
      };
    },
    fieldError: (name: UpdateFieldName) =>
      fieldErrors[name] ? (
        <p id={errorId(name)} className={styles.fieldError}>
          {fieldErrors[name]}
        </p>
      ) : null,
  };
}

type FieldWiring = ReturnType<typeof fieldWiring>;

/** Create/edit form for one update; validation and saving live in the caller. */
export function UpdateForm({
  mode,
  values,
  fieldErrors,
  alert,
  saving,
  titleRef,
  onChange,
  onSubmit,
  onCancel,
}: UpdateFormProps) {
  const id = useId();
  const wiring = fieldWiring(id, fieldErrors);
  const { fieldId } = wiring;
  const headingId = `${id}-heading`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };

  return (
    <section className={styles.formSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {mode === "edit" ? "Edit update" : "New update"}
      </h2>
      <form className={styles.form} noValidate onSubmit={submit}>
        <ChoiceField
          name="type"
          label="Type"
          options={UPDATE_TYPES}
          labels={TYPE_OPTION_LABELS}
          value={values.type}
          onChange={(type) => onChange("type", type)}
          wiring={wiring}
        />

        <Field
          ref={titleRef}
          id={fieldId("title")}
          label="Title"
          type="text"
          name="title"
          required
          maxLength={TITLE_MAX}
          value={values.title}
          onChange={(event) => onChange("title", event.target.value)}
          error={fieldErrors.title}
        />

        <SummaryField
          value={values.summary}
          onChange={(summary) => onChange("summary", summary)}
          wiring={wiring}
        />

        <Field
          id={fieldId("url")}
          label="URL"
          hint="Optional. Where the update links to, starting with https:// or http://."
          type="url"
          name="url"
          inputMode="url"
          autoComplete="off"
          maxLength={URL_MAX}
          placeholder="https://"
          value={values.url}
          onChange={(event) => onChange("url", event.target.value)}
          error={fieldErrors.url}
        />

        <ImageField
          value={values.image_url}
          onChange={(imageUrl) => onChange("image_url", imageUrl)}
          wiring={wiring}
        />

        <div className={styles.fieldRow}>
          <ChoiceField
            name="status"
            label="Status"
            options={UPDATE_STATUSES}
            labels={STATUS_OPTION_LABELS}
            value={values.status}
            onChange={(status) => onChange("status", status)}
            wiring={wiring}
          />

          <Field
            id={fieldId("published_at")}
            label="Published at"
            type="datetime-local"
            name="published_at"
            required
            value={values.published_at}
            onChange={(event) => onChange("published_at", event.target.value)}
            error={fieldErrors.published_at}
          />
        </div>

        <div className={styles.checkboxField}>
          <input
            id={fieldId("featured")}
            className={styles.checkbox}
            type="checkbox"
            name="featured"
            checked={values.featured}
            onChange={(event) => onChange("featured", event.target.checked)}
            {...wiring.describe("featured")}
          />
          <label htmlFor={fieldId("featured")}>Featured</label>
          {wiring.fieldError("featured")}
        </div>

        <FormAlert alert={alert} />

        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.primaryButton}
            aria-disabled={saving ? "true" : undefined}
          >
            {mode === "edit" ? "Save changes" : "Create update"}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

/** A labelled choice among fixed options (the type, the status). */
function ChoiceField<Name extends "type" | "status", Option extends string>({
  name,
  label,
  options,
  labels,
  value,
  onChange,
  wiring,
}: {
  name: Name;
  label: string;
  options: readonly Option[];
  labels: Record<Option, string>;
  value: Option;
  onChange: (value: Option) => void;
  wiring: FieldWiring;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={wiring.fieldId(name)} className={styles.label}>
        {label}
      </label>
      <select
        id={wiring.fieldId(name)}
        className={styles.input}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as Option)}
        {...wiring.describe(name)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
      {wiring.fieldError(name)}
    </div>
  );
}

/** The summary with its live character count (read with the field). */
function SummaryField({
  value,
  onChange,
  wiring,
}: {
  value: string;
  onChange: (value: string) => void;
  wiring: FieldWiring;
}) {
  const counterId = `${wiring.fieldId("summary")}-counter`;
  return (
    <div className={styles.field}>
      <label htmlFor={wiring.fieldId("summary")} className={styles.label}>
        Summary
      </label>
      <textarea
        id={wiring.fieldId("summary")}
        className={`${styles.input} ${styles.textarea}`}
        name="summary"
        required
        rows={4}
        maxLength={SUMMARY_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...wiring.describe("summary", counterId)}
      />
      <p
        id={counterId}
        className={value.length >= SUMMARY_MAX ? styles.counterFull : styles.counter}
      >
        {value.length}/{SUMMARY_MAX} characters
      </p>
      {wiring.fieldError("summary")}
    </div>
  );
}

/** The image's address, typed or picked from the media library. */
function ImageField({
  value,
  onChange,
  wiring,
}: {
  value: string;
  onChange: (value: string) => void;
  wiring: FieldWiring;
}) {
  const hintId = `${wiring.fieldId("image_url")}-hint`;
  return (
    <div className={styles.field}>
      <label htmlFor={wiring.fieldId("image_url")} className={styles.label}>
        Image URL
      </label>
      <input
        id={wiring.fieldId("image_url")}
        className={styles.input}
        // Text, not url: a library pick is an address on this site (/media/...).
        type="text"
        name="image_url"
        inputMode="url"
        autoComplete="off"
        maxLength={URL_MAX}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...wiring.describe("image_url", hintId)}
      />
      <p id={hintId} className={styles.hint}>
        Optional. An image shown beside the update in the strip: choose one from the media library,
        or paste its address.
      </p>
      <MediaPicker fieldLabel="the update" onChoose={(item) => onChange(libraryImageUrl(item))} />
      {wiring.fieldError("image_url")}
    </div>
  );
}

/** Everything the save refused, one line each; a new key makes screen readers say it again. */
function FormAlert({ alert }: { alert: UpdateFormProps["alert"] }): ReactNode {
  if (!alert) return null;
  return (
    <div key={alert.key} className={styles.alert} role="alert">
      {alert.messages.map((message) => (
        <p key={message} className={styles.alertLine}>
          {message}
        </p>
      ))}
    </div>
  );
}
