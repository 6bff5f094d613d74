import type { FastifyInstance } from "fastify";
import type { SessionStore } from "../auth/session-store.js";
import { runWhileOpen } from "../background-work.js";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { createOutbox, type OutboxSwitch } from "../outbox/outbox.js";
import { createRateLimiter } from "../rate-limit/rate-limiter.js";
import type { AccountRepository } from "../auth/account-repository.js";
import { registerMailLinkRoutes } from "./mail-link-routes.js";
import { RESET_LIMITS } from "./mail-links.js";
import {
  createStaffMailRepository,
  createStaffMailTransport,
  type StaffMail,
} from "./staff-mail.js";

/** A mail to one staff member, queued in the staff-mail outbox. */
export type SendStaffMail = (mail: Pick<StaffMail, "to" | "subject" | "text">) => Promise<void>;

export interface StaffMailPluginOptions {
  config: Config;
  database: DatabaseHandle;
  /** The staff-mail outbox worker. */
  outbox?: OutboxSwitch | undefined;
  /** scrypt cost of the passwords set through a mailed link (tests: cheaper). */
  passwordCost?: number | undefined;
}

/**
 * Invitations and password resets by mail, and the outbox worker that sends staff mail; returns
 * how other routes queue a staff mail (the notice of an email change).
 */
export function registerStaffMail(
  app: FastifyInstance,
  deps: StaffMailPluginOptions,
  parts: { accounts: AccountRepository; sessions: SessionStore; clock: () => number },
): SendStaffMail {
  const { config, database } = deps;
  const { clock } = parts;
  const mail = createStaffMailRepository(database.db, database.dialect, clock);
  const { enabled = false, ...settings } = deps.outbox ?? {};
  const outbox = enabled
    ? createOutbox<StaffMail>({
        ...settings,
        what: "staff mail",
        repository: mail,
        transport: createStaffMailTransport(config, app.log),
        log: app.log.child({ component: "staff-mail" }),
        clock,
      })
    : undefined;
  const limiter = (scope: string, limit: number) =>
    createRateLimiter(database.db, { scope, limit, windowMs: RESET_LIMITS.windowMs }, clock);
  registerMailLinkRoutes(app, {
    ...parts,
    mail,
    onMail: () => outbox?.nudge(),
    linkOrigin: config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`,
    limits: {
      // Scope names fit rate_limit_hits.scope (16 characters).
      perAddress: limiter("reset", RESET_LIMITS.perAddress),
      perEmail: limiter("reset-email", RESET_LIMITS.perEmail),
    },
    hashCost: deps.passwordCost,
  });
  if (outbox) runWhileOpen(app, outbox);
  return async (staffMail) => {
    await mail.enqueue(staffMail);
    outbox?.nudge();
  };
}
