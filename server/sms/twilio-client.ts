/**
 * The one call the program makes to Twilio (design 13): create a Message, and, after a crash
 * between a call and its record, find a message already created for a number.
 *
 * `POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json` with HTTP Basic (sid, token) and the
 * form fields `To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`.
 *
 * Through `node:http(s)` with a keep-alive agent rather than `fetch`: a drain hands over up to
 * SMS_SEND_RATE texts a second, and `fetch` cost about 0.6 ms of the event loop a call, the
 * largest share of what a hand-over costs (bench/RESULTS.md, texts).
 */
import http from "node:http";
import https from "node:https";

export interface TwilioSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Exactly one of these two. */
  from?: string;
  messagingServiceSid?: string;
  /** `{PUBLIC_ORIGIN}/api/sms/status` */
  statusCallback: string;
  /** A call taking longer counts as a network error (retried). */
  timeoutMs?: number;
}

/** The provider took the text: its id and first status (queued, accepted…). */
export interface Accepted {
  outcome: "accepted";
  sid: string;
  status: string;
}

/** The provider refused the text for good (e.g. 21211 invalid number, 21610 unsubscribed). */
export interface Refused {
  outcome: "refused";
  code: string;
  message: string;
}

export type SendResult = Accepted | Refused;

/** A failure worth trying again later (429, 5xx, network): the outbox retries with backoff. */
export class RetryableSendError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "RetryableSendError";
  }
}

export interface TwilioClient {
  send(to: string, body: string): Promise<SendResult>;
  /**
   * A message created for `to` with exactly `body` at or after `since` (ISO), or undefined:
   * how a row whose hand-over was cut short is recognised as already sent.
   */
  findCreated(to: string, body: string, since: string): Promise<Accepted | undefined>;
}

interface TwilioMessage {
  sid?: unknown;
  status?: unknown;
  to?: unknown;
  body?: unknown;
  date_created?: unknown;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Twilio's answers are a few KB; anything longer is not one of them. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Calls in flight at once to the provider, per instance (the pacer keeps them few). */
const MAX_SOCKETS = 16;

/** What the provider answered: status, headers and the body as text. */
interface Answer {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function parsedJson(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function createTwilioClient(settings: TwilioSettings): TwilioClient {
  const messagesUrl = `${settings.apiUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Idle sockets are unreferenced by the agent: they never keep the process alive.
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
  };

  function exchange(
    url: string,
    method: "GET" | "POST",
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    const target = new URL(url);
    const secure = target.protocol === "https:";
    return new Promise<Answer>((resolve, reject) => {
      const request = (secure ? https : http).request(
        target,
        {
          method,
          agent: secure ? agents["https:"] : agents["http:"],
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            ...headers,
            Authorization: authorization,
            Accept: "application/json",
            ...(body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(body)) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let length = 0;
          response.on("data", (chunk: Buffer) => {
            length += chunk.length;
            if (length > MAX_ANSWER_BYTES) {
              response.destroy(new Error(`an answer over ${MAX_ANSWER_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on("error", reject);
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              statusText: response.statusMessage ?? "",
              headers: response.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  async function call(
    url: string,
    method: "GET" | "POST",
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<Answer> {
    try {
      return await exchange(url, method, headers, body);
    } catch (error) {
      throw new RetryableSendError(
        `Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  return {
    async send(to, body) {
      const form = new URLSearchParams({ To: to });
      if (settings.messagingServiceSid)
        form.set("MessagingServiceSid", settings.messagingServiceSid);
      else form.set("From", settings.from ?? "");
      form.set("Body", body);
      form.set("StatusCallback", settings.statusCallback);
      const response = await call(
        messagesUrl,
        "POST",
        { "Content-Type": "application/x-www-form-urlencoded" },
        form.toString(),
      );
      const answer = parsedJson(response.body);
      if (response.status === 201 || response.status === 200) {
        if (typeof answer.sid !== "string") {
          throw new RetryableSendError(`Twilio answered ${response.status} without a sid`);
        }
        return {
          outcome: "accepted",
          sid: answer.sid,
          status: typeof answer.status === "string" ? answer.status : "queued",
        };
      }
      const described = `Twilio answered ${response.status}${answer.code === undefined ? "" : ` (${String(answer.code)})`}: ${typeof answer.message === "string" ? answer.message : response.statusText}`;
      if (response.status === 429 || response.status >= 500) {
        const retryAfter = Number(response.headers["retry-after"]);
        throw new RetryableSendError(
          described,
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
        );
      }
      if (response.status === 401 || response.status === 403) {
        // The credentials are wrong: nothing about this text is final; the operator fixes them.
        throw new RetryableSendError(described);
      }
      return {
        outcome: "refused",
        code: answer.code === undefined ? String(response.status) : String(answer.code),
        message: typeof answer.message === "string" ? answer.message : described,
      };
    },

    async findCreated(to, body, since) {
      const query = new URLSearchParams({ To: to, PageSize: "50" });
      const response = await call(`${messagesUrl}?${query}`, "GET");
      if (response.status !== 200) {
        throw new RetryableSendError(`Twilio answered ${response.status} to a message lookup`);
      }
      const answer = parsedJson(response.body) as { messages?: TwilioMessage[] };
      const sinceMs = Date.parse(since) - 60_000; // the provider's clock may differ a little
      for (const message of answer.messages ?? []) {
        const created =
          typeof message.date_created === "string" ? Date.parse(message.date_created) : NaN;
        if (message.body === body && typeof message.sid === "string" && !(created < sinceMs)) {
          return {
            outcome: "accepted",
            sid: message.sid,
            status: typeof message.status === "string" ? message.status : "queued",
          };
        }
      }
      return undefined;
    },
  };
}
