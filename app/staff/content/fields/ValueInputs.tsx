import { useEffect, useState, type ReactNode } from "react";
import type { Field, NumberField, TextField } from "../schema/schema-fields";
import { errorKey, fieldId, type ValuePath } from "../schema/value-path";
import { useForm } from "./form-context";
import styles from "../ContentEditor.module.css";

/* The single-value fields of the generated form: text, number and choice, each with its label. */

export interface InputProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

/** A label, help, the control, and the field's message, wired with ids. */
export function Labelled({
  field,
  path,
  extra,
  children,
}: {
  field: Field;
  path: ValuePath;
  /** Shown under the control (a character count), with its id. */
  extra?: { id: string; node: ReactNode };
  children: (props: InputProps) => ReactNode;
}) {
  const { errors } = useForm();
  const id = fieldId(path);
  const error = errors[errorKey(path)];
  // Text that may be left empty (a decorative picture's alt text) is neither marked required
  // nor optional: its help says when to leave it empty.
  const mayBeEmpty = field.kind === "text" && field.allowEmpty;
  const describedBy = [
    error ? `${id}-error` : null,
    field.help ? `${id}-help` : null,
    extra ? extra.id : null,
  ].filter(Boolean);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {field.label}
        {!field.required ? (
          <span className={styles.optional}> (optional)</span>
        ) : mayBeEmpty ? null : (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {field.help ? (
        <p id={`${id}-help`} className={styles.help}>
          {field.help}
        </p>
      ) : null}
      {children({
        id,
        "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
        "aria-invalid": error ? true : undefined,
        "aria-required": field.required && !mayBeEmpty ? true : undefined,
      })}
      {extra?.node}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const INPUT_TYPE = {
  "web-address": "url",
  email: "email",
  "site-path": "text",
  "page-path": "text",
  "media-path": "text",
  "zoned-date-time": "text",
  "shown-line": "text",
  "poster-path": "text",
} as const;

export function TextInput({
  field,
  path,
  value,
}: {
  field: TextField;
  path: ValuePath;
  value: unknown;
}) {
  const { onChange } = useForm();
  const text = typeof value === "string" ? value : "";
  const countId = `${fieldId(path)}-count`;
  const over = field.maxLength !== undefined && text.length > field.maxLength;
  const count =
    field.maxLength === undefined
      ? undefined
      : {
          id: countId,
          node: (
            <p id={countId} className={over ? styles.countOver : styles.count}>
              {text.length} of {field.maxLength} characters
              {over ? ` (${text.length - field.maxLength} too many)` : ""}
            </p>
          ),
        };
  // An optional text left empty is left out of the data.
  const change = (next: string) =>
    onChange(path, next === "" && !field.required ? undefined : next);
  return (
    <Labelled field={field} path={path} extra={count}>
      {(props) =>
        field.multiline ? (
          <textarea
            {...props}
            className={styles.textarea}
            value={text}
            rows={Math.min(10, Math.max(3, Math.ceil(text.length / 70)))}
            onChange={(event) => change(event.target.value)}
          />
        ) : (
          <input
            {...props}
            className={styles.input}
            type={field.format ? INPUT_TYPE[field.format] : "text"}
            value={text}
            spellCheck={field.format ? false : undefined}
            autoComplete="off"
            onChange={(event) => change(event.target.value)}
          />
        )
      }
    </Labelled>
  );
}

export function NumberInput({
  field,
  path,
  value,
}: {
  field: NumberField;
  path: ValuePath;
  value: unknown;
}) {
  const { onChange } = useForm();
  // What staff typed, kept as text so that "1e" or "" does not jump back while typing.
  const [typed, setTyped] = useState(typeof value === "number" ? String(value) : "");
  useEffect(() => {
    setTyped((current) =>
      Number(current) === value && current !== ""
        ? current
        : typeof value === "number"
          ? String(value)
          : "",
    );
  }, [value]);
  return (
    <Labelled field={field} path={path}>
      {(props) => (
        <input
          {...props}
          className={styles.numberInput}
          type="number"
          inputMode={field.integer ? "numeric" : "decimal"}
          step={field.integer ? 1 : "any"}
          min={field.min}
          max={field.max}
          value={typed}
          onChange={(event) => {
            const next = event.target.value;
            setTyped(next);
            const number = Number(next);
            onChange(path, next.trim() === "" || Number.isNaN(number) ? undefined : number);
          }}
        />
      )}
    </Labelled>
  );
}

export function ChoiceSelect({
  props,
  options,
  optionLabels,
  value,
  path,
}: {
  props: InputProps;
  options: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  value: string;
  path: ValuePath;
}) {
  const { onChange } = useForm();
  return (
    <select
      {...props}
      className={styles.select}
      value={value}
      onChange={(event) => onChange(path, event.target.value)}
    >
      {options.includes(value) ? null : <option value="">Choose…</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabels?.[option] ?? option}
        </option>
      ))}
    </select>
  );
}
