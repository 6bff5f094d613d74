import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Goal } from "../../common/statistics.js";
import { createPeriodicTask } from "../periodic-task.js";
import type { CountedBatch, CountedView, StatisticsRepository } from "./statistics-repository.js";
import { createSiteDay } from "./site-day.js";
import {
  MAX_NAME_LENGTH,
  campaignParameters,
  deviceOf,
  isPersonBrowsing,
  pageOf,
  referringHost,
  sourceOf,
} from "./visit-rules.js";

/** Counts are written at most this often per instance (docs/product.md 5.7: within 5 s). */
export const STATISTICS_WRITE_INTERVAL_MS = 1_000;
/** Answers noted but not yet written, at most: beyond it (a database down for long) new ones are dropped. */
const MAX_PENDING = 100_000;
/** Missing paths noted per instance per batch, at most: a scan of random paths stays small. */
const MAX_MISSING_PER_BATCH = 200;

/**
 * What the answer to one request said, held in memory only until the next write. Answers that
 * say the same (a visitor reloading a page, a load test) are one with a count, so a busy second
 * keeps one object per visitor and page, not one per request.
 */
export interface NotedAnswer {
  kind: "page" | "missing" | "goal";
  /** The page's path, or the missing path. */
  path: string;
  name: string | undefined;
  goal: Goal | undefined;
  /** The client's limit key (an IPv6 address by its /64). */
  client: string;
  userAgent: string | undefined;
  referer: string | undefined;
  /** The request's URL, for utm_source and utm_campaign. */
  url: string;
  /** The Host header the request was sent with: a referrer to that host is this site. */
  host: string | undefined;
  /** A staff session's token, checked when written (signed-in staff are not counted). */
  sessionToken: string | undefined;
}

interface PendingAnswer {
  answer: NotedAnswer;
  /** The day in the site's zone when it was answered. */
  day: string;
  count: number;
}

