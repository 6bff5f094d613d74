import type { FastifyInstance } from "fastify";
import { toCsv } from "./csv.js";
import type { SmsRepository } from "./sms-repository.js";
import type { SmsSubscriber } from "../../common/sms.js";

export const SUBSCRIBERS_CSV_HEADER = [
  "phone",
  "status",
  "consented_at",
  "consent_version",
  "consent_text",
  "source",
  "client_address",
  "user_agent",
  "first_subscribed_at",
  "unsubscribed_at",
  "updated_at",
] as const;

export function subscriberCsvRow(subscriber: SmsSubscriber): Array<string | null> {
  return [
    subscriber.phone,
    subscriber.status,
    subscriber.consentedAt,
    subscriber.consentVersion,
    subscriber.consentText,
    subscriber.source,
    subscriber.clientAddress,
    subscriber.userAgent,
    subscriber.createdAt,
    subscriber.unsubscribedAt,
    subscriber.updatedAt,
  ];
}

/** Staff list and CSV export of SMS subscribers with their consent records. */
export function registerSmsAdminRoutes(
  app: FastifyInstance,
  repository: SmsRepository,
  clock: () => number,
): void {
  app.register(async (admin) => {
    admin.addHook("preHandler", app.requireAdmin);
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    admin.get("/api/admin/sms/subscribers", async () => ({ subscribers: await repository.list() }));

    admin.get("/api/admin/sms/subscribers.csv", async (_request, reply) => {
      const subscribers = await repository.list();
      const csv = toCsv(SUBSCRIBERS_CSV_HEADER, subscribers.map(subscriberCsvRow));
      const date = new Date(clock()).toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="sms-subscribers-${date}.csv"`)
        .send(csv);
    });
  });
}
