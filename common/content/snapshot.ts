import type { AboutContent } from "./about.js";
import type { ListName, SingletonName } from "./collections.js";
import type { ConferenceEntry } from "./conferences.js";
import type { Course } from "./courses.js";
import type { EventContent } from "./event.js";
import type { ExpertiseSection } from "./expertise.js";
import type { HomeContent } from "./home.js";
import type { LegalPageContent } from "./legal-pages.js";
import type { OrganisationContent } from "./organisation.js";
import type { PartnerLogo } from "./partners.js";
import type { FeaturedProject } from "./projects.js";
import type { Publication } from "./publications.js";
import type { ServicesContent } from "./services.js";
import type { SiteContent } from "./site.js";
import type { TeamMember } from "./team.js";
import { aboutSeed } from "./seed/about.js";
import { conferencesSeed } from "./seed/conferences.js";
import { coursesSeed } from "./seed/courses.js";
import { eventsSeed } from "./seed/event.js";
import { expertiseSeed } from "./seed/expertise.js";
import { homeSeed } from "./seed/home.js";
import { privacySeed, termsSeed } from "./seed/legal-pages.js";
import { organisationSeed } from "./seed/organisation.js";
import { partnersSeed } from "./seed/partners.js";
import { projectsSeed } from "./seed/projects.js";
import { publicationsSeed } from "./seed/publications.js";
import { servicesSeed } from "./seed/services.js";
import { siteSeed } from "./seed/site.js";
import { teamSeed } from "./seed/team.js";

/*
 * The published content as the renderer sees it, and the seeded default. zod-free on purpose
 * (types only come from the schema modules): the app's loaders import this without pulling zod
 * into any bundle.
 */

export type {
  AboutContent,
  ConferenceEntry,
  Course,
  EventContent,
  ExpertiseSection,
  FeaturedProject,
  HomeContent,
  LegalPageContent,
  OrganisationContent,
  PartnerLogo,
  Publication,
  ServicesContent,
  SiteContent,
  TeamMember,
};
export type { EventGallery, GallerySlide, TeamParticipant } from "./event.js";
export type { SocialNetwork } from "./organisation.js";
/** The seeded event, typed with every block it has (a new event may have fewer): for tests. */
export { currentsOfCareSeed } from "./seed/event.js";

/** Each collection's data type. */
export interface CollectionData {
  site: SiteContent;
  organisation: OrganisationContent;
  home: HomeContent;
  about: AboutContent;
  services: ServicesContent;
  events: EventContent;
  courses: Course;
  publications: Publication;
  conferences: ConferenceEntry;
  expertise: ExpertiseSection;
  team: TeamMember;
  partners: PartnerLogo;
  projects: FeaturedProject;
  privacy: LegalPageContent;
  terms: LegalPageContent;
}

/** Every collection's published content: a singleton's data, or a list's items in order. */
export type ContentSnapshot = { readonly [N in SingletonName]: CollectionData[N] } & {
  readonly [N in ListName]: readonly CollectionData[N][];
};

/** The content of a fresh install: the texts of docs/product.md. */
export function seedSnapshot(): ContentSnapshot {
  return {
    site: siteSeed,
    organisation: organisationSeed,
    home: homeSeed,
    about: aboutSeed,
    services: servicesSeed,
    events: eventsSeed,
    courses: coursesSeed,
    publications: publicationsSeed,
    conferences: conferencesSeed,
    expertise: expertiseSeed,
    team: teamSeed,
    partners: partnersSeed,
    projects: projectsSeed,
    privacy: privacySeed,
    terms: termsSeed,
  };
}
