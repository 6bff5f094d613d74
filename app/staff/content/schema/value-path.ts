import type { Field } from "./schema-fields";

/** Where a value sits inside an entry's data: keys of groups and indexes of lists. */
export type ValuePath = readonly (string | number)[];

/** The key the server uses for a field's message: `data.items.0.label`. */
export function errorKey(path: ValuePath): string {
  return ["data", ...path].join(".");
}

/** The id of a field's input in the document (unique per path). */
export function fieldId(path: ValuePath): string {
  return ["field", ...path].join("-");
}

/** The value at `path` inside `value`, or undefined where the path leads nowhere. */
export function valueAt(value: unknown, path: ValuePath): unknown {
  let node = value;
  for (const step of path) {
    node =
      typeof node === "object" && node !== null
        ? (node as Record<string | number, unknown>)[step]
        : undefined;
  }
  return node;
}

/**
 * A copy of `value` with `next` at `path`; the untouched parts are shared. `undefined` removes a
 * group's key (an optional field left out).
 */
export function setAt(value: unknown, path: ValuePath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof step === "number") {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[step] = setAt(list[step], rest, next);
    return list;
  }
  const record =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  const child = setAt(record[step], rest, next);
  if (child === undefined) delete record[step];
  else record[step] = child;
  return record;
}

/** Every leaf of `value` (texts, numbers, choices) by its path, for comparing two versions. */
export function leaves(value: unknown, path: ValuePath = []): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const walk = (current: unknown, at: ValuePath) => {
    if (Array.isArray(current)) current.forEach((item, index) => walk(item, [...at, index]));
    else if (typeof current === "object" && current !== null) {
      for (const [key, item] of Object.entries(current)) walk(item, [...at, key]);
    } else found.set(at.join("."), current);
  };
  walk(value, path);
  return found;
}

/** What staff call the field at `dotted` ("How we work › Steps › 2 › Title"). */
export function labelForPath(root: Field, dotted: string): string {
  const names: string[] = [];
  let field: Field | undefined = root;
  for (const step of dotted === "" ? [] : dotted.split(".")) {
    if (!field) {
      names.push(step);
      continue;
    }
    if (field.kind === "tuple") {
      field = field.items[Number(step)];
      names.push(field?.label ?? step);
    } else if (field.kind === "list") {
      names.push(String(Number(step) + 1));
      field = field.item;
    } else if (field.kind === "group") {
      const entry: { key: string; field: Field } | undefined = field.fields.find(
        (candidate) => candidate.key === step,
      );
      field = entry?.field;
      names.push(entry?.field.label ?? step);
    } else if (field.kind === "variants") {
      const options: Field[] = field.options.map((option) => option.field);
      const entry = options
        .flatMap((option) => (option.kind === "group" ? option.fields : []))
        .find((candidate) => candidate.key === step);
      field = entry?.field;
      names.push(entry?.field.label ?? step);
    } else {
      names.push(step);
      field = undefined;
    }
  }
  return names.join(" › ");
}

/** The leaves that differ between two versions, in the order they first appear. */
export function changedPaths(before: unknown, after: unknown): string[] {
  const old = leaves(before);
  const now = leaves(after);
  const paths = [...new Set([...now.keys(), ...old.keys()])];
  return paths.filter((path) => old.get(path) !== now.get(path));
}
