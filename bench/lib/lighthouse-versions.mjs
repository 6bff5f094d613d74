// The Lighthouse versions the page-speed bench runs (docs/decisions/043). Lighthouse is not a
// dependency of the project: each pinned version is installed from npm on first use into a cache
// folder of its own (about 190 MB each), so `npm ci` stays lean and two majors live side by side.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Each major the targets hold under (docs/product.md section 12), at an exact version. */
export const LIGHTHOUSE_VERSIONS = { 12: "12.8.2", 13: "13.5.0" };

/** Where the versions are installed: LIGHTHOUSE_CACHE, else the user's cache folder. */
function cacheRoot() {
  if (process.env.LIGHTHOUSE_CACHE) return path.resolve(process.env.LIGHTHOUSE_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), ".cache");
  return path.join(base, "learning-design-site", "lighthouse");
}

/** Installs `lighthouse@version` into its cache folder unless it is there; returns the package folder. */
async function installed(version, log) {
  const dir = path.join(cacheRoot(), version);
  const packageDir = path.join(dir, "node_modules", "lighthouse");
  if (existsSync(path.join(packageDir, "package.json"))) return packageDir;
  log(`installing lighthouse@${version} into ${dir}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "package.json"), '{ "private": true }\n');
  const npm = spawnSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--save-exact",
      `lighthouse@${version}`,
    ],
    { cwd: dir, stdio: ["ignore", "inherit", "inherit"] },
  );
  if (npm.status !== 0) throw new Error(`npm install lighthouse@${version} failed in ${dir}`);
  return packageDir;
}

/**
 * The run function and desktop config of each requested major (e.g. ["12", "13"]), installed on
 * demand, in the order asked.
 */
export async function loadLighthouses(majors, log) {
  const loaded = [];
  for (const major of majors) {
    const version = LIGHTHOUSE_VERSIONS[major];
    if (!version) {
      throw new Error(
        `no Lighthouse ${major} (known: ${Object.keys(LIGHTHOUSE_VERSIONS).join(", ")})`,
      );
    }
    const packageDir = await installed(version, log);
    const load = (file) => import(pathToFileURL(path.join(packageDir, file)).href);
    const [{ default: lighthouse }, { default: desktopConfig }] = await Promise.all([
      load("core/index.js"),
      load("core/config/desktop-config.js"),
    ]);
    loaded.push({ major, version, lighthouse, desktopConfig });
  }
  return loaded;
}
