/**
 * For each public page, words from the seeded content that docs/product.md requires on that screen.
 * The served-HTML check expects each of them in the served HTML's main landmark.
 */
import { seedSnapshot, currentsOfCareSeed } from "#common/content/snapshot";
import { SMS_CONSENT_TEXT } from "#common/sms";
import { EVENTS_TEXTS } from "../../../app/features/events-list/events-list";
import { SEEDED_UPDATES } from "../../../server/updates/updates-seed";

const content = seedSnapshot();
const { mission, mobileProjectLinks } = content.about;
const { team, publications } = content;
const { hero, featuredProjectsHeading, partners, mobile: homeMobile } = content.home;
const { contact, sms } = content.site;
const { mobileMenu } = content.site.navigation;
// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;
const courses = content.courses.filter((course) => course.variant !== "mobile");
const mobileCourses = content.courses.filter((course) => course.variant !== "desktop");

function defined<T>(values: readonly (T | undefined)[]): T[] {
  return values.filter((value): value is T => value !== undefined);
}

const event = [currentsOfCare.title, currentsOfCare.about.heading, currentsOfCare.team.heading];
const publicationTitles = publications.map((publication) => publication.title);

export const KEY_TEXTS: Readonly<Record<string, readonly string[]>> = {
  "/home-desktop": [hero.heading, hero.subheading, partners.title, featuredProjectsHeading],
  "/home-mobile": [homeMobile.hero.heading, homeMobile.vrBlock.heading],
  "/about-desktop": [mission.heading, ...team.map((member) => member.name)],
  "/about-mobile": defined([
    ...team.map((member) => member.name),
    mobileProjectLinks.links[0]?.title,
  ]),
  "/services-desktop": courses.map((course) => course.title),
  "/services-mobile": mobileCourses.map((course) => course.title),
  "/contact-desktop": [contact.heading],
  "/contact-mobile": [contact.heading],
  "/menu-mobile": [...mobileMenu.taglines],
  "/publications-desktop": publicationTitles,
  "/publications-mobile": publicationTitles,
  "/sms-opt-in": [sms.heading, SMS_CONSENT_TEXT],
  "/currents-of-care-desktop": event,
  "/currents-of-care-mobile": event,
  "/events": [
    EVENTS_TEXTS.upcoming,
    EVENTS_TEXTS.noUpcoming,
    EVENTS_TEXTS.past,
    currentsOfCare.title,
  ],
  // A fresh database's starting updates (the e2e server starts on one).
  "/updates": SEEDED_UPDATES.map((update) => update.title),
  // The privacy policy and the terms: their headings and the sections' headings.
  "/privacy": [
    content.privacy.heading,
    ...content.privacy.sections.map((section) => section.heading),
  ],
  "/terms": [content.terms.heading, ...content.terms.sections.map((section) => section.heading)],
};
