import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.js";

/** A pino logger that keeps every line it writes, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString("utf8").split("\n")) {
        if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

describe("access log", () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it("writes one line per request with method, url, status and time", async () => {
    const { logger, lines } = capturingLogger();
    testApp = await createTestApp({ deps: { logger } });
    const response = await testApp.app.inject({ method: "GET", url: "/api/updates/featured" });
    expect(response.statusCode).toBe(200);
    const notFound = await testApp.app.inject({ method: "GET", url: "/api/nothing-here?x=1" });
    expect(notFound.statusCode).toBe(404);

    const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/api/updates/featured" },
      res: { statusCode: 200 },
    });
    expect(requestLines[1]).toMatchObject({
      req: { method: "GET", url: "/api/nothing-here?x=1" },
      res: { statusCode: 404 },
    });
    for (const line of requestLines) {
      expect(typeof line.responseTime).toBe("number");
      expect(typeof line.reqId).toBe("string");
    }
  });
});
