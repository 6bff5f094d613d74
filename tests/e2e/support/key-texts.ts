/**
 * For each public page, words from the content modules that docs/product.md requires on that screen.
 * The pre-render check expects each of them in the served HTML's main landmark.
 */
import { mission, mobileProjectLinks, team } from "../../../app/content/about";
import { contact } from "../../../app/content/contact";
import { currentsOfCare } from "../../../app/content/event";
import { featuredProjectsHeading, hero, homeMobile, partners } from "../../../app/content/home";
import { mobileMenu } from "../../../app/content/navigation";
import { publications } from "../../../app/content/publications";
import { courses, mobileCourses } from "../../../app/content/services";
import { sms } from "../../../app/content/sms";

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
  "/sms-opt-in": [sms.heading, sms.consentText],
  "/currents-of-care-desktop": event,
  "/currents-of-care-mobile": event,
};
