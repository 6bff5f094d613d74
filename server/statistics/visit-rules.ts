import { isbot } from "isbot";
import { SCREEN_NAMES, SINGLE_NAMES } from "../../common/page-names.js";
import { DIRECT_SOURCE, type Device } from "../../common/statistics.js";

/*
 * What a counted request says about its visit (docs/product.md 5.7, decision 042), as pure functions:
 * whether its client is a browser, its device, where it came from, and the page's name. Nothing
 * here keeps what it reads.
 */

/** The longest name (page, source, campaign, missing path) kept; longer ones are cut. */
export const MAX_NAME_LENGTH = 200;

/**
 * A browser asking for the page for a person: not a bot or a scripted client (isbot's maintained
 * list, which names curl, wget, HTTP libraries and headless browsers too), and with a User-Agent
 * at all.
 */
export function isPersonBrowsing(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent !== "" && !isbot(userAgent);
}

/** A prefetch or prerender the browser makes in case: not a view (Sec-Purpose, Purpose). */
export function isPrefetch(secPurpose: unknown, purpose: unknown): boolean {
  return (
    (typeof secPurpose === "string" && secPurpose.includes("prefetch")) ||
    (typeof purpose === "string" && purpose.includes("prefetch"))
  );
}

/** Phone or desktop, from the User-Agent (tablets read as desktop, as their pages do). */
export function deviceOf(userAgent: string): Device {
  return /\bMobi|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(userAgent) ? "phone" : "desktop";
}

function cut(text: string): string {
  return text.length > MAX_NAME_LENGTH ? text.slice(0, MAX_NAME_LENGTH) : text;
}

/** A referring address's host name in lower case, without `www.`; undefined when not a URL. */
export function referringHost(referer: unknown): string | undefined {
  if (typeof referer !== "string" || referer === "") return undefined;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host === "" ? undefined : cut(host);
  } catch {
    return undefined;
  }
}

/** The `utm_source` and `utm_campaign` of a query string; no other parameter is read. */
export function campaignParameters(url: string): { source?: string; campaign?: string } {
  const mark = url.indexOf("?");
  if (mark === -1 || !url.includes("utm_", mark)) return {};
  const query = new URLSearchParams(url.slice(mark + 1));
  const source = query.get("utm_source")?.trim();
  const campaign = query.get("utm_campaign")?.trim();
  return {
    ...(source ? { source: cut(source) } : {}),
    ...(campaign ? { campaign: cut(campaign) } : {}),
  };
}

/**
 * Where a visit came from: `utm_source`, else the referring site's host, else "Direct".
 * Undefined when the referrer is this site itself (a visitor moving between its pages came
 * from wherever their first page said).
 */
export function sourceOf(
  referer: unknown,
  utmSource: string | undefined,
  ownHosts: ReadonlySet<string>,
): string | undefined {
  if (utmSource) return utmSource;
  const host = referringHost(referer);
  if (host === undefined) return DIRECT_SOURCE;
  return ownHosts.has(host) ? undefined : host;
}

/**
 * A page as staff name it, and the one path it is listed under: the two widths of a screen are
 * one page ("About", /about-desktop and /about-mobile).
 */
export function pageOf(path: string): { page: string; path: string } {
  const single = SINGLE_NAMES[path as keyof typeof SINGLE_NAMES];
  if (single) return { page: single, path };
  const variant = /^\/(.+)-(desktop|mobile)$/.exec(path);
  const screen = variant?.[1] as keyof typeof SCREEN_NAMES | undefined;
  if (screen && SCREEN_NAMES[screen]) {
    return { page: SCREEN_NAMES[screen], path: `/${screen}-desktop` };
  }
  return { page: cut(path), path: cut(path) };
}
