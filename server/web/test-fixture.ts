import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/** Test helper: a small client build in a temporary folder (not part of the server build). */

export const INDEX_SCRIPTS = [
  'window.__ctx = {"page":"home"};',
  // CRLF line ends: browsers hash the text after turning them into LF.
  'import "/assets/app-abc123.js";\r\nconsole.log("module");',
];
export const ABOUT_SCRIPT = "console.log('about');";
export const FALLBACK_SCRIPT = "window.__spa = true;";

export const INDEX_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>
<title>Home</title><link rel="stylesheet" href="/assets/style-def456.css"/>
<script type="module" src="/assets/app-abc123.js"></script></head>
<body><main>${"<p>Learning design for libraries and communities.</p>".repeat(20)}</main>
<script>${INDEX_SCRIPTS[0]}</script><script type="module" async="" data-x="a>b">${INDEX_SCRIPTS[1]}</script>
<script>${INDEX_SCRIPTS[0]}</script></body></html>`;

export const ABOUT_HTML = `<!DOCTYPE html><html lang="en"><head><title>About</title></head>
<body><h1>About</h1><SCRIPT>${ABOUT_SCRIPT}</SCRIPT></body></html>`;

export const FALLBACK_HTML = `<!DOCTYPE html><html lang="en"><head><title>Loading</title></head>
<body><main><p>Loading…</p></main><script>${FALLBACK_SCRIPT}</script></body></html>`;

export const APP_JS = `export function hello(){return "hello";}\n${"console.log('x');\n".repeat(100)}`;
export const STYLE_CSS = `body{margin:0}\n${".a{color:red}\n".repeat(80)}`;
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`;
export const ROBOTS_TXT = "User-agent: *\nAllow: /\n";

export interface Fixture {
  /** The client directory, inside a temporary root that also holds a secret `package.json`. */
  readonly dir: string;
  readonly video: Buffer;
  cleanup(): Promise<void>;
}

export async function createClientFixture(): Promise<Fixture> {
  const root = await mkdtemp(path.join(tmpdir(), "web-fixture-"));
  const dir = path.join(root, "client");
  await mkdir(dir);
  // Beside the client directory, never reachable through it.
  await writeFile(path.join(root, "package.json"), '{"secret":true}');
  const video = randomBytes(10_000);
  const write = async (
    relative: string,
    content: string | Buffer,
    siblings: ("br" | "gz")[] = [],
  ) => {
    const file = path.join(dir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    const data = typeof content === "string" ? Buffer.from(content) : content;
    await writeFile(file, data);
    if (siblings.includes("br")) await writeFile(`${file}.br`, brotliCompressSync(data));
    if (siblings.includes("gz")) await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  };
  await write("index.html", INDEX_HTML, ["br", "gz"]);
  await write("about-desktop/index.html", ABOUT_HTML);
  await write("__spa-fallback.html", FALLBACK_HTML, ["gz"]);
  await write("assets/app-abc123.js", APP_JS, ["br", "gz"]);
  await write("assets/style-def456.css", STYLE_CSS, ["gz"]);
  await write("favicon.svg", FAVICON_SVG);
  await write("robots.txt", ROBOTS_TXT);
  await write("media/clip.mp4", video);
  // A sibling left over from an older build: it must never be served.
  await write("assets/stale.js", "console.log('new');");
  await writeFile(path.join(dir, "assets/stale.js.gz"), gzipSync("console.log('old');"));
  // A file that is only ever compressed, and a dot-file that is not part of the site.
  await writeFile(path.join(dir, "data.bin.gz"), gzipSync("payload"));
  await writeFile(path.join(dir, ".env"), "SECRET=1");
  return { dir, video, cleanup: () => rm(root, { recursive: true, force: true }) };
}
