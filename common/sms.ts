// zod itself, not ./zod.js: that module's top-level z.config() call would put zod's core into
// every public page that takes a constant from here. The jitless setting it makes (CSP: no
// eval) is made by each builder below before it builds a schema.
import { z } from "zod";
import { checkPhone, PHONE_MESSAGES } from "./phone.js";
import { isCleanText } from "./text.js";

/**
 * The SMS opt-in: the consent text shown next to the form (and stored with every opt-in), the
 * keywords the inbound webhook understands, and the shapes of the API.
 *
 * The public opt-in page imports the constants from here; the zod schema is built on first use
 * (see `smsSubscriptionSchema`) so that a public bundle that only takes the text leaves zod out.
 */

export { PHONE_MESSAGES, checkPhone, formatPhone } from "./phone.js";

// PLACEHOLDER: the organisation's real name (as in app/content/site.ts), in the texts below too.
/** The name the program goes by in texts. */
export const SMS_PROGRAM_NAME = "Commons Learning Design";

/**
 * The exact consent text shown beside the Phone number field (app/content/sms.ts takes it from
 * here). The server stores this text and its version with every opt-in, so whenever the wording
 * changes, change the version too: each stored record then says which wording was agreed to.
 */
export const SMS_CONSENT_TEXT =
  `By selecting Subscribe, you agree to receive recurring automated text messages from ${SMS_PROGRAM_NAME} ` +
  "for interactive movie viewings, event reminders, interactive prompts and occasional promotions. " +
  "Consent is not a condition of any purchase. Message frequency varies. Msg & data rates may apply. " +
  "Reply HELP for help. Reply STOP to unsubscribe at any time.";

/** The version of `SMS_CONSENT_TEXT`; change it whenever the text changes (e.g. "2025-02"). */
export const SMS_CONSENT_VERSION = "2025-01";

/** The answer to HELP (PLACEHOLDER: the help address). */
export const SMS_HELP_REPLY =
  `${SMS_PROGRAM_NAME} text updates. Msg frequency varies. Msg & data rates may apply. ` +
  "Email hello@example.com for help. Reply STOP to unsubscribe.";

/** Opt-out keywords (carrier-standard); matched ignoring case and surrounding spaces. */
export const SMS_STOP_KEYWORDS = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
] as const;
/** Opt-back-in keywords. */
export const SMS_START_KEYWORDS = ["START", "UNSTOP", "YES"] as const;
export const SMS_HELP_KEYWORDS = ["HELP"] as const;

export type SmsKeywordAction = "stop" | "start" | "help" | "none";

/** What an inbound text asks for. Only a message that is exactly a keyword counts. */
export function smsKeywordAction(body: string): SmsKeywordAction {
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_KEYWORDS as readonly string[]).includes(word)) return "stop";
  if ((SMS_START_KEYWORDS as readonly string[]).includes(word)) return "start";
  if ((SMS_HELP_KEYWORDS as readonly string[]).includes(word)) return "help";
  return "none";
}

export const SOURCE_MAX = 200;
export const SOURCE_MESSAGE = "source must be a path on this site, such as /sms-opt-in";

/** A path on this site (no scheme, host, query or fragment), e.g. `/sms-opt-in`. */
export function isSitePath(value: string): boolean {
  return value.length <= SOURCE_MAX && /^\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/]*$/.test(value);
}

/** Body of POST /api/sms/subscriptions. The consent text and version are the server's own. */
export interface SmsSubscriptionInput {
  phone: string;
  /** The page the form was on; the server falls back to the Referer's path. */
  source?: string;
}

let subscriptionSchema: ReturnType<typeof buildSubscriptionSchema> | undefined;

function buildSubscriptionSchema() {
  z.config({ jitless: true });
  return z.strictObject({
    // Parsed by the same zod-free rule the page uses; the output is the E.164 number.
    phone: z.unknown().transform((value, context) => {
      // checkPhone drops every non-digit; a control character is refused rather than dropped.
      if (typeof value === "string" && !isCleanText(value)) {
        context.addIssue({ code: "custom", message: PHONE_MESSAGES.tenDigits });
        return z.NEVER;
      }
      const checked = checkPhone(value);
      if (!checked.ok) {
        context.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.e164;
    }),
    source: z
      .string({ error: SOURCE_MESSAGE })
      .refine(isSitePath, { error: SOURCE_MESSAGE })
      .optional(),
  });
}

/** The zod schema of POST /api/sms/subscriptions; `phone` comes out as E.164 (`+1` and 10 digits). */
export function smsSubscriptionSchema() {
  subscriptionSchema ??= buildSubscriptionSchema();
  return subscriptionSchema;
}

export const SMS_STATUSES = ["subscribed", "unsubscribed"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** Answer of POST /api/sms/subscriptions: 201 for a new number, 200 for a known one. */
export interface SmsSubscriptionResult {
  phone: string;
  status: SmsStatus;
}

/** A subscriber and the consent record, as the staff list and the CSV export show it. */
export interface SmsSubscriber {
  id: string;
  /** E.164, e.g. `+12065550100`. */
  phone: string;
  status: SmsStatus;
  /** When the consent below was given (the latest opt-in on the web form). ISO-8601 UTC. */
  consentedAt: string;
  consentText: string;
  consentVersion: string;
  /** The page the opt-in came from, e.g. `/sms-opt-in`; null when unknown. */
  source: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** When this number first subscribed. */
  createdAt: string;
  unsubscribedAt: string | null;
  updatedAt: string;
}
