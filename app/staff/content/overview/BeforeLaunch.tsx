import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { groupPlaceholders, type Placeholder } from "./placeholders";
import styles from "../ContentEditor.module.css";
import parts from "../EditorParts.module.css";

/** Staff pages may keep small preferences in the browser; visitors' pages keep none. */
const FOLDED_KEY = "staff-home:before-launch-folded";

function readFolded(): boolean {
  try {
    return window.localStorage.getItem(FOLDED_KEY) === "true";
  } catch {
    return false;
  }
}

function writeFolded(folded: boolean) {
  try {
    if (folded) window.localStorage.setItem(FOLDED_KEY, "true");
    else window.localStorage.removeItem(FOLDED_KEY);
  } catch {
    // Storage refused (private mode, full): the choice lasts until the page is left.
  }
}

/**
 * 'Before launch' (issue 29): the seeded placeholders still in the content, grouped by the part
 * of the site they sit in, with how many are done ("23 of 75 done") and a progress bar; each
 * group's name opens the editor at its first field, and its fields open below it. The list can
 * be folded away; the browser remembers that (localStorage, staff pages only).
 */
export function BeforeLaunch({
  placeholders,
  seeded,
}: {
  placeholders: readonly Placeholder[];
  /** How many a fresh install starts with. */
  seeded: number;
}) {
  const listId = useId();
  const [folded, setFolded] = useState(false);
  useEffect(() => setFolded(readFolded()), []);
  if (placeholders.length === 0) return null;
  const total = Math.max(seeded, placeholders.length);
  const done = total - placeholders.length;
  const groups = groupPlaceholders(placeholders);
  const toggle = () => {
    setFolded(!folded);
    writeFolded(!folded);
  };
  return (
    <section className={parts.beforeLaunch} aria-labelledby="before-launch">
      <div className={parts.beforeLaunchHead}>
        <h2 id="before-launch" className={styles.title}>
          Before launch
        </h2>
        <button
          type="button"
          className={styles.smallButton}
          aria-expanded={!folded}
          aria-controls={listId}
          onClick={toggle}
        >
          {folded ? "Show the list" : "Fold the list away"}
        </button>
      </div>
      <p id="before-launch-progress" className={parts.progressText}>
        {done} of {total} done
      </p>
      <progress
        className={parts.progress}
        max={total}
        value={done}
        aria-labelledby="before-launch before-launch-progress"
      />
      <div id={listId} hidden={folded}>
        <p>
          Seeded values that are still placeholders, by where they are. Each opens the editor at the
          first one; replace each with the real one.
        </p>
        <ul className={parts.launchGroups}>
          {groups.map(({ group, items }) => (
            <li key={group}>
              <Link to={items[0]!.href}>{group}</Link>
              {`: ${items.length} to replace`}
              <details className={parts.launchFields}>
                <summary>
                  Fields<span className="visually-hidden"> in {group}</span>
                </summary>
                <ul>
                  {items.map((placeholder) => (
                    <li key={placeholder.href}>
                      <Link to={placeholder.href}>{placeholder.field}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
