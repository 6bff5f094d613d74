import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ContactMessagePage, ContactMessageRecord } from "../../common/contact.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import type { ContactMailTransport } from "./contact-mail.js";

describe("staff inbox API", () => {
  let testApp: TestApp;
  let cookie: string;
  let failing = true;
  const delivered: string[] = [];

  const transport: ContactMailTransport = {
    name: "test",
    async send(mail) {
      if (failing) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      delivered.push(mail.id);
    },
  };

  beforeEach(async () => {
    failing = true;
    delivered.length = 0;
    testApp = await createTestApp({
      env: { CONTACT_RATE_LIMIT: "0" },
      deps: {
        outbox: { enabled: true, pollIntervalMs: 50, retryBaseMs: 60_000 },
        mailTransport: transport,
      },
    });
    cookie = await testApp.login();
  });
  afterEach(async () => {
    await testApp.close();
  });

  async function submit(payload: Record<string, string>): Promise<string> {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    return (response.json() as { id: string }).id;
  }

  const admin = (method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, headers = {}) =>
    testApp.app.inject({
      method,
      url,
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  async function list(): Promise<ContactMessageRecord[]> {
    const response = await admin("GET", "/api/admin/messages");
    expect(response.statusCode).toBe(200);
    return (response.json() as ContactMessagePage).messages;
  }

  it("answers 401 without a session, for reads and writes", async () => {
    const id = await submit({ message: "x" });
    const anonymous = [
      testApp.app.inject({ method: "GET", url: "/api/admin/messages" }),
      testApp.app.inject({
        method: "POST",
        url: `/api/admin/messages/${id}/retry`,
        headers: { origin: TEST_ORIGIN },
      }),
      testApp.app.inject({
        method: "PATCH",
        url: `/api/admin/messages/${id}`,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: JSON.stringify({ spam: true }),
      }),
    ];
    for (const response of await Promise.all(anonymous)) expect(response.statusCode).toBe(401);
  });

  it("lists newest first with delivery status, attempts and last error; never cached", async () => {
    const first = await submit({ firstName: "First", email: "first@example.org", message: "one" });
    await new Promise((done) => setTimeout(done, 5));
    const second = await submit({ firstName: "Bot", message: "buy now", website: "x" });
    await expect
      .poll(async () => (await list()).find((m) => m.id === first)?.status)
      .toBe("failed");

    const response = await admin("GET", "/api/admin/messages");
    expect(response.headers["cache-control"]).toBe("no-store");
    const messages = (response.json() as ContactMessagePage).messages;
    expect(messages.map((m) => m.id)).toEqual([second, first]);
    expect(messages[0]).toMatchObject({ status: "spam", spamReason: "honeypot", attempts: 0 });
    expect(messages[1]).toMatchObject({
      firstName: "First",
      email: "first@example.org",
      message: "one",
      status: "failed",
      attempts: 1,
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
      deliveredAt: null,
    });
  });

  it("'Retry now' delivers an undelivered message at once", async () => {
    const id = await submit({ message: "retry me" });
    await expect.poll(async () => (await list())[0]?.status).toBe("failed");
    failing = false;
    const response = await admin("POST", `/api/admin/messages/${id}/retry`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as ContactMessageRecord).id).toBe(id);
    await expect.poll(() => delivered).toEqual([id]);
    await expect.poll(async () => (await list())[0]).toMatchObject({ status: "sent", attempts: 2 });
    // A delivered message is not sent again.
    const again = await admin("POST", `/api/admin/messages/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(delivered).toEqual([id]);
  });

  it("marks and unmarks spam; unmarking a honeypot message delivers it", async () => {
    failing = false;
    const id = await submit({ message: "actually legit", website: "filled by autofill" });
    const retrySpam = await admin("POST", `/api/admin/messages/${id}/retry`);
    expect(retrySpam.statusCode).toBe(409);

    const unmarked = await admin("PATCH", `/api/admin/messages/${id}`, { spam: false });
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json()).toMatchObject({ id, spamReason: null });
    await expect.poll(() => delivered).toEqual([id]);

    const marked = await admin("PATCH", `/api/admin/messages/${id}`, { spam: true });
    expect(marked.json()).toMatchObject({ status: "spam", spamReason: "staff" });
  });

  it("validates ids and bodies, and checks the Origin of writes", async () => {
    const id = await submit({ message: "x" });
    expect((await admin("PATCH", `/api/admin/messages/${id}`, { spam: "yes" })).statusCode).toBe(
      400,
    );
    expect(
      (await admin("PATCH", `/api/admin/messages/${id}`, { spam: true, extra: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await admin("PATCH", "/api/admin/messages/not-a-uuid", { spam: true })).statusCode,
    ).toBe(404);
    expect(
      (
        await admin("PATCH", "/api/admin/messages/00000000-0000-4000-8000-000000000000", {
          spam: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin("POST", "/api/admin/messages/00000000-0000-4000-8000-000000000000/retry"))
        .statusCode,
    ).toBe(404);
    const crossSite = await admin(
      "PATCH",
      `/api/admin/messages/${id}`,
      { spam: true },
      { origin: "https://evil.example" },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await admin("GET", "/api/admin/messages?limit=0")).statusCode).toBe(400);
  });

  it("pages with limit and before", async () => {
    for (let i = 0; i < 3; i += 1) {
      await submit({ message: `m${i}` });
      await new Promise((done) => setTimeout(done, 3));
    }
    const first = (await admin("GET", "/api/admin/messages?limit=2")).json() as ContactMessagePage;
    expect(first.messages.map((m) => m.message)).toEqual(["m2", "m1"]);
    const next = (
      await admin(
        "GET",
        `/api/admin/messages?limit=2&before=${encodeURIComponent(first.nextBefore!)}`,
      )
    ).json() as ContactMessagePage;
    expect(next.messages.map((m) => m.message)).toEqual(["m0"]);
    expect(next.nextBefore).toBeNull();
  });
});
