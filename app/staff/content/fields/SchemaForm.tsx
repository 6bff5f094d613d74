import { DerivedValue } from "./DerivedValue";
import { ListView } from "./ListView";
import { MediaPathInput } from "./MediaPathInput";
import { PosterInput } from "./PosterInput";
import { ShownLineInput } from "./ShownLineInput";
import { PagePicker } from "./PagePicker";
import { SectionContents } from "./SectionContents";
import { ZonedDateTimeInput } from "./ZonedDateTimeInput";
import { FileDetails, MediaSlot } from "./PictureFields";
import {
  emptyValue,
  type Field,
  type GroupField,
  type VariantsField,
} from "../schema/schema-fields";
import { ChoiceSelect, Labelled, NumberInput, TextInput } from "./ValueInputs";
import { fieldId, type ValuePath } from "../schema/value-path";
import { FormContext, FormError, useForm } from "./form-context";
import styles from "../ContentEditor.module.css";

/*
 * The form generated from a collection's schema: one component per kind of field, each given its
 * description (schema-fields.ts), its path in the data and its value. The whole entry is one value
 * held by the editor; a change replaces the value at a path. Groups and variants are here; single
 * values in ValueInputs.tsx, pictures in PictureFields.tsx, lists in ListView.tsx.
 */

export function SchemaForm({
  field,
  value,
  errors,
  onChange,
  withRevisions = false,
  published = false,
}: {
  field: GroupField;
  value: unknown;
  errors: Readonly<Record<string, string>>;
  onChange: (path: ValuePath, value: unknown) => void;
  /** The entry has revisions below the form: the contents list leads there too. */
  withRevisions?: boolean;
  /** The entry has a published version (its page address stays as it is). */
  published?: boolean;
}) {
  return (
    <FormContext.Provider value={{ errors, onChange, root: value, published, rootField: field }}>
      <SectionContents field={field} withRevisions={withRevisions} />
      <FormError path={[]} />
      <GroupFields field={field} path={[]} value={value} />
    </FormContext.Provider>
  );
}

function FieldView({
  field,
  path,
  value,
  label,
}: {
  field: Field;
  path: ValuePath;
  value: unknown;
  /** Replaces the field's own label (a list item is "Tagline 2"). */
  label?: string;
}) {
  const named = label === undefined ? field : { ...field, label };
  if ((named.kind === "text" || named.kind === "choice") && named.derived) {
    return <DerivedValue field={{ ...named, derived: named.derived }} path={path} value={value} />;
  }
  switch (named.kind) {
    case "text":
      if (named.format === "poster-path") {
        return <PosterInput field={named} path={path} value={value} />;
      }
      if (named.format === "shown-line") {
        return <ShownLineInput field={named} path={path} value={value} />;
      }
      if (named.format === "zoned-date-time") {
        return <ZonedDateTimeInput field={named} path={path} value={value} />;
      }
      if (named.format === "page-path")
        return <PagePicker field={named} path={path} value={value} />;
      if (named.format === "media-path") {
        return <MediaPathInput field={named} path={path} value={value} />;
      }
      return <TextInput field={named} path={path} value={value} />;
    case "number":
      return <NumberInput field={named} path={path} value={value} />;
    case "choice":
      return (
        <Labelled field={named} path={path}>
          {(props) => (
            <ChoiceSelect
              props={props}
              options={named.options}
              optionLabels={named.optionLabels}
              value={typeof value === "string" ? value : ""}
              path={path}
            />
          )}
        </Labelled>
      );
    case "fixed":
      return (
        <p className={styles.fixed}>
          {named.label}: <strong>{String(named.value)}</strong>
        </p>
      );
    case "group":
      return <GroupView field={named} path={path} value={value} />;
    case "list":
      return <ListView field={named} path={path} value={value} ItemView={FieldView} />;
    case "variants":
      return <VariantsView field={named} path={path} value={value} />;
    case "tuple": {
      const items = Array.isArray(value) ? (value as unknown[]) : [];
      return (
        <fieldset className={styles.group} id={fieldId(path)} tabIndex={-1}>
          <legend className={styles.legend}>{named.label}</legend>
          {named.help ? <p className={styles.help}>{named.help}</p> : null}
          <FormError path={path} />
          {named.items.map((item, index) => (
            <FieldView key={index} field={item} path={[...path, index]} value={items[index]} />
          ))}
        </fieldset>
      );
    }
  }
}

