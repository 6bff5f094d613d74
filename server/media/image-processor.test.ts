import { describe, expect, it } from "vitest";
import { MEDIA_MAX_EDGE, MEDIA_MESSAGES } from "../../common/media.js";
import { ImageRejected } from "./image-processing.js";
import { createImageProcessor } from "./image-processor.js";
import { drawnImage } from "./test-images.js";

describe("image processing in a child process", () => {
  it("stores the whole image at most MEDIA_MAX_EDGE on its long side, and its copies", async () => {
    const peaks: number[] = [];
    const processImage = createImageProcessor({ onPeak: (kb) => peaks.push(kb) });
    const image = await processImage(await drawnImage(3200, 1000, "png"), "png");
    expect([image.width, image.height]).toEqual([MEDIA_MAX_EDGE, 800]);
    expect(image.files[0]).toMatchObject({ format: "png", width: MEDIA_MAX_EDGE, height: 800 });
    expect(Buffer.isBuffer(image.files[0]!.data)).toBe(true);
    expect(Math.max(...image.files.map((file) => file.width))).toBe(MEDIA_MAX_EDGE);
    // The child said how much memory it used at most (the bench records it).
    expect(peaks).toHaveLength(1);
    expect(peaks[0]).toBeGreaterThan(0);
  });

  it("refuses an AVIF over its pixel limit with 422, before it is decoded, in bounded memory", async () => {
    // The review's 7000 × 7000 AVIF took the server to 1.28 GB; the AVIF limit is 10 megapixels.
    const peaks: number[] = [];
    const processImage = createImageProcessor({ onPeak: (kb) => peaks.push(kb) });
    const refused = await processImage(await drawnImage(3700, 3000, "avif"), "avif").catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 422, message: MEDIA_MESSAGES.tooManyAvifPixels });
    expect(peaks[0]! / 1024).toBeLessThan(300);
  });

  it("kills an image that takes too long, refuses it with 422, and takes the next one", async () => {
    const slow = createImageProcessor({ timeoutMs: 1 });
    const input = await drawnImage(800, 600, "jpeg");
    const refused = await slow(input, "jpeg").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageRejected);
    expect(refused).toMatchObject({ status: 422, message: MEDIA_MESSAGES.tooSlow });

    const image = await createImageProcessor()(input, "jpeg");
    expect(image.width).toBe(800);
  });

  it("refuses a process that runs out of memory with 422, never taking the server down", async () => {
    // A heap of 1 MB cannot even load the worker: the child dies before it answers.
    const starved = createImageProcessor({ heapMb: 1 });
    const refused = await starved(await drawnImage(64, 64, "png"), "png").catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 422, message: MEDIA_MESSAGES.couldNotProcess });
  });
});
