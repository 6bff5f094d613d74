/**
 * SMS opt-in page (/sms-opt-in) and the replies to text keywords.
 *
 * IMPORTANT: the consent text and its version are in common/sms.ts (SMS_CONSENT_TEXT and
 * SMS_CONSENT_VERSION). If you change the text in any way, also change the version (for example
 * to "2025-02"), so each stored opt-in records exactly which wording the person agreed to.
 */
import { SMS_CONSENT_TEXT, SMS_CONSENT_VERSION } from "../../common/sms";

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
  // The consent text and its version live in common/sms.ts, where the server reads them too
  // (it stores them with every opt-in). Edit them there; change the version with the text.
  consentText: SMS_CONSENT_TEXT,
  consentVersion: SMS_CONSENT_VERSION,
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
