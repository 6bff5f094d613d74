import type { CollectionDefinition } from "#common/content/collections";
import { describeField } from "./schema-fields";

/**
 * Which page a list's entry appears on, for the list's table (a course: Desktop page, Mobile
 * page or Both): the entry's `variant` choice, read with its labels. Null for a list without one.
 */
export function shownOnField(
  definition: CollectionDefinition,
): { label: string; text: (data: unknown) => string } | null {
  const field = describeField(definition.schema);
  if (field.kind !== "group") return null;
  const variant = field.fields.find((entry) => entry.key === "variant")?.field;
  if (variant?.kind !== "choice") return null;
  return {
    label: variant.label,
    text: (data) => {
      const value =
        typeof data === "object" && data !== null
          ? (data as Record<string, unknown>).variant
          : undefined;
      return typeof value === "string" ? (variant.optionLabels?.[value] ?? value) : "";
    },
  };
}
