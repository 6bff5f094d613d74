/**
 * SMS opt-in page (/sms-opt-in) and the replies to text keywords.
 *
 * IMPORTANT: if you change consentText in any way, also change consentVersion (for example to
 * "2025-02"), so each stored opt-in records exactly which wording the person agreed to.
 */

export interface SmsContent {
  heading: string;
  intro: string;
  phoneLabel: string;
  phonePlaceholder: string;
  phoneHint: string;
  subscribe: string;
  subscribing: string;
  consentText: string;
  /** Identifies the exact consentText; stored with every opt-in. */
  consentVersion: string;
  errors: { empty: string; digits: string; failed: string };
  success: { heading: string; text: string };
  privacyNote: string;
}

export const sms: SmsContent = {
  heading: "Get Text Updates",
  intro:
    "Sign up for text messages about interactive movie viewings, upcoming events and ways to take part.",
  phoneLabel: "Phone number",
  phonePlaceholder: "(555) 555-0123",
  phoneHint: "A 10-digit U.S. mobile number.",
  subscribe: "Subscribe",
  subscribing: "Subscribing...",
  // PLACEHOLDER: the organisation name inside this text; change consentVersion with it.
  consentText:
    "By selecting Subscribe, you agree to receive recurring automated text messages from Commons Learning Design for interactive movie viewings, event reminders, interactive prompts and occasional promotions. Consent is not a condition of any purchase. Message frequency varies. Msg & data rates may apply. Reply HELP for help. Reply STOP to unsubscribe at any time.",
  consentVersion: "2025-01",
  errors: {
    empty: "Please enter a valid phone number",
    digits: "Please enter a valid 10-digit phone number",
    failed: "We could not save your number. Please try again.",
  },
  success: {
    heading: "Thank you!",
    text: "You are now subscribed to text updates. You can reply STOP at any time to unsubscribe.",
  },
  privacyNote: "We never sell or share your phone number.",
};

/** Automatic replies to keywords texted back by subscribers. */
export const smsKeywordReplies = {
  // PLACEHOLDER: organisation name and help address in these three texts.
  stop: "Commons Learning Design: You are unsubscribed and will receive no more messages. Reply START to subscribe again.",
  start:
    "Commons Learning Design: You are subscribed again. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to unsubscribe.",
  help: "Commons Learning Design text updates. Msg frequency varies. Msg & data rates may apply. Email hello@example.com for help. Reply STOP to unsubscribe.",
} as const;
