// How `npm start` runs the server, so every benchmark measures what production runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The Node flags of `npm start` (package.json), e.g. the young-generation size that bounds memory
 * under load; BENCH_NODE_FLAGS replaces them ("" for none).
 */
export function appNodeFlags() {
  if (process.env.BENCH_NODE_FLAGS !== undefined)
    return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const command =
    /^(?:\S+=\S+\s+)*node\s+(.*?)\s*scripts\/start\.mjs/.exec(scripts.start)?.[1] ?? "";
  return command.split(/\s+/).filter((arg) => arg.startsWith("--"));
}

/** The environment `npm start` adds (two glibc arenas, README), unless the caller's sets it. */
export function appEnvironment() {
  return { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
}
