import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { type StaticEntry, buildEntry } from "./static-entries.js";

// A JSON answer that is the same for many requests (the public featured list), compressed once
// when it is made and then served like a static file (serve.ts): br or gzip by Accept-Encoding,
// `Vary: Accept-Encoding`, a strong ETag per coding and 304 on revalidation, as nginx serves the
// site's precompressed files (docs/decisions/043). Nothing is compressed per request.

/**
 * Brotli quality 6: made once per cached answer, but on the request that misses the cache, where
 * quality 11 costs 7-14 ms for a 2 KB list (its large window set-up) and 6 well under a tenth of
 * a millisecond, for about 10% more bytes. Gzip level 9 costs about as little.
 */
const BROTLI_QUALITY = 6;

/** Below this, a compressed copy saves too little to be worth its header bytes (scripts/compress.mjs). */
const MIN_COMPRESSED_SIZE = 512;

/** `data` compressed with br and gzip, each kept only when it is smaller. */
function compressedCopies(body: Buffer): { br?: Buffer; gzip?: Buffer } {
  if (body.length < MIN_COMPRESSED_SIZE) return {};
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gzip.length < body.length ? { gzip } : {}),
  };
}

/** `body` (JSON text) as an answer `serve` sends, with its compressed copies made now. */
export function jsonAnswer(body: Buffer, cacheControl: string): StaticEntry {
  return buildEntry(
    { relativePath: "answer.json", body, ...compressedCopies(body) },
    { https: false, contentType: "application/json; charset=utf-8", cacheControl },
  );
}
