import type { ReactNode } from "react";
import { ShowMore } from "./ShowMore";
import styles from "./Staff.module.css";

/** Where a staff list's first page stands: still coming, refused, or here. */
export type ListState = "loading" | "failed" | "ready";

/**
 * A staff list's states in one place: a status line while the first page comes, an alert when it
 * could not come, a quiet line when it is empty, else the list itself (drawn by children from the
 * items), and the "show more" control while older pages are left.
 */
export function PagedList<Item>({
  state,
  items,
  loading,
  failed,
  empty,
  more,
  children,
}: {
  state: ListState;
  /** The items shown so far (read only when ready). */
  items: readonly Item[];
  loading: string;
  /** Left out where the page reports its own failures (the inbox's one alert). */
  failed?: string;
  empty: string;
  /** The next page's control, when there is one. */
  more?: { label: string; loadingLabel: string; onShowMore: () => Promise<void> } | null;
  children: (items: readonly Item[]) => ReactNode;
}) {
  return (
    <>
      {state === "loading" ? (
        <p role="status" className={styles.muted}>
          {loading}
        </p>
      ) : null}
      {state === "failed" && failed ? (
        <p role="alert" className={styles.alert}>
          {failed}
        </p>
      ) : null}
      {state === "ready" && items.length === 0 ? <p className={styles.muted}>{empty}</p> : null}
      {state === "ready" && items.length > 0 ? children(items) : null}
      {state === "ready" && more ? <ShowMore {...more} /> : null}
    </>
  );
}

/**
 * A staff table: a named region that scrolls sideways on narrow screens (and takes the keyboard's
 * focus for it), the caption, one header row of column names, and the rows given as children.
 */
export function StaffTable({
  label,
  caption,
  hideCaption = false,
  columns,
  className,
  children,
}: {
  /** The scrolling region's name, e.g. "Redirects table". */
  label: string;
  caption: string;
  /** The caption only for screen readers, where a heading above already says it. */
  hideCaption?: boolean;
  /** Column names; a column with a class (numbers aligned right) names it too. */
  columns: readonly (string | { name: string; className?: string })[];
  /** Extra class on the scrolling region. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `${styles.tableWrap} ${className}` : styles.tableWrap}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={styles.table}>
        <caption className={hideCaption ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.name} scope="col" className={column.className}>
                  {column.name}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
