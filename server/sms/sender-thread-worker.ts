// The texts' sender thread (sender-thread.ts starts it; decision 057): its own database
// connection, the outbox that hands texts to the provider, and the delivery reports the app
// passes on. Its log lines go to the app, which writes them with its own.
import { hostname, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import pino from "pino";
import { openDatabase } from "../db/database.js";
import type { FromSenderThread, SenderThreadData, ToSenderThread } from "./sender-thread.js";
import { createSmsRepository } from "./sms-repository.js";
import { createTextsOutbox } from "./text-sender.js";
import { createTextsRepository } from "./texts-repository.js";

const data = workerData as SenderThreadData;
/** Niceness 10 of 19: well below the pages, still ahead of anything niced further. */
const SENDER_NICENESS = 10;

// Below the pages: on Linux a thread's priority is its own, so this lowers only this thread. When
// the cores are busy the pages' thread goes first and the texts wait (they have minutes, a page
// has milliseconds); when they are not, this changes nothing.
try {
  setPriority(SENDER_NICENESS);
} catch {
  // Not permitted or not supported here: the thread runs at the process's priority.
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

log.info("texts' sender thread started");
outbox.start();
