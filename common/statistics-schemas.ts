import { isRealDateTime } from "./dates.js";
import { STATISTICS_MAX_DAYS, daysBetween } from "./statistics.js";
import { z } from "./zod.js";

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date (YYYY-MM-DD)` })
    .refine(isRealDateTime, { error: `${name} is not a real date` });

/** GET /api/statistics and /api/statistics.csv: a period of days, both included. */
export const statisticsQuerySchema = z
  .strictObject({ from: day("from"), to: day("to") })
  .superRefine((query, context) => {
    if (query.to < query.from) {
      context.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    } else if (daysBetween(query.from, query.to) > STATISTICS_MAX_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "The period must be at most 3 years",
      });
    }
  });
