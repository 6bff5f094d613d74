/**
 * Update types, labels and the record shape, without zod.
 *
 * The public featured strip imports this module; keep it free of heavy dependencies so that
 * public pages stay small. `common/updates.ts` (the zod schemas) re-exports everything here.
 */

export const FEATURED_LIMIT_DEFAULT = 5;

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
