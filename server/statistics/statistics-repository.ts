import { createHash, randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import {
  GOALS,
  STATISTICS_ROW_CAP,
  addDays,
  daysBetween,
  datesFrom,
  type StatisticsReport,
} from "../../common/statistics.js";
import type { Database } from "../db/schema.js";

/*
 * The statistics tables (migration 016, decision 042). `statistics_daily` holds the numbers kept
 * for months; `statistics_salts` and `statistics_seen` hold today's salt and today's visitor
 * hashes only, so a visitor is counted once a day on every instance, and nothing that could
 * tell one apart survives the day.
 */

export type DailyKind = "site" | "page" | "source" | "campaign" | "device" | "goal" | "missing";

/** One counted view, its visitor already a hash. */
export interface CountedView {
  day: string;
  visitor: string;
  page: string;
  path: string;
  /** Undefined when the visitor came from another page of this site. */
  source?: string;
  campaign?: string;
  device: string;
  /** Views it stands for (the same visitor, page and source in one batch); 1 when absent. */
  count?: number;
}

export interface CountedBatch {
  views: readonly CountedView[];
  goals: readonly { day: string; goal: string; count?: number }[];
  missing: readonly { day: string; path: string; source?: string; count?: number }[];
}

interface DailyRow {
  day: string;
  kind: DailyKind;
  name: string;
  detail: string;
  views: number;
  visitors: number;
}

/** A campaign's row name: the campaign and its source (control characters never occur in names). */
const CAMPAIGN_SEPARATOR = "\u001f";
/** Rows per statement (SQLite's bound-parameter limit is far above 6 × this). */
const CHUNK = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** A short, fixed-length key for what a visitor was counted for (a page, a source, ...). */
function dimensionKey(kind: DailyKind, name: string): string {
  return createHash("sha256").update(`${kind}\u0000${name}`).digest("base64url").slice(0, 22);
}

export function createStatisticsRepository(db: Kysely<Database>) {
  /** Adds `rows` to the day's numbers (views and visitors add up; a non-empty detail replaces). */
  async function addDaily(trx: Kysely<Database>, rows: Iterable<DailyRow>): Promise<void> {
    for (const part of chunks([...rows])) {
      await trx
        .insertInto("statistics_daily")
        .values(part)
        .onConflict((conflict) =>
          conflict.columns(["day", "kind", "name"]).doUpdateSet({
            views: sql`statistics_daily.views + excluded.views`,
            visitors: sql`statistics_daily.visitors + excluded.visitors`,
            detail: sql`case when excluded.detail = '' then statistics_daily.detail else excluded.detail end`,
          }),
        )
        .execute();
    }
  }

  return {
    /** The day's salt, made by whichever instance asks first (one for all of them). */
    async saltOf(day: string): Promise<string> {
      await db
        .insertInto("statistics_salts")
        .values({ day, salt: randomBytes(32).toString("base64url") })
        .onConflict((conflict) => conflict.column("day").doNothing())
        .execute();
      const row = await db
        .selectFrom("statistics_salts")
        .select("salt")
        .where("day", "=", day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },

    /** Deletes every salt and visitor hash of a day before `today`. */
    async forgetBefore(today: string): Promise<void> {
      await db.deleteFrom("statistics_salts").where("day", "<", today).execute();
      await db.deleteFrom("statistics_seen").where("day", "<", today).execute();
    },

    /** Deletes the numbers of every day before `day` (retention). */
    async deleteBefore(day: string): Promise<number> {
      const result = await db
        .deleteFrom("statistics_daily")
        .where("day", "<", day)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Writes a batch in one transaction: a visitor adds to a page's (a source's, ...) visitors
     * only the first time today on any instance, which `statistics_seen`'s key decides.
     */
    async write(batch: CountedBatch): Promise<void> {
      const daily = new Map<string, DailyRow>();
      const row = (day: string, kind: DailyKind, name: string, detail = "") => {
        const key = `${day}\u0000${kind}\u0000${name}`;
        let found = daily.get(key);
        if (!found) {
          found = { day, kind, name, detail: "", views: 0, visitors: 0 };
          daily.set(key, found);
        }
        if (detail !== "") found.detail = detail;
        return found;
      };
      const seen = new Map<string, { day: string; visitor: string; dimension: string }>();
      const dimensions = new Map<string, [DailyKind, string, string]>();
      const sawFor = (view: CountedView, kind: DailyKind, name: string, detail = "") => {
        const dimension = dimensionKey(kind, name);
        dimensions.set(dimension, [kind, name, detail]);
        seen.set(`${view.day}\u0000${view.visitor}\u0000${dimension}`, {
          day: view.day,
          visitor: view.visitor,
          dimension,
        });
      };
      for (const view of batch.views) {
        row(view.day, "site", "").views += view.count ?? 1;
        row(view.day, "page", view.page, view.path).views += view.count ?? 1;
        sawFor(view, "site", "");
        sawFor(view, "page", view.page, view.path);
        sawFor(view, "device", view.device);
        if (view.source !== undefined) {
          sawFor(view, "source", view.source);
          if (view.campaign !== undefined) {
            sawFor(view, "campaign", `${view.campaign}${CAMPAIGN_SEPARATOR}${view.source}`);
          }
        }
      }
      for (const goal of batch.goals) row(goal.day, "goal", goal.goal).views += goal.count ?? 1;
      for (const missing of batch.missing) {
        row(missing.day, "missing", missing.path, missing.source ?? "").views += missing.count ?? 1;
      }

      await db.transaction().execute(async (trx) => {
        for (const part of chunks([...seen.values()])) {
          const fresh = await trx
            .insertInto("statistics_seen")
            .values(part)
            .onConflict((conflict) => conflict.columns(["day", "visitor", "dimension"]).doNothing())
            .returning(["day", "dimension"])
            .execute();
          for (const { day, dimension } of fresh) {
            const [kind, name, detail] = dimensions.get(dimension)!;
            row(day, kind, name, detail).visitors += 1;
          }
        }
        await addDaily(trx, daily.values());
      });
    },

    /** GET /api/statistics's answer for the days `from` to `to`, both included. */
    async report(from: string, to: string): Promise<StatisticsReport> {
      const length = daysBetween(from, to);
      const previousFrom = addDays(from, -length);
      const rows = await db
        .selectFrom("statistics_daily")
        .select([
          "kind",
          "name",
          sql<string>`max(detail)`.as("detail"),
          sql<number>`sum(views)`.as("views"),
          sql<number>`sum(visitors)`.as("visitors"),
        ])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .where("kind", "not in", ["site", "missing"])
        .groupBy(["kind", "name"])
        .execute();
      const siteDays = await db
        .selectFrom("statistics_daily")
        .select(["day", "views", "visitors"])
        .where("kind", "=", "site")
        .where("day", ">=", previousFrom)
        .where("day", "<=", to)
        .execute();
      const missingRows = await db
        .selectFrom("statistics_daily")
        .select(["day", "name", "detail", "views"])
        .where("kind", "=", "missing")
        .where("day", ">=", from)
        .where("day", "<=", to)
        .orderBy("day")
        .execute();

      const byDay = new Map(siteDays.map((day) => [day.day, day]));
      const days = datesFrom(from, to).map((date) => ({
        date,
        visitors: Number(byDay.get(date)?.visitors ?? 0),
        views: Number(byDay.get(date)?.views ?? 0),
      }));
      const sum = (list: { visitors: number | string; views: number | string }[]) => ({
        visitors: list.reduce((total, day) => total + Number(day.visitors), 0),
        views: list.reduce((total, day) => total + Number(day.views), 0),
      });
      const of = (kind: DailyKind) =>
        rows
          .filter((row) => row.kind === kind)
          .map((row) => ({ ...row, views: Number(row.views), visitors: Number(row.visitors) }))
          .sort(
            (a, b) => b.visitors - a.visitors || b.views - a.views || (a.name < b.name ? -1 : 1),
          );

      const missing = new Map<string, { path: string; count: number; lastSource: string }>();
      for (const row of missingRows) {
        const found = missing.get(row.name) ?? { path: row.name, count: 0, lastSource: "" };
        found.count += Number(row.views);
        if (row.detail !== "") found.lastSource = row.detail;
        missing.set(row.name, found);
      }
      const goalCounts = new Map(of("goal").map((row) => [row.name, row.views]));

      return {
        from,
        to,
        totals: sum(days),
        previous: sum(siteDays.filter((day) => day.day < from)),
        days,
        pages: of("page")
          .sort((a, b) => b.views - a.views || b.visitors - a.visitors)
          .map((row) => ({
            page: row.name,
            path: row.detail,
            views: row.views,
            visitors: row.visitors,
          })),
        sources: of("source")
          .slice(0, STATISTICS_ROW_CAP)
          .map((row) => ({ source: row.name, visitors: row.visitors })),
        campaigns: of("campaign")
          .slice(0, STATISTICS_ROW_CAP)
          .map((row) => {
            const [campaign = "", source = ""] = row.name.split(CAMPAIGN_SEPARATOR);
            return { campaign, source, visitors: row.visitors };
          }),
        devices: of("device").map((row) => ({ device: row.name, visitors: row.visitors })),
        goals: GOALS.map((goal) => ({ goal, count: goalCounts.get(goal) ?? 0 })),
        missing: [...missing.values()]
          .sort((a, b) => b.count - a.count || (a.path < b.path ? -1 : 1))
          .slice(0, STATISTICS_ROW_CAP),
      };
    },
  };
}

export type StatisticsRepository = ReturnType<typeof createStatisticsRepository>;
