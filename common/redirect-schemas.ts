import { REDIRECT_PATH_MAX } from "./redirects.js";
import { isCleanText } from "./text.js";
import { z } from "./zod.js";

const path = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(REDIRECT_PATH_MAX, { error: `${name} must be ${REDIRECT_PATH_MAX} characters or less` })
    .refine((value) => isCleanText(value) && !/[\s\\]/.test(value), {
      error: `${name} must not hold spaces, backslashes or control characters`,
    });

/** POST /api/redirects: a path of this site and where it now leads. */
export const createRedirectSchema = z.strictObject({
  from: path("from").refine((value) => /^\/(?!\/)[^?#]*$/.test(value), {
    error: "from must be a path of this site, starting with / (no ? or #)",
  }),
  to: path("to"),
});
