import { apiJson } from "~/lib/api";
import type { EventReminder, EventReminderInput } from "#common/event-reminders";

// An event's text reminder (docs/product.md 5.3a): GET/PUT /api/texts/reminders/:eventId.

const reminderPath = (eventId: string) => `/api/texts/reminders/${encodeURIComponent(eventId)}`;

export const getReminder = (eventId: string, signal?: AbortSignal) =>
  apiJson<EventReminder>(reminderPath(eventId), { signal });

export const saveReminder = (eventId: string, input: EventReminderInput) =>
  apiJson<EventReminder>(reminderPath(eventId), { method: "PUT", json: input });
