import { controlCharacterMessage, isCleanText } from "./text.js";
import { z } from "./zod.js";

/** Body of POST /api/session. */
export const loginSchema = z.strictObject({
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(1024, { error: "Password must be 1024 characters or less" })
    .refine((value) => isCleanText(value), { error: controlCharacterMessage("Password") }),
});
