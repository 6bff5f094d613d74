// Writes precompressed siblings (x.br, x.gz) of the compressible files of the client build,
// so the server (server/web) and nginx (gzip_static) send them without compressing per request.
// The .gz copies are made with Zopfli (a gzip stream any client decodes, 3-4% smaller than zlib's
// level 9 on the island scripts; docs/decisions/036), since they are made once per build.
// Usage: node scripts/compress.mjs [dir]   (default: build/client)
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);

/**
 * Zopfli's iterations: 15 (its default) takes about 0.6 s for the 227 KB island start chunk and
 * gives within 20 bytes of 50 iterations.
 */
const ZOPFLI_ITERATIONS = 15;

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".map",
  ".txt",
  ".xml",
  ".ics",
  ".webmanifest",
  ".data", // React Router's pre-rendered loader data
]);
/** Below this, the saving does not pay for the extra file and header bytes. */
const MIN_SIZE = 512;

async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `data` to `file` when it is smaller than the original, otherwise removes any old copy. */
async function writeIfSmaller(file, data, originalSize) {
  if (data.length < originalSize) {
    await writeFile(file, data);
    return data.length;
  }
  await rm(file, { force: true });
  return undefined;
}

async function compressFile(file) {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    zopfliGzip(data, { numiterations: ZOPFLI_ITERATIONS }).then((bytes) => Buffer.from(bytes)),
  ]);
  return {
    size: data.length,
    br: await writeIfSmaller(`${file}.br`, br, data.length),
    gz: await writeIfSmaller(`${file}.gz`, gz, data.length),
  };
}

export async function compressDirectory(dir) {
  const files = (await listFiles(dir)).filter((file) =>
    COMPRESSIBLE.has(path.extname(file).toLowerCase()),
  );
  const results = [];
  const small = [];
  for (const file of files) {
    const { size } = await stat(file);
    if (size > MIN_SIZE) results.push(file);
    else {
      small.push(file);
      // A file that shrank below the threshold since the last build must not keep old siblings.
      await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
    }
  }
  const done = await Promise.all(results.map(compressFile));
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  return {
    files: done.length,
    small: small.length,
    original: sum(done.map((result) => result.size)),
    br: done.filter((result) => result.br !== undefined).length,
    gz: done.filter((result) => result.gz !== undefined).length,
    // Bytes a client downloads for these files with each coding (the original where it was not smaller).
    brBytes: sum(done.map((result) => result.br ?? result.size)),
    gzBytes: sum(done.map((result) => result.gz ?? result.size)),
  };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
/** A folder as the user thinks of it: relative when it is below the working directory. */
const shown = (dir) => {
  const relative = path.relative(process.cwd(), dir);
  return relative === "" ? "." : relative.startsWith("..") ? dir : relative;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
  const dir = path.resolve(process.argv[2] ?? path.join(root, "build/client"));
  const started = performance.now();
  try {
    const stats = await compressDirectory(dir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `compress: ${stats.files} files in ${shown(dir)} → ${stats.br} .br, ${stats.gz} .gz; ` +
        `${kib(stats.original)} → ${kib(stats.brBytes)} br / ${kib(stats.gzBytes)} gzip ` +
        `(${stats.small} under ${MIN_SIZE} B left alone) in ${seconds} s`,
    );
  } catch (error) {
    console.error(`compress: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
