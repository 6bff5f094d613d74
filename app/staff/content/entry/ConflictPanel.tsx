import type { RefObject } from "react";
import { StaffTime } from "~/components/staff";
import type { ContentEntry } from "#common/content-api";
import { editableData } from "./entry-state";
import { EDITOR_TEXT } from "../messages";
import type { Field } from "../schema/schema-fields";
import { withoutGeneratedLines } from "../schema/shown-lines";
import { changedPaths, labelForPath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

/** Someone saved the entry first (409): which fields differ, and load theirs or save mine. */
export function ConflictPanel({
  conflict,
  field,
  value,
  panelRef,
  onLoadTheirs,
  onOverwrite,
}: {
  conflict: ContentEntry;
  field: Field;
  value: unknown;
  panelRef: RefObject<HTMLDivElement | null>;
  onLoadTheirs: () => void;
  onOverwrite: () => void;
}) {
  // Compared as the form holds it: date lines the times would write anyway are not a change.
  const theirChanges = changedPaths(withoutGeneratedLines(field, editableData(conflict)), value);
  return (
    <div
      ref={panelRef}
      className={styles.conflict}
      role="alert"
      tabIndex={-1}
      aria-labelledby="conflict-title"
    >
      <h3 id="conflict-title">{EDITOR_TEXT.conflictTitle}</h3>
      <p>
        {EDITOR_TEXT.conflictText} Saved <StaffTime iso={conflict.updated_at} />.
      </p>
      {theirChanges.length > 0 ? (
        <>
          <p>{EDITOR_TEXT.conflictDiffers}</p>
          <ul>
            {theirChanges.slice(0, 12).map((path) => (
              <li key={path}>{labelForPath(field, path)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={styles.rowActions}>
        <button type="button" className={styles.button} onClick={onLoadTheirs}>
          {EDITOR_TEXT.loadTheirs}
        </button>
        <button type="button" className={styles.button} onClick={onOverwrite}>
          {EDITOR_TEXT.overwrite}
        </button>
      </div>
    </div>
  );
}
