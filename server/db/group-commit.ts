import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.js";

/**
 * Group commit: small writes that arrive close together (Twilio's status reports, the sender's
 * record of each hand-over) run in one transaction, so a burst costs one commit (one fsync with
 * SQLite's synchronous=FULL, which blocks the event loop) instead of one each. Each caller's
 * promise settles only once the transaction holding its write has committed, so an answer sent
 * after it is still sent after the data is safe.
 */
export interface GroupCommit {
  run<T>(write: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

interface Pending {
  write: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit(
  db: Kysely<Database>,
  { waitMs = 5, maxWrites = 200 }: { waitMs?: number; maxWrites?: number } = {},
): GroupCommit {
  let queue: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    // One transaction at a time, in arrival order.
    flushing = flushing.then(async () => {
      try {
        const results = await db.transaction().execute(async (trx) => {
          const out: unknown[] = [];
          for (const pending of batch) out.push(await pending.write(trx));
          return out;
        });
        batch.forEach((pending, index) => pending.resolve(results[index]));
      } catch (error) {
        // One failed write fails its batch: each caller retries or answers with an error.
        for (const pending of batch) pending.reject(error);
      }
    });
  };

  return {
    run<T>(write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (queue.length >= maxWrites) flush();
        else timer ??= setTimeout(flush, waitMs);
      });
    },
  };
}
