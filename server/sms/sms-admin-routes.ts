import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { messageListQuerySchema } from "../../common/contact-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import { csvAttachment } from "../shared/csv.js";
import type { SmsRepository } from "./sms-repository.js";
import type { TextsRepository } from "./texts-repository.js";
import type { SmsConsentEvent, SmsSubscriber } from "../../common/sms.js";
import type { TextDelivery } from "../../common/texts.js";
import { nowIso } from "../db/time.js";
import { defaultAccess } from "../accounts/access.js";

const idParams = z.object({ id: z.uuid() });

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

export const CONSENT_HISTORY_CSV_HEADER = [
  "phone",
  "event",
  "channel",
  "occurred_at",
  "status_after",
  "consent_version",
  "consent_text",
  "source",
  "client_address",
  "user_agent",
  "how",
  "text_kind",
  "text_status",
  "text_error",
  "text",
] as const;

/** A text's row in the history CSV: the number, "text", when, and the text with its status. */
export function deliveryCsvRow(delivery: TextDelivery): Array<string | null> {
  return [
    delivery.phone,
    "text",
    "sms",
    delivery.at,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    delivery.kind,
    delivery.status,
    delivery.error,
    delivery.body,
  ];
}

type HistoryEntry = { event: SmsConsentEvent } | { delivery: TextDelivery };

/** The consent events and the texts, each stream in time order, merged by time. */
async function* mergedHistory(
  events: AsyncGenerator<SmsConsentEvent>,
  deliveries: AsyncGenerator<TextDelivery>,
): AsyncGenerator<HistoryEntry> {
  let event = await events.next();
  let delivery = await deliveries.next();
  while (!event.done || !delivery.done) {
    if (!event.done && (delivery.done || event.value.occurredAt <= delivery.value.at)) {
      yield { event: event.value };
      event = await events.next();
    } else if (!delivery.done) {
      yield { delivery: delivery.value };
      delivery = await deliveries.next();
    }
  }
}

export function consentEventCsvRow(event: SmsConsentEvent): Array<string | null> {
  return [
    event.phone,
    event.kind,
    event.channel,
    event.occurredAt,
    event.statusAfter,
    event.consentVersion,
    event.consentText,
    event.source,
    event.clientAddress,
    event.userAgent,
    event.how,
    null,
    null,
    null,
    null,
  ];
}

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
  texts: TextsRepository,
  clock: () => number,
): void {
  app.register(async (admin) => {
    defaultAccess(admin, "subscribers");
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    // Paged like the staff inbox (same limit and cursor rules).
    admin.get("/api/admin/sms/subscribers", async (request) => {
      const { limit, before } = parseInput(messageListQuerySchema, request.query);
      return repository.list({ limit, ...(before ? { before } : {}) });
    });

    admin.get("/api/admin/sms/subscribers/:id/history", async (request) => {
      const parsed = idParams.safeParse(request.params);
      const subscriber = parsed.success ? await repository.getById(parsed.data.id) : undefined;
      if (!subscriber) throw new HttpError(404, "not_found", "Subscriber not found");
      const [events, sent] = await Promise.all([
        repository.history(subscriber.phone),
        texts.textsTo(subscriber.phone),
      ]);
      return { phone: subscriber.phone, events, texts: sent };
    });

    // Streamed page by page: memory stays flat however long the list grows.
    const sendCsv = (reply: FastifyReply, name: string, body: Readable) => {
      const date = nowIso(clock).slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${name}-${date}.csv"`)
        .send(body);
    };
    admin.get(
      "/api/admin/sms/subscribers.csv",
      { config: { audit: "subscribers.export" } },
      async (_request, reply) =>
        sendCsv(
          reply,
          "sms-subscribers",
          csvAttachment(SUBSCRIBERS_CSV_HEADER, repository.each(), subscriberCsvRow),
        ),
    );
    admin.get(
      "/api/admin/sms/consent-history.csv",
      { config: { audit: "consent-history.export" } },
      async (_request, reply) =>
        sendCsv(
          reply,
          "sms-consent-history",
          csvAttachment(
            CONSENT_HISTORY_CSV_HEADER,
            mergedHistory(repository.eachEvent(), texts.eachDelivery()),
            (entry) =>
              "event" in entry ? consentEventCsvRow(entry.event) : deliveryCsvRow(entry.delivery),
          ),
        ),
    );
  });
}
