// Texts benchmark: one staff text to 5,000 subscribers against the built app with
// SMS_TRANSPORT=twilio and the local fake of Twilio's Messages API (server/test-support/
// fake-twilio.ts, which also posts signed status reports back). Prints how long the text took to
// be stored (the POST's answer), how long the drain took at SMS_SEND_RATE, and the page's p99
// while idle and during the drain under wrk (a visitor's request: gzip, a browser's User-Agent,
// so it is counted), twice: at a steady visitors' rate (the figure the target is about: what a
// visitor waits) and as fast as the server answers (what the drain takes from its throughput,
// on two cores shared with wrk and the fake). Asserts nothing, but says loudly if a number was
// sent twice or missed.
// Usage: npm run bench:texts [-- --record]
//   BENCH_SUBSCRIBERS   numbers subscribed (default 5000)
//   BENCH_SEND_RATE     SMS_SEND_RATE of the app (default 250 per second)
//   BENCH_PAGE_CONNECTIONS  wrk's connections to the page, as fast as it answers (default 2)
//   BENCH_PAGE_RATE     the steady visitors' rate, requests a second (default 200)
//   BENCH_REPORTS       off: the fake posts no delivery reports, to see what they cost the
//                       pages' thread (default on, as Twilio does)
// Runs under tsx (package.json) to load the fake and the database helper from their sources.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../server/db/database.ts";
import { startFakeTwilio } from "../server/test-support/fake-twilio.ts";
import { appEnvironment, appNodeFlags } from "./lib/app-flags.mjs";
import { ensureDebianTool } from "./lib/apt.mjs";
import { positiveFromEnv } from "./lib/env.mjs";
import { freePort, start, stopAll, waitForHttp } from "./lib/processes.mjs";
import { WRK, wrk, writeWrkScript } from "./lib/wrk.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const APP_MAIN = path.join(ROOT, "build/server-bundle.js");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");
const record = process.argv.includes("--record");

const SUBSCRIBERS = positiveFromEnv("BENCH_SUBSCRIBERS", 5000);
const SEND_RATE = positiveFromEnv("BENCH_SEND_RATE", 250);
const PAGE_CONNECTIONS = positiveFromEnv("BENCH_PAGE_CONNECTIONS", 2);
const PAGE_RATE = positiveFromEnv("BENCH_PAGE_RATE", 200);
const REPORTS = process.env.BENCH_REPORTS ?? "on";
if (REPORTS !== "on" && REPORTS !== "off") throw new Error("BENCH_REPORTS must be on or off");
/** The steady rate's connections, each pausing 50 ms on average between its requests. */
const PACED_PAUSE_MS = 50;
const PACED_CONNECTIONS = Math.max(1, Math.round((PAGE_RATE * PACED_PAUSE_MS) / 1000));
const IDLE_SECONDS = 8;
/**
 * The steady rate's windows are longer: at 200 requests a second, 15 s idle and 60% of the drain
 * give p99 over 24 or more slowest requests, where one 8 s window moved by 2x with no drain.
 */
const PACED_IDLE_SECONDS = 15;
const DRAIN_TIMEOUT_MS = 10 * 60_000;
const OWNER = "owner@example.org";
const SID = `AC${"7".repeat(32)}`;
const TOKEN = randomBytes(16).toString("hex");
const FROM = "+12065550199";
const PAGE = "/home-desktop";
/** A browser's User-Agent, so every page request is counted as a visit, as a visitor's is. */
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const log = (message) => process.stderr.write(`bench: ${message}\n`);

/**
 * The page under wrk for `seconds`: requests, p50/p99 (ms) and errors; as fast as it answers,
 * or at the steady rate with the paced script.
 */
function loadPage(base, script, seconds, paced = false) {
  return wrk({
    url: `${base}${PAGE}`,
    headers: { "accept-encoding": "gzip", "user-agent": BROWSER_AGENT },
    threads: 1,
    connections: paced ? PACED_CONNECTIONS : PAGE_CONNECTIONS,
    duration: seconds,
    script,
  });
}

