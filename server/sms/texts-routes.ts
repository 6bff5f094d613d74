import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { MAX_SEGMENTS, countSegments, textAsItArrives } from "../../common/sms-segments.js";
import type { SmsSettings, TextCreated, TextList } from "../../common/texts.js";
import { smsSettingsSchema, textInputSchema } from "../../common/texts-schemas.js";
import { defaultAccess } from "../accounts/access.js";
import { HttpError, parseInput } from "../http/errors.js";
import { type ProgramSource, smsProgramFacts } from "./program-facts.js";
import type { TextsRepository } from "./texts-repository.js";

const idParams = z.object({ id: z.uuid() });

export interface TextsRoutesOptions {
  repository: TextsRepository;
  clock: () => number;
  /** Wakes the sender (a text due now was stored). */
  onStored: () => void;
  /** The organisation's published facts: its name comes first in every text. */
  organisation: () => Promise<ProgramSource>;
}

/**
 * The staff texts (design 13): `POST/GET /api/texts`, `GET/DELETE /api/texts/:id` (owner,
 * administrator, editor: the subscribers permission), the replies, and the sending hours
 * (`GET/PUT /api/sms/settings`: owner and administrator).
 */
export function registerTextsRoutes(app: FastifyInstance, options: TextsRoutesOptions): void {
  const { repository, clock } = options;
  app.register(async (staff) => {
    defaultAccess(staff, "subscribers");
    staff.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    staff.post(
      "/api/texts",
      {
        config: {
          audit: (request) =>
            (request.body as { sendAt?: unknown } | undefined)?.sendAt === undefined
              ? "text.send"
              : "text.schedule",
        },
      },
      async (request, reply) => {
        const input = parseInput(textInputSchema, request.body);
        const now = clock();
        const sendAt = input.sendAt === undefined ? now : Date.parse(input.sendAt);
        if (sendAt < now - 60_000) {
          throw new HttpError(400, "invalid_input", "sendAt must not be in the past", {
            sendAt: "sendAt must not be in the past",
          });
        }
        const body = textAsItArrives(
          input.body,
          smsProgramFacts(await options.organisation()).name,
        );
        const { segments } = countSegments(body);
        if (segments > MAX_SEGMENTS) {
          const message = `The text is ${segments} segments with the program name and the opt-out words; at most ${MAX_SEGMENTS} are allowed`;
          throw new HttpError(400, "invalid_input", message, { body: message });
        }
        const text = await repository.create({
          kind: "staff",
          body,
          segments,
          createdBy: request.staff?.name ?? request.staff?.email ?? null,
          sendAt: Math.max(sendAt, now),
        });
        if (text.status !== "scheduled") options.onStored();
        const created: TextCreated = {
          id: text.id,
          // A scheduled text's recipients are the numbers subscribed when it begins; until
          // then, the number it would go to now.
          recipients:
            text.status === "scheduled" ? await repository.subscribedCount() : text.recipients,
          segments,
          status: text.status,
        };
        return reply.code(201).send(created);
      },
    );

    staff.get("/api/texts", async (): Promise<TextList> => {
      const [texts, subscribers, organisation, sendHours] = await Promise.all([
        repository.list(),
        repository.subscribedCount(),
        options.organisation(),
        repository.sendHours(),
      ]);
      return { texts, subscribers, programName: smsProgramFacts(organisation).name, sendHours };
    });

    staff.get("/api/texts/replies", async () => ({ replies: await repository.replies() }));

    staff.get("/api/texts/:id", async (request) => {
      const parsed = idParams.safeParse(request.params);
      const text = parsed.success ? await repository.get(parsed.data.id) : undefined;
      if (!text) throw new HttpError(404, "not_found", "Text not found");
      return text;
    });

    staff.delete("/api/texts/:id", { config: { audit: "text.cancel" } }, async (request, reply) => {
      const parsed = idParams.safeParse(request.params);
      const outcome = parsed.success ? await repository.cancel(parsed.data.id) : "not_found";
      if (outcome === "not_found") throw new HttpError(404, "not_found", "Text not found");
      if (outcome === "reminder") {
        throw new HttpError(
          409,
          "conflict",
          "An event reminder follows its event: switch it off in the event's editor",
        );
      }
      if (outcome === "begun") {
        throw new HttpError(409, "conflict", "This text has begun: it can no longer be cancelled");
      }
      return reply.code(204).send();
    });

    staff.get(
      "/api/sms/settings",
      { config: { access: "sms-settings" } },
      async (): Promise<SmsSettings> => ({ sendHours: await repository.sendHours() }),
    );

    staff.put(
      "/api/sms/settings",
      { config: { access: "sms-settings", audit: "sms-settings.change" } },
      async (request): Promise<SmsSettings> => {
        const input = parseInput(smsSettingsSchema, request.body);
        return { sendHours: await repository.setSendHours(input.sendHours) };
      },
    );
  });
}
