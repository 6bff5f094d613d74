import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app.js";
import { logSerializers, redactUrl } from "./request-log.js";

describe("request log", () => {
  it("redacts the webhook token however its name is written, and keeps the rest", () => {
    expect(redactUrl("/api/sms/inbound?token=s3cret")).toBe("/api/sms/inbound?token=[redacted]");
    expect(redactUrl("/api/sms/inbound?a=1&TOKEN=s3cret&b=2")).toBe(
      "/api/sms/inbound?a=1&TOKEN=[redacted]&b=2",
    );
    expect(redactUrl("/x?%74oken=s3cret&token=again")).toBe(
      "/x?%74oken=[redacted]&token=[redacted]",
    );
    expect(redactUrl("/x?tokens=kept&mytoken=kept")).toBe("/x?tokens=kept&mytoken=kept");
    expect(redactUrl("/x?%E0%A4%A=1")).toBe("/x?%E0%A4%A=1");
    expect(redactUrl("/plain")).toBe("/plain");
  });

  it("never writes the token of a webhook call to the server's log", async () => {
    let output = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logger = pino({ level: "info", serializers: logSerializers }, sink);
    const token = "webhook-secret-0123456789";
    const t = await createTestApp({ env: { SMS_WEBHOOK_TOKEN: token }, deps: { logger } });
    try {
      for (const query of [`token=${token}`, `%74oken=${token}`, `token=${token}x`]) {
        await t.app.inject({
          method: "POST",
          url: `/api/sms/inbound?${query}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "From=%2B12065550100&Body=HELP",
        });
      }
    } finally {
      await t.close();
    }
    expect(output).toContain("request completed");
    expect(output).toContain("/api/sms/inbound?token=[redacted]");
    expect(output).not.toContain(token);
  });
});
