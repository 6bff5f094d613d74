import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AuditAction } from "../../common/audit.js";
import { ENTRY_ID } from "../../common/content-api.js";
import { longestReminder, type EventReminder } from "../../common/event-reminders.js";
import { eventReminderInputSchema } from "../../common/event-reminders-schemas.js";
import { MAX_SEGMENTS } from "../../common/sms-segments.js";
import { defaultAccess } from "../accounts/access.js";
import type { AuditNote } from "../audit/audit-plugin.js";
import { runWhileOpen } from "../background-work.js";
import { HttpError, parseInput } from "../http/errors.js";
import { createPeriodicTask } from "../periodic-task.js";
import type { EventReminders } from "./event-reminders.js";
import type { ReminderSettings } from "./reminder-reconcile.js";

// An id that is no entry id (a NUL byte, say, which PostgreSQL refuses) is no event: 404.
const eventParams = z.object({ eventId: z.string().regex(ENTRY_ID) });

/** A pass now and then besides the content's changes: new sending hours, a missed change. */
const RECONCILE_INTERVAL_MS = 5 * 60_000;

/** What the audit log notes of a change, or null when nothing changed. */
function auditAction(before: ReminderSettings, after: ReminderSettings): AuditAction | null {
  if (before.enabled !== after.enabled) return after.enabled ? "reminder.on" : "reminder.off";
  if (before.lead !== after.lead || before.body !== after.body) return "reminder.change";
  return null;
}

/**
 * `GET/PUT /api/texts/reminders/:eventId` (owner, administrator, editor: the subscribers
 * permission), and the reminders kept in step with the published events: after every change of
 * the public content (the content store tells every instance), on start and every few minutes.
 */
export function registerEventReminders(app: FastifyInstance, reminders: EventReminders): void {
  const log = app.log.child({ component: "event-reminders" });

  // One pass at a time; a change during a pass asks for one more after it.
  let running: Promise<void> | undefined;
  let again = false;
  const reconcile = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await reminders.reconcileAll();
        } catch (error) {
          log.error({ err: error }, "event reminders: could not bring them in step");
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const periodic = createPeriodicTask(reconcile, RECONCILE_INTERVAL_MS);
  let unsubscribe: (() => void) | undefined;
  runWhileOpen(app, {
    start() {
      // The content store is registered after the texts: it exists once the app is ready.
      unsubscribe = app.content.onChange(() => void reconcile());
      periodic.start();
    },
    async stop() {
      unsubscribe?.();
      await periodic.stop();
      await running;
    },
  });

  app.register(async (staff) => {
    defaultAccess(staff, "subscribers");
    staff.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    const eventIdOf = async (params: unknown): Promise<string> => {
      const parsed = eventParams.safeParse(params);
      if (!parsed.success || !(await reminders.eventExists(parsed.data.eventId))) {
        throw new HttpError(404, "not_found", "Event not found");
      }
      return parsed.data.eventId;
    };

    staff.get("/api/texts/reminders/:eventId", async (request): Promise<EventReminder> =>
      reminders.view(await eventIdOf(request.params)),
    );

    // What each answered PUT changed, for the audit log (noted after a successful answer).
    const changes = new WeakMap<FastifyRequest, AuditNote>();
    staff.put(
      "/api/texts/reminders/:eventId",
      { config: { audit: (request) => changes.get(request) ?? null } },
      async (request): Promise<EventReminder> => {
        const eventId = await eventIdOf(request.params);
        const input = parseInput(eventReminderInputSchema, request.body);
        if (input.body !== null) {
          const { programName, sessionValues } = await reminders.view(eventId);
          // Each session gets its own day and time: the longest of them must fit.
          const { counted, values } = longestReminder(input.body, programName, sessionValues);
          if (counted.segments > MAX_SEGMENTS) {
            const session = values ? ` for the session on ${values.day}` : "";
            const message = `The text is ${counted.segments} segments with the program name and the opt-out words${session}; at most ${MAX_SEGMENTS} are allowed`;
            throw new HttpError(400, "invalid_input", message, { body: message });
          }
        }
        const { before, after } = await reminders.save(eventId, input);
        const action = auditAction(before, after);
        if (action) changes.set(request, { action, detail: after.lead });
        return reminders.view(eventId);
      },
    );
  });
}
