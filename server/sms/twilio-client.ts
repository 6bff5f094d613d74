/**
 * The one call the program makes to Twilio (design 13): create a Message, and, after a crash
 * between a call and its record, find a message already created for a number.
 *
 * `POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json` with HTTP Basic (sid, token) and the
 * form fields `To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`.
 */

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
  fetch?: typeof fetch;
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

export function createTwilioClient(settings: TwilioSettings): TwilioClient {
  const doFetch = settings.fetch ?? fetch;
  const messagesUrl = `${settings.apiUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, {
        ...init,
        headers: { ...init.headers, Authorization: authorization, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
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
      const response = await call(messagesUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: unknown;
        status?: unknown;
        code?: unknown;
        message?: unknown;
      };
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
        const retryAfter = Number(response.headers.get("retry-after"));
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
      const response = await call(`${messagesUrl}?${query}`, { method: "GET" });
      if (response.status !== 200) {
        throw new RetryableSendError(`Twilio answered ${response.status} to a message lookup`);
      }
      const answer = (await response.json()) as { messages?: TwilioMessage[] };
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
