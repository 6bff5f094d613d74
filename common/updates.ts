/**
 * Site updates: types, labels, limits, messages and the record shape. Zod-free, so the public
 * featured strip can import it; the schemas are in `updates-schemas.ts`.
 */

export const FEATURED_LIMIT_DEFAULT = 5;

/** Updates on a page of /updates, and entries in its Atom feed. */
export const UPDATES_PER_PAGE = 20;
/** The query parameter of an older page of /updates (`/updates?page=2`). */
export const UPDATES_PAGE_PARAM = "page";

/** How many pages /updates has for `count` published updates (one, even when empty). */
export function updatesPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / UPDATES_PER_PAGE));
}

/**
 * The page number a `?page=` value asks for, or undefined when it is not one of the pages (the
 * server answers 404 then, so arbitrary values never grow its cache). Absent: page 1.
 */
export function updatesPageNumber(
  value: string | null | undefined,
  count: number,
): number | undefined {
  if (value === null || value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return undefined;
  const page = Number(value);
  return page <= updatesPageCount(count) ? page : undefined;
}

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
  invalidPublishedAt: "Published at must be a real date and time between 1970 and 9999",
} as const;

export const UPDATE_TYPES = ["news", "current_project", "completed_project", "media"] as const;
export const UPDATE_STATUSES = ["published", "draft"] as const;

export type UpdateType = (typeof UPDATE_TYPES)[number];
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

/** Labels the public strip shows for each type. */
export const UPDATE_TYPE_LABELS: Record<UpdateType, string> = {
  news: "News",
  current_project: "Current",
  completed_project: "Completed",
  media: "Media",
};

/** True for an absolute http: or https: URL; everything else (javascript:, data:, relative) is refused. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * True for an address on this site such as `/media/0123456789abcdef-640.webp` or
 * `/images/flyer.webp`: what 'Choose from library' stores (decision 034), so the picture still
 * shows when the site moves to another host. One leading slash (`//host` is another site).
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value);
}

/** An update's picture: an address on this site (from the library) or a full web address. */
export function isUpdateImageAddress(value: string): boolean {
  return isSitePath(value) || isWebUrl(value);
}

/** An update as the API returns it. */
export interface SiteUpdate {
  id: string;
  type: UpdateType;
  title: string;
  summary: string;
  url: string | null;
  image_url: string | null;
  status: UpdateStatus;
  featured: boolean;
  published_at: string;
  created_at: string;
  updated_at: string;
}
