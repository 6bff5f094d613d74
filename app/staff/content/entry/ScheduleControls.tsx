import { EDITOR_TEXT } from "../messages";
import styles from "../ContentEditor.module.css";

/** Schedule: the time the draft goes live by itself, and Cancel schedule once one is set. */
export function ScheduleControls({
  busy,
  publishAt,
  onPublishAtChange,
  scheduled,
  timeZone,
  onSchedule,
  onCancelSchedule,
}: {
  busy: string | null;
  publishAt: string;
  onPublishAtChange: (value: string) => void;
  /** The entry has a scheduled publish (Cancel schedule is offered). */
  scheduled: boolean;
  timeZone: string;
  onSchedule: () => void;
  onCancelSchedule: () => void;
}) {
  return (
    <div className={styles.actions}>
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
      <p id="publish-at-help" className={styles.help}>
        {EDITOR_TEXT.timeZoneHelp(timeZone)}
      </p>
      <p id="preview-help" className={styles.help}>
        {EDITOR_TEXT.previewHelp}
      </p>
    </div>
  );
}
