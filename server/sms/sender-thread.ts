import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import type { BackgroundWork } from "../background-work.js";
import type { DatabaseAddress } from "../db/database.js";
import type { OutboxSwitch } from "../outbox/outbox.js";
import type { TextSenderSettings } from "./text-sender.js";

/**
 * The texts' sender in a worker thread of its own (decision 057): the outbox that hands texts to
 * the provider, and the delivery reports the provider posts back, run there on the thread's own
 * database connection. A send to thousands of numbers is thousands of claims, provider calls and
 * writes: in the thread that answers pages they held each page up behind them (bench:texts).
 *
 * The thread runs only while there is work: it starts when a text is stored (`nudge`), when a
 * delivery report arrives, or when a poll finds a scheduled text due, and it ends itself after
 * `idleExitMs` without any (a thread holds about 28 MB while it lives). The database holds every
 * row, so a thread ending or failing loses nothing: what it held is claimed again.
 */
export interface SenderThreadOptions {
  database: DatabaseAddress;
  siteTimeZone: string;
  settings: TextSenderSettings;
  outbox: Omit<OutboxSwitch, "enabled">;
  /** The app's clock: the thread's runs at the same offset from the system's. */
  clock: () => number;
  log: FastifyBaseLogger;
  /** Whether a sender would find work now; asked every poll while no thread runs. */
  hasDue: () => Promise<boolean>;
  pollIntervalMs: number;
  idleExitMs?: number;
}

export interface SenderThread extends BackgroundWork {
  /** A text was stored: look now. */
  nudge(): void;
  /** Writes a delivery report in the thread; resolves once it is committed. */
  applyStatus(sid: string, providerStatus: string, errorCode: string | null): Promise<boolean>;
  /** Whether a thread is running (tests). */
  running(): boolean;
}

/** What the thread is started with (plain data). */
export interface SenderThreadData {
  database: DatabaseAddress;
  siteTimeZone: string;
  settings: TextSenderSettings;
  outbox: Omit<OutboxSwitch, "enabled">;
  clockOffsetMs: number;
  logLevel: string;
  idleExitMs: number;
}

export type ToSenderThread =
  | { type: "nudge"; clockOffsetMs: number }
  | { type: "clock"; clockOffsetMs: number }
  | { type: "status"; id: number; sid: string; status: string; errorCode: string | null }
  | { type: "stop" };

export type FromSenderThread =
  | { type: "log"; lines: string }
  | { type: "status-done"; id: number; changed: boolean }
  | { type: "status-failed"; id: number; message: string }
  | { type: "idle" };

const DEFAULT_IDLE_EXIT_MS = 30_000;

/** The thread's module beside this one: `.ts` when the sources run (tests), `.js` when built. */
const workerFile = fileURLToPath(
  new URL(
    `./sender-thread-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`,
    import.meta.url,
  ),
);

interface PendingStatus {
  message: Extract<ToSenderThread, { type: "status" }>;
  resolve: (changed: boolean) => void;
  reject: (error: Error) => void;
}

