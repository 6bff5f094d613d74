import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.js";
import { capturingLogger } from "../test-support/capturing-logger.js";

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

  it("writes the line in pino's own shape, with the request logger's bindings, and none under warn", async () => {
    const { logger, lines } = capturingLogger();
    testApp = await createTestApp({ deps: { logger } });
    await testApp.app.inject({ method: "GET", url: "/api/updates/featured?token=secret" });
    const line = lines.find((entry) => entry.msg === "request completed");
    expect(Object.keys(line ?? {})).toEqual([
      "level",
      "time",
      "pid",
      "hostname",
      "reqId",
      "req",
      "res",
      "responseTime",
      "msg",
    ]);
    // An injected request has no socket port; a real one's is written too (server/main.test.ts).
    expect(line?.req).toEqual({
      method: "GET",
      url: "/api/updates/featured?token=[redacted]",
      host: "localhost:80",
      remoteAddress: "127.0.0.1",
    });
    expect(line?.time).toBeGreaterThan(Date.now() - 60_000);
    await testApp.close();

    const quiet = capturingLogger("warn");
    testApp = await createTestApp({ deps: { logger: quiet.logger } });
    await testApp.app.inject({ method: "GET", url: "/api/updates/featured" });
    expect(quiet.lines.filter((entry) => entry.msg === "request completed")).toEqual([]);
  });
});
