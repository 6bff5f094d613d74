import type { OrganisationContent } from "../organisation.js";

/*
 * The organisation's facts on a fresh install: neutral values (an example.org inbox, a 555
 * number, no postal address) that staff replace before launch (app/content/PLACEHOLDERS.md).
 * The social profiles' example addresses are kept so staff see where each goes, and are not
 * shown to visitors until replaced.
 */
export const organisationSeed: OrganisationContent = {
  // PLACEHOLDER: the organisation's real name (also drawn into the logo SVGs, the flyer and og-image.png).
  name: "Commons Learning Design",
  // PLACEHOLDER: the real inbox, shown to visitors and in the SMS HELP reply.
  email: "hello@example.org",
  // PLACEHOLDER: the real number, or none.
  phone: "(206) 555-0142",
  replyTime: "two working days",
  // PLACEHOLDER: every url below; the organisation's real social profiles.
  socialProfiles: [
    { network: "facebook", label: "Facebook", url: "https://example.com/social/facebook" },
    { network: "instagram", label: "Instagram", url: "https://example.com/social/instagram" },
    { network: "youtube", label: "YouTube", url: "https://example.com/social/youtube" },
    { network: "linkedin", label: "LinkedIn", url: "https://example.com/social/linkedin" },
    { network: "x", label: "X", url: "https://example.com/social/x" },
  ],
};
