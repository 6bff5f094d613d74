import { z } from "zod";
import { parseTrustedProxies, type TrustedProxies } from "./http/client-address.js";
import { isLoopbackAddress } from "./http/host-check.js";

/** Thrown when the environment holds a value the server cannot run with. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** The shortest admin password accepted (also by `npm run admin:hash`). */
export const ADMIN_PASSWORD_MIN = 12;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

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
  // The owner's address on the first start (decision 028); read only while no account exists,
  // and to name the owner carried over from the single password.
  ADMIN_EMAIL: optionalText.refine(
    (value) => value === undefined || z.email().safeParse(value).success,
    { message: "must be an email address" },
  ),
  ADMIN_PASSWORD: optionalText.refine(
    (value) => value === undefined || value.length >= ADMIN_PASSWORD_MIN,
    { message: `must be at least ${ADMIN_PASSWORD_MIN} characters` },
  ),
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
  // Host names served besides PUBLIC_ORIGIN's (and loopback): other requests get 421.
  ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((value, context) => {
      const hosts = value
        .split(",")
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== "");
      for (const host of hosts) {
        if (!/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.?)+$|^\[[0-9a-f:.]+\]$/.test(host)) {
          context.addIssue({
            code: "custom",
            message: `${host} is not a host name (write names such as www.example.org, comma-separated, without scheme or port)`,
          });
          return z.NEVER;
        }
      }
      return hosts;
    }),
  // The reverse proxies whose X-Forwarded-For entries are believed; off by default. `true` is
  // refused (it would let any client choose its own address): name the proxies.
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value, context): TrustedProxies | undefined => {
      const text = value.trim();
      if (text === "" || text === "false" || text === "0") return undefined;
      if (text === "true" || text === "1") {
        context.addIssue({
          code: "custom",
          message:
            "true is no longer accepted (it lets any client choose its own address); name the proxies' addresses or CIDR ranges, e.g. 127.0.0.1 or 10.0.0.0/8",
        });
        return z.NEVER;
      }
      try {
        return parseTrustedProxies(text);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
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
  SMS_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
  MEDIA_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
  // Requests without a session that store a row (passkey sign-in challenges, refused form posts
  // kept for redisplay), per client address per 10 minutes (docs/product.md 5.0, decision 040); 0 turns it off.
  ANONYMOUS_WRITE_LIMIT: z.coerce.number().int().min(0).default(20),
  // Failed sign-ins per client address per 15 minutes (docs/product.md 5.0, decision 040); never off.
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(5),
  SMS_WEBHOOK_TOKEN: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_WEBHOOK_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value),
    { message: "must be the full http(s) URL configured at Twilio for the SMS webhook" },
  ),
  // Texts (docs/product.md 5.3a): written to the log unless SMS_TRANSPORT=twilio.
  SMS_TRANSPORT: z.enum(["log", "twilio"]).default("log"),
  TWILIO_ACCOUNT_SID: optionalText.refine(
    (value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value),
    {
      message: "must be the account SID (AC followed by 32 hexadecimal digits)",
    },
  ),
  TWILIO_FROM: optionalText.refine(
    (value) => value === undefined || /^\+[1-9][0-9]{6,14}$/.test(value),
    {
      message: "must be an E.164 number such as +12065550100",
    },
  ),
  TWILIO_MESSAGING_SERVICE_SID: optionalText.refine(
    (value) => value === undefined || /^MG[0-9a-fA-F]{32}$/.test(value),
    { message: "must be a messaging service SID (MG followed by 32 hexadecimal digits)" },
  ),
  TWILIO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.twilio.com"),
  // Texts handed to the provider per second by each instance (a long code's pace is 1).
  SMS_SEND_RATE: z.coerce.number().positive().max(10_000).default(1),
  // The site's own time zone: the footer's year, the texts' sending hours and the statistics' days.
  SITE_TIME_ZONE: z
    .string()
    .default("America/Los_Angeles")
    .refine(isTimeZone, { message: "must be an IANA time zone such as America/Los_Angeles" }),
  // Site statistics counted on the server (docs/product.md 5.7): `off` stops counting (the bench
  // measures with and without); the numbers are kept this many months, then deleted.
  STATISTICS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  STATISTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(25),
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
  if (
    config.NODE_ENV === "production" &&
    !config.PUBLIC_ORIGIN &&
    config.ALLOWED_HOSTS.length === 0 &&
    !isLoopbackAddress(config.HOST)
  ) {
    // Loopback-only starts (`npm start` as it comes) answer for localhost and need neither.
    throw new ConfigError(
      `Invalid configuration:\n  HOST=${config.HOST} accepts outside connections: set PUBLIC_ORIGIN (e.g. https://www.example.org) or ALLOWED_HOSTS (the host names the site answers for)`,
    );
  }
  if (config.MAIL_TRANSPORT === "smtp" && (!config.SMTP_URL || !config.CONTACT_TO)) {
    throw new ConfigError(
      "Invalid configuration:\n  MAIL_TRANSPORT=smtp needs SMTP_URL and CONTACT_TO",
    );
  }
  if (config.TWILIO_AUTH_TOKEN && !config.TWILIO_WEBHOOK_URL && !config.PUBLIC_ORIGIN) {
    throw new ConfigError(
      "Invalid configuration:\n  TWILIO_AUTH_TOKEN needs PUBLIC_ORIGIN or TWILIO_WEBHOOK_URL (the URL Twilio signs)",
    );
  }
  if (config.SMS_TRANSPORT === "twilio") {
    const missing = (["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "PUBLIC_ORIGIN"] as const).filter(
      (name) => !config[name],
    );
    if (!config.TWILIO_FROM && !config.TWILIO_MESSAGING_SERVICE_SID) {
      missing.push("TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID" as never);
    }
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  SMS_TRANSPORT=twilio needs ${missing.join(", ")}`,
      );
    }
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
