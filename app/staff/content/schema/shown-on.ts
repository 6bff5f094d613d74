import type { CollectionDefinition, CollectionName } from "#common/content/collections";
import { eventPagePath } from "#common/event-paths";
import { describeField } from "./schema-fields";

/** The page each list's entries appear on, where every entry appears on the same one. */
const LIST_PAGES: Partial<Readonly<Record<CollectionName, string>>> = {
  partners: "Home, desktop page",
  projects: "Home, desktop page",
  team: "About, both pages",
  expertise: "Services, both pages",
  publications: "Publications, both pages",
  conferences: "Publications, both pages",
};

const record = (data: unknown): Record<string, unknown> =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};

/**
 * Which page a list's entry appears on, for the list's table: a course's `variant` choice read
 * with its labels (Desktop page, Mobile page or Both); an event, the events list and its own
 * address; any other list, the page that shows it. Null for a collection that is not a list.
 */
export function shownOnField(
  definition: CollectionDefinition,
): { label: string; text: (data: unknown) => string } | null {
  if (definition.kind !== "list") return null;
  const field = describeField(definition.schema);
  const variant =
    field.kind === "group"
      ? field.fields.find((entry) => entry.key === "variant")?.field
      : undefined;
  if (variant?.kind === "choice") {
    return {
      label: variant.label,
      text: (data) => {
        const value = record(data).variant;
        return typeof value === "string" ? (variant.optionLabels?.[value] ?? value) : "";
      },
    };
  }
  if (definition.name === "events") {
    return {
      label: "Shown on",
      text: (data) => {
        const slug = record(data).slug;
        return typeof slug === "string" && slug !== ""
          ? `Events list and its own page, ${eventPagePath(slug)}`
          : "Events list";
      },
    };
  }
  const page = LIST_PAGES[definition.name];
  return page ? { label: "Shown on", text: () => page } : null;
}
