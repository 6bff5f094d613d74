import { z } from "./zod.js";
import { controlCharacterMessage, isCleanText } from "./text.js";
import { FEATURED_LIMIT_DEFAULT, UPDATE_STATUSES, UPDATE_TYPES, isWebUrl } from "./update-types.js";

// Types, labels and `isWebUrl` live in a zod-free module so the public strip can use them.
export {
  FEATURED_LIMIT_DEFAULT,
  UPDATE_STATUSES,
  UPDATE_TYPES,
  UPDATE_TYPE_LABELS,
  isWebUrl,
} from "./update-types.js";
export type { SiteUpdate, UpdateStatus, UpdateType } from "./update-types.js";

/** Limits shared by the admin form, the API and the database. */
export const SUMMARY_MAX = 240;
export const TITLE_MAX = 200;
export const URL_MAX = 2048;
export const FEATURED_LIMIT_MAX = 20;

export const MESSAGES = {
  titleAndSummaryRequired: "Title and summary are required",
  summaryTooLong: `Summary must be ${SUMMARY_MAX} characters or less`,
  titleTooLong: `Title must be ${TITLE_MAX} characters or less`,
  invalidUrl: "Enter a full web address starting with http:// or https://",
  urlTooLong: `Web addresses must be ${URL_MAX} characters or less`,
  invalidType: "Type must be one of news, current_project, completed_project, media",
  invalidStatus: "Status must be published or draft",
  invalidFeatured: "Featured must be true or false",
  invalidPublishedAt: "Published at must be a valid date and time",
} as const;

const requiredText = (max: number, tooLong: string, label: string, multiline: boolean) =>
  z
    .string({ error: MESSAGES.titleAndSummaryRequired })
    .trim()
    .min(1, { error: MESSAGES.titleAndSummaryRequired })
    .max(max, { error: tooLong })
    .refine((value) => isCleanText(value, { multiline }), {
      error: controlCharacterMessage(label),
    });

/** A web address or nothing: empty text and null both mean "none" and become null. */
const webUrlOrNull = z
  .union([z.string(), z.null()], { error: MESSAGES.invalidUrl })
  .transform((value) => (value === null || value.trim() === "" ? null : value.trim()))
  .refine((value) => value === null || value.length <= URL_MAX, { error: MESSAGES.urlTooLong })
  .refine((value) => value === null || isCleanText(value), {
    error: controlCharacterMessage("The web address"),
  })
  .refine((value) => value === null || isWebUrl(value), { error: MESSAGES.invalidUrl });

/** In a create, an absent address is stored as null. */
const optionalUrl = webUrlOrNull.optional().transform((value) => value ?? null);

const publishedAt = z
  .string({ error: MESSAGES.invalidPublishedAt })
  .refine((value) => value.trim() !== "" && !Number.isNaN(Date.parse(value)), {
    error: MESSAGES.invalidPublishedAt,
  })
  .transform((value) => new Date(value).toISOString());

const updateFields = {
  type: z.enum(UPDATE_TYPES, { error: MESSAGES.invalidType }),
  title: requiredText(TITLE_MAX, MESSAGES.titleTooLong, "Title", false),
  summary: requiredText(SUMMARY_MAX, MESSAGES.summaryTooLong, "Summary", true),
  url: optionalUrl,
  image_url: optionalUrl,
  status: z.enum(UPDATE_STATUSES, { error: MESSAGES.invalidStatus }),
  featured: z.boolean({ error: MESSAGES.invalidFeatured }),
  published_at: publishedAt,
};

/** Body of POST /api/updates. Unknown fields (id, created_at, ...) are refused. */
export const createUpdateSchema = z.strictObject(updateFields);

/** Body of PATCH /api/updates/:id: any subset of the writable fields (absent keys stay absent). */
export const patchUpdateSchema = z.strictObject({
  type: updateFields.type.optional(),
  title: updateFields.title.optional(),
  summary: updateFields.summary.optional(),
  url: webUrlOrNull.optional(),
  image_url: webUrlOrNull.optional(),
  status: updateFields.status.optional(),
  featured: updateFields.featured.optional(),
  published_at: updateFields.published_at.optional(),
});

export type CreateUpdateInput = z.output<typeof createUpdateSchema>;
export type PatchUpdateInput = z.output<typeof patchUpdateSchema>;

export const featuredQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .max(FEATURED_LIMIT_MAX, {
      error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}`,
    })
    .default(FEATURED_LIMIT_DEFAULT),
});
