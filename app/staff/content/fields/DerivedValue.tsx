import { useEffect, useRef } from "react";
import { derive } from "#common/derived-values";
import { useForm } from "./form-context";
import type { ChoiceField, TextField } from "../schema/schema-fields";
import { Labelled } from "./ValueInputs";
import { fieldId, valueAt, type ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

/**
 * A technical value made from a neighbouring field (decision 035): an anchor from the heading, a
 * video's format from its file's name. Shown read-only (a read-only input, so it keeps its label
 * and can take focus when it has a message); made again when its source changes, or
 * when it has none yet (a new item), never just because the editor opened (a stored anchor that
 * differs from today's heading keeps the page as it is).
 */
export function DerivedValue({
  field,
  path,
  value,
}: {
  field: (TextField | ChoiceField) & { derived: NonNullable<TextField["derived"]> };
  path: ValuePath;
  value: unknown;
}) {
  const { onChange, root, published } = useForm();
  const parent = valueAt(root, path.slice(0, -1));
  const source =
    typeof parent === "object" && parent !== null
      ? (parent as Record<string, unknown>)[field.derived.from]
      : undefined;
  const made = derive(field.derived, source);
  const sourceBefore = useRef(source);
  useEffect(() => {
    const changed = sourceBefore.current !== source;
    sourceBefore.current = source;
    const missing = value === undefined || value === "";
    // A published page's address stays, whatever its title becomes (links to it keep working).
    const follows = field.derived.kind !== "address" || !published;
    if (made !== null && made !== value && ((changed && follows) || missing)) onChange(path, made);
  });
  const madeId = `${fieldId(path)}-made`;
  const text = typeof value === "string" ? value : "";
  const shown = field.kind === "choice" ? (field.optionLabels?.[text] ?? text) : text;
  return (
    <Labelled
      field={field}
      path={path}
      extra={{
        id: madeId,
        node: (
          <p id={madeId} className={styles.help}>
            {field.derived.kind === "address" && published
              ? `Made from the ${fromWords(field.derived.from)} when the entry was first published; it stays, so links to the page keep working.`
              : `Made from the ${fromWords(field.derived.from)}; it follows when that changes.`}
          </p>
        ),
      }}
    >
      {(props) => (
        <input
          {...props}
          aria-required={undefined}
          className={styles.input}
          type="text"
          readOnly
          value={shown}
          placeholder={`(from the ${fromWords(field.derived.from)})`}
        />
      )}
    </Labelled>
  );
}

const FROM_WORDS: Readonly<Record<string, string>> = { src: "file's name" };

function fromWords(key: string): string {
  return FROM_WORDS[key] ?? key;
}
