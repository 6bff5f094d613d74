import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StatisticsReport } from "../../common/statistics.js";
import { createTestBuild } from "../render/test-build.js";
import { BROWSER, ORIGIN, START, signIn } from "../statistics/test-visits.js";
import { capturingLogger } from "../test-support/capturing-logger.js";
import { createTestApp, type TestApp } from "../test-support/test-app.js";
import { type Fixture, createClientFixture } from "./test-fixture.js";

/*
 * The front door (front-door.ts) over real sockets: `inject` never reaches it. Each answer it
 * makes is compared with the full path's answer to the same request, which a cookie sends on to
 * Fastify (a public page's answer does not depend on one).
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Headers every answer differs in, whichever path made it. */
const PER_ANSWER = ["date", "connection", "keep-alive"];

function send(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path, method, headers: { "user-agent": BROWSER, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function comparable(answer: Answer) {
  const headers = { ...answer.headers };
  for (const name of PER_ANSWER) delete headers[name];
  return { status: answer.status, headers, body: answer.body.toString("base64") };
}

describe("the front door", () => {
  let fixture: Fixture;
  let t: TestApp;
  let port: number;
  let lines: Record<string, unknown>[];

  beforeAll(async () => {
    fixture = await createClientFixture();
  });
  afterAll(async () => {
    await fixture.cleanup();
  });
  afterEach(async () => {
    await t.close();
  });

  const start = async () => {
    const captured = capturingLogger();
    lines = captured.lines;
    t = await createTestApp({
      cheapPasswords: true,
      // Loopback is the proxy: its X-Forwarded-For and X-Forwarded-Host are believed.
      env: { PUBLIC_ORIGIN: ORIGIN, TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "info" },
      deps: {
        clientDir: fixture.dir,
        serverBuild: createTestBuild().build,
        clock: () => START,
        logger: captured.logger,
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  };

  /** Sends a request twice, through the front door and past it, and checks both answers agree. */
  const sameBothWays = async (
    path: string,
    headers: Record<string, string> = {},
    method = "GET",
  ) => {
    const before = t.app.frontDoor.answered;
    const front = await send(port, path, headers, method);
    expect(t.app.frontDoor.answered, `${method} ${path} at the front door`).toBe(before + 1);
    const full = await send(port, path, { ...headers, cookie: "unrelated=1" }, method);
    expect(t.app.frontDoor.answered).toBe(before + 1);
    expect(comparable(front)).toEqual(comparable(full));
    return front;
  };

  it("answers a rendered public page as the full path does, in every coding, HEAD and 304", async () => {
    await start();
    // Not rendered yet: the full path renders it; from then on it is in memory.
    const first = await send(port, "/page");
    expect(first.status).toBe(200);
    expect(t.app.frontDoor.answered).toBe(0);

    for (const encoding of [undefined, "gzip", "br", "gzip, br", "identity;q=1, *;q=0"]) {
      const headers: Record<string, string> =
        encoding === undefined ? {} : { "accept-encoding": encoding };
      const page = await sameBothWays("/page", headers);
      expect(page.status).toBe(200);
      expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(page.headers["x-frame-options"]).toBe("DENY");
      const head = await sameBothWays("/page", headers, "HEAD");
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(page.headers["content-length"]);
      const etag = page.headers.etag as string;
      expect(etag).toMatch(/^"/);
      const notModified = await sameBothWays("/page", { ...headers, "if-none-match": etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      const changed = await sameBothWays("/page", { ...headers, "if-none-match": '"other"' });
      expect(changed.status).toBe(200);
    }
  });

  it("answers the featured list once it is cached, as the full path does", async () => {
    await start();
    expect((await send(port, "/api/updates/featured")).status).toBe(200);
    const list = await sameBothWays("/api/updates/featured", { "accept-encoding": "gzip, br" });
    expect(list.status).toBe(200);
    expect(list.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("leaves to Fastify every request it is not sure of", async () => {
    await start();
    await send(port, "/page");
    const answered = t.app.frontDoor.answered;
    const passed: [string, Record<string, string>, string, number][] = [
      ["/page?utm_source=x", {}, "GET", 200],
      ["/page/", {}, "GET", 200],
      ["/page", { cookie: "a=1" }, "GET", 200],
      ["/page", { range: "bytes=0-10" }, "GET", 200],
      ["/page", { host: "rebound.example" }, "GET", 421],
      // The proxy says the visitor asked for a host this server does not serve.
      ["/page", { "x-forwarded-host": "rebound.example" }, "GET", 421],
      ["/page", { "transfer-encoding": "chunked" }, "GET", 200],
      ["/page", { origin: ORIGIN }, "POST", 404],
      ["/nothing-here", {}, "GET", 404],
      ["/event.ics", {}, "GET", 200],
    ];
    for (const [path, headers, method, status] of passed) {
      const answer = await send(port, path, headers, method);
      expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(status);
    }
    expect(t.app.frontDoor.answered).toBe(answered);
    // A host the proxy names and the server serves is answered at the door.
    await send(port, "/page", { "x-forwarded-host": "www.example.test" });
    expect(t.app.frontDoor.answered).toBe(answered + 1);
  });

  it("logs each answer as the full path does, and counts a browser's visit once", async () => {
    await start();
    // Rendered by a HEAD, which counts as nothing.
    await send(port, "/page", {}, "HEAD");
    lines.length = 0;
    const forwarded = { "x-forwarded-for": "203.0.113.5", "accept-encoding": "gzip" };
    await send(port, "/page", forwarded);
    await send(port, "/page", { ...forwarded, cookie: "unrelated=1" });
    // Not counted: a prefetch, a bot, a HEAD (all still answered at the door).
    await send(port, "/page", { ...forwarded, "sec-purpose": "prefetch" });
    await send(port, "/page", { ...forwarded, "user-agent": "curl/8.5.0" });
    await send(port, "/page", forwarded, "HEAD");
    expect(t.app.frontDoor.answered).toBe(4);

    const requests = lines.filter((line) => line.msg === "request completed");
    expect(requests).toHaveLength(5);
    const [front, full] = requests as [Record<string, unknown>, Record<string, unknown>];
    for (const line of [front, full]) {
      expect(line).toMatchObject({
        level: 30,
        pid: process.pid,
        req: {
          method: "GET",
          url: "/page",
          host: `127.0.0.1:${port}`,
          remoteAddress: "203.0.113.5",
        },
        res: { statusCode: 200 },
      });
      expect(line.reqId).toMatch(/^req-[0-9a-z]+$/);
      expect(typeof line.responseTime).toBe("number");
    }
    expect(Object.keys(front)).toEqual(Object.keys(full));
    // One generator for both paths: ids never repeat.
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(requests.length);

    await t.app.statisticsRecorder!.flush();
    const cookie = await signIn(t.app);
    const report = (
      await t.app.inject({
        url: "/api/statistics?from=2026-11-20&to=2026-11-20",
        headers: { cookie },
      })
    ).json() as StatisticsReport;
    // The visitor's two views (one at the door, one past it) and nothing else.
    expect(report.totals).toMatchObject({ views: 2, visitors: 1 });
  });
});
