import { useState } from "react";
import { StaffTime } from "~/components/staff";
import { isApiError } from "~/lib/api";
import type { CollectionDefinition } from "#common/content/collections";
import type { ContentEntry, ContentRevision } from "#common/content-api";
import { listRevisions, restoreRevision } from "../api";
import { EDITOR_TEXT } from "../messages";
import type { Field } from "../schema/schema-fields";
import { changedPaths, labelForPath, leaves } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

const KIND_TEXT: Readonly<Record<ContentRevision["kind"], string>> = {
  seed: "the original content",
  publish: "published",
  scheduled: "published on schedule",
  restore: "restored",
};

/**
 * Who published a revision. The original content names nobody; a revision from before named
 * accounts says so, rather than guess (decision 033).
 */
function publishedBy(revision: ContentRevision): string {
  if (revision.published_by) {
    const verb = revision.kind === "scheduled" ? "scheduled by" : "by";
    return ` ${verb} ${revision.published_by.name}`;
  }
  return revision.kind === "seed" ? "" : " before named accounts";
}

const shown = (value: unknown) =>
  value === undefined ? "(empty)" : typeof value === "string" ? value : JSON.stringify(value);

/** The Revisions button's id: the section contents list links to it. */
export const REVISIONS_BUTTON_ID = "revisions-button";

/**
 * An entry's revisions, newest first, each with what changed from the one before it (field by
 * field, before and after side by side) and Restore. Loaded when staff open the section.
 */
export function Revisions({
  definition,
  field,
  entry,
  onRestored,
  handleAuthError,
}: {
  definition: CollectionDefinition;
  field: Field;
  entry: ContentEntry;
  onRestored: (entry: ContentEntry, revision: number) => void;
  handleAuthError: (error: unknown) => boolean;
}) {
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<ContentRevision[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    setError(null);
    try {
      setRevisions(await listRevisions(definition.name, entry.id));
    } catch (caught) {
      if (!handleAuthError(caught)) setError(EDITOR_TEXT.revisionsFailed);
    }
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) void load();
  };

  const restore = async (revision: number) => {
    if (!window.confirm(EDITOR_TEXT.confirmRestore(revision))) return;
    setError(null);
    try {
      const restored = await restoreRevision(definition.name, entry.id, revision, entry.version);
      onRestored(restored, revision);
      await load();
    } catch (caught) {
      if (!handleAuthError(caught))
        setError(
          isApiError(caught) && caught.status !== 0 ? caught.message : EDITOR_TEXT.restoreFailed,
        );
    }
  };

  return (
    <section className={styles.revisions} aria-labelledby="revisions-title">
      <h3 id="revisions-title">
        <button
          type="button"
          id={REVISIONS_BUTTON_ID}
          className={styles.button}
          aria-expanded={open}
          aria-controls="revisions-body"
          onClick={toggle}
        >
          {EDITOR_TEXT.revisions}
        </button>
      </h3>
      <div id="revisions-body" hidden={!open}>
        {error ? (
          <p className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
        {open && revisions === null && !error ? (
          <p role="status">{EDITOR_TEXT.loadingRevisions}</p>
        ) : null}
        {revisions ? (
          <ol className={styles.revisionList}>
            {revisions.map((revision, index) => {
              const before = revisions[index + 1];
              const paths = before ? changedPaths(before.data, revision.data) : [];
              const old = before ? leaves(before.data) : new Map<string, unknown>();
              const now = leaves(revision.data);
              return (
                <li key={revision.revision} className={styles.revision}>
                  <h4>
                    Revision {revision.revision}, {KIND_TEXT[revision.kind]}
                    {revision.restored_from ? ` from revision ${revision.restored_from}` : ""}
                    {publishedBy(revision)} on <StaffTime iso={revision.published_at} />
                  </h4>
                  {before ? (
                    paths.length > 0 ? (
                      <div className={styles.tableWrap}>
                        <table className={styles.diff}>
                          <caption className="visually-hidden">
                            Changes in revision {revision.revision}
                          </caption>
                          <thead>
                            <tr>
                              <th scope="col">Field</th>
                              <th scope="col">Before</th>
                              <th scope="col">After</th>
                            </tr>
                          </thead>
                          <tbody>
                            {paths.map((path) => (
                              <tr key={path}>
                                <th scope="row">{labelForPath(field, path)}</th>
                                <td>{shown(old.get(path))}</td>
                                <td>{shown(now.get(path))}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                    ) : (
                      <p className={styles.help}>No field changed from the revision before.</p>
                    )
                  ) : (
                    <p className={styles.help}>The first revision.</p>
                  )}
                  <button
                    type="button"
                    className={styles.smallButton}
                    onClick={() => void restore(revision.revision)}
                  >
                    Restore revision {revision.revision}
                  </button>
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
