import type { MetaDescriptor } from "react-router";
import type { ContentSlices, LayoutContent } from "~/content/slices";
import { shownSocialProfiles } from "#common/organisation";
import { contentFromMatches } from "~/content/use-content";
import {
  SINGLE_SCREENS,
  UPDATES_FEED_PATH,
  VARIANT_PATHS,
  type Variant,
  type VariantScreen,
} from "~/route-paths";
import { MOBILE_QUERY_MEDIA } from "~/width-switching/viewport";

/** Every public screen of the route table (app/route-paths.ts), event pages included. */
export type PublicRoute =
  `/${VariantScreen}-${Variant}` | (typeof SINGLE_SCREENS)[number] | `/events/${string}`;

/** The title the updates' Atom feed is announced with (the home pages and /updates). */
const UPDATES_FEED_TITLE = "Updates";

// PLACEHOLDER: the site's address (scheme and host, no trailing slash) for absolute links in page
// metadata, JSON-LD, robots.txt, sitemap.xml and the calendar file when the server runs without
// PUBLIC_ORIGIN; with it, PUBLIC_ORIGIN is used (app/lib/site-origin.ts). Not content: staff do
// not choose the host the site answers on.
export const SITE_URL = "https://www.example.org";

/** An absolute URL on this site for a path ("/about-desktop" → "https://…/about-desktop"). */
export function absoluteUrl(path: string, origin: string = SITE_URL): string {
  return new URL(path, `${origin}/`).toString();
}

/**
 * The site's origin as the root loader gave it (app/root.tsx: `PUBLIC_ORIGIN`, or SITE_URL),
 * for meta functions, which see the matched routes' loader data.
 */
export function originOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : SITE_URL;
}

/** A JSON-LD block as a React Router meta descriptor. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** The Organization described on the home pages, from the organisation's facts. */
export function organizationJsonLd(
  layout: LayoutContent,
  origin: string = SITE_URL,
): Record<string, unknown> {
  const { organisation } = layout;
  const sameAs = shownSocialProfiles(organisation).map((profile) => profile.url);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: organisation.name,
    url: absoluteUrl("/", origin),
    logo: absoluteUrl(layout.logo.src, origin),
    description: layout.tagline,
    email: organisation.email,
    ...(organisation.phone ? { telephone: organisation.phone } : {}),
    ...(organisation.postalAddress ? { address: organisation.postalAddress } : {}),
    // Only the profiles visitors see: none while they are the seed's example addresses.
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** The variant of the same page for the other kind of screen, or null when there is none. */
function twinOf(path: string, variant: Variant): string | null {
  const other = variant === "desktop" ? "mobile" : "desktop";
  const twin = path.replace(new RegExp(`-${variant}$`), `-${other}`);
  return twin !== path && VARIANT_PATHS.includes(twin) ? twin : null;
}

/** What a page's metadata is made from: the site settings and the page's title and description. */
export type PageMetaContent = Pick<ContentSlices, "layout" | "pageSeo">;

/** The metadata content from a meta function's matches (the root's and the page's loader data). */
export function metaContent(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
): PageMetaContent {
  return {
    layout: contentFromMatches(matches, "layout"),
    pageSeo: contentFromMatches(matches, "pageSeo"),
  };
}

export interface PageMetaOptions {
  /** The site's origin for absolute URLs (`originOf(matches)`); SITE_URL if omitted. */
  origin?: string;
  /** Extra JSON-LD objects (e.g. the event page's Event). */
  jsonLd?: readonly Record<string, unknown>[];
  /** Open Graph type; "website" unless told. */
  ogType?: string;
  /** Announce the updates' Atom feed (<link rel="alternate" type="application/atom+xml">). */
  feed?: boolean;
}

/**
 * Title, description, Open Graph, Twitter card, canonical and alternate links and JSON-LD for a
 * public page, from the published content. A -mobile page names its -desktop twin as canonical;
 * a -desktop page names its -mobile twin as the alternate for small screens.
 */
export function pageMeta(
  path: PublicRoute,
  content: PageMetaContent,
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const { layout, pageSeo } = content;
  const { siteName, defaultOgImage } = layout.seo;
  const { title, description } = pageSeo;
  const desktopTwin = path.endsWith("-mobile") ? twinOf(path, "mobile") : null;
  const mobileTwin = path.endsWith("-desktop") ? twinOf(path, "desktop") : null;
  const origin = options.origin ?? SITE_URL;
  const canonical = absoluteUrl(desktopTwin ?? path, origin);

  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: options.ogType ?? "website" },
    { property: "og:url", content: canonical },
    { property: "og:image", content: absoluteUrl(defaultOgImage.src, origin) },
    { property: "og:image:width", content: String(defaultOgImage.width) },
    { property: "og:image:height", content: String(defaultOgImage.height) },
    { property: "og:image:alt", content: defaultOgImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  if (mobileTwin) {
    meta.push({
      tagName: "link",
      rel: "alternate",
      media: MOBILE_QUERY_MEDIA,
      href: absoluteUrl(mobileTwin, origin),
    });
  }
  if (options.feed) {
    meta.push({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${siteName}: ${UPDATES_FEED_TITLE}`,
      href: absoluteUrl(UPDATES_FEED_PATH, origin),
    });
  }
  if (path === "/home-desktop" || path === "/home-mobile") {
    meta.push(jsonLd(organizationJsonLd(layout, origin)));
  }
  for (const data of options.jsonLd ?? []) meta.push(jsonLd(data));
  return meta;
}
