// Large uploads: what image work costs the server (docs/decisions/025). One built server on a
// fresh SQLite file; BENCH_UPLOADS large images are uploaded one after another (alternately a
// 7000 × 7000 AVIF and a 50-megapixel PNG, both generated here), while /healthz is asked every
// 20 ms. Then BENCH_SMALL_UPLOADS ordinary photos, and the idle RSS after a quiet pause.
// Prints: the main process's RSS at start, its peak and after the uploads; the peak of the image
// child processes (sampled from /proc every 20 ms); /healthz p50/p99/max during the uploads; each
// upload's status and time. Asserts nothing.
// Usage: node bench/uploads.mjs [--record]
//   --record               append the figures to bench/RESULTS.md
//   BENCH_UPLOADS          large uploads (default 10)
//   BENCH_SMALL_UPLOADS    ordinary uploads after them (default 50)
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { appEnvironment, appNodeFlags } from "./lib/app-flags.mjs";
import { positiveFromEnv } from "./lib/env.mjs";
import { markdownTable } from "./lib/markdown.mjs";
import { freePort, start, stopAll, waitForHttp } from "./lib/processes.mjs";
import { processTree, rssOf } from "./lib/rss.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const APP_MAIN = path.join(ROOT, "build/server-bundle.js");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");
const PASSWORD = `bench-${randomBytes(12).toString("hex")}`;
const EMAIL = "owner@bench.example";
const record = process.argv.includes("--record");
const LARGE = positiveFromEnv("BENCH_UPLOADS", 10);
const SMALL = positiveFromEnv("BENCH_SMALL_UPLOADS", 50);
const NODE_FLAGS = appNodeFlags();

const log = (message) => process.stderr.write(`bench: ${message}\n`);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** A picture with some detail (a gradient and shapes), so encoders have work to do. */
async function picture(width, height, format) {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g"><stop offset="0" stop-color="#1f5f5b"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>` +
      `<circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#b8461b"/>` +
      `</svg>`,
  );
  const image = sharp(svg, { limitInputPixels: false });
  if (format === "avif") return image.avif({ quality: 40, effort: 0 }).toBuffer();
  if (format === "png") return image.png({ compressionLevel: 9 }).toBuffer();
  return image.jpeg({ quality: 85 }).toBuffer();
}

async function signIn(origin) {
  for (const body of [{ email: EMAIL, password: PASSWORD }, { password: PASSWORD }]) {
    const response = await fetch(`${origin}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(body),
    });
    if (response.ok) {
      return response.headers
        .getSetCookie()
        .map((line) => line.split(";", 1)[0])
        .join("; ");
    }
  }
  throw new Error("could not sign in");
}

async function upload(origin, cookie, bytes, name) {
  const form = new FormData();
  form.append("alt", `Bench picture ${name}`);
  form.append("file", new Blob([bytes]), name);
  const started = performance.now();
  const response = await fetch(`${origin}/api/media`, {
    method: "POST",
    headers: { cookie, origin },
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function main() {
  if (!existsSync(APP_MAIN)) throw new Error("no build: run `npm run build` first");
  const dir = await mkdtemp(path.join(tmpdir(), "bench-uploads-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  try {
    log("generating the images…");
    const avif = await picture(7000, 7000, "avif");
    const png = await picture(8660, 5773, "png");
    const photo = await picture(2400, 1600, "jpeg");
    log(`AVIF 7000×7000 ${mb(avif.length)} MB, PNG 8660×5773 ${mb(png.length)} MB`);

    // As `npm start` runs it: its Node flags and MALLOC_ARENA_MAX.
    const server = start(process.execPath, [...NODE_FLAGS, APP_MAIN], {
      cwd: ROOT,
      logFile: path.join(dir, "server.log"),
      env: {
        ...process.env,
        ...appEnvironment(),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `sqlite:${path.join(dir, "site.db")}`,
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: "warn",
        MEDIA_RATE_LIMIT: "0",
      },
    });
    await waitForHttp(`${origin}/readyz`, server);
    const cookie = await signIn(origin);
    await sleep(1000);
    const startRss = rssOf(server.pid);
    const startLoad = load();

    // Sampled every 20 ms: the server's own RSS, and its image children's.
    let mainPeak = 0;
    let childPeak = 0;
    const sampler = setInterval(() => {
      for (const pid of processTree(server.pid)) {
        const rss = rssOf(pid) ?? 0;
        if (pid === server.pid) mainPeak = Math.max(mainPeak, rss);
        else childPeak = Math.max(childPeak, rss);
      }
    }, 20);
    const health = [];
    let uploading = true;
    const prober = (async () => {
      while (uploading) {
        const started = performance.now();
        await (await fetch(`${origin}/healthz`)).arrayBuffer();
        health.push(performance.now() - started);
        await sleep(20);
      }
    })();

    const large = [];
    for (let index = 0; index < LARGE; index++) {
      const [bytes, name] = index % 2 === 0 ? [avif, "huge.avif"] : [png, "huge.png"];
      large.push({ name, ...(await upload(origin, cookie, bytes, `${index}-${name}`)) });
      log(`${name}: ${large.at(-1).status} in ${large.at(-1).ms.toFixed(0)} ms`);
    }
    uploading = false;
    await prober;
    const afterLarge = rssOf(server.pid);
    for (let index = 0; index < SMALL; index++) {
      const result = await upload(origin, cookie, photo, `photo-${index}.jpg`);
      if (result.status >= 300) log(`photo ${index}: ${result.status}`);
    }
    await sleep(3000);
    clearInterval(sampler);
    const idleRss = rssOf(server.pid);

    const sorted = [...health].sort((a, b) => a - b);
    const rows = [
      ["main RSS at start", `${mb(startRss)} MB`],
      ["main RSS peak during the uploads", `${mb(mainPeak)} MB`],
      ["main RSS after the large uploads", `${mb(afterLarge)} MB`],
      [
        `main RSS idle after ${SMALL} more uploads`,
        `${mb(idleRss)} MB (${((idleRss / startRss - 1) * 100).toFixed(0)} % over start)`,
      ],
      ["image child process peak", `${mb(childPeak)} MB`],
      [
        `/healthz during the uploads (${health.length} asks)`,
        `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`,
      ],
      ...large.map(({ name, status, ms }, index) => [
        `upload ${index + 1}: ${name}`,
        `${status} in ${ms.toFixed(0)} ms`,
      ]),
      [
        "the server's Node flags and MALLOC_ARENA_MAX",
        `${NODE_FLAGS.join(" ") || "(none)"}; ${appEnvironment().MALLOC_ARENA_MAX}`,
      ],
      ["load average (1, 5, 15 min) at the start", startLoad],
      ["load average (1, 5, 15 min) at the end", load()],
    ];
    const table = markdownTable(["Figure", "Value"], rows);
    process.stdout.write(`${table}\n`);
    if (record) {
      await appendFile(
        RESULTS_FILE,
        `\n## Large uploads (${new Date().toISOString().slice(0, 10)}, \`npm run bench:uploads\`)\n\n${table}\n`,
      );
      log(`appended to ${path.relative(ROOT, RESULTS_FILE)}`);
    }
  } finally {
    await stopAll();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
