/**
 * Bounds the uploads one process handles: at most `admitted` at once (reading their file,
 * waiting, or being processed), of which at most `concurrency` are processed by sharp at a time.
 * An upload beyond `admitted` is refused before its file is read, so memory holds at most
 * `admitted` files of at most 15 MB each.
 */
export interface UploadGate {
  /** A place for one upload, or undefined when the gate is full (answer 503). */
  tryEnter(): UploadTicket | undefined;
}

export interface UploadTicket {
  /** Runs `work` once a processing slot is free (first come, first served). */
  process<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back; call once the upload is answered, whatever the outcome. */
  leave(): void;
}

export interface UploadGateOptions {
  concurrency: number;
  admitted: number;
}

export function createUploadGate({ concurrency, admitted }: UploadGateOptions): UploadGate {
  let inside = 0;
  let running = 0;
  const waiting: Array<() => void> = [];

  return {
    tryEnter() {
      if (inside >= admitted) return undefined;
      inside += 1;
      let left = false;
      return {
        async process(work) {
          if (running < concurrency) running += 1;
          // Resolved by a finishing upload, which hands over its slot (running stays the same).
          else await new Promise<void>((resolve) => waiting.push(resolve));
          try {
            return await work();
          } finally {
            const next = waiting.shift();
            if (next) next();
            else running -= 1;
          }
        },
        leave() {
          if (left) return;
          left = true;
          inside -= 1;
        },
      };
    },
  };
}
