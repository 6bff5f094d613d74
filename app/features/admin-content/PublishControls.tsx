import { EDITOR_TEXT } from "./messages";
import styles from "./ContentEditor.module.css";

/** Save draft (the form's submit), Preview, Publish now, and Schedule with its time. */
export function PublishControls({
  busy,
  previewHref,
  publishAt,
  onPublishAtChange,
  scheduled,
  timeZone,
  onPublish,
  onSchedule,
  onCancelSchedule,
}: {
  busy: string | null;
  previewHref: string;
  publishAt: string;
  onPublishAtChange: (value: string) => void;
  /** The entry has a scheduled publish (Cancel schedule is offered). */
  scheduled: boolean;
  timeZone: string;
  onPublish: () => void;
  onSchedule: () => void;
  onCancelSchedule: () => void;
}) {
  return (
    <>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy !== null}>
          {busy === "save" ? EDITOR_TEXT.saving : EDITOR_TEXT.saveDraft}
        </button>
        <a
          className={styles.button}
          href={previewHref}
          target="_blank"
          rel="noopener"
          aria-describedby="preview-help"
        >
          {EDITOR_TEXT.preview}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <button
          type="button"
          className={styles.button}
          disabled={busy !== null}
          onClick={onPublish}
        >
          {busy === "publish" ? EDITOR_TEXT.publishing : EDITOR_TEXT.publishNow}
        </button>
        <div className={styles.schedule}>
          <div className={styles.field}>
            <label htmlFor="publish-at" className={styles.label}>
              {EDITOR_TEXT.publishAt}
            </label>
            <input
              id="publish-at"
              className={styles.input}
              type="datetime-local"
              value={publishAt}
              aria-describedby="publish-at-help"
              onChange={(event) => onPublishAtChange(event.target.value)}
            />
          </div>
          <button
            type="button"
            className={styles.button}
            disabled={busy !== null}
            onClick={onSchedule}
          >
            {EDITOR_TEXT.schedule}
          </button>
          {scheduled ? (
            <button
              type="button"
              className={styles.button}
              disabled={busy !== null}
              onClick={onCancelSchedule}
            >
              {EDITOR_TEXT.cancelSchedule}
            </button>
          ) : null}
        </div>
      </div>
      <p id="publish-at-help" className={styles.help}>
        {EDITOR_TEXT.timeZoneHelp(timeZone)}
      </p>
      <p id="preview-help" className={styles.help}>
        {EDITOR_TEXT.previewHelp}
      </p>
    </>
  );
}
