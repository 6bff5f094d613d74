import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Redirect } from "../../common/redirects.js";
import { ORIGIN, signIn, startCountingApp, visit } from "../statistics/test-visits.js";
import type { TestApp } from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { type Fixture, createClientFixture } from "../web/test-fixture.js";
import { REDIRECTS_MAX_AGE_MS } from "./redirect-lookup.js";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`redirects on ${dialect.name}`, () => {
    let fixture: Fixture;
    let database: TestDatabase;
    let t: TestApp;
    let cookie: string;

    beforeAll(async () => {
      fixture = await createClientFixture();
    });
    afterAll(async () => {
      await fixture.cleanup();
    });
    afterEach(async () => {
      await t.close();
      await database.cleanup();
    });
    const start = async () => {
      database = await dialect.create();
      t = await startCountingApp(fixture, database, Date.now);
      cookie = await signIn(t.app);
    };
    const api = (
      app: FastifyInstance,
      method: "GET" | "POST" | "PUT" | "DELETE",
      url: string,
      payload?: unknown,
    ) =>
      app.inject({
        method,
        url,
        headers: {
          cookie,
          origin: ORIGIN,
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it("adds, lists and removes redirects; a redirected path answers 301 and counts its hits", async () => {
      await start();
      expect((await visit(t.app, "/old-page")).statusCode).toBe(404);
      const created = await api(t.app, "POST", "/api/redirects", {
        from: "/old-page/",
        to: "/about-desktop#team",
      });
      expect(created.statusCode, created.body).toBe(201);
      const redirect = created.json() as Redirect;
      expect(redirect).toEqual({
        id: expect.any(String),
        from: "/old-page",
        to: "/about-desktop#team",
        hits: 0,
      });
      for (const path of ["/old-page", "/old-page/", "/old-page?utm_source=x"]) {
        const followed = await visit(t.app, path);
        expect(followed.statusCode, path).toBe(301);
        expect(followed.headers.location).toBe("/about-desktop#team");
      }
      // .data twins and other paths are not redirected.
      expect((await visit(t.app, "/old-page.data")).statusCode).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await api(t.app, "GET", "/api/redirects")).json()).toEqual([
        { ...redirect, hits: 3 },
      ]);

      const audit = await api(t.app, "GET", "/api/audit?action=redirect.create");
      expect((audit.json() as { entries: { target: string }[] }).entries).toEqual([
        expect.objectContaining({ action: "redirect.create", target: redirect.id }),
      ]);
      expect((await api(t.app, "DELETE", `/api/redirects/${redirect.id}`)).statusCode).toBe(204);
      expect((await api(t.app, "DELETE", `/api/redirects/${redirect.id}`)).statusCode).toBe(404);
      expect((await visit(t.app, "/old-page")).statusCode).toBe(404);
      const removed = await api(t.app, "GET", "/api/audit?action=redirect.delete");
      expect((removed.json() as { entries: unknown[] }).entries).toHaveLength(1);
    });

    it("refuses a target off this site, a loop, a live page (400) and a duplicate (409)", async () => {
      await start();
      const post = (body: unknown) => api(t.app, "POST", "/api/redirects", body);
      expect((await post({ from: "/a", to: "/b" })).statusCode).toBe(201);
      // A target that is not yet a page is allowed; a full URL on this site becomes a path.
      const full = await post({ from: "/c", to: `${ORIGIN}/page?x=1` });
      expect(full.statusCode).toBe(201);
      expect((full.json() as Redirect).to).toBe("/page?x=1");
      const cases: [unknown, string][] = [
        [{ from: "/x", to: "https://elsewhere.example.com/" }, "to"],
        [{ from: "/x", to: "//elsewhere.example.com/page" }, "to"],
        [{ from: "/x", to: "javascript:alert(1)" }, "to"],
        [{ from: "/x", to: "/\\elsewhere.example.com" }, "to"],
        [{ from: "/x", to: "/x" }, "to"],
        [{ from: "/b", to: "/a" }, "to"],
        [{ from: "/b", to: "/a?again" }, "to"],
        [{ from: "/page", to: "/b" }, "from"],
        [{ from: "/favicon.svg", to: "/b" }, "from"],
        [{ from: "/api/contact", to: "/b" }, "from"],
        [{ from: "/admin/old", to: "/b" }, "from"],
        [{ from: "no-slash", to: "/b" }, "from"],
        [{ from: "/x?y=1", to: "/b" }, "from"],
        [{ to: "/b" }, "from"],
        [{ from: "/x", to: "/b", extra: 1 }, "extra"],
      ];
      for (const [body, field] of cases) {
        const response = await post(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const fields = (response.json() as { error: { fields: Record<string, string> } }).error
          .fields;
        expect(Object.keys(fields), JSON.stringify(body)).toContain(field);
      }
      const duplicate = await post({ from: "/a/", to: "/elsewhere" });
      expect(duplicate.statusCode).toBe(409);
      expect((await api(t.app, "GET", "/api/redirects")).json()).toHaveLength(2);
    });

    it("answers 301 on another instance within 2 seconds", async () => {
      await start();
      const second = await startCountingApp(fixture, database, Date.now, { seedOwner: false });
      try {
        // The second instance has read the redirects (none) just now.
        expect((await visit(second.app, "/moved")).statusCode).toBe(404);
        const created = await api(t.app, "POST", "/api/redirects", { from: "/moved", to: "/page" });
        const began = performance.now();
        expect(created.statusCode).toBe(201);
        let status = 404;
        while (status !== 301 && performance.now() - began < 2_000) {
          status = (await visit(second.app, "/moved")).statusCode;
          if (status !== 301) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(status).toBe(301);
        expect(performance.now() - began).toBeLessThan(REDIRECTS_MAX_AGE_MS + 1_000);
      } finally {
        await second.close();
      }
    });

    it("renaming a published event's address name redirects its old address to the new one", async () => {
      await start();
      const [seeded] = (await api(t.app, "GET", "/api/content/events")).json() as {
        data: Record<string, unknown>;
      }[];
      const made = await api(t.app, "POST", "/api/content/events", {
        data: { ...seeded!.data, slug: "spring-walk", title: "Spring walk" },
      });
      expect(made.statusCode, made.body).toBe(201);
      let entry = made.json() as { id: string; version: number; draft: Record<string, unknown> };
      const publish = async () => {
        const response = await api(t.app, "POST", `/api/content/events/${entry.id}/publish`, {
          version: entry.version,
        });
        expect(response.statusCode, response.body).toBe(200);
        entry = response.json() as typeof entry;
      };
      await publish();
      // Published once: nothing was renamed.
      expect((await api(t.app, "GET", "/api/redirects")).json()).toEqual([]);
      const rename = async (slug: string) => {
        const saved = await api(t.app, "PUT", `/api/content/events/${entry.id}`, {
          data: { ...seeded!.data, slug, title: "Spring walk" },
          version: entry.version,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        entry = saved.json() as typeof entry;
        await publish();
      };
      await rename("spring-gathering");
      const list = () =>
        api(t.app, "GET", "/api/redirects").then((response) =>
          (response.json() as Redirect[]).map((row) => [row.from, row.to]),
        );
      expect(await list()).toEqual([["/events/spring-walk", "/events/spring-gathering"]]);
      // Renamed again: the first address leads straight to the newest, no chain.
      await rename("spring-festival");
      expect(await list()).toEqual([
        ["/events/spring-gathering", "/events/spring-festival"],
        ["/events/spring-walk", "/events/spring-festival"],
      ]);
      // And back: the address that is live again is no longer redirected.
      await rename("spring-walk");
      expect(await list()).toEqual([
        ["/events/spring-festival", "/events/spring-walk"],
        ["/events/spring-gathering", "/events/spring-walk"],
      ]);
    });
  });
}
