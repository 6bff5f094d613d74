import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MEDIA_MESSAGES, type MediaFormat } from "../../common/media.js";
import { ImageRejected, type ProcessedImage } from "./image-processing.js";
import type { ImageJob, ImageJobAnswer } from "./image-worker.js";

export interface ImageProcessorOptions {
  /** Longest an image may take before its process is killed and the upload refused (422). */
  timeoutMs?: number;
  /** The child's V8 heap limit; libvips' own memory is bounded by the pixel limits. */
  heapMb?: number;
  /** Told of each finished job's peak memory (the bench reads it). */
  onPeak?: (maxRssKb: number) => void;
}

export type ImageProcessor = (input: Buffer, format: MediaFormat) => Promise<ProcessedImage>;

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_HEAP_MB = 96;

/** The worker module beside this one: `.ts` when the sources run (tests), `.js` when built. */
const workerFile = fileURLToPath(
  new URL(`./image-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url),
);

/**
 * Processes each image in a child process of its own (docs/decisions/025): the server's process
 * never decodes an upload, a hostile or huge image can exhaust only the child (killed after
 * `timeoutMs`), and the child's memory is returned to the system when it exits. The upload gate
 * (upload-gate.ts) keeps to one child at a time.
 */
export function createImageProcessor(options: ImageProcessorOptions = {}): ImageProcessor {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const heapMb = options.heapMb ?? DEFAULT_HEAP_MB;
  return (input, format) =>
    new Promise<ProcessedImage>((resolve, reject) => {
      const child = fork(workerFile, [], {
        serialization: "advanced",
        // The upload goes through the child's stdin, written from its own buffer; as part of an
        // IPC message it would first be serialized into a copy (decision 031).
        stdio: ["pipe", "inherit", "inherit", "ipc"],
        execArgv: [
          `--max-old-space-size=${heapMb}`,
          ...(workerFile.endsWith(".ts") ? ["--import", "tsx"] : []),
        ],
        // Two malloc arenas: libvips' threads otherwise keep memory of their own arenas.
        env: { ...process.env, MALLOC_ARENA_MAX: "2" },
      });
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        finish(() => reject(new ImageRejected(MEDIA_MESSAGES.tooSlow, 422)));
      }, timeoutMs);
      child.once("message", (message: ImageJobAnswer) => {
        options.onPeak?.(message.maxRssKb);
        if (message.ok) {
          const image = message.image;
          // IPC hands Buffers over as Uint8Arrays: viewed as Buffers, not copied (a copy
          // would hold every stored file twice in the server until the next collection).
          for (const file of image.files) {
            const { buffer, byteOffset, byteLength } = file.data;
            file.data = Buffer.from(buffer, byteOffset, byteLength);
          }
          finish(() => resolve(image));
        } else if (message.rejected) {
          const { status, message: text } = message.rejected;
          finish(() => reject(new ImageRejected(text, status)));
        } else {
          finish(() => reject(new Error(`image processing failed: ${message.error}`)));
        }
      });
      child.once("error", (error) => finish(() => reject(error)));
      // Killed by the system (memory) or crashed before it answered: the image is refused.
      child.once("exit", () =>
        finish(() => reject(new ImageRejected(MEDIA_MESSAGES.couldNotProcess, 422))),
      );
      // A child that dies before reading it all is answered by "exit" above.
      child.stdin?.on("error", () => {});
      const job: ImageJob = { byteLength: input.byteLength, format };
      child.send(job);
      child.stdin?.end(input);
    });
}
