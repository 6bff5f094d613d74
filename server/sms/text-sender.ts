import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import { createOutbox, type Outbox, type OutboxSwitch } from "../outbox/outbox.js";
import type { OptOutHow } from "./sms-consent-changes.js";
import type { ClaimedRecipient } from "./texts-handover.js";
import type { TextsRepository } from "./texts-repository.js";
import { createTwilioClient, type TwilioClient, type TwilioSettings } from "./twilio-client.js";

/**
 * The outbox transport of the texts (design 13): hands one claimed recipient to the provider,
 * once. The order of its steps is what makes "once" hold across crashes:
 *
 * 1. `handed_at` was written and committed when the row was claimed (texts-repository.ts), so a
 *    row claimed again after a crash says a call may have been made.
 * 2. A number whose latest state is opted out is never sent to (checked at hand-over time).
 * 3. A recipient whose earlier hand-over may have been cut short (handed_at set before this
 *    claim) is first looked up at the provider: found, its sid is recorded, nothing is sent.
 * 4. The provider is called, then its answer is recorded in one write that finishes the row. A
 *    failure worth retrying (429, 5xx, network) throws: the outbox retries later.
 */
export interface TextSenderOptions {
  repository: TextsRepository;
  client: TwilioClient;
  /** Marks a number opted out (21610: the provider says it texted STOP). */
  optOut: (phone: string, how: OptOutHow) => Promise<unknown>;
  /** Hand-overs per second, across this instance's lanes. */
  ratePerSecond: number;
  log: FastifyBaseLogger;
  name: string;
}

/** 21610: the number texted STOP to the provider; 21211: not a valid number. */
export const UNSUBSCRIBED_CODE = "21610";

/** Spaces calls `1 / rate` seconds apart, whichever lane asks. */
export function createPacer(ratePerSecond: number, clock: () => number = Date.now) {
  const spacing = 1000 / ratePerSecond;
  let nextAt = 0;
  return async function wait(): Promise<void> {
    const now = clock();
    const at = Math.max(now, nextAt);
    nextAt = at + spacing;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

export function createTextSender(options: TextSenderOptions) {
  const { repository, client, log } = options;
  const pace = createPacer(options.ratePerSecond);
  return {
    name: options.name,
    async send(row: ClaimedRecipient): Promise<void> {
      if (!(await repository.isSubscribed(row.phone))) {
        await repository.recordSkipped(row.id, row.claim, "opted out before its turn");
        return;
      }
      if (row.handedAt) {
        const found = await client.findCreated(row.phone, row.body, row.handedAt);
        if (found) {
          log.info({ recipient: row.id }, "text found at the provider after a cut-short hand-over");
          await repository.recordAccepted(row.id, row.claim, found.sid, found.status);
          return;
        }
      }
      await pace();
      const result = await client.send(row.phone, row.body);
      if (result.outcome === "accepted") {
        if (!(await repository.recordAccepted(row.id, row.claim, result.sid, result.status))) {
          // Whoever holds the row now finds this message at the provider and records it.
          log.warn({ recipient: row.id }, "text handed over after its claim lapsed");
        }
        return;
      }
      log.warn({ recipient: row.id, code: result.code }, `text refused: ${result.message}`);
      await repository.recordRefused(row.id, row.claim, result.code, result.message);
      if (result.code === UNSUBSCRIBED_CODE) await options.optOut(row.phone, "provider");
    },
  };
}

/**
 * SMS_TRANSPORT=log: each text is written to the log and nothing leaves; it is recorded as
 * handed over (with a made-up sid) so every page shows what would have been sent.
 */
export function createLogSmsClient(log: FastifyBaseLogger): TwilioClient {
  return {
    send(to, body) {
      log.info({ to, body }, "text (SMS_TRANSPORT=log: not sent)");
      return Promise.resolve({
        outcome: "accepted",
        sid: `LOG${randomBytes(16).toString("hex")}`,
        status: "sent",
      });
    },
    findCreated: () => Promise.resolve(undefined),
  };
}

/**
 * What the sender needs of the settings, as plain data: the sender thread receives it as it is
 * (sender-thread.ts).
 */
export interface TextSenderSettings {
  transport: Config["SMS_TRANSPORT"];
  twilio: TwilioSettings;
  /** SMS_SEND_RATE. */
  ratePerSecond: number;
}

export function textSenderSettings(config: Config): TextSenderSettings {
  return {
    transport: config.SMS_TRANSPORT,
    twilio: {
      apiUrl: config.TWILIO_API_URL,
      accountSid: config.TWILIO_ACCOUNT_SID ?? "",
      authToken: config.TWILIO_AUTH_TOKEN ?? "",
      ...(config.TWILIO_MESSAGING_SERVICE_SID
        ? { messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID }
        : { from: config.TWILIO_FROM ?? "" }),
      statusCallback: `${config.PUBLIC_ORIGIN ?? ""}/api/sms/status`,
    },
    ratePerSecond: config.SMS_SEND_RATE,
  };
}

/**
 * The outbox that hands texts over, built the same way wherever it runs: in the app's own
 * thread (tests) or in the sender thread (`npm start`, sender-thread-worker.ts).
 */
export function createTextsOutbox(options: {
  texts: TextsRepository;
  optOut: TextSenderOptions["optOut"];
  settings: TextSenderSettings;
  outbox: Omit<OutboxSwitch, "enabled">;
  log: FastifyBaseLogger;
  clock: () => number;
}): Outbox {
  const { texts, settings, log } = options;
  const client =
    settings.transport === "twilio"
      ? createTwilioClient(settings.twilio)
      : createLogSmsClient(log.child({ component: "sms" }));
  return createOutbox<ClaimedRecipient>({
    batchSize: 100,
    ...options.outbox,
    what: "text",
    repository: texts,
    transport: createTextSender({
      repository: texts,
      client,
      optOut: options.optOut,
      ratePerSecond: settings.ratePerSecond,
      log: log.child({ component: "sms-sender" }),
      name: settings.transport,
    }),
    log: log.child({ component: "sms-outbox" }),
    clock: options.clock,
  });
}
