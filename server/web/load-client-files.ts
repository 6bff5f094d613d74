import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** One file of the built client, with the precompressed siblings written at build time. */
export interface ClientFile {
  /** Path relative to the client directory, with `/` separators, e.g. `about-desktop/index.html`. */
  readonly relativePath: string;
  readonly body: Buffer;
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

export interface LoadResult {
  readonly files: ClientFile[];
  /** Problems that did not stop loading (a sibling that does not match its original). */
  readonly warnings: string[];
}

const SIBLINGS = [".br", ".gz"] as const;

/** Lists every regular file below `dir` (relative, `/`-separated), skipping dot-files. */
async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    // Dot-files are never part of a site build; `.well-known/` is the one exception.
    if (entry.name.startsWith(".") && entry.name !== ".well-known") continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

function decompress(kind: (typeof SIBLINGS)[number], data: Buffer): Buffer | undefined {
  try {
    return kind === ".br" ? brotliDecompressSync(data) : gunzipSync(data);
  } catch {
    return undefined;
  }
}

/**
 * Reads every file under `clientDir` into memory. A `x.br` or `x.gz` beside a file `x` is
 * attached to `x` as its precompressed form (after checking that it decompresses to exactly
 * `x`, so a stale sibling is never served); such siblings without an original are plain files.
 */
export async function loadClientFiles(clientDir: string): Promise<LoadResult> {
  const names = await listFiles(clientDir);
  const present = new Set(names);
  const isSibling = (name: string) =>
    SIBLINGS.some((ext) => name.endsWith(ext) && present.has(name.slice(0, -ext.length)));

  const warnings: string[] = [];
  const files = await Promise.all(
    names
      .filter((name) => !isSibling(name))
      .map(async (relativePath): Promise<ClientFile> => {
        const body = await readFile(path.join(clientDir, relativePath));
        const compressed: { br?: Buffer; gzip?: Buffer } = {};
        for (const ext of SIBLINGS) {
          if (!present.has(relativePath + ext)) continue;
          const data = await readFile(path.join(clientDir, relativePath + ext));
          const original = decompress(ext, data);
          if (!original || !original.equals(body)) {
            warnings.push(
              `ignoring ${relativePath}${ext}: it does not decompress to ${relativePath}`,
            );
            continue;
          }
          if (ext === ".br") compressed.br = data;
          else compressed.gzip = data;
        }
        return { relativePath, body, ...compressed };
      }),
  );
  files.sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1));
  return { files, warnings };
}
