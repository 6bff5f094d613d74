import { useEffect, useState } from "react";
import styles from "./Staff.module.css";

/** Entries per page of the staff lists (messages, subscribers). */
export const STAFF_PAGE_SIZE = 50;

/**
 * The "show more" control under a paged staff list: an ordinary named button (Enter or Space),
 * which says it is loading while the next page comes and ignores presses meanwhile.
 */
export function ShowMore({
  label,
  loadingLabel,
  onShowMore,
}: {
  label: string;
  loadingLabel: string;
  onShowMore: () => Promise<void>;
}) {
  const [loading, setLoading] = useState(false);
  const showMore = async () => {
    if (loading) return;
    setLoading(true);
    try {
      await onShowMore();
    } finally {
      setLoading(false);
    }
  };
  return (
    <p className={styles.showMore}>
      <button
        type="button"
        className={styles.secondaryButton}
        aria-disabled={loading}
        onClick={() => void showMore()}
      >
        {loading ? loadingLabel : label}
      </button>
    </p>
  );
}

/**
 * After a page is appended, focus goes to its first entry (an element with that id and
 * tabIndex -1), so keyboard and screen-reader users carry on where the new entries start, even
 * when the button they pressed is gone because nothing more is left.
 */
export function useFocusAfterAppend(): (elementId: string) => void {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.focus();
    setTarget(null);
  }, [target]);
  return setTarget;
}
