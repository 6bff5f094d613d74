// The texts' sender thread (sender-thread.ts starts it; decision 057): its own database
// connection, the outbox that hands texts to the provider, and the delivery reports the app
// passes on. Its log lines go to the app, which writes them with its own.
import { execFile } from "node:child_process";
import { existsSync, readlinkSync } from "node:fs";
import { hostname, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import pino from "pino";
import { openDatabase } from "../db/database.js";
import type { FromSenderThread, SenderThreadData, ToSenderThread } from "./sender-thread.js";
import { createSmsRepository } from "./sms-repository.js";
import { createTextsOutbox } from "./text-sender.js";
import { createTextsRepository } from "./texts-repository.js";

const data = workerData as SenderThreadData;
/** Niceness 10 of 19: below the pages where the idle class is not available. */
const SENDER_NICENESS = 10;
const CHRT = "/usr/bin/chrt";

/**
 * Below the pages (decision 059). On Linux a thread's priority is its own, so this lowers only
 * this thread. First niceness 10; then, where util-linux's `chrt` is installed, Linux's idle
 * class (SCHED_IDLE), which any process may choose for its own threads and Node has no call for:
 * a page's thread that wakes takes the core from this one at once and a core running only this
 * thread counts as free, where niceness only shares the cores out by weight. When the cores are
 * busy the pages go first and the texts wait (they have minutes, a page has milliseconds); when
 * they are not, this changes nothing.
 */
function lowerOwnPriority(): void {
  try {
    setPriority(SENDER_NICENESS);
  } catch {
    // Not permitted or not supported here: the thread runs at the process's priority.
  }
  if (process.platform !== "linux" || !existsSync(CHRT)) return;
  try {
    const threadId = readlinkSync("/proc/thread-self").split("/").pop() ?? "";
    execFile(CHRT, ["--idle", "--pid", "0", threadId], (error) => {
      if (error) log.debug({ err: error }, "the idle scheduling class is not available here");
    });
  } catch {
    // No /proc here: niceness 10 it stays.
  }
}

const port = parentPort!;
const send = (message: FromSenderThread) => port.postMessage(message);

let clockOffsetMs = data.clockOffsetMs;
const clock = () => Date.now() + clockOffsetMs;

/** Lines gathered and handed to the app every 20 ms (or 16 KB), not one message each. */
let lines = "";
let logTimer: NodeJS.Timeout | undefined;
const flushLog = () => {
  clearTimeout(logTimer);
  logTimer = undefined;
  if (lines === "") return;
  send({ type: "log", lines });
  lines = "";
};
const log = pino(
  { level: data.logLevel, base: { pid: process.pid, hostname: hostname(), thread: "sms-sender" } },
  {
    write(line: string) {
      lines += line;
      if (lines.length >= 16_384) flushLog();
      else logTimer ??= setTimeout(flushLog, 20);
    },
  },
);

const database = openDatabase(data.database.url, data.database);
const texts = createTextsRepository(database.db, database.dialect, clock, data.siteTimeZone);
const subscribers = createSmsRepository(database.db, clock);
const outbox = createTextsOutbox({
  texts,
  optOut: (phone, how) => subscribers.unsubscribe(phone, how),
  settings: data.settings,
  outbox: data.outbox,
  log,
  clock,
});

let lastActive = Date.now();
const reportsInFlight = new Set<Promise<void>>();
let stopping = false;

async function applyStatus(message: Extract<ToSenderThread, { type: "status" }>): Promise<void> {
  try {
    const changed = await texts.applyStatus(message.sid, message.status, message.errorCode);
    send({ type: "status-done", id: message.id, changed });
  } catch (error) {
    log.error({ err: error, sid: message.sid }, "could not record a delivery report");
    send({
      type: "status-failed",
      id: message.id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

// Idle: no rows held, no report being written, nothing for `idleExitMs`. The app decides.
const idleCheck = setInterval(
  () => {
    if (stopping) return;
    if (outbox.holdsRows() || reportsInFlight.size > 0) lastActive = Date.now();
    else if (Date.now() - lastActive >= data.idleExitMs) send({ type: "idle" });
  },
  Math.max(50, Math.floor(data.idleExitMs / 3)),
);

async function stop(): Promise<void> {
  stopping = true;
  clearInterval(idleCheck);
  await outbox.stop();
  await Promise.all(reportsInFlight);
  await database.close();
  log.info("texts' sender thread stopped");
  flushLog();
  port.close();
}

port.on("message", (message: ToSenderThread) => {
  switch (message.type) {
    case "nudge":
      clockOffsetMs = message.clockOffsetMs;
      lastActive = Date.now();
      outbox.nudge();
      break;
    case "clock":
      clockOffsetMs = message.clockOffsetMs;
      break;
    case "status": {
      lastActive = Date.now();
      const write = applyStatus(message).finally(() => reportsInFlight.delete(write));
      reportsInFlight.add(write);
      break;
    }
    case "stop":
      if (!stopping) void stop();
      break;
  }
});

lowerOwnPriority();
log.info("texts' sender thread started");
outbox.start();