export function createSenderThread(options: SenderThreadOptions): SenderThread {
  if (options.database.url === "sqlite::memory:") {
    throw new Error("the texts' sender thread needs a database file, not sqlite::memory:");
  }
  const { log } = options;
  const idleExitMs = options.idleExitMs ?? DEFAULT_IDLE_EXIT_MS;
  const writeLines = threadLogWriter(log);
  let worker: Worker | undefined;
  /** Asked to stop (idle, or the app closing) and not yet exited. */
  let stopping = false;
  let closed = false;
  /** A nudge or a report came while the thread was stopping: start another once it exits. */
  let startAgain = false;
  let exited: Promise<void> = Promise.resolve();
  let poll: NodeJS.Timeout | undefined;
  let checking = false;
  let nextId = 1;
  /** When the last nudge was passed on: an "idle" older than it is out of date. */
  let lastNudgeAt = Number.NEGATIVE_INFINITY;
  const sent = new Map<number, PendingStatus>();
  /** Reports that came while the thread was stopping, for the next one. */
  let held: PendingStatus[] = [];

  const offset = () => options.clock() - Date.now();

  function spawn(): void {
    if (closed || worker) return;
    const data: SenderThreadData = {
      database: options.database,
      siteTimeZone: options.siteTimeZone,
      settings: options.settings,
      outbox: options.outbox,
      clockOffsetMs: offset(),
      logLevel: (log as { level?: string }).level ?? "info",
      idleExitMs,
    };
    const thread = new Worker(workerFile, {
      workerData: data,
      // The sources (tests) are TypeScript; the build is JavaScript and needs no loader.
      execArgv: workerFile.endsWith(".ts") ? ["--import", "tsx"] : [],
      // Its batches are small; a runaway ends the thread (restarted by the next poll), not the
      // process.
      resourceLimits: { maxOldGenerationSizeMb: 96 },
    });
    worker = thread;
    stopping = false;
    exited = new Promise((resolve) => {
      thread.once("exit", (code) => {
        worker = undefined;
        stopping = false;
        for (const pending of sent.values()) {
          pending.reject(new Error("the texts' sender thread ended before it wrote the report"));
        }
        sent.clear();
        if (code !== 0) log.error({ code }, "the texts' sender thread ended unexpectedly");
        resolve();
        if (!closed && (startAgain || held.length > 0)) {
          startAgain = false;
          spawn();
          const waiting = held;
          held = [];
          for (const pending of waiting) post(pending);
        }
      });
    });
    thread.on("message", (message: FromSenderThread) => {
      switch (message.type) {
        case "log":
          writeLines(message.lines);
          break;
        case "status-done":
          sent.get(message.id)?.resolve(message.changed);
          sent.delete(message.id);
          break;
        case "status-failed":
          sent.get(message.id)?.reject(new Error(message.message));
          sent.delete(message.id);
          break;
        case "idle":
          // A report on its way keeps it, and so does a nudge that may have crossed this
          // message (the thread says "idle" again once it has nothing); otherwise it ends.
          if (!stopping && sent.size === 0 && Date.now() - lastNudgeAt >= idleExitMs) {
            stopThread();
          }
          break;
      }
    });
    thread.on("error", (error) => {
      log.error({ err: error }, "the texts' sender thread failed");
    });
  }

  function stopThread(): void {
    if (!worker || stopping) return;
    stopping = true;
    worker.postMessage({ type: "stop" } satisfies ToSenderThread);
  }

  function post(pending: PendingStatus): void {
    spawn();
    if (!worker) {
      pending.reject(new Error("the app is closing"));
    } else if (stopping) {
      held.push(pending);
    } else {
      sent.set(pending.message.id, pending);
      worker.postMessage(pending.message);
    }
  }

  async function checkDue(): Promise<void> {
    if (worker) {
      worker.postMessage({ type: "clock", clockOffsetMs: offset() } satisfies ToSenderThread);
      return;
    }
    if (checking || closed) return;
    checking = true;
    try {
      if (await options.hasDue()) spawn();
    } catch (error) {
      log.warn({ err: error }, "texts: could not look for texts due");
    } finally {
      checking = false;
    }
  }

  return {
    start() {
      closed = false;
      void checkDue();
      poll = setInterval(() => void checkDue(), options.pollIntervalMs);
    },
    nudge() {
      if (closed) return;
      if (!worker) spawn();
      else if (stopping) startAgain = true;
      else {
        lastNudgeAt = Date.now();
        worker.postMessage({ type: "nudge", clockOffsetMs: offset() } satisfies ToSenderThread);
      }
    },
    applyStatus(sid, status, errorCode) {
      if (closed) return Promise.reject(new Error("the app is closing"));
      return new Promise<boolean>((resolve, reject) => {
        post({
          message: { type: "status", id: nextId++, sid, status, errorCode },
          resolve,
          reject,
        });
      });
    },
    running: () => worker !== undefined,
    async stop() {
      closed = true;
      clearInterval(poll);
      stopThread();
      await exited;
      for (const pending of held) pending.reject(new Error("the app is closing"));
      held = [];
    },
  };
}

/**
 * Writes the thread's log lines (pino's own, made there) into this process's log: through the
 * logger's stream as they are, or, for a logger that is not pino's own (tests), one by one
 * through its methods.
 */
function threadLogWriter(log: FastifyBaseLogger): (lines: string) => void {
  const stream = (log as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { write?: (text: string) => void } | undefined;
  if (typeof stream?.write === "function") return (lines) => stream.write!(lines);
  return (lines) => {
    for (const line of lines.split("\n")) {
      if (line === "") continue;
      const {
        level,
        msg,
        time: _time,
        pid: _pid,
        hostname: _host,
        ...fields
      } = JSON.parse(line) as Record<string, unknown>;
      const name = pino.levels.labels[Number(level)] ?? "info";
      const write = (log as unknown as Record<string, unknown>)[name];
      if (typeof write === "function") write.call(log, fields, String(msg ?? ""));
    }
  };
}
