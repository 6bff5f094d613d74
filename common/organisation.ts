import type { OrganisationContent } from "./content/organisation.js";

/**
 * The organisation's facts as the site shows them (design 15), for the pages and the server
 * (the SMS HELP reply; the texts). Zod-free: the renderer and the SMS code import it without the
 * schemas. Staff edit the facts in the `organisation` collection (common/content/organisation.ts).
 */

export type OrganisationFacts = OrganisationContent;

/** Hosts that are examples, never a real profile (RFC 2606 names and their subdomains). */
const EXAMPLE_HOST = /(^|\.)example(\.(com|org|net))?$/i;

/**
 * Whether a web address may be shown to visitors: not empty, parseable, and not an example
 * address left from the seed (example.com, example.org, …).
 */
export function isRealAddress(url: string | undefined): boolean {
  if (!url?.trim()) return false;
  try {
    return !EXAMPLE_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The social profiles visitors see: those with a real address, in staff's order. */
export function shownSocialProfiles(facts: Pick<OrganisationFacts, "socialProfiles">) {
  return facts.socialProfiles.filter((profile) => isRealAddress(profile.url));
}

/** "tel:+12065550142" for "(206) 555-0142": the digits a phone dials, with a leading +. */
export function telephoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits}`;
}

/**
 * The answer to a text saying HELP (carriers require the program's name, how to get help, the
 * rates line and how to stop), from the organisation's published facts.
 */
export function smsHelpReply(facts: Pick<OrganisationFacts, "name" | "email" | "phone">): string {
  const contact = facts.phone
    ? `Email ${facts.email} or call ${facts.phone}`
    : `Email ${facts.email}`;
  return (
    `${facts.name} text updates. Msg frequency varies. Msg & data rates may apply. ` +
    `${contact} for help. Reply STOP to unsubscribe.`
  );
}
