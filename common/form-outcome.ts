/**
 * What a form posted without JavaScript led to, shown by the page it redirects to
 * (Post/Redirect/Get, docs/decisions/023-forms-without-javascript.md). The redirect carries only
 * a random single-use id (`?form=…`); the outcome itself stays on the server, because the typed
 * values of a refused submission are the visitor's own words. Zod-free: the public forms read it.
 */

/** The query parameter of the page after a form post: the outcome's id. */
export const FORM_OUTCOME_PARAM = "form";

/**
 * The query parameter of the services pages' Inquire link (`/contact-mobile?inquire=8`, the
 * course's number): the contact page is served with the Message prefilled and the course named,
 * without JavaScript too. Without a value (or with one no published course has), only prefilled.
 */
export const INQUIRE_PARAM = "inquire";

/** What an Inquire asked for: the prefilled Message, about a published course or none. */
export interface InquireRequest {
  /** The course's number (`id` in the courses collection). */
  course?: number;
}

/** The course number an `?inquire=` value names, if it is one (1 to 6 digits). */
export function inquiredCourse(value: string | null | undefined): number | undefined {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined;
}

/** The public pages that take a form post, and which form each carries. */
export const FORM_PAGES = {
  "/contact-desktop": "contact",
  "/contact-mobile": "contact",
  "/sms-opt-in": "sms",
} as const;
export type FormPage = keyof typeof FORM_PAGES;

export function isFormPage(path: string): path is FormPage {
  return Object.hasOwn(FORM_PAGES, path);
}

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  /** The course the message is about (Inquire), kept with a refused submission. */
  course?: string;
}

export type ContactOutcome =
  | { form: "contact"; status: 202; sent: true }
  | {
      form: "contact";
      /** The API's answer to the same input: 400, 403, 429. */
      status: number;
      sent: false;
      /** What the visitor typed, shown again in the fields. */
      values: ContactFormValues;
      /** Each field's message (`_` for the form as a whole). */
      fields: Record<string, string>;
    };

export type SmsOutcome =
  | { form: "sms"; status: 200 | 201; subscribed: true }
  | {
      form: "sms";
      status: number;
      subscribed: false;
      /** The number as typed. */
      phone: string;
      /** The message beside the field (the number is not valid), if that was the reason. */
      error: string | null;
      /** Anything else refused it (429, 403): the form's failure text is shown. */
      failed: boolean;
    };

export type FormOutcome = ContactOutcome | SmsOutcome;
