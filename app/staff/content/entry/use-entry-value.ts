import { useCallback, useState } from "react";
import type { ContentEntry } from "#common/content-api";
import { same } from "../schema/editor-checks";
import { editableData } from "./entry-state";
import { emptyValue, type GroupField } from "../schema/schema-fields";
import { withoutGeneratedLines } from "../schema/shown-lines";
import { errorKey, setAt, type ValuePath } from "../schema/value-path";

/** The messages left once the field at `key` changed: its own and those of fields inside it go. */
function withoutMessagesUnder(errors: Record<string, string>, key: string) {
  const under = (name: string) => name === key || name.startsWith(`${key}.`);
  if (!Object.keys(errors).some(under)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !under(name)));
}

/**
 * An entry as the editor holds it: the entry from the server, the form's value, the value last
 * saved (what `dirty` compares with) and the field messages, which a field's change clears.
 */
export function useEntryValue(field: GroupField, initialEntry: ContentEntry | null) {
  const [entry, setEntry] = useState(initialEntry);
  // What the form edits: the entry's data, less the date lines the times would write anyway.
  const dataOf = useCallback(
    (from: ContentEntry) => withoutGeneratedLines(field, editableData(from)),
    [field],
  );
  const [value, setValue] = useState<unknown>(() =>
    initialEntry ? dataOf(initialEntry) : emptyValue(field),
  );
  const [savedValue, setSavedValue] = useState<unknown>(() =>
    initialEntry ? dataOf(initialEntry) : undefined,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = !same(value, savedValue);

  const onChange = useCallback((path: ValuePath, next: unknown) => {
    setValue((current: unknown) => setAt(current, path, next));
    const key = errorKey(path);
    setErrors((current) => withoutMessagesUnder(current, key));
  }, []);

  /** The form shows `data` as saved: nothing unsaved is left. */
  const showSaved = (data: unknown) => {
    setValue(data);
    setSavedValue(data);
  };

  return {
    entry,
    setEntry,
    dataOf,
    value,
    setSavedValue,
    showSaved,
    errors,
    setErrors,
    dirty,
    onChange,
  };
}
