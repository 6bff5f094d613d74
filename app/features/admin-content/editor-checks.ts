import type { CollectionDefinition } from "#common/content/collections";
import { errorKey, fieldId, type ValuePath } from "./value-path";

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
