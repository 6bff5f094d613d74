import type { CollectionDefinition } from "#common/content/collections";
import { describeField } from "../schema/schema-fields";

/*
 * Duplicate (issue 29): any list entry copied into a new draft, e.g. an event copied and then
 * given its new dates. What must be unique in a list is made fresh so that the copy never
 * collides: a number key (a course's number) becomes the largest in the list plus one, a name
 * used in addresses or anchors (an event's address name, an anchor) gets "-copy" (then
 * "-copy-2", …). The server's list rules stay the authority (a race still gets a 400).
 */

const SLUG_MAX = 60;

/** `base-copy`, `base-copy-2`, … : the first not in `taken`, at most 60 characters. */
export function freshSlug(slug: string, taken: ReadonlySet<string>): string {
  const base = slug.replace(/-copy(?:-\d+)?$/, "");
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The copy of `data` that Duplicate saves as a new draft, unique among `others`. */
export function duplicateData(
  definition: CollectionDefinition,
  data: unknown,
  others: readonly unknown[],
): unknown {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  const copy: Record<string, unknown> = structuredClone(data as Record<string, unknown>);
  const field = describeField(definition.schema);
  if (field.kind !== "group") return copy;
  const valuesOf = (key: string) =>
    others.map((other) =>
      typeof other === "object" && other !== null
        ? (other as Record<string, unknown>)[key]
        : undefined,
    );
  for (const { key, field: inner } of field.fields) {
    const value = copy[key];
    if (inner.kind === "number" && key === "id" && typeof value === "number") {
      const numbers = valuesOf(key).filter((other): other is number => typeof other === "number");
      copy[key] = Math.max(value, ...numbers) + 1;
    } else if (
      inner.kind === "text" &&
      typeof value === "string" &&
      value !== "" &&
      (key === "slug" || key === "id" || inner.derived?.kind === "anchor")
    ) {
      const taken = new Set(valuesOf(key).filter((other) => typeof other === "string") as string[]);
      copy[key] = freshSlug(value, taken);
    }
  }
  return copy;
}
