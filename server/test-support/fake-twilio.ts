import { randomBytes } from "node:crypto";
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { twilioSignature } from "../sms/twilio-signature.js";

/**
 * A local stand-in for Twilio's Messages API (design 13): an HTTP server on loopback that
 * checks what the real one checks (HTTP Basic with the account SID and auth token, the exact
 * form fields), answers as it does (201 with a message, 400 with Twilio's error codes, 429,
 * 500) and posts status reports to each message's StatusCallback, signed with
 * X-Twilio-Signature exactly as Twilio signs them.
 */
export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender the app must name: a From number or a messaging service. */
  from?: string;
  messagingServiceSid?: string;
  /** The StatusCallback every message must carry. */
  statusCallback: string;
  /** Post `sent` then `delivered` for each accepted message (default true). */
  reportStatuses?: boolean;
  /**
   * How long after accepting a message its first report is posted (Twilio's "sent" comes once a
   * carrier took it, typically a second or more later); 0 unless told.
   */
  reportDelayMs?: number;
  /** The time the fake stamps on messages (the app's test clock); Date.now unless told. */
  clock?: () => number;
}

export interface FakeMessage {
  sid: string;
  to: string;
  body: string;
  /** The form as received, in order. */
  form: Array<[string, string]>;
  status: string;
  dateCreated: string;
}

/** What the fake does with the next create requests, before its own checks (one each). */
export type ScriptedAnswer =
  | { status: 429 | 500 | 503 }
  /** Accepts the message, then destroys the connection before answering. */
  | { drop: "after-accept" }
  /** Destroys the connection without accepting. */
  | { drop: "before-accept" };

