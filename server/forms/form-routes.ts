import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contactSubmissionSchema } from "../../common/contact-schemas.js";
import {
  FORM_OUTCOME_PARAM,
  FORM_PAGES,
  type ContactFormValues,
  type FormOutcome,
  type FormPage,
} from "../../common/form-outcome.js";
import { smsSubscriptionSchema } from "../../common/sms-schemas.js";
import { acceptContact, type ContactRoutesOptions } from "../contact/contact-routes.js";
import { HttpError, parseInput, plainErrorPage } from "../http/errors.js";
import { TOO_MANY_WRITES } from "../rate-limit/anonymous-writes.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import { acceptSmsOptIn, type SmsRoutesOptions } from "../sms/sms-routes.js";
import type { FormOutcomeStore } from "./form-outcome-store.js";

export interface FormRoutesOptions {
  outcomes: FormOutcomeStore;
  /** A refused post's kept values are a row written for a visitor: limited per address. */
  anonymousWrites: RateLimiter;
  contact: ContactRoutesOptions;
  sms: Pick<SmsRoutesOptions, "repository" | "limiter" | "onStored" | "organisation">;
}

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * A urlencoded body as an object. A name given twice becomes a list, which the schemas refuse
 * (`must be text`), rather than one of the values silently winning. Browsers send a textarea's
 * line breaks as CR LF; they are stored as the LF the visitor's keyboard gave, as the JSON API
 * receives them from the same field.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, raw] of new URLSearchParams(text)) {
    const value = raw.replace(/\r\n/g, "\n");
    const before = fields[name];
    if (before === undefined) fields[name] = value;
    else fields[name] = Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  return typeof value === "string" ? value : "";
}

function contactValues(body: Record<string, unknown>): ContactFormValues {
  return {
    firstName: text(body, "firstName"),
    lastName: text(body, "lastName"),
    email: text(body, "email"),
    message: text(body, "message"),
    ...(text(body, "course") ? { course: text(body, "course") } : {}),
  };
}

/** An HttpError's status and field messages; anything else (database down) is not an outcome. */
function refusal(error: unknown): { status: number; fields: Record<string, string> } {
  if (!(error instanceof HttpError)) throw error;
  return { status: error.statusCode, fields: error.fields ?? {} };
}

/**
 * The contact and SMS forms posted without JavaScript (or before it ran): `POST` to the form's
 * own page (`/contact-desktop`, `/contact-mobile`, `/sms-opt-in`) with a urlencoded body. The
 * same schema and protections as the JSON API (Origin by the app-wide check, rate limits,
 * honeypot, block list, STOP history), then 303 to the same page with a single-use outcome id:
 * Post/Redirect/Get, never a typed value in a URL (decision 023).
 */
export function registerFormRoutes(app: FastifyInstance, options: FormRoutesOptions): void {
  const { outcomes } = options;

  const redirect = async (
    page: FormPage,
    outcome: FormOutcome,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const id = await outcomes.save(page, outcome);
    return reply
      .code(303)
      .header("cache-control", "no-store")
      .header("location", `${page}?${FORM_OUTCOME_PARAM}=${id}`)
      .send();
  };

  /**
   * A refused post: its typed values are kept for the page to show again (10 minutes), which
   * counts in the per-address limit of anonymous writes (design 6d); over it, a 429 page that
   * keeps nothing.
   */
  const redirectRefused = async (
    page: FormPage,
    outcome: FormOutcome,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> => {
    const verdict = await options.anonymousWrites.hit(request.ip);
    if (!verdict.allowed) {
      return reply
        .code(429)
        .header("retry-after", String(verdict.retryAfterSeconds))
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(plainErrorPage(429, TOO_MANY_WRITES));
    }
    return redirect(page, outcome, reply);
  };

  const contact = async (page: FormPage, request: FastifyRequest, reply: FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    try {
      const input = parseInput(contactSubmissionSchema, body);
      await acceptContact(options.contact, input, request);
    } catch (error) {
      const { status, fields } = refusal(error);
      return redirectRefused(
        page,
        { form: "contact", status, sent: false, values: contactValues(body), fields },
        request,
        reply,
      );
    }
    return redirect(page, { form: "contact", status: 202, sent: true }, reply);
  };

  const sms = async (page: FormPage, request: FastifyRequest, reply: FastifyReply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    let created: boolean;
    try {
      const input = parseInput(smsSubscriptionSchema, body);
      ({ created } = await acceptSmsOptIn(options.sms, input, request));
    } catch (error) {
      const { status, fields } = refusal(error);
      const error400 = status === 400 ? (fields.phone ?? null) : null;
      return redirectRefused(
        page,
        {
          form: "sms",
          status,
          subscribed: false,
          phone: text(body, "phone"),
          error: error400,
          failed: error400 === null,
        },
        request,
        reply,
      );
    }
    return redirect(page, { form: "sms", status: created ? 201 : 200, subscribed: true }, reply);
  };

  // In their own scope, so that form bodies are accepted here and nowhere else.
  app.register(async (scope) => {
    scope.addContentTypeParser(FORM_TYPE, { parseAs: "string" }, (_request, body, done) => {
      done(null, parseFormBody(body as string));
    });
    for (const [page, form] of Object.entries(FORM_PAGES) as [FormPage, string][]) {
      scope.post(page, (request, reply) =>
        form === "contact" ? contact(page, request, reply) : sms(page, request, reply),
      );
    }
  });
}
