import { z } from "zod";
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

const requiredText = (max: number, tooLong: string) =>
  z
    .string({ error: MESSAGES.titleAndSummaryRequired })
    .trim()
    .min(1, { error: MESSAGES.titleAndSummaryRequired })
    .max(max, { error: tooLong });

/** An optional web address: empty or null means "none" and is stored as null. */
const optionalUrl = z
  .union([z.string(), z.null()], { error: MESSAGES.invalidUrl })
  .optional()
  .transform((value) => (value == null || value.trim() === "" ? null : value.trim()))
  .refine((value) => value === null || value.length <= URL_MAX, { error: MESSAGES.urlTooLong })
  .refine((value) => value === null || isWebUrl(value), { error: MESSAGES.invalidUrl });

const publishedAt = z
  .string({ error: MESSAGES.invalidPublishedAt })
  .refine((value) => value.trim() !== "" && !Number.isNaN(Date.parse(value)), {
    error: MESSAGES.invalidPublishedAt,
  })
  .transform((value) => new Date(value).toISOString());

const updateFields = {
  type: z.enum(UPDATE_TYPES, { error: MESSAGES.invalidType }),
  title: requiredText(TITLE_MAX, MESSAGES.titleTooLong),
  summary: requiredText(SUMMARY_MAX, MESSAGES.summaryTooLong),
  url: optionalUrl,
  image_url: optionalUrl,
  status: z.enum(UPDATE_STATUSES, { error: MESSAGES.invalidStatus }),
  featured: z.boolean({ error: MESSAGES.invalidFeatured }),
  published_at: publishedAt,
};

/** Body of POST /api/updates. Unknown fields (id, created_at, ...) are refused. */
export const createUpdateSchema = z.strictObject(updateFields);

/** Body of PATCH /api/updates/:id: any subset of the writable fields, at least one. */
export const patchUpdateSchema = z
  .strictObject({
    type: updateFields.type.optional(),
    title: updateFields.title.optional(),
    summary: updateFields.summary.optional(),
    url: optionalUrl,
    image_url: optionalUrl,
    status: updateFields.status.optional(),
    featured: updateFields.featured.optional(),
    published_at: updateFields.published_at.optional(),
  })
  .transform((patch) => {
    // `optionalUrl` turns an absent key into null; keep absent keys absent in a patch.
    const out: Partial<CreateUpdateInput> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) (out as Record<string, unknown>)[key] = value;
    }
    return out;
  });

export type CreateUpdateInput = z.output<typeof createUpdateSchema>;
export type PatchUpdateInput = z.output<typeof patchUpdateSchema>;

export const featuredQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .max(FEATURED_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${FEATURED_LIMIT_MAX}` })
    .default(FEATURED_LIMIT_DEFAULT),
});
