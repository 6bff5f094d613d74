import { useId, type Ref } from "react";
import { formatStaffTime } from "~/lib/date-format";
import { UPDATE_TYPE_LABELS, type SiteUpdate } from "#common/updates";
import { TEXT } from "./messages";
import styles from "./AdminUpdates.module.css";

export interface UpdatesListProps {
  /** null until the first successful load. */
  updates: SiteUpdate[] | null;
  loading: boolean;
  /** Ids with a request in flight; their buttons ignore presses meanwhile. */
  busyIds: ReadonlySet<string>;
  editingId: string | null;
  alert: { message: string; key: number } | null;
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: (update: SiteUpdate) => void;
  onDelete: (update: SiteUpdate) => void;
  onToggleStatus: (update: SiteUpdate) => void;
  onToggleFeatured: (update: SiteUpdate) => void;
}

function Row({
  update,
  busy,
  editing,
  onEdit,
  onDelete,
  onToggleStatus,
  onToggleFeatured,
}: {
  update: SiteUpdate;
  busy: boolean;
  editing: boolean;
} & Pick<UpdatesListProps, "onEdit" | "onDelete" | "onToggleStatus" | "onToggleFeatured">) {
  const titleId = useId();
  const published = update.status === "published";
  // aria-disabled keeps focus on the button while its request runs; presses are ignored meanwhile.
  const act = (run: (update: SiteUpdate) => void) => () => {
    if (!busy) run(update);
  };
  const buttonProps = {
    type: "button" as const,
    className: styles.rowButton,
    "aria-describedby": titleId,
    "aria-disabled": busy ? ("true" as const) : undefined,
  };

  return (
    <li className={editing ? `${styles.row} ${styles.rowEditing}` : styles.row}>
      <div className={styles.rowText}>
        <h3 id={titleId} className={styles.rowTitle}>
          {update.title}
        </h3>
        <p className={styles.badges}>
          <span className={styles.badge}>{UPDATE_TYPE_LABELS[update.type] ?? update.type}</span>
          <span className={published ? styles.badgePublished : styles.badgeDraft}>
            {published ? "Published" : "Draft"}
          </span>
          {update.featured ? <span className={styles.badgeFeatured}>Featured</span> : null}
          {editing ? <span className={styles.badgeEditing}>Editing</span> : null}
        </p>
        <p className={styles.rowSummary}>{update.summary}</p>
        <p className={styles.rowMeta}>
          Updated <time dateTime={update.updated_at}>{formatStaffTime(update.updated_at)}</time>
        </p>
      </div>
      <div className={styles.rowActions}>
        <button {...buttonProps} onClick={act(onEdit)}>
          Edit
        </button>
        <button {...buttonProps} onClick={act(onToggleStatus)}>
          {published ? "Unpublish" : "Publish"}
        </button>
        <button {...buttonProps} onClick={act(onToggleFeatured)}>
          {update.featured ? "Unfeature" : "Feature"}
        </button>
        <button
          {...buttonProps}
          className={`${styles.rowButton} ${styles.dangerButton}`}
          onClick={act(onDelete)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** Every update, newest created first, with its actions. */
export function UpdatesList({
  updates,
  loading,
  busyIds,
  editingId,
  alert,
  headingRef,
  onEdit,
  onDelete,
  onToggleStatus,
  onToggleFeatured,
}: UpdatesListProps) {
  const headingId = useId();
  return (
    <section className={styles.listSection} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.sectionHeading}>
        All updates
      </h2>
      {alert ? (
        <p key={alert.key} className={styles.alert} role="alert">
          {alert.message}
        </p>
      ) : null}
      {loading ? (
        <p className={styles.status} role="status">
          {TEXT.loadingUpdates}
        </p>
      ) : null}
      {updates && updates.length === 0 && !loading ? (
        <p className={styles.empty}>{TEXT.noUpdates}</p>
      ) : null}
      {updates && updates.length > 0 ? (
        <ul className={styles.list}>
          {updates.map((update) => (
            <Row
              key={update.id}
              update={update}
              busy={busyIds.has(update.id)}
              editing={editingId === update.id}
              onEdit={onEdit}
              onDelete={onDelete}
              onToggleStatus={onToggleStatus}
              onToggleFeatured={onToggleFeatured}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
