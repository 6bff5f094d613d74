import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { smsHelpReply, type OrganisationFacts } from "../../common/organisation.js";
import { toE164 } from "../../common/phone.js";
import {
  SMS_CONSENT_TEXT,
  SMS_CONSENT_VERSION,
  isSitePath,
  smsKeywordAction,
  type SmsSubscriptionResult,
} from "../../common/sms.js";
import { smsSubscriptionSchema } from "../../common/sms-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import type { SmsRepository } from "./sms-repository.js";
import { twilioSignatureMatches } from "./twilio-signature.js";
import { markVisit } from "../statistics/visit-marks.js";

export interface SmsRoutesOptions {
  repository: SmsRepository;
  /** SMS_RATE_LIMIT: opt-ins per client address per 10 minutes. */
  limiter: RateLimiter;
  /** SMS_WEBHOOK_TOKEN; without it (and without `twilio`) the webhook refuses everything (401). */
  webhookToken: string | undefined;
  /**
   * TWILIO_AUTH_TOKEN and the public URL Twilio signs: TWILIO_WEBHOOK_URL, else PUBLIC_ORIGIN
   * followed by the requested path and query. With it, a valid X-Twilio-Signature authenticates.
   */
  twilio?: { authToken: string; webhookUrl: string | undefined; publicOrigin: string | undefined };
  /** The organisation's published facts (name, email, phone), read when a text asks for HELP. */
  organisation: () => Promise<OrganisationFacts>;
}

/** The form parameters of each webhook request, in order, for the signature check. */
const formParams = new WeakMap<FastifyRequest, Array<[string, string]>>();

function signatureMatches(request: FastifyRequest, twilio: SmsRoutesOptions["twilio"]): boolean {
  if (!twilio) return false;
  const url = twilio.webhookUrl ?? `${twilio.publicOrigin ?? ""}${request.url}`;
  const signature = request.headers["x-twilio-signature"];
  return twilioSignatureMatches(
    typeof signature === "string" ? signature : undefined,
    twilio.authToken,
    url,
    formParams.get(request) ?? [],
  );
}

const USER_AGENT_MAX = 512;
/** The window of SMS_RATE_LIMIT. */
export const SMS_RATE_WINDOW_MS = 10 * 60 * 1000;

/** The page the opt-in came from: the body's `source`, else the Referer's path, else null. */
function sourceOf(request: FastifyRequest, given: string | undefined): string | null {
  if (given) return given;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const path = new URL(referer).pathname;
    return isSitePath(path) ? path : null;
  } catch {
    return null;
  }
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * The token the provider presented: `Authorization: Bearer <token>`, `Authorization: Basic`
 * with the token as password (what Twilio sends for `https://user:token@host/...` webhook URLs),
 * or a `?token=` query parameter.
 */
function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value = ""] = header.split(" ", 2);
    if (scheme?.toLowerCase() === "bearer") return value.trim();
    if (scheme?.toLowerCase() === "basic") {
      const decoded = Buffer.from(value.trim(), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      return colon === -1 ? decoded : decoded.slice(colon + 1);
    }
  }
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === "string" ? query.token : undefined;
}

/** Constant-time comparison (of digests, so the lengths match too). */
export function tokenMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (!expected || presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const TWIML_EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export function twimlMessage(text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(text)}</Message></Response>`;
}

/** A valid opt-in, as the schema gives it (the number in E.164). */
export type SmsOptInInput = z.output<typeof smsSubscriptionSchema>;

/**
 * Applies the rate limit to a valid opt-in and stores it with its consent record (a number that
 * texted STOP stays unsubscribed: the repository records the request only). Shared by the JSON
 * API and the form post without JavaScript (decision 023).
 */
export async function acceptSmsOptIn(
  options: Pick<SmsRoutesOptions, "repository" | "limiter">,
  input: SmsOptInInput,
  request: FastifyRequest,
): Promise<{ created: boolean; result: SmsSubscriptionResult }> {
  const { repository, limiter } = options;
  // Counted after validation: a mistyped number does not use up the visitor's attempts.
  const verdict = await limiter.hit(request.ip);
  if (!verdict.allowed) {
    const seconds = verdict.retryAfterSeconds;
    const minutes = Math.ceil(seconds / 60);
    throw new HttpError(
      429,
      "too_many_requests",
      `Too many sign-ups from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }
  const userAgent = request.headers["user-agent"];
  const { created, subscriber } = await repository.subscribe({
    phone: input.phone,
    // The server's own text and version: the wording shown on the page, not forgeable.
    consentText: SMS_CONSENT_TEXT,
    consentVersion: SMS_CONSENT_VERSION,
    source: sourceOf(request, input.source),
    clientAddress: request.clientAddress,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  if (created) markVisit(request, { kind: "goal", goal: "sms" });
  return { created, result: { phone: subscriber.phone, status: subscriber.status } };
}

export function registerSmsRoutes(app: FastifyInstance, options: SmsRoutesOptions): void {
  const { repository, webhookToken, twilio } = options;

  app.post("/api/sms/subscriptions", { config: { access: "public" } }, async (request, reply) => {
    const input = parseInput(smsSubscriptionSchema, request.body);
    const body = await acceptSmsOptIn(options, input, request);
    return reply.code(body.created ? 201 : 200).send(body.result);
  });

  // The inbound-message webhook of the SMS provider (Twilio's form post), in its own scope so
  // that form bodies are accepted here and nowhere else.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (request, body, done) => {
        const params = [...new URLSearchParams(body as string)];
        formParams.set(request, params);
        done(null, Object.fromEntries(params));
      },
    );

    let warnedUnset = false;
    scope.post(
      "/api/sms/inbound",
      // Authenticated by Twilio's signature or the shared token, not by Origin: the
      // provider's servers send no Origin.
      { config: { skipOriginCheck: true, access: "public" } },
      async (request, reply) => {
        if (!webhookToken && !twilio && !warnedUnset) {
          warnedUnset = true;
          request.log.warn(
            "SMS webhook called but neither TWILIO_AUTH_TOKEN nor SMS_WEBHOOK_TOKEN is set: refusing (401)",
          );
        }
        if (
          !signatureMatches(request, twilio) &&
          !tokenMatches(presentedToken(request), webhookToken)
        ) {
          throw new HttpError(401, "unauthorized", "Missing or wrong webhook token");
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        const from = typeof body.From === "string" ? toE164(body.From) : null;
        if (!from)
          throw new HttpError(400, "invalid_input", "From must be a phone number", {
            From: "Required",
          });
        const text = typeof body.Body === "string" ? body.Body : "";
        const action = smsKeywordAction(text);

        let answer = TWIML_EMPTY;
        if (action === "stop") {
          const known = await repository.unsubscribe(from);
          request.log.info({ known }, "SMS opt-out keyword received");
        } else if (action === "start") {
          const known = await repository.resubscribe(from);
          request.log.info({ known }, "SMS opt-in keyword received");
        } else if (action === "help") {
          answer = twimlMessage(smsHelpReply(await options.organisation()));
        }
        // STOP and START get no reply of ours: the carrier / provider confirms those itself.
        return reply
          .type("text/xml; charset=utf-8")
          .header("Cache-Control", "no-store")
          .send(answer);
      },
    );
  });
}
