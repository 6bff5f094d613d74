import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { uploadImage } from "./api";
import { describeLibraryImage, MediaPicker } from "./MediaPicker";
import {
  emptyValue,
  imageFromUpload,
  summarise,
  type Field,
  type GroupField,
  type ListField,
  type NumberField,
  type TextField,
  type VariantsField,
} from "./schema-fields";
import { errorKey, fieldId, type ValuePath } from "./value-path";
import styles from "./ContentEditor.module.css";
import { MoveButtons } from "./MoveButtons";

/*
 * The form generated from a collection's schema: one component per kind of field, each given its
 * description (schema-fields.ts), its path in the data and its value. The whole entry is one value
 * held by the editor; a change replaces the value at a path.
 */

interface FormContextValue {
  /** Messages by the server's key (`data.title`), from the schema or from the server. */
  errors: Readonly<Record<string, string>>;
  onChange: (path: ValuePath, value: unknown) => void;
}

const FormContext = createContext<FormContextValue | null>(null);

function useForm(): FormContextValue {
  const form = useContext(FormContext);
  if (!form) throw new Error("A schema field must render inside SchemaForm");
  return form;
}

export function SchemaForm({
  field,
  value,
  errors,
  onChange,
}: {
  field: GroupField;
  value: unknown;
  errors: Readonly<Record<string, string>>;
  onChange: (path: ValuePath, value: unknown) => void;
}) {
  return (
    <FormContext.Provider value={{ errors, onChange }}>
      <FormError path={[]} />
      <GroupFields field={field} path={[]} value={value} />
    </FormContext.Provider>
  );
}

/** A message for the whole group or list (e.g. "Steps must have from 1 to 8 items"). */
function FormError({ path, id }: { path: ValuePath; id?: string }) {
  const { errors } = useForm();
  const message = errors[errorKey(path)];
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError}>
      {message}
    </p>
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
  switch (named.kind) {
    case "text":
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
      return <ListView field={named} path={path} value={value} />;
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

interface InputProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

/** A label, help, the control, and the field's message, wired with ids. */
function Labelled({
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

const INPUT_TYPE = { "web-address": "url", email: "email", "site-path": "text" } as const;

function TextInput({ field, path, value }: { field: TextField; path: ValuePath; value: unknown }) {
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

function NumberInput({
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

function ChoiceSelect({
  props,
  options,
  value,
  path,
}: {
  props: InputProps;
  options: readonly string[];
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
          {option}
        </option>
      ))}
    </select>
  );
}

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
  const shown = entries.filter((entry) => entry.key === "alt");
  const details = entries.filter((entry) => entry.key !== "alt");
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

/**
 * A picture's file fields, closed until opened, and opened by itself when one of them has an
 * error, so the message and the focus that goes to it are never hidden.
 */
function FileDetails({
  path,
  keys,
  children,
}: {
  path: ValuePath;
  keys: readonly string[];
  children: ReactNode;
}) {
  const { errors } = useForm();
  const prefixes = keys.map((key) => errorKey([...path, key]));
  const hasError = Object.keys(errors).some((key) =>
    prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)),
  );
  // Open in the same render that shows the error (not from an effect): the editor moves focus
  // to the first field with an error right after that render.
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.details}
      open={open || hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={styles.summary}>File details: address, size and narrower copies</summary>
      {children}
    </details>
  );
}

/**
 * A picture's spot for the media library: the picture itself; Upload picture, which sends a
 * file to the media library (POST /api/media); and Choose from library (MediaPicker). Either
 * fills the fields below from the library's answer (`imageFromUpload`). The address can still
 * be typed in its field.
 */
