import type { GroupField } from "./schema-fields";
import { fieldId } from "./value-path";
import parts from "./EditorParts.module.css";

/** From this many sections an entry gets a contents list. */
const MIN_SECTIONS = 4;

/**
 * The contents of a long entry: a link to each of its sections (the groups and lists at its top
 * level). Following one moves focus to the section, so the keyboard goes on from there.
 */
export function SectionContents({ field }: { field: GroupField }) {
  const sections = field.fields.filter(
    (entry) =>
      entry.field.kind !== "text" &&
      entry.field.kind !== "number" &&
      entry.field.kind !== "choice" &&
      entry.field.kind !== "fixed",
  );
  if (sections.length < MIN_SECTIONS) return null;
  return (
    <nav className={parts.contents} aria-labelledby="entry-contents">
      <h3 id="entry-contents">Sections</h3>
      <ol>
        {sections.map((entry) => {
          const id = fieldId([entry.key]);
          return (
            <li key={entry.key}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const target = document.getElementById(id);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                }}
              >
                {entry.field.label}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
