/**
 * The served HTML (as the server sends it, no JavaScript) of every public page, the 404
 * page and the admin fallback page is valid HTML according to the W3C Nu HTML checker
 * (the `vnu-jar` package, run once over all files with Java).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN_PAGE, publicPaths } from "./support/routes";

const require = createRequire(import.meta.url);

/**
 * The checker's jar, `node_modules/vnu-jar/build/dist/vnu.jar`. The package's postinstall
 * script (a Java downloader) is disabled in allowScripts; the jar itself ships in the package.
 */
function vnuJarPath(): string {
  const jar = join(dirname(require.resolve("vnu-jar/package.json")), "build", "dist", "vnu.jar");
  if (!existsSync(jar))
    throw new Error(`the Nu checker jar is missing: ${jar} (reinstall vnu-jar)`);
  return jar;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

function runVnu(jar: string, files: string[]): Promise<{ messages: VnuMessage[]; raw: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-Xss4m", "-jar", jar, "--format", "json", "--errors-only", ...files],
      { maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        // vnu writes its report to stderr and exits 1 when it found errors.
        const raw = `${stdout}${stderr}`.trim();
        const start = raw.indexOf("{");
        if (start === -1) {
          reject(error ?? new Error(`vnu printed no report: ${raw}`));
          return;
        }
        try {
          const report = JSON.parse(raw.slice(start)) as { messages?: VnuMessage[] };
          resolve({ messages: report.messages ?? [], raw });
        } catch (parseError) {
          reject(new Error(`cannot read vnu's report (${String(parseError)}): ${raw}`));
        }
      },
    );
  });
}

test("every served page is valid HTML (W3C Nu checker)", async ({ request }) => {
  test.setTimeout(180_000);
  const jar = vnuJarPath();
  const dir = mkdtempSync(join(tmpdir(), "site-html-"));
  try {
    const pages = [
      ...publicPaths.map((path) => ({ path, status: 200 })),
      { path: "/no-such-page", status: 404 },
      { path: ADMIN_PAGE, status: 200 },
    ];
    const fileToPath = new Map<string, string>();
    for (const { path, status } of pages) {
      const response = await request.get(path);
      expect(response.status(), `${path}: status`).toBe(status);
      expect(response.headers()["content-type"], `${path}: content type`).toMatch(/^text\/html/);
      const name = path === "/" ? "index" : path.slice(1).replace(/[^a-z0-9-]+/gi, "_");
      const file = join(dir, `${name}.html`);
      writeFileSync(file, await response.body());
      fileToPath.set(`${name}.html`, path);
    }

    const { messages } = await runVnu(
      jar,
      [...fileToPath.keys()].map((name) => join(dir, name)),
    );
    const errors = messages
      .filter((message) => message.type === "error" || message.subType === "fatal")
      .map((message) => {
        // vnu names files as file: URLs; map them back to the path they were served at.
        const name = message.url ? basename(decodeURIComponent(new URL(message.url).pathname)) : "";
        const path = fileToPath.get(name) ?? message.url ?? "?";
        const where = message.lastLine ? `:${message.lastLine}:${message.lastColumn ?? 0}` : "";
        const extract = message.extract
          ? `\n    ${message.extract.replace(/\s+/g, " ").trim()}`
          : "";
        return `${path}${where} ${message.message}${extract}`;
      });
    expect(errors, `HTML errors:\n${errors.join("\n")}`).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
