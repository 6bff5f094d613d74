import { useForm } from "./form-context";
import type { TextField } from "../schema/schema-fields";
import { generatedLine } from "../schema/shown-lines";
import { TextInput } from "./ValueInputs";
import { fieldId, type ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";
import derived from "./DerivedFields.module.css";

/**
 * A date or time line an event shows ('Saturday, October 11, 2025'): the line written from the
 * session times, shown as it will read, and 'Write my own' for staff who want other words
 * (decision 035). Left to the times, nothing is stored and the line follows every time change.
 */
export function ShownLineInput({
  field,
  path,
  value,
}: {
  field: TextField;
  path: ValuePath;
  value: unknown;
}) {
  const { onChange, root } = useForm();
  const id = fieldId(path);
  const generated = field.line ? generatedLine(root, path, field.line) : "";
  const own = typeof value === "string";
  return (
    <fieldset className={derived.shownLine} aria-describedby={`${id}-generated`}>
      <legend className={styles.label}>{field.label}</legend>
      <p id={`${id}-generated`} className={derived.generated}>
        From the session times: <strong>{generated || "(set the times first)"}</strong>
      </p>
      <label className={derived.own}>
        <input
          type="checkbox"
          id={`${id}-own`}
          checked={own}
          onChange={(event) => onChange(path, event.target.checked ? generated : undefined)}
        />
        Write my own
      </label>
      {own ? (
        <TextInput
          field={{
            ...field,
            label: `Your own ${field.label.toLowerCase()}`,
            help: "Shown instead of the line from the times; clear 'Write my own' to go back to it.",
            required: true,
            format: undefined,
          }}
          path={path}
          value={value}
        />
      ) : null}
    </fieldset>
  );
}