/** A picture's file fields: filled by Upload picture and Choose from library. */
const FILE_KEYS: ReadonlySet<string> = new Set([
  "src",
  "avifSrc",
  "width",
  "height",
  "variants",
  "type",
]);

function GroupFields({
  field,
  path,
  value,
  skip,
}: {
  field: GroupField;
  path: ValuePath;
  value: unknown;
  skip?: string;
}) {
  const record =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const entries = field.fields.filter((entry) => entry.key !== skip);
  const view = (entry: (typeof entries)[number]) => (
    <FieldView
      key={entry.key}
      field={entry.field}
      path={[...path, entry.key]}
      value={record[entry.key]}
    />
  );
  if (!field.image) return <>{entries.map(view)}</>;
  // A picture: what staff decide (the picture, its alt text) in view; the file addresses, size
  // and copies that Upload and Choose fill in are behind "File details".
  // What a person writes (the alt text, a caption, an artwork's title) stays in view.
  const details = entries.filter((entry) => FILE_KEYS.has(entry.key));
  const shown = entries.filter((entry) => !FILE_KEYS.has(entry.key));
  return (
    <>
      <MediaSlot field={field} path={path} record={record} />
      {shown.map(view)}
      <FileDetails path={path} keys={details.map((entry) => entry.key)}>
        {details.map(view)}
      </FileDetails>
    </>
  );
}

function GroupView({ field, path, value }: { field: GroupField; path: ValuePath; value: unknown }) {
  const { onChange } = useForm();
  const id = fieldId(path);
  const absent = value === undefined;
  return (
    <fieldset
      className={styles.group}
      aria-describedby={field.help ? `${id}-help` : undefined}
      id={id}
      tabIndex={-1}
    >
      <legend className={styles.legend}>
        {field.label}
        {field.required ? null : <span className={styles.optional}> (optional)</span>}
      </legend>
      {field.help ? (
        <p id={`${id}-help`} className={styles.help}>
          {field.help}
        </p>
      ) : null}
      <FormError path={path} />
      {absent ? (
        <button
          type="button"
          className={styles.smallButton}
          onClick={() => onChange(path, emptyValue({ ...field, required: true }))}
        >
          Add {field.label}
        </button>
      ) : (
        <>
          <GroupFields field={field} path={path} value={value} />
          {field.required ? null : (
            <button
              type="button"
              className={styles.smallButton}
              onClick={() => onChange(path, undefined)}
            >
              Remove {field.label}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}

function VariantsView({
  field,
  path,
  value,
}: {
  field: VariantsField;
  path: ValuePath;
  value: unknown;
}) {
  const { onChange } = useForm();
  const record =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const current = field.options.find((option) => option.value === record[field.discriminator]);
  const selectId = `${fieldId(path)}-kind`;
  return (
    <fieldset className={styles.group} id={fieldId(path)} tabIndex={-1}>
      <legend className={styles.legend}>{field.label}</legend>
      {field.help ? <p className={styles.help}>{field.help}</p> : null}
      <FormError path={path} />
      <div className={styles.field}>
        <label htmlFor={selectId} className={styles.label}>
          Kind of {field.label.toLowerCase()}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={current?.value ?? ""}
          onChange={(event) => {
            const next = field.options.find((option) => option.value === event.target.value);
            if (!next) return;
            // Fields both kinds have (width, height, src) keep what staff typed.
            const fresh = emptyValue(next.field) as Record<string, unknown>;
            const kept = Object.fromEntries(
              next.field.fields
                .filter((entry) => entry.key in record && entry.key !== field.discriminator)
                .map((entry) => [entry.key, record[entry.key]]),
            );
            onChange(path, { ...fresh, ...kept });
          }}
        >
          {current ? null : <option value="">Choose…</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {current ? (
        <GroupFields field={current.field} path={path} value={value} skip={field.discriminator} />
      ) : null}
    </fieldset>
  );
}
