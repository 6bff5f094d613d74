import type { FastifyInstance } from "fastify";
import { runWhileOpen } from "../background-work.js";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { registerContactAdminRoutes } from "./contact-admin-routes.js";
import { createContactRateLimiter } from "./contact-rate-limiter.js";
import { createContactRepository, type ClaimedMessage } from "./contact-repository.js";
import { registerContactRoutes, type ContactRoutesOptions } from "./contact-routes.js";
import { createContactMailTransport, type ContactMailTransport } from "./contact-mail.js";
import { createOutbox, type OutboxSwitch } from "../outbox/outbox.js";

export interface ContactPluginOptions {
  config: Config;
  database: DatabaseHandle;
  outbox?: OutboxSwitch | undefined;
  /** Replaces the transport MAIL_TRANSPORT selects (tests). */
  mailTransport?: ContactMailTransport | undefined;
}

/** Contact form, its outbox worker and the staff inbox. */
export function registerContact(
  app: FastifyInstance,
  deps: ContactPluginOptions,
  clock: () => number,
): ContactRoutesOptions {
  const { config, database } = deps;
  const contactRepository = createContactRepository(database.db, database.dialect, clock);
  const { enabled: outboxEnabled = false, ...outboxSettings } = deps.outbox ?? {};
  const outbox = outboxEnabled
    ? createOutbox<ClaimedMessage>({
        ...outboxSettings,
        repository: contactRepository,
        transport: deps.mailTransport ?? createContactMailTransport(config, app.log),
        log: app.log.child({ component: "outbox" }),
        clock,
      })
    : undefined;
  const wakeOutbox = () => outbox?.nudge();

  const routeOptions: ContactRoutesOptions = {
    repository: contactRepository,
    limiter: createContactRateLimiter(database.db, config.CONTACT_RATE_LIMIT, clock),
    blocklist: config.CONTACT_BLOCKLIST,
    onStored: wakeOutbox,
  };
  registerContactRoutes(app, routeOptions);
  registerContactAdminRoutes(app, contactRepository, wakeOutbox);

  if (outbox) runWhileOpen(app, outbox);
  return routeOptions;
}