export interface FakeTwilio {
  url: string;
  messages: FakeMessage[];
  /** Every create request, accepted or not (rejections included). */
  requests: number;
  /** Numbers Twilio calls invalid (21211) and numbers that texted STOP to it (21610). */
  invalidNumbers: Set<string>;
  unsubscribedNumbers: Set<string>;
  script(...answers: ScriptedAnswer[]): void;
  /** Milliseconds each create request waits before it is answered. */
  delayMs: number;
  /** Posts a status report for `sid`, signed; resolves with the app's answer status. */
  report(sid: string, status: string, errorCode?: string): Promise<number>;
  waitFor(count: number, timeoutMs?: number): Promise<FakeMessage[]>;
  /** Status reports posted so far, and the app's answers. */
  reports: Array<{ sid: string; status: string; answer: number }>;
  close(): Promise<void>;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(
    JSON.stringify({
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    }),
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

function messageJson(accountSid: string, message: FakeMessage, sender: string) {
  return {
    sid: message.sid,
    account_sid: accountSid,
    to: message.to,
    from: sender,
    body: message.body,
    status: message.status,
    num_segments: "1",
    date_created: new Date(message.dateCreated).toUTCString(),
    date_sent: null,
    error_code: null,
    error_message: null,
    api_version: "2010-04-01",
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  };
}

export async function startFakeTwilio(options: FakeTwilioOptions): Promise<FakeTwilio> {
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const messagesPath = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
  const senderField: [string, string] = options.messagingServiceSid
    ? ["MessagingServiceSid", options.messagingServiceSid]
    : ["From", options.from ?? ""];
  const scripted: ScriptedAnswer[] = [];
  const waiters: Array<() => void> = [];
  const pendingReports = new Set<Promise<unknown>>();
  const messagesBySid = new Map<string, FakeMessage>();
  // Status reports over kept-alive connections, as Twilio's own callers keep theirs: the fake
  // stands for a service on other machines, so what it costs here should stay small.
  const reportAgent = new Agent({ keepAlive: true, maxSockets: 16 });

  const fake: FakeTwilio = {
    url: "",
    messages: [],
    requests: 0,
    invalidNumbers: new Set(),
    unsubscribedNumbers: new Set(),
    delayMs: 0,
    reports: [],
    script(...answers) {
      scripted.push(...answers);
    },
    async report(sid, status, errorCode) {
      const message = messagesBySid.get(sid);
      const params: Array<[string, string]> = [
        ["SmsSid", sid],
        ["SmsStatus", status],
        ["MessageStatus", status],
        ["To", message?.to ?? ""],
        ["MessageSid", sid],
        ["AccountSid", options.accountSid],
        [senderField[0] === "From" ? "From" : "MessagingServiceSid", senderField[1]],
        ["ApiVersion", "2010-04-01"],
      ];
      if (errorCode) params.push(["ErrorCode", errorCode]);
      const body = new URLSearchParams(params).toString();
      const answer = await new Promise<number>((resolve, reject) => {
        const posting = request(
          options.statusCallback,
          {
            method: "POST",
            agent: reportAgent,
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": String(Buffer.byteLength(body)),
              "X-Twilio-Signature": twilioSignature(
                options.authToken,
                options.statusCallback,
                params,
              ),
              "User-Agent": "TwilioProxy/1.1",
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
            response.on("error", reject);
          },
        );
        posting.on("error", reject);
        posting.end(body);
      });
      fake.reports.push({ sid, status, answer });
      return answer;
    },
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (fake.messages.length >= count) {
            clearTimeout(timer);
            resolve(fake.messages.slice());
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`fake Twilio: ${fake.messages.length} of ${count} messages`)),
          timeoutMs,
        );
        const waiter = () => {
          if (check()) waiters.splice(waiters.indexOf(waiter), 1);
        };
        if (!check()) waiters.push(waiter);
      });
    },
    async close() {
      await Promise.allSettled([...pendingReports]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      reportAgent.destroy();
    },
  };

  function accept(to: string, body: string, form: Array<[string, string]>): FakeMessage {
    const message: FakeMessage = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      to,
      body,
      form,
      status: options.messagingServiceSid ? "accepted" : "queued",
      dateCreated: new Date((options.clock ?? Date.now)()).toISOString(),
    };
    fake.messages.push(message);
    messagesBySid.set(message.sid, message);
    for (const wake of waiters.slice()) wake();
    if (options.reportStatuses ?? true) {
      const reporting = (async () => {
        if (options.reportDelayMs) {
          await new Promise((resolve) => setTimeout(resolve, options.reportDelayMs));
        }
        await fake.report(message.sid, "sent");
        await fake.report(message.sid, "delivered");
      })().catch(() => {});
      pendingReports.add(reporting);
      void reporting.finally(() => pendingReports.delete(reporting));
    }
    return message;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(response, 401, 20003, "Authenticate");
    }
    if (url.pathname !== messagesPath) {
      return twilioError(response, 404, 20404, "The requested resource was not found");
    }
    if (request.method === "GET") {
      const to = url.searchParams.get("To");
      const found = fake.messages.filter((message) => to === null || message.to === to);
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({
          messages: found
            .slice()
            .reverse()
            .map((message) => messageJson(options.accountSid, message, senderField[1])),
        }),
      );
      return;
    }
    if (request.method !== "POST") return twilioError(response, 405, 20004, "Method not allowed");
    fake.requests += 1;
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    const raw = await readBody(request);
    if (request.headers["content-type"] !== "application/x-www-form-urlencoded") {
      return twilioError(response, 400, 20001, "Content-Type must be form-urlencoded");
    }
    const form = [...new URLSearchParams(raw)];
    const names = form.map(([name]) => name).sort();
    const expectedNames = ["Body", "StatusCallback", "To", senderField[0]].sort();
    if (names.join(",") !== expectedNames.join(",")) {
      return twilioError(
        response,
        400,
        21603,
        `Expected exactly ${expectedNames.join(", ")}; got ${names.join(", ")}`,
      );
    }
    const field = (name: string) => form.find(([candidate]) => candidate === name)?.[1] ?? "";
    if (field(senderField[0]) !== senderField[1]) {
      return twilioError(
        response,
        400,
        21606,
        `The ${senderField[0]} is not one of this account's`,
      );
    }
    if (field("StatusCallback") !== options.statusCallback) {
      return twilioError(response, 400, 21609, `Invalid StatusCallback ${field("StatusCallback")}`);
    }
    const body = field("Body");
    if (body === "" || body.length > 1600) {
      return twilioError(
        response,
        400,
        21617,
        "The concatenated message body exceeds the 1600 character limit or is empty",
      );
    }
    const to = field("To");
    const next = scripted.shift();
    if (next && "status" in next) {
      return twilioError(
        response,
        next.status,
        next.status === 429 ? 20429 : 20500,
        next.status === 429 ? "Too Many Requests" : "Internal Server Error",
      );
    }
    if (next?.drop === "before-accept") {
      request.socket.destroy();
      return;
    }
    if (!E164.test(to) || fake.invalidNumbers.has(to)) {
      return twilioError(
        response,
        400,
        21211,
        `The 'To' number ${to} is not a valid phone number.`,
      );
    }
    if (fake.unsubscribedNumbers.has(to)) {
      return twilioError(response, 400, 21610, "Attempt to send to unsubscribed recipient");
    }
    const message = accept(to, body, form);
    if (next?.drop === "after-accept") {
      request.socket.destroy();
      return;
    }
    response.writeHead(201, { "Content-Type": "application/json" });
    response.end(JSON.stringify(messageJson(options.accountSid, message, senderField[1])));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) twilioError(response, 500, 20500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
