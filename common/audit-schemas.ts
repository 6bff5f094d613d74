import { AUDIT_ACTIONS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "./audit.js";
import { isCleanText } from "./text.js";
import { z } from "./zod.js";

const limitMessage = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`;
const clean = (what: string, max: number) =>
  z
    .string()
    .max(max, { error: `${what} must be ${max} characters or less` })
    .refine((value) => isCleanText(value), {
      error: `${what} has characters that are not allowed`,
    });

/** GET /api/audit and /api/audit.csv: a page (newest first) and the filters. */
export const auditQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(AUDIT_PAGE_MAX, { error: limitMessage })
    .default(AUDIT_PAGE_DEFAULT),
  before: clean("before", 200).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "action is not an action of the audit log" }).optional(),
  /** Part of the email of who acted (or tried), any case. */
  actor: clean("actor", 254).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
