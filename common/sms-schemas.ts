import { checkPhone, PHONE_MESSAGES } from "./phone.js";
import { SOURCE_MESSAGE, isSitePath } from "./sms.js";
import { isCleanText } from "./text.js";
import { z } from "./zod.js";

/** Body of POST /api/sms/subscriptions; `phone` comes out as E.164 (`+1` and 10 digits). */
export const smsSubscriptionSchema = z.strictObject({
  // Parsed by the same zod-free rule the page uses; the output is the E.164 number.
  phone: z.unknown().transform((value, context) => {
    // checkPhone drops every non-digit; a control character is refused rather than dropped.
    if (typeof value === "string" && !isCleanText(value)) {
      context.addIssue({ code: "custom", message: PHONE_MESSAGES.tenDigits });
      return z.NEVER;
    }
    const checked = checkPhone(value);
    if (!checked.ok) {
      context.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return checked.e164;
  }),
  source: z
    .string({ error: SOURCE_MESSAGE })
    .refine(isSitePath, { error: SOURCE_MESSAGE })
    .optional(),
});
