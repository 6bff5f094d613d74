import {
  REMINDER_LEADS,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
} from "./event-reminders.js";
import { TEXT_BODY_MAX } from "./texts-schemas.js";
import { controlCharacterMessage, isCleanText } from "./text.js";
import { z } from "./zod.js";

/**
 * Body of PUT /api/texts/reminders/:eventId; the segment limit is checked as it arrives, for the
 * session its placeholders make longest (the route, which knows the sessions).
 */
export const eventReminderInputSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  lead: z.enum(REMINDER_LEADS, { error: `lead must be one of ${REMINDER_LEADS.join(", ")}` }),
  body: z
    .string({ error: "body must be the text to send, or null for the text made from the event" })
    .trim()
    .min(1, { error: "Write the reminder, or use the text made from the event" })
    .max(TEXT_BODY_MAX, { error: `The text is longer than ${TEXT_BODY_MAX} characters` })
    .refine((value) => isCleanText(value, { multiline: true }), {
      error: controlCharacterMessage("The text"),
    })
    .superRefine((value, context) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0) {
        context.addIssue({ code: "custom", message: unknownPlaceholdersMessage(unknown) });
      }
    })
    .nullable(),
});