function MediaSlot({
  field,
  path,
  record,
}: {
  field: GroupField;
  path: ValuePath;
  record: Record<string, unknown>;
}) {
  const { onChange } = useForm();
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const [status, setStatus] = useState<{ busy: boolean; message: string; error: boolean } | null>(
    null,
  );
  const src = record.src;
  const usable = typeof src === "string" && /^\/(?!\/)/.test(src);
  const inputId = `${fieldId(path)}-upload`;
  const variants = field.fields.find((entry) => entry.key === "variants")?.field;
  const maxVariants = variants?.kind === "list" ? variants.maxItems : undefined;

  const upload = async (file: File) => {
    setStatus({ busy: true, message: "Uploading…", error: false });
    try {
      const alt = typeof record.alt === "string" ? record.alt : "";
      const uploaded = await uploadImage(file, alt);
      onChange(path, imageFromUpload(record, uploaded, maxVariants));
      const message = `Uploaded ${file.name}: the picture's file, size, alt text and narrower copies below are filled in.`;
      setStatus({ busy: false, message, error: false });
      announce(message);
    } catch (error) {
      handleAuthError(error);
      setStatus({
        busy: false,
        message: isApiError(error) ? error.message : "Failed to upload the picture.",
        error: true,
      });
    }
  };

  return (
    <div className={styles.mediaSlot}>
      {usable ? <img src={src} alt="" className={styles.thumbnail} loading="lazy" /> : null}
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          Upload picture
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={`${inputId}-help${status ? ` ${inputId}-status` : ""}`}
          disabled={status?.busy === true}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <p id={`${inputId}-help`} className={styles.help}>
          JPEG, PNG, WebP or AVIF, at most 15 MB. Write the alt text first; with no alt text the
          picture is stored as decorative. Or choose a picture already in the media library, or type
          the picture&apos;s address under File details.
        </p>
        <MediaPicker
          fieldLabel={field.label}
          disabled={status?.busy === true}
          onChoose={(item) => {
            onChange(path, imageFromUpload(record, item, maxVariants));
            const message = `Chose ${describeLibraryImage(item)}: the picture's file, size, alt text and narrower copies below are filled in.`;
            setStatus({ busy: false, message, error: false });
            announce(message);
          }}
        />
        {status ? (
          <p
            id={`${inputId}-status`}
            className={status.error ? styles.fieldError : styles.help}
            role={status.error ? "alert" : undefined}
          >
            {status.message}
          </p>
        ) : null}
      </div>
    </div>
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

type MoveFocus = { key: string; control: "up" | "down" | "remove" | "add" | "first" };

function ListView({ field, path, value }: { field: ListField; path: ValuePath; value: unknown }) {
  const { onChange } = useForm();
  const announce = useAnnounce();
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const prefix = useId();
  // Stable keys per item, moved with the items, so React keeps each item's inputs (and focus).
  const nextKey = useRef(0);
  const makeKey = () => `${prefix}-${nextKey.current++}`;
  const [keys, setKeys] = useState<string[]>(() => items.map(makeKey));
  // Items that came from elsewhere (a reload, their version): keys for them, set during render.
  let shownKeys = keys;
  if (keys.length !== items.length) {
    shownKeys = [...keys.slice(0, items.length), ...items.slice(keys.length).map(makeKey)];
    setKeys(shownKeys);
  }
  const controls = useRef(new Map<string, HTMLElement>());
  const [focusAfter, setFocusAfter] = useState<MoveFocus | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const id = fieldId(path);

  useEffect(() => {
    if (!focusAfter) return;
    setFocusAfter(null);
    if (focusAfter.control === "add") {
      addRef.current?.focus();
      return;
    }
    if (focusAfter.control === "first") {
      const item = document.getElementById(`${id}-item-${focusAfter.key}`);
      item?.querySelector<HTMLElement>("input, textarea, select")?.focus();
      return;
    }
    // The same control of the same item; when it is now disabled (first, last, fewest), the next.
    const order = [focusAfter.control, "up", "down", "remove"];
    const target = order
      .map((control) => controls.current.get(`${focusAfter.key}-${control}`))
      .find((element) => element && !(element as HTMLButtonElement).disabled);
    (target ?? addRef.current)?.focus();
  }, [focusAfter, id]);

  const itemName = (index: number) => {
    const summary = summarise(items[index]);
    return `${field.item.label} ${index + 1}${summary && field.item.kind !== "text" ? ` (${summary})` : ""}`;
  };

  const move = (from: number, to: number) => {
    const nextItems = [...items];
    const [moved] = nextItems.splice(from, 1);
    nextItems.splice(to, 0, moved);
    const nextKeys = [...shownKeys];
    const [movedKey] = nextKeys.splice(from, 1);
    nextKeys.splice(to, 0, movedKey!);
    setKeys(nextKeys);
    onChange(path, nextItems);
    setFocusAfter({ key: movedKey!, control: to < from ? "up" : "down" });
    announce(
      `${field.item.label} moved from position ${from + 1} to ${to + 1} of ${items.length}.`,
    );
  };

  const remove = (index: number) => {
    const name = itemName(index);
    const nextKeys = shownKeys.filter((_, at) => at !== index);
    setKeys(nextKeys);
    onChange(
      path,
      items.filter((_, at) => at !== index),
    );
    const neighbour = nextKeys[Math.min(index, nextKeys.length - 1)];
    setFocusAfter(neighbour ? { key: neighbour, control: "remove" } : { key: "", control: "add" });
    announce(`${name} removed. ${nextKeys.length} left.`);
  };

  const add = () => {
    const key = makeKey();
    setKeys([...shownKeys, key]);
    onChange(path, [...items, emptyValue(field.item)]);
    setFocusAfter({ key, control: "first" });
    announce(`${field.item.label} ${items.length + 1} added.`);
  };

  const atMax = field.maxItems !== undefined && items.length >= field.maxItems;
  const atMin = items.length <= field.minItems;
  const limits =
    field.maxItems === undefined
      ? `${items.length} items`
      : field.minItems > 0
        ? `${items.length} of at most ${field.maxItems} items, at least ${field.minItems}`
        : `${items.length} of at most ${field.maxItems} items`;

  return (
    <fieldset className={styles.group} id={id} tabIndex={-1} aria-describedby={`${id}-limits`}>
      <legend className={styles.legend}>
        {field.label}
        {field.required ? null : <span className={styles.optional}> (optional)</span>}
      </legend>
      {field.help ? <p className={styles.help}>{field.help}</p> : null}
      <p id={`${id}-limits`} className={styles.count}>
        {limits}
      </p>
      <FormError path={path} />
      <ol className={styles.items}>
        {items.map((item, index) => {
          const key = shownKeys[index]!;
          const name = itemName(index);
          const register = (control: string) => (element: HTMLElement | null) => {
            if (element) controls.current.set(`${key}-${control}`, element);
            else controls.current.delete(`${key}-${control}`);
          };
          return (
            <li key={key} id={`${id}-item-${key}`} className={styles.item}>
              <FieldView
                field={field.item}
                path={[...path, index]}
                value={item}
                label={`${field.item.label} ${index + 1}`}
              />
              <div className={styles.itemActions}>
                <MoveButtons
                  index={index}
                  count={items.length}
                  name={name}
                  register={register}
                  move={move}
                />
                <button
                  type="button"
                  ref={register("remove")}
                  className={styles.smallButton}
                  disabled={atMin}
                  onClick={() => remove(index)}
                >
                  Remove<span className="visually-hidden">: {name}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        ref={addRef}
        className={styles.smallButton}
        disabled={atMax}
        onClick={add}
      >
        Add {field.item.label.toLowerCase()}
      </button>
    </fieldset>
  );
}