async function main() {
  if (!existsSync(APP_MAIN)) throw new Error("no build: run `npm run build` first");
  ensureDebianTool(WRK, "wrk");
  const dir = await mkdtemp(path.join(tmpdir(), "bench-texts-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const password = randomBytes(18).toString("base64url");
  const databaseUrl = `sqlite:${path.join(dir, "site.db")}`;
  const fake = await startFakeTwilio({
    accountSid: SID,
    authToken: TOKEN,
    from: FROM,
    statusCallback: `${base}/api/sms/status`,
    reportStatuses: REPORTS === "on",
    // Twilio reports "sent" once a carrier took the text, not the instant it answered.
    reportDelayMs: 1000,
  });
  let handle;
  try {
    log(`starting the app on ${base} (SQLite), SMS_SEND_RATE=${SEND_RATE}`);
    const app = start(process.execPath, [...appNodeFlags(), APP_MAIN], {
      cwd: ROOT,
      logFile: path.join(dir, "app.log"),
      env: {
        ...process.env,
        ...appEnvironment(),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        PUBLIC_ORIGIN: base,
        ADMIN_EMAIL: OWNER,
        ADMIN_PASSWORD: password,
        SMS_TRANSPORT: "twilio",
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: FROM,
        TWILIO_API_URL: fake.url,
        SMS_SEND_RATE: String(SEND_RATE),
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        WEB_CONCURRENCY: "1",
      },
    });
    await waitForHttp(`${base}/readyz`, app, 60_000);

    const login = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: OWNER, password }),
    });
    if (login.status !== 204) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers.get("set-cookie").split(";")[0];
    const staff = (method, url, body) =>
      fetch(`${base}${url}`, {
        method,
        headers: { cookie, origin: base, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // The whole day open, whatever hour the bench runs at.
    const hours = await staff("PUT", "/api/sms/settings", {
      sendHours: { from: "00:00", to: "23:59" },
    });
    if (hours.status !== 200) throw new Error(`PUT /api/sms/settings: ${hours.status}`);

    log(`subscribing ${SUBSCRIBERS} numbers`);
    handle = openDatabase(databaseUrl);
    const at = new Date().toISOString();
    const phones = Array.from(
      { length: SUBSCRIBERS },
      (_, index) => `+1206${String(5550000 + index).padStart(7, "0")}`,
    );
    for (let i = 0; i < phones.length; i += 500) {
      await handle.db
        .insertInto("sms_subscribers")
        .values(
          phones.slice(i, i + 500).map((phone) => ({
            id: randomUUID(),
            phone,
            status: "subscribed",
            consent_text: "bench consent",
            consent_version: "bench",
            consented_at: at,
            source: "/sms-opt-in",
            client_address: null,
            user_agent: null,
            created_at: at,
            unsubscribed_at: null,
            updated_at: at,
          })),
        )
        .execute();
    }

    log(`page ${PAGE} while idle (${IDLE_SECONDS} s, wrk, ${PAGE_CONNECTIONS} connections)`);
    const script = await writeWrkScript(dir);
    const pacedScript = await writeWrkScript(dir, { pauseMs: PACED_PAUSE_MS });
    await loadPage(base, script, 2);
    const idle = await loadPage(base, script, IDLE_SECONDS);
    log(`page ${PAGE} while idle (${PACED_IDLE_SECONDS} s, wrk, about ${PAGE_RATE} a second)`);
    const idlePaced = await loadPage(base, pacedScript, PACED_IDLE_SECONDS, true);
    const loadBefore = loadavg()[0];

    log("sending one text to every subscriber");
    const t0 = performance.now();
    const created = await staff("POST", "/api/texts", {
      body: "The spring workshop opens for registration today. Details on the site.",
    });
    const storedMs = performance.now() - t0;
    if (created.status !== 201) throw new Error(`POST /api/texts: ${created.status}`);
    const text = await created.json();
    // The page under load for most of the drain's expected length, all of it inside the drain.
    // The drain's first part at the visitors' rate, the rest as fast as the page is answered.
    const drainSeconds = text.recipients / SEND_RATE;
    const pacedSeconds = Math.max(3, Math.floor(0.6 * drainSeconds));
    const busySeconds = Math.max(2, Math.floor(0.25 * drainSeconds));
    const busyPaced = await loadPage(base, pacedScript, pacedSeconds, true);
    const busy = await loadPage(base, script, busySeconds);
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (fake.messages.length < text.recipients && Date.now() < deadline) await sleep(20);
    const drainedMs = performance.now() - t0;
    // Anything sent twice would show up within moments.
    await sleep(2000);

    const counts = new Map();
    for (const message of fake.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
    const duplicated = [...counts.values()].filter((count) => count > 1).length;
    const missing = phones.filter((phone) => !counts.has(phone)).length;
    const idleP99 = idle.latencyMs.p99;
    const busyP99 = busy.latencyMs.p99;
    const pacedRatio = busyPaced.latencyMs.p99 / idlePaced.latencyMs.p99;
    const drainedDuringLoad = drainedMs / 1000 > pacedSeconds + busySeconds;
    const figures = (run) =>
      `${run.latencyMs.p50.toFixed(2)} / ${run.latencyMs.p99.toFixed(2)} ms (${run.requests} requests, ${run.requestsPerSecond.toFixed(0)}/s, ${run.socketErrors + run.badStatus} failed)`;
    const lines = [
      `## ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} — texts (\`npm run bench:texts\`)`,
      "",
      `${cpus().length} CPUs, ${cpus()[0]?.model ?? "unknown CPU"}; Node ${process.version}; SQLite (WAL); ` +
        `one worker; the fake Twilio (${REPORTS === "on" ? "with signed status reports back" : "posting no status reports: BENCH_REPORTS=off"}) and the page load on the same machine; ` +
        `load average before the send ${loadBefore.toFixed(2)}`,
      "",
      `One text (\`POST /api/texts\`) to ${SUBSCRIBERS} subscribers, SMS_SEND_RATE=${SEND_RATE}; ` +
        `\`GET ${PAGE}\` (gzip, a browser's User-Agent) under wrk -t1 while idle and during the drain (from the POST's answer${drainedDuringLoad ? "" : "; the drain ended first: not comparable"}): at a steady ${PAGE_RATE} requests a second (${PACED_CONNECTIONS} connections, each pausing a random 0-${2 * PACED_PAUSE_MS} ms; ${PACED_IDLE_SECONDS} s idle, the drain's first ${pacedSeconds} s), then as fast as it is answered (${PAGE_CONNECTIONS} connections; ${IDLE_SECONDS} s idle, the drain's next ${busySeconds} s).`,
      "",
      "| Figure | Value |",
      "| --- | --- |",
      `| text stored (the POST's answer, ${text.recipients} recipients) | ${storedMs.toFixed(0)} ms |`,
      `| drained (all handed to the fake) | ${(drainedMs / 1000).toFixed(1)} s (${((text.recipients / drainedMs) * 1000).toFixed(0)} per second) |`,
      `| handed over exactly once | ${SUBSCRIBERS - missing - duplicated} of ${SUBSCRIBERS} (missing ${missing}, duplicated ${duplicated}) |`,
      `| page p50 / p99 idle, ${PAGE_RATE} a second | ${figures(idlePaced)} |`,
      `| page p50 / p99 during the drain, ${PAGE_RATE} a second | ${figures(busyPaced)} |`,
      `| **p99 during / idle, ${PAGE_RATE} a second** | **${pacedRatio.toFixed(2)}x** (target at most 1.5x) |`,
      `| page p50 / p99 idle, as fast as answered | ${figures(idle)} |`,
      `| page p50 / p99 during the drain, as fast as answered | ${figures(busy)} |`,
      `| p99 during / idle, as fast as answered | ${(busyP99 / idleP99).toFixed(2)}x |`,
      `| load average at the end (1, 5, 15 min) | ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")} |`,
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    if (missing > 0 || duplicated > 0) {
      process.stderr.write("bench: EXACTLY-ONCE CHECK FAILED\n");
      process.exitCode = 1;
    }
    if (record) {
      await appendFile(RESULTS_FILE, `\n${lines.join("\n")}`);
      log(`appended to ${path.relative(ROOT, RESULTS_FILE)}`);
    }
  } finally {
    await handle?.close();
    await stopAll();
    await fake.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  await stopAll();
  process.exit(1);
});
