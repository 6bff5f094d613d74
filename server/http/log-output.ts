import { writeSync } from "node:fs";

/** Bytes gathered before a write; a line that does not fit is written on its own. */
const BATCH_BYTES = 64 * 1024;
/** How long a write waits when the pipe is full (EAGAIN) before it tries again. */
const FULL_PIPE_WAIT_MS = 10;
const waiter = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `bytes` to `fd`, waiting while a non-blocking pipe is full. */
function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EAGAIN" && code !== "EBUSY") throw error;
      Atomics.wait(waiter, 0, 0, FULL_PIPE_WAIT_MS);
    }
  }
}

export interface LogOutput {
  write(line: string): void;
  /** Writes what is gathered now (also done before the loop waits again, and at exit). */
  flush(): void;
}

/** How long a line may wait in the batch before it is written. */
export const LOG_DELAY_MS = 20;

/**
 * The logger's output (one access line per request, docs/product.md 12): lines are copied into
 * one buffer as they come and written when it is full or `delayMs` after its first line. A write
 * per line cost more than the rest of a static answer, and a write per turn of the event loop
 * still cost a tenth of a page answered at the front door: under load a turn answers only a few
 * requests (decision 056). The bytes are copied at once so a line's string dies young: lines held
 * as strings until the write were the objects V8 most often moved to its old generation under
 * page load (decision 039). The writes are synchronous, so a destination slower than the traffic
 * slows the answers instead of queueing lines in memory; what is gathered is written at exit.
 */
export function batchedLogOutput(fd: number, delayMs = LOG_DELAY_MS): LogOutput {
  const batch = Buffer.allocUnsafeSlow(BATCH_BYTES);
  let length = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (length === 0) return;
    const written = length;
    length = 0;
    writeAll(fd, batch.subarray(0, written));
  };
  process.once("exit", flush);
  return {
    write(line: string) {
      // Three bytes a UTF-16 unit at most, so a check on the length needs no byte count.
      if (length + line.length * 3 > BATCH_BYTES) {
        flush();
        if (line.length * 3 > BATCH_BYTES) {
          writeAll(fd, Buffer.from(line));
          return;
        }
      }
      length += batch.write(line, length);
      if (timer === undefined) {
        timer = setTimeout(flush, delayMs);
        // Never what keeps the process alive: exit writes the rest.
        timer.unref();
      }
    },
    flush,
  };
}
