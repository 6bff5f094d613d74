/**
 * The SMS opt-in: the consent text shown next to the form (and stored with every opt-in), the
 * keywords the inbound webhook understands, and the shapes of the API.
 *
 * Zod-free, so the public opt-in page can import it; the schema is in `sms-schemas.ts`.
 */

// PLACEHOLDER: the organisation's real name (as in the site collection's seed, common/content/seed/site.ts), in the texts below too.
/** The name the program goes by in texts. */
export const SMS_PROGRAM_NAME = "Commons Learning Design";

/**
 * The exact consent text shown beside the Phone number field (the opt-in form,
 * app/features/sms-opt-in/SmsOptInForm.tsx, takes it from here). The server stores this text and
 * its version with every opt-in, so whenever the wording changes, change the version too: each
 * stored record then says which wording was agreed to.
 */
export const SMS_CONSENT_TEXT =
  `By selecting Subscribe, you agree to receive recurring automated text messages from ${SMS_PROGRAM_NAME} ` +
  "for interactive movie viewings, event reminders, interactive prompts and occasional promotions. " +
  "Consent is not a condition of any purchase. Message frequency varies. Msg & data rates may apply. " +
  "Reply HELP for help. Reply STOP to unsubscribe at any time.";

/** The version of `SMS_CONSENT_TEXT`; change it whenever the text changes (e.g. "2025-02"). */
export const SMS_CONSENT_VERSION = "2025-01";

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

/** Longer inbound texts are replies, whatever words they hold. */
const OPT_OUT_WORDS_MAX = 8;

/**
 * Phrases that say "stop texting me" in words (FCC 24-18: consent may be revoked by any
 * reasonable means), matched on a short text's words after lower-casing and dropping
 * punctuation: "Stop please", "please stop texting me", "unsubscribe me", "no more texts",
 * "PARAR", "BAJA". An exact keyword is not one of these: the provider answers those itself.
 */
const OPT_OUT_PATTERNS: readonly RegExp[] = [
  /^(please )?(stop|unsubscribe|cancel|end|quit|remove|opt out|optout)( (it|me|this|them|now|all))*( (please|pls|plz|thanks|thank you))*$/,
  /^(please )?(stop|quit|cease) (texting|messaging|sending|contacting|txting)( (me|us|texts|messages|now))*( (please|pls|thanks|thank you))*$/,
  /^(please )?(unsubscribe|remove|take) me( (off|from))?( (the|this|your))?( (list|texts|messages))?( (please|pls|thanks|thank you))*$/,
  /^(please )?(no|dont send|don t send|do not send) (more )?(texts|messages|txts|sms)( (please|pls|thanks|thank you))*$/,
  /^(please )?no more( (texts|messages|txts|sms))?( (please|pls|thanks|thank you))*$/,
  /^(please )?(i want to |i d like to |id like to )?(opt out|unsubscribe|stop)( (please|pls|thanks|thank you))*$/,
  /^(por favor )?(parar|baja|alto|detener|cancelar|darme de baja)( (por favor|gracias))*$/,
];

/** True for a short inbound text that says stop in words (and is not an exact keyword). */
export function isOptOutInWords(body: string): boolean {
  if (smsKeywordAction(body) !== "none") return false;
  const words = body
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9 ]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  if (words.length === 0 || words.length > OPT_OUT_WORDS_MAX) return false;
  const text = words.join(" ");
  return OPT_OUT_PATTERNS.some((pattern) => pattern.test(text));
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

/** Answer of GET /api/admin/sms/subscribers: one page, latest consent first. */
export interface SmsSubscriberPage {
  subscribers: SmsSubscriber[];
  /** Pass as `before` to get the next (older) page; null when there is none. */
  nextBefore: string | null;
  /** Over every subscriber, not only this page. */
  counts: { subscribed: number; unsubscribed: number };
}

export const SMS_CONSENT_EVENT_KINDS = ["opt_in", "stop", "start"] as const;
export type SmsConsentEventKind = (typeof SMS_CONSENT_EVENT_KINDS)[number];

/**
 * One entry of a number's append-only consent history: a web opt-in (with the consent text
 * and version shown), or a STOP or START texted to the program.
 */
export interface SmsConsentEvent {
  id: string;
  phone: string;
  kind: SmsConsentEventKind;
  channel: "web" | "sms";
  occurredAt: string;
  /** The number's status once the event was handled ('none': no subscription exists). */
  statusAfter: SmsStatus | "none";
  consentText: string | null;
  consentVersion: string | null;
  source: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** How an opt-out came: an exact keyword, words, the provider (21610), staff; else null. */
  how: "keyword" | "words" | "provider" | "staff" | null;
}
