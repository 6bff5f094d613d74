import { useId, type FormEvent, type Ref } from "react";
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
import { MediaPicker } from "../admin-content/MediaPicker";
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
  const fieldId = (name: UpdateFieldName) => `${id}-${name}`;
  const errorId = (name: UpdateFieldName) => `${id}-${name}-error`;
  const headingId = `${id}-heading`;
  const counterId = `${id}-summary-counter`;
  const imageHintId = `${id}-image-hint`;

  /** aria-invalid and aria-describedby for a field, plus its own hint ids. */
  const describe = (name: UpdateFieldName, ...hintIds: string[]) => {
    const invalid = Boolean(fieldErrors[name]);
    const ids = [...hintIds, ...(invalid ? [errorId(name)] : [])];
    return {
      "aria-invalid": invalid ? ("true" as const) : undefined,
      "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
    };
  };

  const fieldError = (name: UpdateFieldName) =>
    fieldErrors[name] ? (
      <p id={errorId(name)} className={styles.fieldError}>
        {fieldErrors[name]}
      </p>
    ) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };

  const summaryLength = values.summary.length;

  return (
    <section className={styles.formSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {mode === "edit" ? "Edit update" : "New update"}
      </h2>
      <form className={styles.form} noValidate onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={fieldId("type")} className={styles.label}>
            Type
          </label>
          <select
            id={fieldId("type")}
            className={styles.input}
            name="type"
            value={values.type}
            onChange={(event) => onChange("type", event.target.value as UpdateType)}
            {...describe("type")}
          >
            {UPDATE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_OPTION_LABELS[type]}
              </option>
            ))}
          </select>
          {fieldError("type")}
        </div>

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

        <div className={styles.field}>
          <label htmlFor={fieldId("summary")} className={styles.label}>
            Summary
          </label>
          <textarea
            id={fieldId("summary")}
            className={`${styles.input} ${styles.textarea}`}
            name="summary"
            required
            rows={4}
            maxLength={SUMMARY_MAX}
            value={values.summary}
            onChange={(event) => onChange("summary", event.target.value)}
            {...describe("summary", counterId)}
          />
          <p
            id={counterId}
            className={summaryLength >= SUMMARY_MAX ? styles.counterFull : styles.counter}
          >
            {summaryLength}/{SUMMARY_MAX} characters
          </p>
          {fieldError("summary")}
        </div>

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

        <div className={styles.field}>
          <label htmlFor={fieldId("image_url")} className={styles.label}>
            Image URL
          </label>
          <input
            id={fieldId("image_url")}
            className={styles.input}
            // Text, not url: a library pick is an address on this site (/media/...).
            type="text"
            name="image_url"
            inputMode="url"
            autoComplete="off"
            maxLength={URL_MAX}
            value={values.image_url}
            onChange={(event) => onChange("image_url", event.target.value)}
            {...describe("image_url", imageHintId)}
          />
          <p id={imageHintId} className={styles.hint}>
            Optional. An image shown beside the update in the strip: choose one from the media
            library, or paste its address.
          </p>
          <MediaPicker
            fieldLabel="the update"
            onChoose={(item) => onChange("image_url", libraryImageUrl(item))}
          />
          {fieldError("image_url")}
        </div>

        <div className={styles.fieldRow}>
          <div className={styles.field}>
            <label htmlFor={fieldId("status")} className={styles.label}>
              Status
            </label>
            <select
              id={fieldId("status")}
              className={styles.input}
              name="status"
              value={values.status}
              onChange={(event) => onChange("status", event.target.value as UpdateStatus)}
              {...describe("status")}
            >
              {UPDATE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_OPTION_LABELS[status]}
                </option>
              ))}
            </select>
            {fieldError("status")}
          </div>

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
            {...describe("featured")}
          />
          <label htmlFor={fieldId("featured")}>Featured</label>
          {fieldError("featured")}
        </div>

        {alert ? (
          <div key={alert.key} className={styles.alert} role="alert">
            {alert.messages.map((message) => (
              <p key={message} className={styles.alertLine}>
                {message}
              </p>
            ))}
          </div>
        ) : null}

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
