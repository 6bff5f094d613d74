import type { FastifyInstance } from "fastify";
import { GOAL_LABELS, type Goal, type StatisticsReport } from "../../common/statistics.js";
import { statisticsQuerySchema } from "../../common/statistics-schemas.js";
import { parseInput } from "../http/errors.js";
import { toCsv } from "../shared/csv.js";
import type { StatisticsRepository } from "./statistics-repository.js";

/**
 * The report as CSV: each table of GET /api/statistics under its own header, a blank line
 * between them (the SMS exports' writer, with its guard against cells read as formulas).
 */
export function statisticsCsv(report: StatisticsReport): string {
  const tables: [string[], (string | number)[][]][] = [
    [["date", "visitors", "views"], report.days.map((day) => [day.date, day.visitors, day.views])],
    [
      ["page", "path", "views", "visitors"],
      report.pages.map((page) => [page.page, page.path, page.views, page.visitors]),
    ],
    [["source", "visitors"], report.sources.map((source) => [source.source, source.visitors])],
    [
      ["campaign", "source", "visitors"],
      report.campaigns.map((row) => [row.campaign, row.source, row.visitors]),
    ],
    [["device", "visitors"], report.devices.map((device) => [device.device, device.visitors])],
    [
      ["goal", "count"],
      report.goals.map((goal) => [GOAL_LABELS[goal.goal as Goal] ?? goal.goal, goal.count]),
    ],
    [
      ["missing path", "count", "last referring site"],
      report.missing.map((row) => [row.path, row.count, row.lastSource]),
    ],
  ];
  return tables.map(([header, rows]) => toCsv(header, rows)).join("\r\n");
}

/** GET /api/statistics and its CSV (docs/product.md 5.7): owner, administrators and editors. */
export function registerStatisticsRoutes(
  app: FastifyInstance,
  repository: StatisticsRepository,
): void {
  app.get("/api/statistics", { config: { access: "statistics" } }, async (request, reply) => {
    const { from, to } = parseInput(statisticsQuerySchema, request.query);
    void reply.header("Cache-Control", "no-store");
    return repository.report(from, to);
  });
  app.get("/api/statistics.csv", { config: { access: "statistics" } }, async (request, reply) => {
    const { from, to } = parseInput(statisticsQuerySchema, request.query);
    return reply
      .header("Cache-Control", "no-store")
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="statistics-${from}-to-${to}.csv"`)
      .send(statisticsCsv(await repository.report(from, to)));
  });
}
