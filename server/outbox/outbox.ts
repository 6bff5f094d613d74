import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { isDatabaseUnavailable } from "../http/errors.js";
import { isoAt } from "../db/time.js";

/**
 * The outbox worker: delivers stored rows (contact messages, staff mail), retrying with backoff until delivered.
 * See docs/decisions/ (outbox delivery) for why it works this way.
 *
 * - Rows are claimed atomically (each repository's `claimDue`), so any number of workers and
 *   instances on one database never hold the same row. A claim is short (`claimTtlMs`, 30 s)
 *   and renewed every `claimTtlMs / 3` while its rows are being sent, so a crashed instance's
 *   rows lapse within 30 s and are delivered by a surviving or restarted instance (docs/product.md
 *   section 10: within 60 s), while a slow send (up to `sendTimeoutMs`, 45 s) keeps its rows.
 * - A delivered row is marked `sent` with `delivered_at` and never claimed again.
 * - `nudge()` wakes the worker at once (a new submission); otherwise it polls.
 * - `stop()` starts nothing new, hands back claimed rows it has not started, and waits for the
 *   sends in progress to finish and be recorded.
 */
export interface Outbox {
  start(): void;
  /** Look for due messages now. */
  nudge(): void;
  stop(): Promise<void>;
  /** One claim-and-deliver pass; returns how many rows it claimed (tests and tools). */
  runOnce(): Promise<number>;
  /** Whether a pass holds rows now (sending them): a worker holding none may be ended. */
  holdsRows(): boolean;
}

/** A row a worker holds: its id, its claim token and how often it was tried. */
export interface OutboxRow {
  id: string;
  claim: string;
  attempts: number;
}

/** Where the outbox keeps its rows (the contact messages; the staff mail, decision 028). */
export interface OutboxRepository<Row extends OutboxRow> {
  claimDue(limit: number, ttlMs: number): Promise<Row[]>;
  renew(claim: string, ttlMs: number): Promise<number>;
  markSent(id: string, claim: string): Promise<boolean>;
  markFailed(id: string, claim: string, error: string, nextAttemptAt: string): Promise<boolean>;
  release(id: string, claim: string): Promise<void>;
}

export interface OutboxOptions<Row extends OutboxRow> {
  repository: OutboxRepository<Row>;
  transport: {
    readonly name: string;
    send(row: Row): Promise<void>;
    close?(): void | Promise<void>;
  };
  /** What the log calls a row ("contact message" unless told). */
  what?: string;
  log: FastifyBaseLogger;
  clock?: () => number;
  /** Names this worker in the log; defaults to host name and pid. Never stored. */
  instanceId?: string;
  /** Poll interval when not nudged. */
  pollIntervalMs?: number;
  /** Rows claimed per pass. */
  batchSize?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  /** How long a claim holds unless renewed; renewed every third of it while sending. */
  claimTtlMs?: number;
  /** A send taking longer counts as failed. */
  sendTimeoutMs?: number;
  /** First retry delay; doubled per failed attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** 0..1; spreads retries (jitter). */
  random?: () => number;
}

/**
 * Whether a feature's outbox worker runs (off unless enabled: main.ts enables it; while off, rows
 * are stored and wait) and, for tests, its timings.
 */
export type OutboxSwitch = { enabled: boolean } & Partial<
  Pick<
    OutboxOptions<OutboxRow>,
    | "pollIntervalMs"
    | "instanceId"
    | "retryBaseMs"
    | "retryMaxMs"
    | "claimTtlMs"
    | "sendTimeoutMs"
    | "concurrency"
    | "batchSize"
  >
>;

export const OUTBOX_DEFAULTS = {
  pollIntervalMs: 1500,
  batchSize: 25,
  concurrency: 8,
  claimTtlMs: 30 * 1000,
  sendTimeoutMs: 45 * 1000,
  retryBaseMs: 10 * 1000,
  retryMaxMs: 10 * 60 * 1000,
} as const;

/**
 * Delay before the next try after `attempts` failed attempts: base, doubling, capped; the
 * jitter only shortens it (80-100 %), so the first retry always comes within `base`.
 */
export function retryDelayMs(
  attempts: number,
  base: number = OUTBOX_DEFAULTS.retryBaseMs,
  max: number = OUTBOX_DEFAULTS.retryMaxMs,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const full = Math.min(base * 2 ** exponent, max);
  return Math.round(full * (0.8 + 0.2 * random()));
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return String(error);
}

