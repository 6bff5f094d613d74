import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { buildApp } from "./app.js";
import { bootstrapOwner } from "./accounts/bootstrap.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { OUTBOX_DEFAULTS } from "./outbox/outbox.js";
import { migrateToLatest, openDatabase } from "./db/database.js";
import { DatabaseInUseError, holdServerPresence } from "./db/server-lock.js";
import { batchedLogOutput } from "./http/log-output.js";
import { logSerializers } from "./http/request-log.js";
import { loadServerBuild } from "./render/page-routes.js";

/** The built client, relative to this file once compiled to build/api/server/main.js. */
const CLIENT_DIR = fileURLToPath(new URL("../../client", import.meta.url));
/** React Router's server build, which renders the pages (decision 016). */
const SERVER_BUILD = fileURLToPath(new URL("../../server/index.js", import.meta.url));

function createLogger(config: Config) {
  const options = { level: config.LOG_LEVEL, serializers: logSerializers };
  if (config.NODE_ENV === "development") {
    return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  }
  return pino(options, batchedLogOutput(1));
}

/** How long SIGTERM waits for in-flight work before forcing the exit. */
const SHUTDOWN_GRACE_MS = OUTBOX_DEFAULTS.sendTimeoutMs + 15_000;

async function runServer(config: Config, log: pino.Logger): Promise<void> {
  // Held for the life of the process: `npm run restore` refuses while any server holds it.
  const presence = await holdServerPresence(config.DATABASE_URL);
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database);
  await bootstrapOwner({ db: database.db, source: config, log });
  const app = await buildApp({
    config,
    database,
    ...(existsSync(CLIENT_DIR) ? { clientDir: CLIENT_DIR } : {}),
    ...(existsSync(SERVER_BUILD) ? { serverBuild: await loadServerBuild(SERVER_BUILD) } : {}),
    logger: log,
    outbox: { enabled: true },
    textsSenderThread: true,
    housekeeping: { enabled: true },
    seedUpdates: true,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    // Long enough for a running mail send to finish or time out and be recorded (the outbox
    // hands back what it has not started), so a stop never cuts a send half-way.
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The database closes only once the app has closed: the outbox's onClose still records
    // the send it waited for (an onClose hook here used to run first and close it under it).
    app
      .close()
      .then(async () => {
        await database.close();
        await presence.release();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, "error during shutdown");
          process.exit(1);
        },
      );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);

  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    // Migrate and settle the first owner once, before the workers race for it. The
    // primary holds the presence lock too (released when it exits).
    await holdServerPresence(config.DATABASE_URL);
    const database = openDatabase(config.DATABASE_URL);
    await migrateToLatest(database);
    await bootstrapOwner({ db: database.db, source: config, log });
    await database.close();
    log.info({ workers: config.WEB_CONCURRENCY }, "starting worker processes");
    for (let i = 0; i < config.WEB_CONCURRENCY; i += 1) cluster.fork();
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
    cluster.on("exit", (worker, code) => {
      if (!stopping) {
        log.error({ pid: worker.process.pid, code }, "worker exited; starting another");
        cluster.fork();
      } else if (Object.keys(cluster.workers ?? {}).length === 0) {
        process.exit(0);
      }
    });
    return;
  }
  await runServer(config, log);
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseInUseError) {
    process.stderr.write(`Failed to start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
