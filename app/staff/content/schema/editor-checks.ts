import type { CollectionDefinition } from "#common/content/collections";
import type { Field } from "./schema-fields";
import { errorKey, fieldId, labelForPath, type ValuePath } from "./value-path";

/* Checks and names the entry editor uses around its form. */

export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field messages from the schema, keyed like the server's (`data.title`). */
export function schemaErrors(
  definition: CollectionDefinition,
  value: unknown,
): Record<string, string> {
  const result = definition.schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = errorKey(issue.path as ValuePath);
    errors[key] ??= issue.message;
  }
  return errors;
}

/** One field's message in the action bar, with a link that takes focus to the field. */
export interface FieldLink {
  /** The id of the field's input (or of the group holding it). */
  id: string;
  /** "Location › Place". */
  label: string;
  message: string;
}

/** A link per field message, in the order the server or the schema gave them. */
export function fieldLinks(root: Field, errors: Record<string, string>): FieldLink[] {
  return Object.entries(errors).map(([key, message]) => {
    const dotted = key.split(".").slice(1).join(".");
    return {
      id: fieldId(dotted === "" ? [] : dotted.split(".")),
      label: labelForPath(root, dotted) || "Entry",
      message,
    };
  });
}

/**
 * Focuses the field with this id, or the nearest group around it that the form shows (a field
 * the form has no input for, such as an unknown one): focus scrolls it into view, clear of the
 * action bar (its scroll-padding).
 */
export function focusField(id: string): void {
  let target = id;
  for (;;) {
    const element = document.getElementById(target);
    if (element) {
      element.focus();
      return;
    }
    const cut = target.lastIndexOf("-");
    if (cut <= "field".length - 1) return;
    target = target.slice(0, cut);
  }
}

/** The input of the first field with a message, in the order the form shows them. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, string>) {
  if (!form) return;
  const ids = new Set(Object.keys(errors).map((key) => fieldId(key.split(".").slice(1))));
  const target = [...form.querySelectorAll<HTMLElement>("[id^='field']")].find((element) =>
    ids.has(element.id),
  );
  (target ?? form.querySelector<HTMLElement>("[aria-invalid='true']"))?.focus();
}

export function backPath(definition: CollectionDefinition): string {
  return definition.kind === "list" ? `/admin/content/${definition.name}` : "/admin/content";
}

export function entryTitle(value: unknown): string {
  if (typeof value !== "object" || value === null) return "";
  const record = value as Record<string, unknown>;
  for (const key of ["title", "name", "label", "heading"]) {
    if (typeof record[key] === "string" && record[key] !== "") return record[key];
  }
  return "";
}
