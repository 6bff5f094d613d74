import type { FastifyInstance } from "fastify";
import { runWhileOpen } from "../background-work.js";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { OUTBOX_DEFAULTS, type OutboxSwitch } from "../outbox/outbox.js";
import { createRateLimiter } from "../rate-limit/rate-limiter.js";
import { countSegments } from "../../common/sms-segments.js";
import { optInConfirmation, smsProgramFacts } from "./program-facts.js";
import { registerSmsAdminRoutes } from "./sms-admin-routes.js";
import { registerEventReminders } from "./event-reminder-routes.js";
import { createEventReminders } from "./event-reminders.js";
import { createSmsRepository } from "./sms-repository.js";
import { registerSmsRoutes, SMS_RATE_WINDOW_MS, type SmsRoutesOptions } from "./sms-routes.js";
import { createSenderThread } from "./sender-thread.js";
import { createTextsOutbox, textSenderSettings } from "./text-sender.js";
import { createTextsRepository } from "./texts-repository.js";
import { registerTextsRoutes } from "./texts-routes.js";

export interface SmsPluginOptions {
  config: Config;
  database: DatabaseHandle;
  /** The sender's outbox worker. */
  outbox?: OutboxSwitch | undefined;
  /**
   * The sender (and the delivery reports) in a thread of their own (sender-thread.ts): main.ts
   * asks for it; tests run the sender in the app's thread, on the app's clock, unless they ask.
   */
  textsSenderThread?: boolean | { idleExitMs: number } | undefined;
}

/** SMS opt-in, its webhook, the staff list, and the texts with their sender (design 13). */
export function registerSms(
  app: FastifyInstance,
  deps: SmsPluginOptions,
  clock: () => number,
): Pick<SmsRoutesOptions, "repository" | "limiter" | "onStored" | "organisation"> {
  const { config, database } = deps;
  // The content store is registered after this plugin; texts read the facts when they are made.
  // The confirmation is written inside the subscribing transaction, where reading the content
  // (another connection, the only one on SQLite) would deadlock: it takes the facts last read,
  // which the opt-in and START read just before they subscribe.
  let lastFacts = smsProgramFacts();
  const organisation = async () => {
    const facts = (await app.content.published()).organisation;
    lastFacts = smsProgramFacts(facts);
    return facts;
  };
  const texts = createTextsRepository(database.db, database.dialect, clock, config.SITE_TIME_ZONE);
  // A number newly subscribed gets its confirmation, stored in the same transaction.
  const smsRepository = createSmsRepository(database.db, clock, async (trx, phone) => {
    const body = optInConfirmation(lastFacts);
    await texts.createIn(trx, {
      kind: "confirmation",
      body,
      segments: countSegments(body).segments,
      createdBy: null,
      sendAt: clock(),
      anyHour: true,
      to: phone,
    });
  });

  const { enabled: senderEnabled, ...outboxSettings }: OutboxSwitch = deps.outbox ?? {
    enabled: false,
  };
  const senderSettings = textSenderSettings(config);
  const sender = !senderEnabled
    ? undefined
    : deps.textsSenderThread
      ? createSenderThread({
          database: database.address,
          siteTimeZone: config.SITE_TIME_ZONE,
          settings: senderSettings,
          outbox: outboxSettings,
          clock,
          log: app.log,
          hasDue: () => texts.hasDue(),
          pollIntervalMs: outboxSettings.pollIntervalMs ?? OUTBOX_DEFAULTS.pollIntervalMs,
          ...(typeof deps.textsSenderThread === "object" ? deps.textsSenderThread : {}),
        })
      : createTextsOutbox({
          texts,
          optOut: (phone, how) => smsRepository.unsubscribe(phone, how),
          settings: senderSettings,
          outbox: outboxSettings,
          log: app.log,
          clock,
        });
  const wakeSender = () => sender?.nudge();
  // Delivery reports are written where the sender runs: in its thread when it has one.
  const applyStatus = sender && "applyStatus" in sender ? sender.applyStatus : texts.applyStatus;

  const limiter = createRateLimiter(
    database.db,
    { scope: "sms", limit: config.SMS_RATE_LIMIT, windowMs: SMS_RATE_WINDOW_MS },
    clock,
  );
  registerSmsRoutes(app, {
    repository: smsRepository,
    limiter,
    webhookToken: config.SMS_WEBHOOK_TOKEN,
    organisation,
    texts,
    applyStatus,
    onStored: wakeSender,
    ...(config.TWILIO_AUTH_TOKEN
      ? {
          twilio: {
            authToken: config.TWILIO_AUTH_TOKEN,
            webhookUrl: config.TWILIO_WEBHOOK_URL,
            publicOrigin: config.PUBLIC_ORIGIN,
          },
        }
      : {}),
  });
  registerSmsAdminRoutes(app, smsRepository, texts, clock);
  registerTextsRoutes(app, { repository: texts, clock, onStored: wakeSender, organisation });
  registerEventReminders(
    app,
    createEventReminders({
      db: database.db,
      clock,
      siteZone: config.SITE_TIME_ZONE,
      publicOrigin: config.PUBLIC_ORIGIN,
      texts,
      programName: async () => smsProgramFacts(await organisation()).name,
      onStored: wakeSender,
    }),
  );

  if (sender) runWhileOpen(app, sender);
  return { repository: smsRepository, limiter, onStored: wakeSender, organisation };
}
