import type { MetaDescriptor } from "react-router";
import { defaultOgImage, pageSeo, siteName, siteUrl, type PublicRoute } from "~/content/seo";
import { site, socialLinks } from "~/content/site";
import { MOBILE_QUERY_MEDIA } from "~/width-switching/viewport";

/** An absolute URL on this site for a path ("/about-desktop" → "https://…/about-desktop"). */
export function absoluteUrl(path: string, origin: string = siteUrl): string {
  return new URL(path, `${origin}/`).toString();
}

/**
 * The site's origin as the root loader gave it (app/root.tsx: `PUBLIC_ORIGIN`, or the address in
 * app/content/seo.ts), for meta functions, which see the matched routes' loader data.
 */
export function originOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : siteUrl;
}

/** A JSON-LD block as a React Router meta descriptor. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

/** The Organization described on the home pages. */
export function organizationJsonLd(origin: string = siteUrl): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.organizationName,
    url: absoluteUrl("/", origin),
    logo: absoluteUrl(site.logo.src, origin),
    description: site.tagline,
    sameAs: socialLinks.map((link) => link.url),
  };
}

/** The variant of the same page for the other kind of screen, or null when there is none. */
function twinOf(path: string, variant: "desktop" | "mobile"): string | null {
  const other = variant === "desktop" ? "mobile" : "desktop";
  const twin = path.replace(new RegExp(`-${variant}$`), `-${other}`);
  return twin !== path && twin in pageSeo ? twin : null;
}

export interface PageMetaOptions {
  /** The site's origin for absolute URLs (`originOf(matches)`); app/content/seo.ts's if omitted. */
  origin?: string;
  /** Extra JSON-LD objects (e.g. the event page's Event). */
  jsonLd?: readonly Record<string, unknown>[];
  /** Open Graph type; "website" unless told. */
  ogType?: string;
}

/**
 * Title, description, Open Graph, Twitter card, canonical and alternate links and JSON-LD for a
 * public page, from app/content/seo.ts. A -mobile page names its -desktop twin as canonical;
 * a -desktop page names its -mobile twin as the alternate for small screens.
 */
export function pageMeta(path: PublicRoute, options: PageMetaOptions = {}): MetaDescriptor[] {
  const { title, description } = pageSeo[path];
  const desktopTwin = path.endsWith("-mobile") ? twinOf(path, "mobile") : null;
  const mobileTwin = path.endsWith("-desktop") ? twinOf(path, "desktop") : null;
  const origin = options.origin ?? siteUrl;
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
  if (path === "/home-desktop" || path === "/home-mobile") {
    meta.push(jsonLd(organizationJsonLd(origin)));
  }
  for (const data of options.jsonLd ?? []) meta.push(jsonLd(data));
  return meta;
}
