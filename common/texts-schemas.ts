import { minutesOfDay } from "./sms-hours.js";
import { controlCharacterMessage, isCleanText } from "./text.js";
import { z } from "./zod.js";

/** What staff may write before the program name and the opt-out words are added. */
export const TEXT_BODY_MAX = 1000;
const SEND_AT_MESSAGE =
  "sendAt must be a date and time with its offset, such as 2026-12-01T10:00:00-08:00";

/** Body of POST /api/texts; the segment limit is checked on the text as it arrives. */
export const textInputSchema = z.strictObject({
  body: z
    .string({ error: "body must be the text to send" })
    .trim()
    .min(1, { error: "Write the text to send" })
    .max(TEXT_BODY_MAX, { error: `The text is longer than ${TEXT_BODY_MAX} characters` })
    .refine((value) => isCleanText(value, { multiline: true }), {
      error: controlCharacterMessage("The text"),
    }),
  sendAt: z
    .string({ error: SEND_AT_MESSAGE })
    .refine((value) => /(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)), {
      error: SEND_AT_MESSAGE,
    })
    .optional(),
});

const hourMinute = (name: string) =>
  z
    .string({ error: `${name} must be a time of day such as 09:00` })
    .refine((value) => minutesOfDay(value) !== null, {
      error: `${name} must be a time of day such as 09:00`,
    });

/** Body of PUT /api/sms/settings: any window in whole minutes with `from` before `to`. */
export const smsSettingsSchema = z.strictObject({
  sendHours: z
    .strictObject({ from: hourMinute("from"), to: hourMinute("to") })
    .refine((hours) => minutesOfDay(hours.from)! < minutesOfDay(hours.to)!, {
      error: "from must be before to",
      path: ["to"],
    }),
});
