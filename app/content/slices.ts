import type {
  ContentSnapshot,
  Course,
  HomeContent,
  OrganisationContent,
  SiteContent,
} from "#common/content/snapshot";
import { DEFAULT_SITE_TIME_ZONE } from "#common/site-year";
import { yearIn } from "#common/zoned-time";

/*
 * What routes hand to their components: each loader returns only the slices its page shows
 * (loader data is serialised into the HTML of hydrating pages), named as below, and components
 * read them with `useContent(name)`.
 */

/**
 * The site settings every page's frame needs (navbar, header, footer, shared controls), and the
 * organisation's facts (its name, how to reach it, its social profiles).
 */
export type LayoutContent = Omit<SiteContent, "contact" | "sms" | "publicationsPage" | "seo"> & {
  seo: Pick<SiteContent["seo"], "siteName" | "defaultOgImage">;
  organisation: OrganisationContent;
  /** The footer's "© YYYY": the year in the site's time zone at the render's moment. */
  year: number;
};

/** The screens that have their own title and description. */
export type SeoPage = keyof SiteContent["seo"]["pages"];

/**
 * The slices by name. Most are a collection as the published snapshot holds it (`courses`: only
 * the page variant's, in order) or a part of the site settings; the rest are cut for a page.
 */
export interface ContentSlices
  extends
    Pick<
      ContentSnapshot,
      | "projects"
      | "partners"
      | "about"
      | "team"
      | "services"
      | "courses"
      | "expertise"
      | "publications"
      | "conferences"
      | "privacy"
      | "terms"
    >,
    Pick<SiteContent, "publicationsPage" | "contact" | "sms"> {
  /** The event a page shows (one of the `events` list). */
  event: ContentSnapshot["events"][number];
  /** From the root route: on every page. */
  layout: LayoutContent;
  /** The page's title and description. */
  pageSeo: SiteContent["seo"]["pages"][SeoPage];
  /** The desktop home page's texts. */
  home: Omit<HomeContent, "mobile">;
  /** The mobile home page's texts. */
  homeMobile: HomeContent["mobile"];
}

export type SliceName = keyof ContentSlices;

/** The root route's slice; `year` is the current one in the site's zone unless told. */
export function layoutContent(
  snapshot: ContentSnapshot,
  year = yearIn(Date.now(), DEFAULT_SITE_TIME_ZONE),
): LayoutContent {
  const { contact: _contact, sms: _sms, publicationsPage: _page, seo, ...layout } = snapshot.site;
  return {
    ...layout,
    seo: { siteName: seo.siteName, defaultOgImage: seo.defaultOgImage },
    organisation: snapshot.organisation,
    year,
  };
}

/** The desktop home page's texts, without the mobile page's. */
export function homeDesktop(snapshot: ContentSnapshot): ContentSlices["home"] {
  const { mobile: _mobile, ...desktop } = snapshot.home;
  return desktop;
}

/** The courses a services page of this variant lists. */
export function coursesFor(
  snapshot: ContentSnapshot,
  variant: "desktop" | "mobile",
): readonly Course[] {
  return snapshot.courses.filter(
    (course) => course.variant === variant || course.variant === "both",
  );
}

/** Every slice at once (component tests render any page from it). */
export function allSlices(
  snapshot: ContentSnapshot,
  variant: "desktop" | "mobile" = "desktop",
): ContentSlices {
  return {
    layout: layoutContent(snapshot),
    pageSeo: snapshot.site.seo.pages.home,
    home: homeDesktop(snapshot),
    homeMobile: snapshot.home.mobile,
    projects: snapshot.projects,
    partners: snapshot.partners,
    about: snapshot.about,
    team: snapshot.team,
    services: snapshot.services,
    courses: coursesFor(snapshot, variant),
    expertise: snapshot.expertise,
    publicationsPage: snapshot.site.publicationsPage,
    publications: snapshot.publications,
    conferences: snapshot.conferences,
    contact: snapshot.site.contact,
    sms: snapshot.site.sms,
    event: snapshot.events[0]!,
    privacy: snapshot.privacy,
    terms: snapshot.terms,
  };
}
