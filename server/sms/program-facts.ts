import { organisationSeed } from "../../common/content/seed/organisation.js";
import { smsHelpReply, type OrganisationFacts } from "../../common/organisation.js";

/** The organisation's facts the texts name (design 15: one place, the Organisation content). */
export type ProgramSource = Pick<OrganisationFacts, "name" | "email" | "phone">;

/** What the program's own texts name: who sends them and where to ask for help. */
export interface SmsProgramFacts {
  /** First in every text, e.g. "Commons Learning Design". */
  name: string;
  /** Where HELP points, e.g. "hello@example.org". */
  helpContact: string;
}

/**
 * The program's name and help contact, from the organisation's published facts (the server
 * passes them; the seeded facts where none are at hand, as in tests of the wording).
 */
export function smsProgramFacts(organisation: ProgramSource = organisationSeed): SmsProgramFacts {
  return { name: organisation.name, helpContact: organisation.email };
}

/** The confirmation a new opt-in (or START after a stop) gets: exactly one (design 13). */
export function optInConfirmation(facts: SmsProgramFacts = smsProgramFacts()): string {
  return (
    `${facts.name}: you are subscribed to event reminders, interactive prompts and occasional ` +
    "promotions. Msg frequency varies. Msg & data rates may apply. Reply HELP for help. " +
    "Reply STOP to unsubscribe."
  );
}

/** The one answer to an opt-out in people's words. */
export function optOutConfirmation(facts: SmsProgramFacts = smsProgramFacts()): string {
  return (
    `${facts.name}: You are unsubscribed and will receive no more messages. ` +
    "Reply START to subscribe again."
  );
}

/** The answer to HELP: the organisation's one wording (common/organisation.ts). */
export function helpReply(organisation: ProgramSource = organisationSeed): string {
  return smsHelpReply(organisation);
}
