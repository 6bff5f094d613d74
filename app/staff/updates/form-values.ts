import type { SiteUpdate, UpdateStatus, UpdateType } from "#common/updates";
import { createUpdateSchema, type CreateUpdateInput } from "#common/updates-schemas";

/** The admin form's fields as the inputs hold them (all text, except the checkbox). */
export interface UpdateFormValues {
  type: UpdateType;
  title: string;
  summary: string;
  url: string;
  image_url: string;
  status: UpdateStatus;
  featured: boolean;
  /** A `datetime-local` value in the browser's time zone, e.g. "2025-10-11T12:00". */
  published_at: string;
}

export type UpdateFieldName = keyof UpdateFormValues;

/** Field order, used to pick the first invalid field and to order messages. */
export const FIELD_NAMES: readonly UpdateFieldName[] = [
  "type",
  "title",
  "summary",
  "url",
  "image_url",
  "status",
  "featured",
  "published_at",
];

export function isFieldName(name: string): name is UpdateFieldName {
  return (FIELD_NAMES as readonly string[]).includes(name);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A date as a `datetime-local` value in local time, to the minute. */
export function toLocalInputValue(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A `datetime-local` value (local time) as an ISO 8601 UTC string. Empty or unreadable values
 * are returned as they are, for the schema to refuse with its message.
 */
export function localInputToIso(value: string): string {
  if (value.trim() === "") return value;
  // "YYYY-MM-DDTHH:mm[:ss]" without an offset is read as local time.
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** Create-mode defaults: type news, status published, featured off, published_at now. */
export function defaultFormValues(now: Date = new Date()): UpdateFormValues {
  return {
    type: "news",
    title: "",
    summary: "",
    url: "",
    image_url: "",
    status: "published",
    featured: false,
    published_at: toLocalInputValue(now),
  };
}

export function formValuesFromUpdate(update: SiteUpdate): UpdateFormValues {
  const published = new Date(update.published_at);
  return {
    type: update.type,
    title: update.title,
    summary: update.summary,
    url: update.url ?? "",
    image_url: update.image_url ?? "",
    status: update.status,
    featured: update.featured,
    published_at: Number.isNaN(published.getTime()) ? "" : toLocalInputValue(published),
  };
}

export type FieldErrors = Partial<Record<UpdateFieldName, string>>;

export type FormValidation =
  | { ok: true; input: CreateUpdateInput }
  | { ok: false; fieldErrors: FieldErrors; messages: string[] };

/**
 * Checks the form with the server's own schema (`createUpdateSchema`).
 *
 * `originalPublishedAt` is the stored value of the update being edited: when the input still shows
 * it (to the minute), the stored value is sent unchanged rather than rounded to the minute.
 */
export function validateUpdateForm(
  values: UpdateFormValues,
  originalPublishedAt?: string,
): FormValidation {
  let publishedAt = localInputToIso(values.published_at);
  if (originalPublishedAt !== undefined) {
    const original = new Date(originalPublishedAt);
    if (!Number.isNaN(original.getTime()) && toLocalInputValue(original) === values.published_at) {
      publishedAt = originalPublishedAt;
    }
  }
  const result = createUpdateSchema.safeParse({
    type: values.type,
    title: values.title,
    summary: values.summary,
    url: values.url,
    image_url: values.image_url,
    status: values.status,
    featured: values.featured,
    published_at: publishedAt,
  });
  if (result.success) return { ok: true, input: result.data };

  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    if (isFieldName(name)) fieldErrors[name] ??= issue.message;
  }
  const messages: string[] = [];
  for (const name of FIELD_NAMES) {
    const message = fieldErrors[name];
    if (message && !messages.includes(message)) messages.push(message);
  }
  if (messages.length === 0) messages.push(result.error.issues[0]?.message ?? "Check the form");
  return { ok: false, fieldErrors, messages };
}

/** Server field messages (`error.fields`) limited to the form's fields. */
export function fieldErrorsFromServer(fields: Readonly<Record<string, string>>): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    if (isFieldName(name)) out[name] = message;
  }
  return out;
}
