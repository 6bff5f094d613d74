// Debian tools the benchmarks need (nginx, wrk): installed with apt-get when missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function apt(args) {
  const result = spawnSync("apt-get", args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
}

/** Makes sure `binary` exists, installing Debian's `pkg` as root when it does not. */
export function ensureDebianTool(binary, pkg) {
  if (existsSync(binary)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error(`${binary} not found: install it (apt-get install ${pkg})`);
  }
  process.stderr.write(`bench: ${binary} not found: installing Debian's ${pkg} with apt-get\n`);
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", pkg]);
  if (!existsSync(binary)) throw new Error(`apt-get installed ${pkg} but ${binary} is missing`);
}
