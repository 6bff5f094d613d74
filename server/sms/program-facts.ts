import { siteSeed } from "../../common/content/seed/site.js";
import { SMS_PROGRAM_NAME } from "../../common/sms.js";

/** What the program's own texts name: who sends them and where to ask for help. */
export interface SmsProgramFacts {
  /** First in every text, e.g. "Commons Learning Design". */
  name: string;
  /** Where HELP points, e.g. "hello@example.com". */
  helpContact: string;
}

/**
 * The one place the texts read the program's name and help contact from. Today these are the
 * seeded values (the opt-in's program name and the site's contact address); when the
 * organisation's facts become content of their own, this is the function to point at them.
 */
export function smsProgramFacts(): SmsProgramFacts {
  return { name: SMS_PROGRAM_NAME, helpContact: siteSeed.contactEmail };
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

/** The answer to HELP. */
export function helpReply(facts: SmsProgramFacts = smsProgramFacts()): string {
  return (
    `${facts.name} text updates. Msg frequency varies. Msg & data rates may apply. ` +
    `Email ${facts.helpContact} for help. Reply STOP to unsubscribe.`
  );
}