export interface StatisticsRecorder {
  note(answer: NotedAnswer): void;
  /** Writes everything noted so far (and forgets yesterday's salt and hashes after midnight). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
}

/** Whether two answers say the same (every field of the pending key but the day). */
function sameAnswer(a: NotedAnswer, b: NotedAnswer): boolean {
  return (
    a.client === b.client &&
    a.url === b.url &&
    a.userAgent === b.userAgent &&
    a.kind === b.kind &&
    a.path === b.path &&
    a.name === b.name &&
    a.goal === b.goal &&
    a.referer === b.referer &&
    a.host === b.host &&
    a.sessionToken === b.sessionToken
  );
}

/** A Host header's name in lower case, without its port. */
function hostOf(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const port = host.lastIndexOf(":");
  return port > host.lastIndexOf("]") ? host.slice(0, port).toLowerCase() : host.toLowerCase();
}

export function createStatisticsRecorder(options: {
  repository: StatisticsRepository;
  timeZone: string;
  /** This site's own host names (PUBLIC_ORIGIN's, ALLOWED_HOSTS). */
  ownHosts: readonly string[];
  isStaffSession: (token: string) => Promise<boolean>;
  clock: () => number;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): StatisticsRecorder {
  const { repository, clock, log } = options;
  const siteDay = createSiteDay(options.timeZone);
  const ownHosts = new Set(options.ownHosts.map((host) => host.toLowerCase()));
  let pending = new Map<string, PendingAnswer>();
  let forgottenBefore = "";
  const salts = new Map<string, Promise<string>>();

  const saltOf = (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      salt = repository.saltOf(day);
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
    }
    return salt;
  };

  async function toBatch(answers: Iterable<PendingAnswer>): Promise<CountedBatch> {
    const staff = new Map<string, Promise<boolean>>();
    const isStaff = (token: string | undefined) => {
      if (token === undefined) return false;
      let known = staff.get(token);
      if (!known) {
        known = options.isStaffSession(token).catch(() => true);
        staff.set(token, known);
      }
      return known;
    };
    const batch: {
      views: CountedView[];
      goals: CountedBatch["goals"][number][];
      missing: CountedBatch["missing"][number][];
    } = {
      views: [],
      goals: [],
      missing: [],
    };
    // Worked out once per User-Agent and per visitor in a batch: a busy second repeats them.
    const browsers = new Map<string | undefined, { person: boolean; device: string }>();
    const browserOf = (userAgent: string | undefined) => {
      let known = browsers.get(userAgent);
      if (!known) {
        const person = isPersonBrowsing(userAgent);
        known = { person, device: person ? deviceOf(userAgent!) : "" };
        browsers.set(userAgent, known);
      }
      return known;
    };
    const visitors = new Map<string, string>();
    const views = new Map<string, CountedView>();
    for (const { answer, day, count } of answers) {
      const browser = browserOf(answer.userAgent);
      if (!browser.person) continue;
      if (answer.sessionToken !== undefined && (await isStaff(answer.sessionToken))) continue;
      const sentTo = hostOf(answer.host);
      const own = sentTo ? new Set([...ownHosts, sentTo]) : ownHosts;
      if (answer.kind === "goal") {
        batch.goals.push({ day, goal: answer.goal!, count });
        continue;
      }
      if (answer.kind === "missing") {
        if (batch.missing.length >= MAX_MISSING_PER_BATCH) continue;
        const host = referringHost(answer.referer);
        batch.missing.push({
          day,
          path: answer.path.slice(0, MAX_NAME_LENGTH),
          count,
          ...(host !== undefined && !own.has(host) ? { source: host } : {}),
        });
        continue;
      }
      const key = `${day}\u0000${answer.client}\u0000${answer.userAgent!}`;
      let visitor = visitors.get(key);
      if (visitor === undefined) {
        visitor = createHash("sha256")
          .update(`${await saltOf(day)}\u0000${key}`)
          .digest("base64url")
          .slice(0, 32);
        visitors.set(key, visitor);
      }
      const utm = campaignParameters(answer.url);
      const source = sourceOf(answer.referer, utm.source, own);
      const page = answer.name
        ? { page: answer.name.slice(0, MAX_NAME_LENGTH), path: answer.path }
        : pageOf(answer.path);
      // The same visitor on the same page from the same source is one row with its count.
      const same = `${key}\u0000${page.page}\u0000${page.path}\u0000${source ?? ""}\u0000${utm.campaign ?? ""}`;
      const counted = views.get(same);
      if (counted) {
        counted.count = (counted.count ?? 1) + count;
        continue;
      }
      const view: CountedView = {
        day,
        visitor,
        ...page,
        ...(source !== undefined ? { source } : {}),
        ...(utm.campaign !== undefined ? { campaign: utm.campaign } : {}),
        device: browser.device,
        count,
      };
      views.set(same, view);
      batch.views.push(view);
    }
    return batch;
  }

  async function forgetYesterday(): Promise<void> {
    const today = siteDay(clock());
    if (today === forgottenBefore) return;
    await repository.forgetBefore(today);
    forgottenBefore = today;
    for (const day of salts.keys()) if (day < today) salts.delete(day);
  }

  async function writePending(): Promise<void> {
    try {
      await forgetYesterday();
    } catch (error) {
      log.warn({ err: error }, "statistics: forgetting yesterday's salt failed; will try again");
    }
    if (pending.size === 0) return;
    const answers = pending;
    pending = new Map();
    try {
      const batch = await toBatch(answers.values());
      if (batch.views.length + batch.goals.length + batch.missing.length > 0) {
        await repository.write(batch);
      }
    } catch (error) {
      log.warn({ err: error }, "statistics: writing the counts failed; will try again");
      // Kept for the next write, unless that would hold too much.
      if (pending.size + answers.size <= MAX_PENDING) {
        for (const [key, waiting] of pending) {
          const kept = answers.get(key);
          if (kept) kept.count += waiting.count;
          else answers.set(key, waiting);
        }
        pending = answers;
      }
    }
  }

  // One write at a time, whoever asks (the timer, a graceful stop, a test).
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    writing = writing.then(writePending);
    return writing;
  };

  const task = createPeriodicTask(flush, options.intervalMs ?? STATISTICS_WRITE_INTERVAL_MS);

  /**
   * The entry the last answer was noted in, while `pending` is still its map: an answer that
   * says the same as the one before (a visitor's reloads, their page's next request) adds to it
   * without building and hashing the key (about 200 characters with the User-Agent).
   */
  let recent: PendingAnswer | undefined;
  let recentIn: Map<string, PendingAnswer> | undefined;

  return {
    note(answer) {
      const day = siteDay(clock());
      if (
        recentIn === pending &&
        recent !== undefined &&
        recent.day === day &&
        sameAnswer(recent.answer, answer)
      ) {
        recent.count += 1;
        return;
      }
      const key = `${day}\u0000${answer.kind}\u0000${answer.client}\u0000${answer.userAgent}\u0000${answer.url}\u0000${answer.path}\u0000${answer.name}\u0000${answer.goal}\u0000${answer.referer}\u0000${answer.host}\u0000${answer.sessionToken}`;
      recent = pending.get(key);
      recentIn = pending;
      if (recent) recent.count += 1;
      else if (pending.size < MAX_PENDING) {
        recent = { answer, day, count: 1 };
        pending.set(key, recent);
      }
    },
    flush,
    start: task.start,
    async stop() {
      await task.stop();
      await flush();
    },
  };
}
