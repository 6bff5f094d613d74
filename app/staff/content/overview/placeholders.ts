import type { CollectionDefinition } from "../../../../common/content/collections";
import type { ContentEntry } from "../../../../common/content-api";
import { editableData } from "../entry/entry-state";
import { same } from "../schema/editor-checks";
import { describeField, summarise, type Field } from "../schema/schema-fields";
import { fieldId, labelForPath, type ValuePath } from "../schema/value-path";

/*
 * 'Before launch' (decision 030): every field whose schema help marks its seeded value as a
 * PLACEHOLDER (`placeholder` in its description) and that still holds a seeded value (in its draft, else what is published). It
 * leaves the list once staff change it.
 */

export interface Placeholder {
  /** "Event › Location › Place", with the entry's name for a list. */
  label: string;
  /** Where it sits: the collection's label ("Team", "Home page"), for grouping. */
  group: string;
  /** The field within its entry ("Location › Place"), with the entry's name for a list. */
  field: string;
  /** The editor, at the field (`#field-…`). */
  href: string;
}

const child = (value: unknown, step: string | number): unknown =>
  typeof value === "object" && value !== null
    ? (value as Record<string | number, unknown>)[step]
    : undefined;

function walk(
  field: Field,
  value: unknown,
  seeds: readonly unknown[],
  path: ValuePath,
  found: ValuePath[],
) {
  if (value === undefined) return;
  if (field.placeholder) {
    if (seeds.some((seed) => seed !== undefined && same(seed, value))) found.push(path);
    return;
  }
  if (field.kind === "group") {
    for (const entry of field.fields) {
      walk(
        entry.field,
        child(value, entry.key),
        seeds.map((seed) => child(seed, entry.key)),
        [...path, entry.key],
        found,
      );
    }
  } else if (field.kind === "list" && Array.isArray(value)) {
    // Any seeded item of the list counts: items may have been moved.
    const seedItems = seeds.flatMap((seed) => (Array.isArray(seed) ? seed : []));
    value.forEach((item, index) => walk(field.item, item, seedItems, [...path, index], found));
  } else if (field.kind === "tuple") {
    field.items.forEach((item, index) =>
      walk(
        item,
        child(value, index),
        seeds.map((seed) => child(seed, index)),
        [...path, index],
        found,
      ),
    );
  } else if (field.kind === "variants") {
    const kind = child(value, field.discriminator);
    const option = field.options.find((candidate) => candidate.value === kind);
    if (option) walk(option.field, value, seeds, path, found);
  }
}

/** The placeholders still in one collection's entries, in the order the editors show them. */
export function findPlaceholders(
  definition: CollectionDefinition,
  entries: readonly ContentEntry[],
): Placeholder[] {
  const field = describeField(definition.schema);
  const result: Placeholder[] = [];
  for (const entry of entries) {
    if (entry.status === "deleted") continue;
    const found: ValuePath[] = [];
    walk(field, editableData(entry), definition.seed, [], found);
    const editor =
      definition.kind === "list"
        ? `/admin/content/${definition.name}/${entry.id}`
        : `/admin/content/${definition.name}`;
    const name =
      definition.kind === "list"
        ? `${definition.label}: ${summarise(editableData(entry)) || "entry"}`
        : definition.label;
    const entryName = definition.kind === "list" ? summarise(editableData(entry)) || "entry" : "";
    for (const path of found) {
      const fieldLabel = labelForPath(field, path.join("."));
      result.push({
        label: `${name} › ${fieldLabel}`,
        group: definition.label,
        field: entryName ? `${entryName} › ${fieldLabel}` : fieldLabel,
        href: `${editor}#${fieldId(path)}`,
      });
    }
  }
  return result;
}

/** The placeholders a fresh install starts with (the seed), the "of" of "23 of 75 done". */
export function seededPlaceholderCount(definitions: readonly CollectionDefinition[]): number {
  return definitions.reduce(
    (sum, definition) =>
      sum +
      findPlaceholders(
        definition,
        definition.seed.map((data, index) => ({
          id: `seed-${index}`,
          collection: definition.name,
          position: index,
          data,
          status: "published",
          version: 1,
          publish_at: null,
          draft: null,
          published_at: null,
          created_at: "",
          updated_at: "",
        })),
      ).length,
    0,
  );
}

/** Placeholders by the page part they sit in, in the order found; each group's first opens it. */
export function groupPlaceholders(
  placeholders: readonly Placeholder[],
): { group: string; items: Placeholder[] }[] {
  const groups = new Map<string, Placeholder[]>();
  for (const placeholder of placeholders) {
    const items = groups.get(placeholder.group) ?? [];
    items.push(placeholder);
    groups.set(placeholder.group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
