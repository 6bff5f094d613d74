import { z } from "zod";

/** Thrown when the environment holds a value the server cannot run with. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .default("sqlite:./data/site.db")
    .refine((value) => value.startsWith("sqlite:") || /^postgres(ql)?:\/\//.test(value), {
      message: "must be sqlite:PATH or a postgres:// URL",
    }),
  ADMIN_PASSWORD: optionalText,
  ADMIN_PASSWORD_HASH: optionalText.refine(
    (value) => value === undefined || value.startsWith("scrypt$"),
    { message: "must be a hash printed by `npm run admin:hash`" },
  ),
  PUBLIC_ORIGIN: optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value;
      } catch {
        return false;
      }
    },
    { message: "must be an origin such as https://example.org (no path, no trailing slash)" },
  ),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  MAIL_TRANSPORT: z.enum(["log", "smtp", "emailjs"]).default("log"),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
    message: "must be an smtp:// or smtps:// URL",
  }),
  CONTACT_TO: optionalText.refine(
    (value) => value === undefined || z.email().safeParse(value).success,
    { message: "must be an email address" },
  ),
  EMAILJS_SERVICE_ID: optionalText,
  EMAILJS_TEMPLATE_ID: optionalText,
  EMAILJS_PUBLIC_KEY: optionalText,
  EMAILJS_PRIVATE_KEY: optionalText,
  EMAILJS_API_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://api.emailjs.com/api/v1.0/email/send"),
  CONTACT_BLOCKLIST: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ""),
    ),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  SMS_WEBHOOK_TOKEN: optionalText,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.string().default("production"),
});

export type Config = z.output<typeof envSchema>;

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const config = result.data;
  if (config.MAIL_TRANSPORT === "smtp" && (!config.SMTP_URL || !config.CONTACT_TO)) {
    throw new ConfigError(
      "Invalid configuration:\n  MAIL_TRANSPORT=smtp needs SMTP_URL and CONTACT_TO",
    );
  }
  if (config.MAIL_TRANSPORT === "emailjs") {
    const missing = (
      ["EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY", "CONTACT_TO"] as const
    ).filter((name) => !config[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  MAIL_TRANSPORT=emailjs needs ${missing.join(", ")}`,
      );
    }
  }
  return config;
}