/**
 * What a failed pass means, for the log: the database could not be reached, or it answered
 * with an error (then its own words, e.g. a constraint or a value too long, are what matter).
 */
export function describePassFailure(error: unknown): string {
  const text = describeError(error);
  return isDatabaseUnavailable(error)
    ? `database unavailable (${text})`
    : `the database refused the outbox's statement (${text})`;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`delivery timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function createOutbox<Row extends OutboxRow>(options: OutboxOptions<Row>): Outbox {
  const { repository, transport } = options;
  const what = options.what ?? "contact message";
  const log = options.log;
  const clock = options.clock ?? Date.now;
  const settings = { ...OUTBOX_DEFAULTS, ...definedOnly(options) };
  const random = options.random ?? Math.random;
  const instance = options.instanceId ?? `${hostname()}:${process.pid}`;
  const renewEveryMs = Math.max(1, Math.floor(settings.claimTtlMs / 3));

  let running = false;
  let stopping = false;
  let loopDone: Promise<void> | null = null;
  let nudged = false;
  let wake: (() => void) | null = null;
  let passesHolding = 0;

  /** Retries a bookkeeping write briefly: losing it after a send would mean a second send. */
  async function record(what: string, write: () => Promise<boolean>): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= 5) throw error;
        log.warn({ err: error, attempt }, `outbox: could not record ${what}; retrying`);
        await sleep(200 * attempt);
      }
    }
  }

  async function deliver(row: Row): Promise<void> {
    try {
      await withTimeout(transport.send(row), settings.sendTimeoutMs);
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = retryDelayMs(attempts, settings.retryBaseMs, settings.retryMaxMs, random);
      const message = describeError(error);
      log.warn(
        {
          messageId: row.id,
          attempts,
          retryInMs: delay,
          transport: transport.name,
          error: message,
        },
        `${what} not delivered; will retry`,
      );
      const next = isoAt(clock() + delay);
      await record("a failed attempt", () =>
        repository.markFailed(row.id, row.claim, message, next),
      );
      return;
    }
    const kept = await record("a delivery", () => repository.markSent(row.id, row.claim));
    if (kept) log.info({ messageId: row.id, transport: transport.name }, `${what} delivered`);
    else log.warn({ messageId: row.id }, `${what} delivered after its claim lapsed`);
  }

  async function runOnce(): Promise<number> {
    const rows = await repository.claimDue(settings.batchSize, settings.claimTtlMs);
    if (rows.length === 0) return 0;
    const claim = rows[0]!.claim;
    // Keep the claim alive while its rows are sent; a failed renewal is only logged (the next
    // one may succeed; at worst the claim lapses and the row is retried: at least once).
    const renewal = setInterval(() => {
      repository.renew(claim, settings.claimTtlMs).catch((error: unknown) => {
        log.warn({ error: describePassFailure(error) }, "outbox: could not renew a claim");
      });
    }, renewEveryMs);
    passesHolding += 1;
    try {
      await sendAll(rows);
    } finally {
      passesHolding -= 1;
      clearInterval(renewal);
    }
    return rows.length;
  }

  async function sendAll(rows: Row[]): Promise<void> {
    const queue = [...rows];
    const lane = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (stopping) {
          await repository.release(row.id, row.claim).catch(() => {});
          continue;
        }
        try {
          await deliver(row);
        } catch (error) {
          // The bookkeeping write failed for good: the claim lapses and the row is retried.
          log.error(
            { err: error, messageId: row.id },
            "outbox: could not record a delivery attempt",
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(settings.concurrency, rows.length) }, lane));
  }

  function idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        log.error({ err: error }, `outbox: delivery pass failed: ${describePassFailure(error)}`);
      }
      if (stopping) break;
      // A full batch means more may be waiting; a nudge during the pass means a new message.
      if (claimed >= settings.batchSize || nudged) continue;
      await idle(settings.pollIntervalMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      log.info({ transport: transport.name, instance }, `outbox started (${what})`);
      loopDone = loop();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      if (!running) {
        await transport.close?.();
        return;
      }
      stopping = true;
      wake?.();
      await loopDone;
      running = false;
      await transport.close?.();
      log.info(`outbox stopped (${what})`);
    },
    runOnce,
    holdsRows: () => passesHolding > 0,
  };
}

function definedOnly(options: OutboxOptions<OutboxRow>): Partial<typeof OUTBOX_DEFAULTS> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(OUTBOX_DEFAULTS) as Array<keyof typeof OUTBOX_DEFAULTS>) {
    const value = options[key];
    if (typeof value === "number") out[key] = value;
  }
  return out;
}
