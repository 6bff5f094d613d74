import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatisticsReport } from "../../common/statistics.js";
import {
  cheapTestPasswordHash,
  createTestApp,
  seedAccount,
  type TestApp,
} from "../test-support/test-app.js";
import { testDialects } from "../test-support/test-database.js";
import { createStatisticsRepository } from "./statistics-repository.js";

const view = (day: string, visitor: string, page = "About", path = "/about-desktop") => ({
  day,
  visitor,
  page,
  path,
  source: "Direct",
  device: "desktop",
});

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`GET /api/statistics on ${dialect.name}`, () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp({ database: await dialect.create(), cheapPasswords: true });
      cookie = await t.login();
      const repository = createStatisticsRepository(t.database.handle.db);
      // The week before: two visitors; the week asked: three visitors, one of them twice.
      await repository.write({
        views: [view("2026-11-10", "a"), view("2026-11-12", "b", "Home", "/home-desktop")],
        goals: [{ day: "2026-11-12", goal: "calendar" }],
        missing: [],
      });
      await repository.write({
        views: [
          view("2026-11-17", "a"),
          view("2026-11-17", "a", "Home", "/home-desktop"),
          { ...view("2026-11-18", "c"), source: "=cmd|' /C calc'!A0", campaign: "spring" },
          { ...view("2026-11-23", "d"), device: "phone" },
        ],
        goals: [
          { day: "2026-11-18", goal: "contact" },
          { day: "2026-11-20", goal: "contact" },
        ],
        missing: [
          { day: "2026-11-17", path: "/old", source: "one.example.com" },
          { day: "2026-11-19", path: "/old" },
          { day: "2026-11-20", path: "/gone", source: "two.example.com" },
        ],
      });
    }, 30_000);
    afterAll(async () => {
      await t.close();
      await t.database.cleanup();
    });

    const get = (url: string, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ url, headers });

    it("answers section 14's shape, with the previous period of the same length", async () => {
      const response = await get("/api/statistics?from=2026-11-17&to=2026-11-23");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const report = response.json() as StatisticsReport;
      expect(Object.keys(report)).toEqual([
        "from",
        "to",
        "totals",
        "previous",
        "days",
        "pages",
        "sources",
        "campaigns",
        "devices",
        "goals",
        "missing",
      ]);
      expect(report.from).toBe("2026-11-17");
      expect(report.to).toBe("2026-11-23");
      expect(report.totals).toEqual({ visitors: 3, views: 4 });
      expect(report.previous).toEqual({ visitors: 2, views: 2 });
      expect(report.days).toHaveLength(7);
      expect(report.days[0]).toEqual({ date: "2026-11-17", visitors: 1, views: 2 });
      expect(report.days[6]).toEqual({ date: "2026-11-23", visitors: 1, views: 1 });
      expect(report.pages).toEqual([
        { page: "About", path: "/about-desktop", views: 3, visitors: 3 },
        { page: "Home", path: "/home-desktop", views: 1, visitors: 1 },
      ]);
      expect(report.sources).toEqual([
        { source: "Direct", visitors: 2 },
        { source: "=cmd|' /C calc'!A0", visitors: 1 },
      ]);
      expect(report.campaigns).toEqual([
        { campaign: "spring", source: "=cmd|' /C calc'!A0", visitors: 1 },
      ]);
      expect(report.devices).toEqual([
        { device: "desktop", visitors: 2 },
        { device: "phone", visitors: 1 },
      ]);
      expect(report.goals).toEqual([
        { goal: "contact", count: 2 },
        { goal: "sms", count: 0 },
        { goal: "calendar", count: 0 },
      ]);
      expect(report.missing).toEqual([
        { path: "/old", count: 2, lastSource: "one.example.com" },
        { path: "/gone", count: 1, lastSource: "two.example.com" },
      ]);
    });

    it("exports the same tables as CSV, cells that would be formulas made text", async () => {
      const response = await get("/api/statistics.csv?from=2026-11-17&to=2026-11-23");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        'attachment; filename="statistics-2026-11-17-to-2026-11-23.csv"',
      );
      const lines = response.body.split("\r\n");
      expect(lines.slice(0, 2)).toEqual(["date,visitors,views", "2026-11-17,1,2"]);
      expect(lines).toContain("page,path,views,visitors");
      expect(lines).toContain("About,/about-desktop,3,3");
      expect(lines).toContain("'=cmd|' /C calc'!A0,1");
      expect(lines).toContain("Contact messages sent,2");
      expect(lines).toContain("/old,2,one.example.com");
    });

    it("refuses bad dates and periods over 3 years with 400 naming the field", async () => {
      const cases: [string, string][] = [
        ["", "from"],
        ["from=2026-11-01", "to"],
        ["from=2026-02-30&to=2026-03-01", "from"],
        ["from=2026-11-01&to=yesterday", "to"],
        ["from=2026-11-10&to=2026-11-01", "to"],
        ["from=2020-01-01&to=2026-01-01", "to"],
        ["from=2026-11-01&to=2026-11-02&page=x", "page"],
      ];
      for (const [query, field] of cases) {
        const response = await get(`/api/statistics?${query}`);
        expect(response.statusCode, query).toBe(400);
        const body = response.json() as { error: { fields: Record<string, string> } };
        expect(Object.keys(body.error.fields), query).toContain(field);
        expect((await get(`/api/statistics.csv?${query}`)).statusCode, query).toBe(400);
      }
      expect((await get("/api/statistics?from=2023-11-02&to=2026-11-01")).statusCode).toBe(200);
    });

    it("answers 401 without a session and 403 to a contributor", async () => {
      expect((await get("/api/statistics?from=2026-11-17&to=2026-11-23", {})).statusCode).toBe(401);
      await seedAccount(t.database.handle.db, {
        email: "contributor@example.org",
        role: "contributor",
        passwordHash: await cheapTestPasswordHash(),
      });
      const contributor = await t.login("contributor@example.org");
      const refused = await get("/api/statistics.csv?from=2026-11-17&to=2026-11-23", {
        cookie: contributor,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: "forbidden", message: "Your role cannot see the site statistics" },
      });
    });
  });
}
