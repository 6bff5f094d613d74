import type { GroupField } from "../schema/schema-fields";
import { REVISIONS_BUTTON_ID } from "../entry/Revisions";
import { fieldId } from "../schema/value-path";
import parts from "../EditorParts.module.css";

/** From this many sections an entry gets a contents list. */
const MIN_SECTIONS = 4;

/**
 * The contents of a long entry: a link to each of its sections (the groups and lists at its top
 * level) and, for a saved entry, to its Revisions below the form (the staff task walk found
 * restoring a revision took the longest scroll of all). Following one moves focus to the section
 * (or the Revisions button), so the keyboard goes on from there.
 */
export function SectionContents({
  field,
  withRevisions = false,
}: {
  field: GroupField;
  withRevisions?: boolean;
}) {
  const sections = field.fields.filter(
    (entry) =>
      entry.field.kind !== "text" &&
      entry.field.kind !== "number" &&
      entry.field.kind !== "choice" &&
      entry.field.kind !== "fixed",
  );
  if (sections.length < MIN_SECTIONS) return null;
  const links = sections.map((entry) => ({
    key: entry.key,
    id: fieldId([entry.key]),
    label: entry.field.label,
  }));
  if (withRevisions) links.push({ key: "revisions", id: REVISIONS_BUTTON_ID, label: "Revisions" });
  return (
    <nav className={parts.contents} aria-labelledby="entry-contents">
      <h3 id="entry-contents">Sections</h3>
      <ol>
        {links.map(({ key, id, label }) => {
          return (
            <li key={key}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const target = document.getElementById(id);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                }}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
