import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app.js";
import { createRateLimiter } from "../rate-limit/rate-limiter.js";
import { registerSmsAdminRoutes } from "./sms-admin-routes.js";
import { createSmsRepository } from "./sms-repository.js";
import { registerSmsRoutes, SMS_RATE_WINDOW_MS, type SmsRoutesOptions } from "./sms-routes.js";

/** SMS opt-in, its webhook and the staff list. */
export function registerSms(
  app: FastifyInstance,
  deps: Pick<AppDeps, "config" | "database">,
  clock: () => number,
): Pick<SmsRoutesOptions, "repository" | "limiter"> {
  const { config, database } = deps;
  const smsRepository = createSmsRepository(database.db, clock);
  const limiter = createRateLimiter(
    database.db,
    { scope: "sms", limit: config.SMS_RATE_LIMIT, windowMs: SMS_RATE_WINDOW_MS },
    clock,
  );
  registerSmsRoutes(app, {
    repository: smsRepository,
    limiter,
    webhookToken: config.SMS_WEBHOOK_TOKEN,
    // The content store is registered after this plugin; a HELP text reads it when it comes.
    organisation: async () => (await app.content.published()).organisation,
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
  registerSmsAdminRoutes(app, smsRepository, clock);
  return { repository: smsRepository, limiter };
}
