import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app.js";
import { runWhileOpen } from "../background-work.js";
import { registerContactAdminRoutes } from "./contact-admin-routes.js";
import { createContactRateLimiter } from "./contact-rate-limiter.js";
import { createContactRepository, type ClaimedMessage } from "./contact-repository.js";
import { registerContactRoutes, type ContactRoutesOptions } from "./contact-routes.js";
import { createContactMailTransport } from "./contact-mail.js";
import { createOutbox } from "../outbox/outbox.js";

/** Contact form, its outbox worker and the staff inbox. */
export function registerContact(
  app: FastifyInstance,
  deps: Pick<AppDeps, "config" | "database" | "outbox" | "mailTransport">,
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
