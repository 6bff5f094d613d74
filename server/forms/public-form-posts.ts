import type { FastifyRequest } from "fastify";
import { contactSubmissionSchema } from "../../common/contact-schemas.js";
import { HONEYPOT_FIELD } from "../../common/contact.js";
import { FORM_SENT_PARAM, INQUIRE_PARAM, type PublicFormState } from "../../common/public-forms.js";
import { smsSubscriptionSchema } from "../../common/sms-schemas.js";
import type { ContactIntake } from "../contact/contact-routes.js";
import { HttpError, isDatabaseUnavailable, parseInput } from "../http/errors.js";
import type { PageForm, PageFormAnswer } from "../render/page-routes.js";
import type { SmsIntake } from "../sms/sms-routes.js";
import type { FormOutcomes, PublicFormName } from "./form-outcomes.js";

/** The contact screens and the SMS opt-in page, which take their form's post (decision 023). */
export const CONTACT_FORM_PATHS = ["/contact-desktop", "/contact-mobile"] as const;
export const SMS_FORM_PATH = "/sms-opt-in";

const CONTACT_FIELDS = ["firstName", "lastName", "email", "message"] as const;
const SMS_FIELDS = ["phone"] as const;

export interface PublicFormPostsOptions {
  contact: ContactIntake;
  sms: SmsIntake;
  outcomes: FormOutcomes;
}

/** The typed values to show again: only the form's own visible fields, never the honeypot. */
function keptValues(
  body: Readonly<Record<string, string>>,
  names: readonly string[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/**
 * Runs `accept` and turns its outcome into the page's answer: 303 to `?sent=<id>` once the post
 * is stored, or the page again with the typed values, a message per field and the status the
 * JSON API gives (400, 403, 429, 503). Anything else is a fault of ours and goes to the error
 * handler (500), as on the API.
 */
async function answer(
  form: PublicFormName,
  path: string,
  body: Readonly<Record<string, string>>,
  fieldNames: readonly string[],
  outcomes: FormOutcomes,
  accept: () => Promise<unknown>,
): Promise<PageFormAnswer> {
  try {
    await accept();
  } catch (error) {
    const refused = (status: number, fields: Readonly<Record<string, string>> = {}) => {
      const state: PublicFormState = {
        kind: "refused",
        values: keptValues(body, fieldNames),
        fields,
      };
      return { status, state };
    };
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
      return {
        ...refused(error.statusCode, error.fields),
        ...(error.headers ? { headers: error.headers } : {}),
      };
    }
    if (isDatabaseUnavailable(error)) return { ...refused(503), headers: { "Retry-After": "5" } };
    throw error;
  }
  // The message (or opt-in) is stored: from here on it is never lost, whatever the redirect does.
  const id = await outcomes.issue(form);
  return { redirect: `${path}?${FORM_SENT_PARAM}=${id}` };
}

/** The `?sent=<id>` page, once: after that (or for an unknown id) the ordinary page. */
async function sentState(
  query: URLSearchParams,
  form: PublicFormName,
  outcomes: FormOutcomes,
): Promise<{ state: PublicFormState } | undefined> {
  const id = query.get(FORM_SENT_PARAM);
  if (id === null || !(await outcomes.consume(id, form))) return undefined;
  return { state: { kind: "sent" } };
}

/** The pages whose forms work without JavaScript, by path, for server/render/page-routes.ts. */
export function publicFormPosts(options: PublicFormPostsOptions): Record<string, PageForm> {
  const { contact, sms, outcomes } = options;
  const forms: Record<string, PageForm> = {};
  for (const path of CONTACT_FORM_PATHS) {
    forms[path] = {
      submit: (body, request: FastifyRequest) =>
        answer("contact", path, body, CONTACT_FIELDS, outcomes, () =>
          contact(
            parseInput(
              contactSubmissionSchema,
              keptValues(body, [...CONTACT_FIELDS, HONEYPOT_FIELD]),
            ),
            request,
          ),
        ),
      async stateFor(query) {
        const sent = await sentState(query, "contact", outcomes);
        if (sent) return sent;
        // Inquire's link: the same page for everyone, kept like the page itself.
        if (query.has(INQUIRE_PARAM))
          return { state: { kind: "inquire" }, cacheKey: INQUIRE_PARAM };
        return undefined;
      },
    };
  }
  forms[SMS_FORM_PATH] = {
    submit: (body, request) =>
      answer("sms", SMS_FORM_PATH, body, SMS_FIELDS, outcomes, () =>
        sms(
          parseInput(smsSubscriptionSchema, keptValues(body, [...SMS_FIELDS, "source"])),
          request,
        ),
      ),
    stateFor: (query) => sentState(query, "sms", outcomes),
  };
  return forms;
}
