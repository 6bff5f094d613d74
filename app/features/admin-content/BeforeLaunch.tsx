import { Link } from "react-router";
import type { Placeholder } from "./placeholders";
import styles from "./ContentEditor.module.css";
import parts from "./EditorParts.module.css";

/** 'Before launch': each seeded placeholder still in the content, a link to its field. */
export function BeforeLaunch({ placeholders }: { placeholders: readonly Placeholder[] }) {
  if (placeholders.length === 0) return null;
  return (
    <section className={parts.beforeLaunch} aria-labelledby="before-launch">
      <h2 id="before-launch" className={styles.title}>
        Before launch
      </h2>
      <p>
        {placeholders.length === 1
          ? "One seeded value is still a placeholder. Replace it with the real one:"
          : `${placeholders.length} seeded values are still placeholders. Replace each with the real one:`}
      </p>
      <ul>
        {placeholders.map((placeholder) => (
          <li key={placeholder.href}>
            <Link to={placeholder.href}>{placeholder.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
