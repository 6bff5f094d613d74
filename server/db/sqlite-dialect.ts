import type BetterSqlite3 from "better-sqlite3";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from "kysely";

/**
 * SQLite with its waits for the write lock taken off the event loop (decision 058).
 *
 * Another connection on the same file (the texts' sender thread, a second worker, the image
 * process) may hold the write lock. SQLite's own busy handler waits for it by sleeping the
 * calling thread: up to milliseconds at a time in which the process answers no page (a send to
 * thousands held the pages' thread in such sleeps every second, bench:texts). Here the
 * connection does not wait inside SQLite (busy_timeout 0); a statement turned away with
 * SQLITE_BUSY before it began is tried again after a timer, so the thread serves pages
 * meanwhile, until `lockWaitMs` has passed, as busy_timeout would.
 *
 * Transactions begin IMMEDIATE: they take the write lock at their start, the one point where a
 * wait is safe to repeat. A transaction that read first and then wrote (SQLite's default,
 * deferred) could instead be refused midway once another connection had committed.
 */
export interface LockWaitingOptions {
  /** How long a statement waits for another connection's lock before it fails (ms). */
  lockWaitMs?: number;
}

/** After each refusal in turn; the last repeats. Close to SQLite's own busy handler's steps. */
const RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 25];
export const DEFAULT_LOCK_WAIT_MS = 5000;

/** Another connection holds the lock SQLite needs: SQLITE_BUSY or one of its extended codes. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

export function lockWaitingSqliteDialect(
  open: () => Promise<BetterSqlite3.Database>,
  { lockWaitMs = DEFAULT_LOCK_WAIT_MS }: LockWaitingOptions = {},
): SqliteDialect {
  let sqlite: BetterSqlite3.Database | undefined;
  const database = async () => {
    sqlite = await open();
    // Never sleep inside SQLite: a refused statement comes back at once and waits on a timer.
    sqlite.pragma("busy_timeout = 0");
    return sqlite;
  };

  /** Runs `run` again while it is turned away by another connection's lock, outside a transaction. */
  async function untilLockFree<T>(run: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + lockWaitMs;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await run();
      } catch (error) {
        // Inside a transaction a refusal is the transaction's to handle (it is rolled back).
        if (!isSqliteBusy(error) || sqlite?.inTransaction || Date.now() >= deadline) throw error;
      }
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
      await new Promise((done) => setTimeout(done, Math.min(delay, deadline - Date.now())));
    }
  }

  class LockWaitingConnection implements DatabaseConnection {
    constructor(private readonly inner: DatabaseConnection) {}
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      return untilLockFree(() => this.inner.executeQuery<R>(query));
    }
    streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
      return this.inner.streamQuery<R>(query, chunkSize);
    }
  }

  class LockWaitingDriver extends SqliteDriver {
    private connection: LockWaitingConnection | undefined;
    override async acquireConnection(): Promise<DatabaseConnection> {
      this.connection ??= new LockWaitingConnection(await super.acquireConnection());
      return this.connection;
    }
    override async beginTransaction(connection: DatabaseConnection): Promise<void> {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    }
  }

  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new LockWaitingDriver({ database });
    }
  })({ database });
}
