import { useId, useRef, useState, type ReactNode } from "react";
import { useAnnounce } from "~/lib/live-region";
import { FormError, useForm } from "./form-context";
import { MoveButtons } from "./MoveButtons";
import { emptyValue, summarise, type Field, type ListField } from "../schema/schema-fields";
import { sessionWords } from "../schema/shown-lines";
import { errorKey, fieldId, type ValuePath } from "../schema/value-path";
import { useFocusAfterMove } from "./use-focus-after-move";
import styles from "../ContentEditor.module.css";
import parts from "../EditorParts.module.css";

/** Renders one item's fields (FieldView, passed in so that the two modules do not import each other). */
export type ItemView = (props: {
  field: Field;
  path: ValuePath;
  value: unknown;
  label: string;
}) => ReactNode;

/** Whether the page's address points at the field with this id, or one inside it. */
function isLinkedTo(id: string): boolean {
  if (typeof window === "undefined") return false;
  const target = decodeURIComponent(window.location.hash.slice(1));
  return target === id || target.startsWith(`${id}-`);
}

/** Kinds of items that hold several fields, collapsed to their summary line. */
const COLLAPSIBLE: ReadonlySet<Field["kind"]> = new Set(["group", "variants", "tuple"]);

/** An item's one line: its name and summary; opens and closes the item's fields. */
function ItemToggle({
  label,
  summary,
  open,
  controls,
  onToggle,
}: {
  label: string;
  summary: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={parts.itemToggle}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span className={parts.itemLabel}>{label}</span>{" "}
      <span className={parts.itemSummary}>{summary || "(empty)"}</span>
    </button>
  );
}

export function ListView({
  field,
  path,
  value,
  ItemView,
}: {
  field: ListField;
  path: ValuePath;
  value: unknown;
  ItemView: ItemView;
}) {
  const { onChange, errors, root } = useForm();
  const announce = useAnnounce();
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  // A session reads as words in the event's zone, not as its stored ISO times.
  const summaryOf = (index: number) =>
    sessionWords(field.item, items[index], root, [...path, index]) ?? summarise(items[index]);
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
  // Items of several fields are shown as one line until opened (decision 030).
  const collapsible = COLLAPSIBLE.has(field.item.kind);
  // Opened from a link to a field inside an item ('Before launch'): that item starts open; so
  // does an empty one (a new entry's first session, a gallery's first slide): it is to be filled.
  const [openKeys, setOpenKeys] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        keys.filter((_, index) => isLinkedTo(fieldId([...path, index])) || summaryOf(index) === ""),
      ),
  );
  const addRef = useRef<HTMLButtonElement>(null);
  const id = fieldId(path);
  const { register: registerControl, focusAfter: setFocusAfter } = useFocusAfterMove({
    removeControl: "remove",
    // After the last item went, Add; after an item was added, its first field.
    special: ({ key, control }) => {
      if (control === "add") addRef.current?.focus();
      else if (control === "first") {
        const item = document.getElementById(`${id}-item-${key}`);
        item?.querySelector<HTMLElement>("input, textarea, select")?.focus();
      } else return false;
      return true;
    },
    fallback: () => addRef.current,
  });

  const itemName = (index: number) => {
    const summary = summaryOf(index);
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
    setOpenKeys((current) => new Set(current).add(key));
    onChange(path, [...items, emptyValue(field.item)]);
    setFocusAfter({ key, control: "first" });
    announce(`${field.item.label} ${items.length + 1} added.`);
  };

  const toggle = (key: string) =>
    setOpenKeys((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  // An item with a message is open, in the render that shows it (focus goes to the field next).
  const hasError = (index: number) => {
    const prefix = errorKey([...path, index]);
    return Object.keys(errors).some((key) => key === prefix || key.startsWith(`${prefix}.`));
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
          const register = (control: string) => registerControl(key, control);
          return (
            <li key={key} id={`${id}-item-${key}`} className={styles.item}>
              {collapsible ? (
                <ItemToggle
                  label={`${field.item.label} ${index + 1}`}
                  summary={summaryOf(index)}
                  open={openKeys.has(key) || hasError(index)}
                  controls={`${id}-item-${key}-fields`}
                  onToggle={() => toggle(key)}
                />
              ) : null}
              <div
                id={`${id}-item-${key}-fields`}
                hidden={collapsible && !openKeys.has(key) && !hasError(index)}
              >
                <ItemView
                  field={field.item}
                  path={[...path, index]}
                  value={item}
                  label={`${field.item.label} ${index + 1}`}
                />
              </div>
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
