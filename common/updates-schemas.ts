import {
  FEATURED_LIMIT_DEFAULT,
  FEATURED_LIMIT_MAX,
  MESSAGES,
  SUMMARY_MAX,
  TITLE_MAX,
  UPDATE_STATUSES,
  UPDATE_TYPES,
  URL_MAX,
  isUpdateImageAddress,
  isWebUrl,
} from "./updates.js";
import { isRealDateTime } from "./dates.js";
import { controlCharacterMessage, isCleanText } from "./text.js";
import { z } from "./zod.js";

/** The zod schemas of the updates API; the limits and texts they use are in `updates.ts`. */

const requiredText = (max: number, tooLong: string, label: string, multiline: boolean) =>
  z
    .string({ error: MESSAGES.titleAndSummaryRequired })
    .trim()
    .min(1, { error: MESSAGES.titleAndSummaryRequired })
    .max(max, { error: tooLong })
    .refine((value) => isCleanText(value, { multiline }), {
      error: controlCharacterMessage(label),
    });

/** An address or nothing: empty text and null both mean "none" and become null. */
const addressOrNull = (accepts: (value: string) => boolean, invalid: string) =>
  z
    .union([z.string(), z.null()], { error: invalid })
    .transform((value) => (value === null || value.trim() === "" ? null : value.trim()))
    .refine((value) => value === null || value.length <= URL_MAX, { error: MESSAGES.urlTooLong })
    .refine((value) => value === null || isCleanText(value), {
      error: controlCharacterMessage("The web address"),
    })
    .refine((value) => value === null || accepts(value), { error: invalid });

/** A link: a full web address (it opens in a new tab). */
const webUrlOrNull = addressOrNull(isWebUrl, MESSAGES.invalidUrl);
/**
 * A picture: an address on this site (a library pick) or a full web address. Refused with the
 * links' message: staff who type an address type a full one; a library pick is always valid.
 */
const imageUrlOrNull = addressOrNull(isUpdateImageAddress, MESSAGES.invalidUrl);

/** In a create, an absent address is stored as null. */
const optionalUrl = webUrlOrNull.optional().transform((value) => value ?? null);
const optionalImageUrl = imageUrlOrNull.optional().transform((value) => value ?? null);

const publishedAt = z
  .string({ error: MESSAGES.invalidPublishedAt })
  // A real date between 1970 and 9999 (Date.parse rolls 2026-02-30 over to 2 March).
  .refine((value) => isRealDateTime(value), {
    error: MESSAGES.invalidPublishedAt,
  })
  .transform((value) => new Date(value).toISOString());

const updateFields = {
  type: z.enum(UPDATE_TYPES, { error: MESSAGES.invalidType }),
  title: requiredText(TITLE_MAX, MESSAGES.titleTooLong, "Title", false),
  summary: requiredText(SUMMARY_MAX, MESSAGES.summaryTooLong, "Summary", true),
  url: optionalUrl,
  image_url: optionalImageUrl,
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
  image_url: imageUrlOrNull.optional(),
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
