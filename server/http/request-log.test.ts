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

  it("replaces the token of every one-time link, however its path is spelled", () => {
    const token = "Zm9vYmFyYmF6cXV4MDEyMzQ1Njc4OWFiY2RlZmdoaWo";
    const cases: [string, string][] = [
      [`/admin/setup/${token}`, "/admin/setup/[redacted]"],
      [`/admin/invitation/${token}`, "/admin/invitation/[redacted]"],
      [`/admin/reset/${token}`, "/admin/reset/[redacted]"],
      [`/api/setup/${token}`, "/api/setup/[redacted]"],
      [`/api/invitations/${token}`, "/api/invitations/[redacted]"],
      [`/api/password-resets/${token}?x=1`, "/api/password-resets/[redacted]?x=1"],
      [`/admin/reset/${token}.data?_routes=a`, "/admin/reset/[redacted]?_routes=a"],
      [`/admin/reset/${token}/more`, "/admin/reset/[redacted]/more"],
      [`//ADMIN//Reset/${token}`, "//ADMIN//Reset/[redacted]"],
      [`/%61dmin/r%65set/${token}`, "/admin/reset/[redacted]"],
      [`/api%2Fpassword-resets%2F${token}`, "/api/password-resets/[redacted]"],
      [`/api/invitations/%E0%A4%A${token}`, "/api/invitations/[redacted]"],
    ];
    for (const [url, logged] of cases) expect(redactUrl(url), url).toBe(logged);
    // Neighbours without a token are written as sent.
    for (const url of [
      "/admin/reset",
      "/api/password-resets",
      "/api/staff/invitations/12",
      "/admin/resets/x",
      "/api/setups/x",
      "/a%20b",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
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

  it("never writes a one-time link's token to the server's log, on a page, its API or an error", async () => {
    let output = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logger = pino({ level: "info", serializers: logSerializers }, sink);
    const token = "aG9uZXN0bHktcmFuZG9tLXRva2VuLTAxMjM0NTY3ODk";
    const t = await createTestApp({ deps: { logger } });
    try {
      const json = { origin: "http://localhost", "content-type": "application/json" };
      for (const path of ["/admin/setup", "/admin/invitation", "/admin/reset"]) {
        await t.app.inject({ method: "GET", url: `${path}/${token}` });
      }
      await t.app.inject({ method: "GET", url: `/api/setup/${token}` });
      await t.app.inject({ method: "GET", url: `/api/invitations/${token}` });
      await t.app.inject({
        method: "POST",
        url: `/api/invitations/${token}`,
        headers: json,
        payload: { name: "Someone", password: "a long unusual passphrase" },
      });
      await t.app.inject({
        method: "POST",
        url: `/api/password-resets/${token}`,
        headers: json,
        payload: { password: "a long unusual passphrase" },
      });
      // Refused before any route: bad JSON, a malformed escape.
      await t.app.inject({
        method: "POST",
        url: `/api/password-resets/${token}`,
        headers: json,
        payload: "{",
      });
      await t.app.inject({ method: "GET", url: `/api/setup/%E0%A4%A${token}` });
    } finally {
      await t.close();
    }
    expect(output.match(/request completed/g)?.length).toBeGreaterThanOrEqual(9);
    expect(output).toContain("/admin/reset/[redacted]");
    expect(output).toContain("/api/password-resets/[redacted]");
    expect(output).not.toContain(token);
  });
});
