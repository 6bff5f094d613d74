import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATABASE_URL: "sqlite:./data/site.db",
      MAIL_TRANSPORT: "log",
      CONTACT_RATE_LIMIT: 5,
      SMS_RATE_LIMIT: 5,
      CONTACT_BLOCKLIST: [],
      WEB_CONCURRENCY: 1,
      SITE_TIME_ZONE: "America/Los_Angeles",
      LOGIN_ADDRESS_LIMIT: 5,
      STATISTICS: "on",
      STATISTICS_RETENTION_MONTHS: 25,
      TRUST_PROXY: undefined,
      EMAILJS_API_URL: "https://api.emailjs.com/api/v1.0/email/send",
      SMS_TRANSPORT: "log",
      TWILIO_API_URL: "https://api.twilio.com",
      SMS_SEND_RATE: 1,
    });
    expect(config.ADMIN_PASSWORD).toBeUndefined();
  });

  it("parses lists and flags", () => {
    const config = loadConfig({
      CONTACT_BLOCKLIST: " Spam@Example.com, @bad.example ,,",
      TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1,2001:DB8::/32",
      DATABASE_URL: "postgres://127.0.0.1:5432/test",
      PUBLIC_ORIGIN: "https://www.example.org",
    });
    expect(config.CONTACT_BLOCKLIST).toEqual(["spam@example.com", "@bad.example"]);
    expect(config.TRUST_PROXY?.entries).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "2001:db8::/32",
    ]);
    expect(config.TRUST_PROXY?.includes("10.200.1.2")).toBe(true);
    expect(config.TRUST_PROXY?.includes("::ffff:127.0.0.1")).toBe(true);
    expect(config.TRUST_PROXY?.includes("2001:db8:ffff::1")).toBe(true);
    expect(config.TRUST_PROXY?.includes("127.0.0.2")).toBe(false);
    expect(config.TRUST_PROXY?.includes("not an address")).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBeUndefined();
  });

  const bad: Array<[string, Record<string, string>]> = [
    ["PORT", { PORT: "eighty" }],
    ["PORT", { PORT: "70000" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://localhost/db" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "https://example.org/path" }],
    ["MAIL_TRANSPORT", { MAIL_TRANSPORT: "pigeon" }],
    ["SMTP_URL", { SMTP_URL: "http://mail.example.org" }],
    ["CONTACT_TO", { CONTACT_TO: "not an address" }],
    ["CONTACT_RATE_LIMIT", { CONTACT_RATE_LIMIT: "-1" }],
    ["SMS_RATE_LIMIT", { SMS_RATE_LIMIT: "-1" }],
    ["SMS_RATE_LIMIT", { SMS_RATE_LIMIT: "five" }],
    ["WEB_CONCURRENCY", { WEB_CONCURRENCY: "0" }],
    ["SITE_TIME_ZONE", { SITE_TIME_ZONE: "Pacific Time" }],
    ["LOGIN_ADDRESS_LIMIT", { LOGIN_ADDRESS_LIMIT: "0" }],
    ["STATISTICS", { STATISTICS: "maybe" }],
    ["STATISTICS_RETENTION_MONTHS", { STATISTICS_RETENTION_MONTHS: "0" }],
    ["STATISTICS_RETENTION_MONTHS", { STATISTICS_RETENTION_MONTHS: "two years" }],
    ["ADMIN_PASSWORD_HASH", { ADMIN_PASSWORD_HASH: "plaintext" }],
    ["TRUST_PROXY", { TRUST_PROXY: "maybe" }],
    ["TRUST_PROXY", { TRUST_PROXY: "true" }],
    ["TRUST_PROXY", { TRUST_PROXY: "1" }],
    ["TRUST_PROXY", { TRUST_PROXY: "127.0.0.1,loopback" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/33" }],
    ["TRUST_PROXY", { TRUST_PROXY: "::1/129" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/8/8" }],
    ["TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/x" }],
    ["ADMIN_PASSWORD", { ADMIN_PASSWORD: "eleven char" }],
    ["TWILIO_AUTH_TOKEN", { TWILIO_AUTH_TOKEN: "abc" }],
    ["TWILIO_WEBHOOK_URL", { TWILIO_AUTH_TOKEN: "abc", TWILIO_WEBHOOK_URL: "ftp://x" }],
    ["SMTP_URL and CONTACT_TO", { MAIL_TRANSPORT: "smtp" }],
    ["SMS_TRANSPORT", { SMS_TRANSPORT: "pigeon" }],
    ["SMS_SEND_RATE", { SMS_SEND_RATE: "0" }],
    ["TWILIO_ACCOUNT_SID", { TWILIO_ACCOUNT_SID: "sid" }],
    ["TWILIO_FROM", { TWILIO_FROM: "2065550100" }],
    ["TWILIO_MESSAGING_SERVICE_SID", { TWILIO_MESSAGING_SERVICE_SID: "service" }],
    [
      "TWILIO_ACCOUNT_SID",
      {
        SMS_TRANSPORT: "twilio",
        PUBLIC_ORIGIN: "https://www.example.org",
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_FROM: "+12065550100",
      },
    ],
    [
      "TWILIO_AUTH_TOKEN",
      {
        SMS_TRANSPORT: "twilio",
        PUBLIC_ORIGIN: "https://www.example.org",
        TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
        TWILIO_FROM: "+12065550100",
      },
    ],
    [
      "TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID",
      {
        SMS_TRANSPORT: "twilio",
        PUBLIC_ORIGIN: "https://www.example.org",
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      },
    ],
    [
      "PUBLIC_ORIGIN",
      {
        SMS_TRANSPORT: "twilio",
        TWILIO_AUTH_TOKEN: "t",
        TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
        TWILIO_FROM: "+12065550100",
      },
    ],
    ["EMAILJS_SERVICE_ID", { MAIL_TRANSPORT: "emailjs", CONTACT_TO: "team@example.org" }],
  ];
  it("accepts a complete Twilio configuration", () => {
    const config = loadConfig({
      SMS_TRANSPORT: "twilio",
      PUBLIC_ORIGIN: "https://www.example.org",
      TWILIO_ACCOUNT_SID: `AC${"a".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_MESSAGING_SERVICE_SID: `MG${"b".repeat(32)}`,
      TWILIO_API_URL: "http://127.0.0.1:9999",
      SMS_SEND_RATE: "250",
    });
    expect(config).toMatchObject({ SMS_TRANSPORT: "twilio", SMS_SEND_RATE: 250 });
  });

  for (const [name, env] of bad) {
    it(`refuses a bad ${name} with a message naming it`, () => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    });
  }
});
