import { UPDATES_PATH } from "~/route-paths";
import {
  UPDATES_PAGE_PARAM,
  UPDATES_PER_PAGE,
  isWebUrl,
  updatesPageCount,
  type SiteUpdate,
} from "#common/updates";

export { UPDATES_FEED_PATH, UPDATES_PATH } from "~/route-paths";

/** The texts of /updates (docs/product.md section 2.11). */
export const UPDATES_TEXTS = {
  heading: "Updates",
  empty: "No updates yet.",
  older: "Older updates",
  newer: "Newer updates",
  feed: "Follow these updates in a feed reader (Atom)",
  feedTitle: "Updates",
} as const;

/** The address of page `page` of /updates. */
export function updatesPagePath(page: number): string {
  return page <= 1 ? UPDATES_PATH : `${UPDATES_PATH}?${UPDATES_PAGE_PARAM}=${page}`;
}

/** One page of the published updates (newest first), with the neighbouring pages' addresses. */
export function updatesPage(updates: readonly SiteUpdate[], page: number) {
  const start = (page - 1) * UPDATES_PER_PAGE;
  const count = updatesPageCount(updates.length);
  return {
    updates: updates.slice(start, start + UPDATES_PER_PAGE),
    page,
    olderHref: page < count ? updatesPagePath(page + 1) : null,
    newerHref: page > 1 ? updatesPagePath(page - 1) : null,
  };
}

/** An update's link when it has a usable one (absolute http: or https:). */
export function updateLink(update: SiteUpdate): string | null {
  const url = update.url?.trim();
  return url && isWebUrl(url) ? url : null;
}
