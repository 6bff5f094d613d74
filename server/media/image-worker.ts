/**
 * The child process that processes one uploaded image (image-processor.ts starts it): it takes
 * the bytes and their format in one IPC message, answers with the stored files or the reason
 * the image is refused, and exits. Decoding and encoding happen here, never in the server's own
 * process, so a hostile image can use up only this process's memory and time
 * (docs/decisions/025-image-work-in-a-child-process.md).
 */
import type { MediaFormat } from "../../common/media.js";
import { ImageRejected, processImage, type ProcessedImage } from "./image-processing.js";

export interface ImageJob {
  input: Uint8Array;
  format: MediaFormat;
}

export type ImageJobAnswer =
  | { ok: true; image: ProcessedImage; maxRssKb: number }
  | {
      ok: false;
      rejected: { status: 415 | 422; message: string } | null;
      error: string;
      maxRssKb: number;
    };

function answer(message: ImageJobAnswer): void {
  // Exits once the answer is handed to the IPC channel, so the parent sees it before "exit".
  process.send?.(message, () => process.exit(0));
}

process.once("message", (job: ImageJob) => {
  const input = Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength);
  processImage(input, job.format).then(
    (image) => answer({ ok: true, image, maxRssKb: process.resourceUsage().maxRSS }),
    (error: unknown) =>
      answer({
        ok: false,
        rejected:
          error instanceof ImageRejected ? { status: error.status, message: error.message } : null,
        error: error instanceof Error ? error.message : String(error),
        maxRssKb: process.resourceUsage().maxRSS,
      }),
  );
});
