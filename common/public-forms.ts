/**
 * What the server renders into a public form (the contact form, the SMS opt-in) besides its
 * empty state: the outcome of a post made without JavaScript, or the Inquire link's message.
 * Zod-free and tiny: the public pages import it (docs/decisions/023-forms-without-javascript.md).
 */

/** The query parameter of the page a successful post redirects to: `?sent=<single-use id>`. */
export const FORM_SENT_PARAM = "sent";
/** The query parameter of Inquire's link (`/contact-mobile?inquire`): Message is prefilled. */
export const INQUIRE_PARAM = "inquire";

export type PublicFormState =
  /** The post was accepted (stored before the redirect): 'Message sent successfully!', 'Thank you!'. */
  | { readonly kind: "sent" }
  /**
   * The post was refused: the typed values come back in the page (never in a URL), with a
   * message per field; the form adds its own failure text, as after a refused API call.
   */
  | {
      readonly kind: "refused";
      readonly values: Readonly<Record<string, string>>;
      readonly fields: Readonly<Record<string, string>>;
    }
  /** Inquire's link, as the server saw it; the contact loader turns it into `prefill`. */
  | { readonly kind: "inquire" }
  /** Inquire: the contact form's Message starts with this text (the services' Inquire message). */
  | { readonly kind: "prefill"; readonly message: string };
