import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StatisticsReport } from "../../common/statistics.js";
import { withDefaultPostgresUser } from "../db/database.js";
import type { TestApp } from "../test-support/test-app.js";
import { testDialects, type TestDatabase } from "../test-support/test-database.js";
import { type Fixture, createClientFixture } from "../web/test-fixture.js";
import { BROWSER, ORIGIN, PHONE, START, signIn, startCountingApp, visit } from "./test-visits.js";

async function reportOf(t: TestApp, from = "2026-11-20", to = "2026-11-20") {
  await t.app.statisticsRecorder!.flush();
  const cookie = await signIn(t.app);
  const response = await t.app.inject({
    url: `/api/statistics?from=${from}&to=${to}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as StatisticsReport;
}

/**
 * Everything the database holds, as an operator's backup would: SQLite's files (the database and
 * its write-ahead log) as bytes, PostgreSQL's schema through pg_dump.
 */
async function dumpOf(database: TestDatabase): Promise<string> {
  if (database.schema === undefined) {
    const file = database.url.slice("sqlite:".length);
    const parts = [await readFile(file)];
    if (existsSync(`${file}-wal`)) parts.push(await readFile(`${file}-wal`));
    return Buffer.concat(parts).toString("latin1");
  }
  const { stdout } = await promisify(execFile)(
    "pg_dump",
    ["--data-only", `--schema=${database.schema}`, withDefaultPostgresUser(database.url)],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return stdout;
}

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`statistics counting on ${dialect.name}`, () => {
    let fixture: Fixture;
    let database: TestDatabase;
    let t: TestApp;
    let now = START;
    const clock = () => now;

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
      now = START;
      database = await dialect.create();
      t = await startCountingApp(fixture, database, clock);
    };

    it("counts a browser's GET of a public page, and nothing else", async () => {
      await start();
      expect((await visit(t.app, "/page")).statusCode).toBe(200);
      // Not counted: HEAD, prefetches, bots and scripts, no User-Agent, errors, files, the API.
      expect((await visit(t.app, "/page", {}, "203.0.113.8", "HEAD")).statusCode).toBe(200);
      await visit(t.app, "/page", { "sec-purpose": "prefetch" }, "203.0.113.9");
      await visit(t.app, "/page", { purpose: "prefetch" }, "203.0.113.10");
      await visit(
        t.app,
        "/page",
        { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
        "203.0.113.11",
      );
      await visit(t.app, "/page", { "user-agent": "curl/8.5.0" }, "203.0.113.12");
      await visit(t.app, "/page", { "user-agent": "" }, "203.0.113.13");
      await visit(t.app, "/favicon.svg", {}, "203.0.113.14");
      await visit(t.app, "/robots.txt", {}, "203.0.113.14");
      await visit(t.app, "/page.data", {}, "203.0.113.14");
      await visit(t.app, "/api/updates/featured", {}, "203.0.113.14");
      await visit(t.app, "/admin/updates", {}, "203.0.113.14");
      await visit(t.app, "/admin/nothing-here", {}, "203.0.113.14");
      await visit(t.app, "/media/none.webp", {}, "203.0.113.14");
      // An address that only sends the visitor on to a page at their width.
      expect((await visit(t.app, "/publications", {}, "203.0.113.14")).statusCode).toBe(200);
      // Signed-in staff are not counted.
      const cookie = await signIn(t.app);
      await visit(t.app, "/page", { cookie }, "203.0.113.15");

      const report = await reportOf(t);
      expect(report.totals).toEqual({ visitors: 1, views: 1 });
      expect(report.days).toEqual([{ date: "2026-11-20", visitors: 1, views: 1 }]);
      expect(report.pages).toEqual([{ page: "/page", path: "/page", views: 1, visitors: 1 }]);
      expect(report.sources).toEqual([{ source: "Direct", visitors: 1 }]);
      expect(report.devices).toEqual([{ device: "desktop", visitors: 1 }]);
      expect(report.missing).toEqual([]);
    });

    it("counts the two widths of a page as one page, named as staff name it", async () => {
      await start();
      await visit(t.app, "/about-desktop");
      await visit(t.app, "/about-mobile");
      await visit(t.app, "/about-mobile", { "user-agent": PHONE }, "198.51.100.2");
      const report = await reportOf(t);
      expect(report.pages).toEqual([
        { page: "About", path: "/about-desktop", views: 3, visitors: 2 },
      ]);
      expect(report.totals).toEqual({ visitors: 2, views: 3 });
      expect(report.devices).toEqual([
        { device: "desktop", visitors: 1 },
        { device: "phone", visitors: 1 },
      ]);
    });

    it("tells visitors apart by address (IPv6 by /64) and User-Agent, once a day", async () => {
      await start();
      await visit(t.app, "/page", {}, "2001:db8:1:2::1");
      await visit(t.app, "/page", {}, "2001:db8:1:2:ffff::9");
      await visit(t.app, "/page", {}, "2001:db8:1:3::1");
      await visit(t.app, "/page", { "user-agent": PHONE }, "2001:db8:1:3::1");
      expect((await reportOf(t)).totals).toEqual({ visitors: 3, views: 4 });
    });

    it("keeps sources (referring host or utm_source, Direct, never this site), campaigns and no other parameter", async () => {
      await start();
      await visit(t.app, "/page", { referer: "https://news.example.com/story?id=5" }, "192.0.2.1");
      await visit(
        t.app,
        "/page?utm_source=newsletter&utm_campaign=spring&ref=secret-value",
        { referer: "https://mail.example.net/" },
        "192.0.2.2",
      );
      await visit(t.app, "/page", {}, "192.0.2.3");
      // Moving between this site's pages names no new source.
      await visit(t.app, "/about-desktop", { referer: `${ORIGIN}/page` }, "192.0.2.3");
      await visit(t.app, "/about-desktop", { referer: "http://localhost/page" }, "192.0.2.4");
      const report = await reportOf(t);
      expect(report.sources).toEqual([
        { source: "Direct", visitors: 1 },
        { source: "news.example.com", visitors: 1 },
        { source: "newsletter", visitors: 1 },
      ]);
      expect(report.campaigns).toEqual([{ campaign: "spring", source: "newsletter", visitors: 1 }]);
      const rows = JSON.stringify(
        await database.handle.db.selectFrom("statistics_daily").selectAll().execute(),
      );
      expect(rows).not.toContain("secret-value");
      expect(rows).not.toContain("story");
    });

    it("lists missing pages with their count and last referring site; counts calendar downloads", async () => {
      await start();
      await visit(t.app, "/old-page", { referer: "https://one.example.com/" }, "192.0.2.1");
      await visit(t.app, "/old-page", { referer: "https://two.example.com/" }, "192.0.2.2");
      await visit(t.app, "/old-page", { "user-agent": "curl/8.5.0" }, "192.0.2.3");
      await visit(t.app, "/old-page.data", {}, "192.0.2.3");
      expect((await visit(t.app, "/event.ics", {}, "192.0.2.4")).statusCode).toBe(200);
      await visit(t.app, "/event.ics", {}, "192.0.2.4", "HEAD");
      const report = await reportOf(t);
      expect(report.missing).toEqual([
        { path: "/old-page", count: 2, lastSource: "two.example.com" },
      ]);
      expect(report.goals).toEqual([
        { goal: "contact", count: 0 },
        { goal: "sms", count: 0 },
        { goal: "calendar", count: 1 },
      ]);
      expect(report.totals).toEqual({ visitors: 0, views: 0 });
    });

    it("counts a contact message sent as a goal", async () => {
      await start();
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "192.0.2.9",
        headers: { origin: ORIGIN, "user-agent": BROWSER, "content-type": "application/json" },
        payload: {
          firstName: "Sam",
          lastName: "Example",
          email: "sam@example.org",
          message: "Hello there, a question about courses.",
          website: "",
        },
      });
      expect(response.statusCode, response.body).toBe(202);
      const report = await reportOf(t);
      expect(report.goals.find((goal) => goal.goal === "contact")).toEqual({
        goal: "contact",
        count: 1,
      });
    });

    it("forgets the day's salt and visitor hashes at midnight in SITE_TIME_ZONE", async () => {
      await start();
      const db = database.handle.db;
      await visit(t.app, "/page");
      await t.app.statisticsRecorder!.flush();
      const [salt] = await db.selectFrom("statistics_salts").selectAll().execute();
      expect(salt?.day).toBe("2026-11-20");
      expect(await db.selectFrom("statistics_seen").selectAll().execute()).not.toEqual([]);

      // 23:59 in Los Angeles (07:59 UTC the next day): still the same day and salt.
      now = Date.parse("2026-11-21T07:59:00Z");
      await visit(t.app, "/page");
      await t.app.statisticsRecorder!.flush();
      expect(await db.selectFrom("statistics_salts").select("day").execute()).toEqual([
        { day: "2026-11-20" },
      ]);
      // Midnight there: a new salt, the old one and every hash of the day gone.
      now = Date.parse("2026-11-21T08:00:00Z");
      await t.app.statisticsRecorder!.flush();
      expect(await db.selectFrom("statistics_salts").selectAll().execute()).toEqual([]);
      expect(await db.selectFrom("statistics_seen").selectAll().execute()).toEqual([]);
      await visit(t.app, "/page");
      const report = await reportOf(t, "2026-11-20", "2026-11-21");
      const [newSalt] = await db.selectFrom("statistics_salts").selectAll().execute();
      expect(newSalt?.day).toBe("2026-11-21");
      expect(newSalt?.salt).not.toBe(salt?.salt);
      expect(report.days).toEqual([
        { date: "2026-11-20", visitors: 1, views: 2 },
        { date: "2026-11-21", visitors: 1, views: 1 },
      ]);
    });

    it("counts one visitor going back and forth between two instances once", async () => {
      await start();
      const second = await startCountingApp(fixture, database, clock, { seedOwner: false });
      try {
        for (let i = 0; i < 3; i += 1) {
          await visit(t.app, "/page", {}, "198.51.100.20");
          await visit(second.app, "/about-mobile", {}, "198.51.100.20");
          await t.app.statisticsRecorder!.flush();
          await second.app.statisticsRecorder!.flush();
        }
        const report = await reportOf(t);
        expect(report.totals).toEqual({ visitors: 1, views: 6 });
        expect(report.pages.map((page) => [page.page, page.visitors, page.views])).toEqual([
          ["/page", 1, 3],
          ["About", 1, 3],
        ]);
      } finally {
        await second.close();
      }
    });

    it("counts nothing with STATISTICS=off, and still answers the report", async () => {
      now = START;
      database = await dialect.create();
      t = await startCountingApp(fixture, database, clock, { env: { STATISTICS: "off" } });
      expect(t.app.statisticsRecorder).toBeUndefined();
      expect((await visit(t.app, "/page")).statusCode).toBe(200);
      const cookie = await signIn(t.app);
      const response = await t.app.inject({
        url: "/api/statistics?from=2026-11-20&to=2026-11-20",
        headers: { cookie },
      });
      expect((response.json() as StatisticsReport).totals).toEqual({ visitors: 0, views: 0 });
      expect(await database.handle.db.selectFrom("statistics_daily").selectAll().execute()).toEqual(
        [],
      );
    });

    it("a graceful stop writes what was counted", async () => {
      await start();
      await visit(t.app, "/page");
      await t.app.close();
      const rows = await database.handle.db
        .selectFrom("statistics_daily")
        .select(["kind", "views"])
        .where("kind", "=", "site")
        .execute();
      expect(rows).toEqual([{ kind: "site", views: 1 }]);
      t = await startCountingApp(fixture, database, clock, { seedOwner: false });
    });

    it("a database dump after 1,000 counted requests holds none of their addresses or User-Agents", async () => {
      await start();
      const sent: string[] = [];
      for (let i = 0; i < 1000; i += 1) {
        const address = `10.${(i >> 8) & 255}.${i & 255}.${(i * 7) % 250}`;
        const userAgent = `${BROWSER} Visitor/${1000 + i}`;
        sent.push(address, `Visitor/${1000 + i}`);
        await visit(t.app, i % 2 ? "/page" : "/about-mobile", { "user-agent": userAgent }, address);
      }
      const report = await reportOf(t);
      expect(report.totals.views).toBe(1000);
      await t.close();
      const text = await dumpOf(database);
      // The dump sees what is stored: the staff session's own User-Agent (light-my-request's) is.
      expect(text).toContain("lightMyRequest");
      expect(sent.filter((value) => text.includes(value))).toEqual([]);
      expect(text).not.toContain("Chrome/140");
      t = await startCountingApp(fixture, database, clock, { seedOwner: false });
    });
  });
}
