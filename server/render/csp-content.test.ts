import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_COLLECTIONS } from "../../common/content/registry.js";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import { loadServerBuild } from "./page-routes.js";

// The real renderer with `<script>` text in every content field that takes it: the page CSP never
// allows a script that came from content (docs/decisions/026). Needs `npm run build`.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_BUILD = `${ROOT}build/server/index.js`;
const CLIENT_DIR = `${ROOT}build/client`;
const built = existsSync(SERVER_BUILD) && existsSync(CLIENT_DIR);
const PAYLOAD = 'alert("from content")';
const INJECTED = `<script>${PAYLOAD}</script>`;
const hash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

type Path = (string | number)[];
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}
function withText(value: unknown, path: Path, text: (old: string) => string): unknown {
  if (path.length === 0) return text(value as string);
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = withText(copy[key!], rest, text);
  return copy;
}

describe.skipIf(!built)("page CSP with script text in every content field (built site)", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({
      deps: { clientDir: CLIENT_DIR, serverBuild: await loadServerBuild(SERVER_BUILD) },
    });
    cookie = await t.login();
  }, 60_000);
  afterAll(() => t?.close());

  it("allows no script from content on any page", async () => {
    const headers = { cookie, origin: TEST_ORIGIN, "content-type": "application/json" };
    let fields = 0;
    for (const collection of CONTENT_COLLECTIONS) {
      const list = await t.app.inject({ url: `/api/content/${collection.name}`, headers });
      expect(list.statusCode, collection.name).toBe(200);
      for (const entry of list.json<{ id: string; data: unknown; version: number }[]>()) {
        let data = entry.data;
        for (const path of stringPaths(data)) {
          const changed = withText(data, path, (old) => `${old}${INJECTED}`);
          if (collection.schema.safeParse(changed).success) {
            data = changed;
            fields += 1;
          }
        }
        const saved = await t.app.inject({
          method: "PUT",
          url: `/api/content/${collection.name}/${entry.id}`,
          headers,
          payload: { data, version: entry.version },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const published = await t.app.inject({
          method: "POST",
          url: `/api/content/${collection.name}/${entry.id}/publish`,
          headers,
          payload: { version: saved.json<{ version: number }>().version },
        });
        expect(published.statusCode, published.body).toBe(200);
      }
    }
    expect(fields).toBeGreaterThan(50);

    const sitemap = await t.app.inject({ url: "/sitemap.xml" });
    const desktop = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    const paths = [
      ...new Set([...desktop, ...desktop.map((p) => p.replace("-desktop", "-mobile"))]),
    ];
    expect(paths.length).toBeGreaterThan(5);
    let reached = 0;
    for (const path of paths) {
      const page = await t.app.inject({ url: path });
      if (page.statusCode !== 200) continue;
      const csp = page.headers["content-security-policy"] as string;
      const allowed = new Set((/script-src ([^;]*)/.exec(csp)?.[1] ?? "").split(" "));
      expect(allowed.has(hash(PAYLOAD)), path).toBe(false);
      // Every script the policy allows is one the app wrote, never the payload.
      for (const match of page.body.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
        if (allowed.has(hash(match[1]!))) expect(match[1], path).not.toContain(PAYLOAD);
      }
      if (page.body.includes("alert(&quot;from content&quot;)") || page.body.includes(PAYLOAD)) {
        reached += 1;
      }
    }
    // The text did reach the pages (as text).
    expect(reached).toBeGreaterThan(3);
  }, 120_000);
});
