import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteTestDatabase, type TestDatabase } from "../test-support/test-database.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the EmailJS REST API: records requests, answers with the next queued status. */
async function startFakeEmailJs(statuses: number[]) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "OK" : "The service is unavailable");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    received,
    url: `http://127.0.0.1:${port}/api/v1.0/email/send`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("EmailJS transport against a local HTTP server", () => {
  let fake: Awaited<ReturnType<typeof startFakeEmailJs>> | undefined;
  let testApp: TestApp | undefined;
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await testApp?.close();
    await fake?.close();
    await database?.cleanup();
  });

  it("posts the exact JSON, retries a failure and records the delivery", async () => {
    fake = await startFakeEmailJs([500, 200]);
    database = await createSqliteTestDatabase();
    testApp = await createTestApp({
      database,
      env: {
        MAIL_TRANSPORT: "emailjs",
        EMAILJS_API_URL: fake.url,
        EMAILJS_SERVICE_ID: "service_abc",
        EMAILJS_TEMPLATE_ID: "template_xyz",
        EMAILJS_PUBLIC_KEY: "public-key-123",
        EMAILJS_PRIVATE_KEY: "private-key-456",
        CONTACT_TO: "inbox@consultancy.example",
        CONTACT_RATE_LIMIT: "0",
      },
      deps: { outbox: { enabled: true, pollIntervalMs: 50, retryBaseMs: 200 } },
    });
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({
        firstName: "Avery",
        lastName: "Quill",
        email: "avery@example.org",
        message: 'Hello "EmailJS" \u2013 ünïcödé',
      }),
    });
    expect(response.statusCode).toBe(202);
    const { id } = response.json() as { id: string };

    await expect.poll(() => fake!.received.length, { timeout: 10_000 }).toBe(2);
    const expected = {
      service_id: "service_abc",
      template_id: "template_xyz",
      user_id: "public-key-123",
      accessToken: "private-key-456",
      template_params: {
        from_name: "Avery Quill",
        reply_to: "avery@example.org",
        message: 'Hello "EmailJS" \u2013 ünïcödé',
        to_email: "inbox@consultancy.example",
      },
    };
    for (const request of fake.received) {
      expect(request.method).toBe("POST");
      expect(request.url).toBe("/api/v1.0/email/send");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(request.body)).toEqual(expected);
    }

    const row = async () =>
      database!.handle.db
        .selectFrom("contact_messages")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).delivery_status).toBe("sent");
    // The attempt count and the error of the failed attempt are kept.
    expect(await row()).toMatchObject({
      attempts: 2,
      last_error: "EmailJS answered 500: The service is unavailable",
    });
  });

  it("keeps the failure reason while the service refuses", async () => {
    fake = await startFakeEmailJs([400, 400, 400, 400, 400]);
    database = await createSqliteTestDatabase();
    testApp = await createTestApp({
      database,
      env: {
        MAIL_TRANSPORT: "emailjs",
        EMAILJS_API_URL: fake.url,
        EMAILJS_SERVICE_ID: "s",
        EMAILJS_TEMPLATE_ID: "t",
        EMAILJS_PUBLIC_KEY: "p",
        CONTACT_TO: "inbox@consultancy.example",
      },
      deps: { outbox: { enabled: true, pollIntervalMs: 50, retryBaseMs: 60_000 } },
    });
    await testApp.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ message: "hi" }),
    });
    await expect.poll(() => fake!.received.length, { timeout: 10_000 }).toBe(1);
    // Without a private key, no accessToken is sent.
    expect(JSON.parse(fake.received[0]!.body)).not.toHaveProperty("accessToken");
    const row = async () =>
      database!.handle.db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).attempts).toBe(1);
    expect(await row()).toMatchObject({
      delivery_status: "pending",
      last_error: "EmailJS answered 400: The service is unavailable",
    });
  });
});
