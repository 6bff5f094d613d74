import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { DatabaseHandle } from "../db/database.js";
import { CONTENT_CHANNEL } from "./content-core.js";
import type { ContentRepository } from "./content-repository.js";

/** PostgreSQL: the poll that covers a lost notification. */
export const POSTGRES_POLL_MS = 5_000;
/** SQLite: several worker processes may share the file, and reading one row is cheap. */
export const SQLITE_POLL_MS = 500;
const RECONNECT_MIN_MS = 500;
/** The listening connection's application_name (followed by `:schema` when one is set). */
export const LISTENER_NAME = "site-content-listener";
const RECONNECT_MAX_MS = 5_000;

/**
 * Tells this instance's store when another instance changed the public content. On PostgreSQL a
 * dedicated connection LISTENs (reconnecting with backoff, and polling once on every reconnect
 * for what it may have missed); on both databases a poll of the version counter is the fallback.
 */
export interface ContentChangeFeed {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createContentChangeFeed(options: {
  database: DatabaseHandle;
  repository: ContentRepository;
  onVersion: (version: number) => void;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
}): ContentChangeFeed {
  const { database, repository, onVersion, log } = options;
  const postgres = database.dialect === "postgres" && database.connectDedicated !== undefined;
  const pollIntervalMs = options.pollIntervalMs ?? (postgres ? POSTGRES_POLL_MS : SQLITE_POLL_MS);
  let stopped = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let client: pg.Client | undefined;
  let schema: string | undefined;
  let reconnectDelay = RECONNECT_MIN_MS;
  let polling: Promise<void> = Promise.resolve();
  let connecting: Promise<void> = Promise.resolve();

  function poll(): Promise<void> {
    polling = polling.then(async () => {
      if (stopped) return;
      try {
        onVersion(await repository.readVersion());
      } catch (error) {
        log.warn({ err: error }, "content: reading the version failed; will try again");
      }
    });
    return polling;
  }

  function onNotification(message: pg.Notification) {
    if (message.channel !== CONTENT_CHANNEL || !message.payload) return;
    const separator = message.payload.lastIndexOf(":");
    // Every site schema in the database shares the channel; only ours counts.
    if (message.payload.slice(0, separator) !== schema) return;
    const version = Number(message.payload.slice(separator + 1));
    if (Number.isSafeInteger(version)) onVersion(version);
  }

  function scheduleReconnect() {
    if (stopped || reconnectTimer) return;
    const delay = reconnectDelay;
    reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connecting = listen();
    }, delay);
    reconnectTimer.unref();
  }

  async function listen(): Promise<void> {
    if (stopped || !database.connectDedicated) return;
    let fresh: pg.Client | undefined;
    try {
      fresh = await database.connectDedicated(LISTENER_NAME);
      const lost = (error?: Error) => {
        if (client !== fresh) return;
        client = undefined;
        if (!stopped) {
          log.warn({ err: error }, "content: change notifications lost; reconnecting");
          fresh?.end().catch(() => {});
          scheduleReconnect();
        }
      };
      fresh.on("error", lost);
      fresh.on("end", () => lost());
      fresh.on("notification", onNotification);
      const result = await fresh.query<{ schema: string }>("select current_schema() as schema");
      schema = result.rows[0]?.schema;
      await fresh.query(`listen ${CONTENT_CHANNEL}`);
      if (stopped) {
        await fresh.end().catch(() => {});
        return;
      }
      client = fresh;
      reconnectDelay = RECONNECT_MIN_MS;
      // Whatever changed while no one listened.
      await poll();
    } catch (error) {
      await fresh?.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, "content: cannot listen for changes; will try again");
      scheduleReconnect();
    }
  }

  return {
    async start() {
      stopped = false;
      if (postgres) {
        connecting = listen();
        await connecting;
      }
      pollTimer = setInterval(() => void poll(), pollIntervalMs);
      pollTimer.unref();
    },

    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      await connecting;
      await polling;
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
