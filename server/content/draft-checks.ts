import { z } from "zod";
import type { CollectionDefinition } from "../../common/content/collections.js";
import { controlCharacterMessage, isCleanText } from "../../common/text.js";
import { HttpError, fieldMessages } from "../http/errors.js";
import { ContentChangeError } from "./content-core.js";

/*
 * What a draft must be to be stored, and what it must be to go live (decision 044): the checks
 * the content routes and the scheduled pass share.
 */

/** Where a string (or key) in `value` holds a control character, as a field path; else null. */
export function firstUncleanText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return isCleanText(value, { multiline: true }) ? null : path;
  if (typeof value !== "object" || value === null || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUncleanText(item, `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) return path;
    const found = firstUncleanText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The schema's messages keyed like the API's fields (`data.title`). */
function dataFieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldMessages(error))) {
    fields[key === "_" ? "data" : `data.${key}`] = message;
  }
  return fields;
}

/** "Title is required (data.title)", or "3 fields need attention before publishing: … and 2 more". */
export function incompleteMessage(fields: Record<string, string>): string {
  const entries = Object.entries(fields);
  const [field, message] = entries[0] ?? ["data", "Invalid content"];
  if (entries.length === 1) return `${message} (${field})`;
  return `${entries.length} fields need attention before publishing: ${message} (${field}) and ${entries.length - 1} more`;
}

/**
 * The check a draft passes before it goes live (publish, schedule, the scheduled pass): the
 * schema's output (today's defaults filled in), or ContentChangeError `incomplete` naming
 * every field that is missing or wrong.
 */
export function checkForPublish(definition: CollectionDefinition, data: unknown): unknown {
  const result = definition.schema.safeParse(data);
  if (result.success) return result.data;
  const fields = dataFieldMessages(result.error);
  throw new ContentChangeError("incomplete", incompleteMessage(fields), undefined, fields);
}

/**
 * What a draft must be to be stored (decision 044): an object of fields (for a collection
 * whose entries are objects) without control characters; missing, empty or wrong fields are
 * kept as they are, and checked on Publish and Schedule. A draft that fits the schema is stored
 * as the schema gives it back (its defaults filled in).
 */
export function parseDraftData(definition: CollectionDefinition, data: unknown): unknown {
  if (data === undefined) {
    throw new HttpError(400, "invalid_input", "data is required: send the entry's content", {
      data: "data is required",
    });
  }
  const result = definition.schema.safeParse(data);
  const expectsObject = definition.schema instanceof z.ZodObject;
  if (!result.success && expectsObject) {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      const message = "data must be an object of the entry's fields";
      throw new HttpError(400, "invalid_input", message, { data: message });
    }
  }
  // Whatever the schema allows, no stored text holds a control character (docs/product.md 10).
  const stored = result.success ? result.data : data;
  const unclean = firstUncleanText(stored, "data");
  if (unclean) {
    // The schema names the field as staff see it ("Name contains …") when it checks that field.
    const named = result.success ? undefined : dataFieldMessages(result.error)[unclean];
    const message =
      named !== undefined && named === controlCharacterMessage(named.split(" contains ")[0]!)
        ? named
        : controlCharacterMessage(unclean);
    throw new HttpError(400, "invalid_input", message, { [unclean]: message });
  }
  if (!result.success && !expectsObject) {
    // Not an object schema (the store's own test collections): checked now, as before.
    const fields = dataFieldMessages(result.error);
    throw new HttpError(400, "invalid_input", incompleteMessage(fields), fields);
  }
  return stored;
}
