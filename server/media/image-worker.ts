/**
 * The child process that processes one uploaded image (image-processor.ts starts it): it takes
 * the bytes' length and format in one IPC message and the bytes on its stdin, answers with the stored files or the reason
 * the image is refused, and exits. Decoding and encoding happen here, never in the server's own
 * process, so a hostile image can use up only this process's memory and time
 * (docs/decisions/025-image-work-in-a-child-process.md).
 */
import type { MediaFormat } from "../../common/media.js";
import { ImageRejected, processImage, type ProcessedImage } from "./image-processing.js";

export interface ImageJob {
  /** How many bytes of image come on stdin. */
  byteLength: number;
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

/** The image from stdin, into one buffer of the announced length. */
async function readInput(byteLength: number): Promise<Buffer> {
  const input = Buffer.allocUnsafe(byteLength);
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    if (size + chunk.length > byteLength) throw new Error("more image bytes than announced");
    chunk.copy(input, size);
    size += chunk.length;
  }
  if (size !== byteLength) throw new Error(`${size} image bytes of ${byteLength} announced`);
  return input;
}

process.once("message", (job: ImageJob) => {
  readInput(job.byteLength)
    .then((input) => processImage(input, job.format))
    .then(
      (image) => answer({ ok: true, image, maxRssKb: process.resourceUsage().maxRSS }),
      (error: unknown) =>
        answer({
          ok: false,
          rejected:
            error instanceof ImageRejected
              ? { status: error.status, message: error.message }
              : null,
          error: error instanceof Error ? error.message : String(error),
          maxRssKb: process.resourceUsage().maxRSS,
        }),
    );
});
