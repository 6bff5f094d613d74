import type { CollectionDefinition } from "./collections.js";
import { choice, emailAddress, group, list, multiLine, singleLine, webAddress } from "./fields.js";
import { organisationSeed } from "./seed/organisation.js";
import type { z } from "../zod.js";

/*
 * The organisation's own facts, in one place (design 15): its name, how to reach it, how soon it
 * replies and where it is on social networks. The footer, the contact page, the pages' JSON-LD,
 * the feed and the calendar files, and the SMS HELP reply all read them from here
 * (common/organisation.ts is their zod-free accessor).
 */

export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube", "linkedin", "x"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const organisationSchema = group(
  {
    name: singleLine("Name", 120, {
      help: "PLACEHOLDER until launch. Shown in the footer, search results' structured data, the feed and texts' replies; the logo files, the flyer and the link-preview picture are drawn with it.",
    }),
    email: emailAddress(
      "Email",
      "PLACEHOLDER until launch. Shown on the contact page and in the footer, and given in the reply to a text saying HELP. Contact messages are delivered to the server's CONTACT_TO, which should match.",
    ),
    phone: singleLine("Phone", 40, {
      help: "PLACEHOLDER until launch. Shown on the contact page and in the footer; leave out to show none.",
    }).optional(),
    postalAddress: multiLine("Postal address", 300, {
      help: "Shown on the contact page and in the footer, one line per line; leave out to show none.",
    }).optional(),
    replyTime: singleLine("How soon you reply", 60, {
      help: 'Ends the contact page\'s "We reply within …", e.g. "two working days".',
    }),
    socialProfiles: list(
      group(
        {
          network: choice(SOCIAL_NETWORKS, "Network", "Chooses the icon."),
          label: singleLine("Name", 40, { help: "The link's accessible name next to its icon." }),
          url: webAddress("Web address"),
        },
        "Social profile",
      ),
      "Social profiles",
      {
        max: 10,
        help: "PLACEHOLDER addresses until launch. In the order the footer shows them; a profile still at an example address (example.com, example.org) is not shown.",
      },
    ),
  },
  "Organisation",
);

export type OrganisationContent = z.output<typeof organisationSchema>;

export const organisationCollection: CollectionDefinition<OrganisationContent> = {
  name: "organisation",
  label: "Organisation",
  kind: "singleton",
  schema: organisationSchema,
  seed: [organisationSeed],
};
