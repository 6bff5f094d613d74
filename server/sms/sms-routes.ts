import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { OrganisationFacts } from "../../common/organisation.js";
import { toE164 } from "../../common/phone.js";
import {
  SMS_CONSENT_TEXT,
  SMS_CONSENT_VERSION,
  isOptOutInWords,
  isSitePath,
  smsKeywordAction,
  type SmsSubscriptionResult,
} from "../../common/sms.js";
import { smsSubscriptionSchema } from "../../common/sms-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import { helpReply, optOutConfirmation, smsProgramFacts } from "./program-facts.js";
import type { SmsRepository } from "./sms-repository.js";
import type { TextsRepository } from "./texts-repository.js";
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
  /** The texts: replies are kept there, and the answers the webhook gives are recorded. */
  texts: TextsRepository;
  /** Writes a delivery report: in the sender's thread when it has one (sms-plugin.ts). */
  applyStatus: TextsRepository["applyStatus"];
  /** Wakes the sender (a confirmation was stored). */
  onStored: () => void;
}

/** The form parameters of each webhook request, in order, for the signature check. */
const formParams = new WeakMap<FastifyRequest, Array<[string, string]>>();

function signatureMatches(
  request: FastifyRequest,
  twilio: SmsRoutesOptions["twilio"],
  { ownUrl = false }: { ownUrl?: boolean } = {},
): boolean {
  if (!twilio) return false;
  // Status reports go to the StatusCallback the app gave (PUBLIC_ORIGIN/api/sms/status).
  const url =
    (ownUrl ? undefined : twilio.webhookUrl) ?? `${twilio.publicOrigin ?? ""}${request.url}`;
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
  options: Pick<SmsRoutesOptions, "repository" | "limiter" | "onStored" | "organisation">,
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
  // Read before the subscribing transaction, which writes the confirmation with these facts.
  await options.organisation();
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
  // A new subscriber's confirmation was stored with the opt-in: the sender takes it now.
  if (created) options.onStored();
  return { created, result: { phone: subscriber.phone, status: subscriber.status } };
}

export function registerSmsRoutes(app: FastifyInstance, options: SmsRoutesOptions): void {
  const { repository, webhookToken, twilio, texts } = options;

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
        const messageSid =
          typeof body.MessageSid === "string" ? body.MessageSid.slice(0, 64) : null;
        const action = smsKeywordAction(text);

        let answer = TWIML_EMPTY;
        if (action === "stop") {
          // The provider answers its own keywords; the app records the opt-out and says nothing.
          const known = await repository.unsubscribe(from, "keyword");
          request.log.info({ known }, "SMS opt-out keyword received");
        } else if (action === "start") {
          // A number that was stopped is subscribed again and gets its one confirmation
          // (stored with the change, sent by the outbox at any hour).
          await options.organisation();
          const known = await repository.resubscribe(from);
          options.onStored();
          request.log.info({ known }, "SMS opt-in keyword received");
        } else if (action === "help") {
          answer = twimlMessage(helpReply(await options.organisation()));
        } else if (isOptOutInWords(text)) {
          // Consent revoked by any reasonable means (FCC 24-18): at once, answered once.
          const before = await repository.get(from);
          await repository.unsubscribe(from, "words");
          if (before?.status === "subscribed") {
            const confirmation = optOutConfirmation(smsProgramFacts(await options.organisation()));
            await texts.recordAnswered(from, "opt_out_confirmation", confirmation);
            answer = twimlMessage(confirmation);
          }
          request.log.info({ known: before !== undefined }, "SMS opt-out in words received");
        } else {
          await texts.addReply(from, text.slice(0, 1600), messageSid);
        }
        return reply
          .type("text/xml; charset=utf-8")
          .header("Cache-Control", "no-store")
          .send(answer);
      },
    );

    // Delivery reports (the StatusCallback of every text): only Twilio's signature opens it.
    scope.post(
      "/api/sms/status",
      { config: { skipOriginCheck: true, access: "public" } },
      async (request, reply) => {
        if (!signatureMatches(request, twilio, { ownUrl: true })) {
          throw new HttpError(403, "invalid_signature", "Missing or wrong X-Twilio-Signature");
        }
        const body = (request.body ?? {}) as Record<string, unknown>;
        const sid = typeof body.MessageSid === "string" ? body.MessageSid : "";
        const status = typeof body.MessageStatus === "string" ? body.MessageStatus : "";
        if (!/^(SM|MM)[0-9a-f]{32}$/i.test(sid) || !/^[a-z_]{1,16}$/.test(status)) {
          throw new HttpError(400, "invalid_input", "MessageSid and MessageStatus are required", {
            ...(/^(SM|MM)[0-9a-f]{32}$/i.test(sid) ? {} : { MessageSid: "Required" }),
            ...(/^[a-z_]{1,16}$/.test(status) ? {} : { MessageStatus: "Required" }),
          });
        }
        const errorCode =
          typeof body.ErrorCode === "string" && /^[0-9]{1,8}$/.test(body.ErrorCode)
            ? body.ErrorCode
            : null;
        await options.applyStatus(sid, status, errorCode);
        return reply.code(204).send();
      },
    );
  });
}
