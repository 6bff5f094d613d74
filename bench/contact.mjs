// Contact benchmark: 1,000 contact submissions at 50 concurrent against the built app, delivered
// by its outbox to a loopback SMTP server. Prints figures; asserts nothing (but says so loudly if a
// message was lost or sent twice). Usage: node bench/contact.mjs [--record]
//   BENCH_MESSAGES      submissions (default 1000)
//   BENCH_CONCURRENCY   submissions in flight at once (default 50)
//   BENCH_DATABASE_URL  database for the app (default: a fresh SQLite file; a postgres:// URL works)
//   WEB_CONCURRENCY     app worker processes (passed through; default 1)
//   BENCH_NODE_ARGS     extra node flags for the app, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
// The app runs with MAIL_TRANSPORT=smtp, SMTP_URL=smtp://127.0.0.1:<port>, CONTACT_RATE_LIMIT=0.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { SMTPServer } from "smtp-server";
import { freePort, start, stopAll, waitForHttp } from "./lib/processes.mjs";
import { appEnvironment, appNodeFlags } from "./lib/app-flags.mjs";
import { positiveFromEnv } from "./lib/env.mjs";
import { sampleRss } from "./lib/rss.mjs";

/** The owner the benchmark's server is started with (ADMIN_EMAIL) and signs in as. */
const BENCH_OWNER_EMAIL = "owner@example.org";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const APP_MAIN = path.join(ROOT, "build/server-bundle.js");
const RESULTS_FILE = path.join(ROOT, "bench/RESULTS.md");
const record = process.argv.includes("--record");

const MESSAGES = positiveFromEnv("BENCH_MESSAGES", 1000);
const CONCURRENCY = positiveFromEnv("BENCH_CONCURRENCY", 50);
const WORKERS = positiveFromEnv("WEB_CONCURRENCY", 1);
const DELIVERY_TIMEOUT_MS = 120_000;
const INBOX = "inbox@bench.example";

const log = (message) => process.stderr.write(`bench: ${message}\n`);

/** A loopback SMTP server that counts deliveries per bench marker. */
async function startSmtp() {
  const counts = new Map();
  let total = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const marker = /bench-[0-9a-f]+-\d+/.exec(raw)?.[0] ?? "(no marker)";
        counts.set(marker, (counts.get(marker) ?? 0) + 1);
        total += 1;
        lastAt = performance.now();
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    port: server.server.address().port,
    counts,
    get total() {
      return total;
    },
    get lastAt() {
      return lastAt;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Logs in and pages through GET /api/admin/messages: what the database holds. */
async function storedMessages(base, password) {
  const login = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password }),
  });
  if (login.status !== 204) throw new Error(`admin login failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const messages = [];
  let before = null;
  do {
    const query = `limit=500${before ? `&before=${encodeURIComponent(before)}` : ""}`;
    const response = await fetch(`${base}/api/admin/messages?${query}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET /api/admin/messages: ${response.status}`);
    const page = await response.json();
    messages.push(...page.messages);
    before = page.nextBefore;
  } while (before);
  return messages;
}

async function main() {
  if (!existsSync(APP_MAIN)) throw new Error("no build: run `npm run build` first");
  const run = randomBytes(4).toString("hex");
  const dir = await mkdtemp(path.join(tmpdir(), "bench-contact-"));
  const smtp = await startSmtp();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const password = randomBytes(18).toString("base64url");
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, "site.db")}`;
  const appLog = path.join(dir, "app.log");
  try {
    log(
      `starting the app on ${base} (${databaseUrl.startsWith("sqlite:") ? "SQLite" : "PostgreSQL"})`,
    );
    // As `npm start` runs it (its Node flags and MALLOC_ARENA_MAX), plus BENCH_NODE_ARGS.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    const app = start(process.execPath, [...appNodeFlags(), ...nodeArgs, APP_MAIN], {
      cwd: ROOT,
      logFile: appLog,
      env: {
        ...process.env,
        ...appEnvironment(),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        ADMIN_EMAIL: BENCH_OWNER_EMAIL,
        ADMIN_PASSWORD: password,
        MAIL_TRANSPORT: "smtp",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        CONTACT_TO: INBOX,
        CONTACT_RATE_LIMIT: "0",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        WEB_CONCURRENCY: String(WORKERS),
      },
    });
    await waitForHttp(`${base}/readyz`, app, 60_000);
    const rss = sampleRss(app.pid);

    // Warm-up: one submission end to end (connections, statements, the SMTP pool).
    await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ firstName: "Warm", message: `bench-${run}-warmup` }),
    });
    while (smtp.total < 1) await sleep(20);
    smtp.counts.clear();
    const deliveredBefore = smtp.total;

    log(`submitting ${MESSAGES} messages, ${CONCURRENCY} at a time`);
    const latencies = [];
    const statuses = new Map();
    const ids = [];
    let next = 0;
    const started = performance.now();
    const lane = async () => {
      while (next < MESSAGES) {
        const index = next++;
        const body = JSON.stringify({
          firstName: "Bench",
          lastName: `Sender ${index}`,
          email: `sender${index}@bench.example`,
          message: `Benchmark message bench-${run}-${index}, sent to measure the contact outbox.`,
        });
        const t0 = performance.now();
        let status;
        try {
          const response = await fetch(`${base}/api/contact`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: base },
            body,
          });
          status = response.status;
          const answer = await response.json().catch(() => null);
          if (status === 202 && answer?.id) ids.push(answer.id);
        } catch {
          status = 0;
        }
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const submittedAt = performance.now();

    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (smtp.total - deliveredBefore < ids.length && Date.now() < deadline) await sleep(10);
    const allDeliveredAt = smtp.lastAt;
    // Anything sent twice would show up within moments: wait, then count.
    await sleep(3000);

    const stored = (await storedMessages(base, password)).filter(
      (message) => message.message.includes(`bench-${run}-`) && !message.message.includes("warmup"),
    );
    const markers = [...Array(MESSAGES).keys()].map((index) => `bench-${run}-${index}`);
    const counts = markers.map((marker) => smtp.counts.get(marker) ?? 0);
    const missing = counts.filter((count) => count === 0).length;
    const duplicated = counts.filter((count) => count > 1).length;
    const accepted = statuses.get(202) ?? 0;
    const notSent = stored.filter((message) => message.status !== "sent").length;
    const sortedLatency = [...latencies].sort((a, b) => a - b);
    const seconds = (submittedAt - started) / 1000;

    const peaks = rss.stop();
    const peakRss = peaks.get(app.pid) ?? NaN;
    const workerPeaks = [...peaks].filter(([pid]) => pid !== app.pid).map(([, bytes]) => bytes);
    const figures = {
      acceptedPerSecond: accepted / seconds,
      p50: percentile(sortedLatency, 50),
      p99: percentile(sortedLatency, 99),
      max: sortedLatency[sortedLatency.length - 1],
      submitSeconds: seconds,
      deliverAllSeconds: (allDeliveredAt - started) / 1000,
      drainAfterSubmitSeconds: Math.max(0, (allDeliveredAt - submittedAt) / 1000),
    };
    const exactlyOnce =
      accepted === MESSAGES &&
      stored.length === MESSAGES &&
      notSent === 0 &&
      missing === 0 &&
      duplicated === 0;

    const statusText = [...statuses].map(([status, count]) => `${status}: ${count}`).join(", ");
    const lines = [
      `## ${new Date().toISOString().replace(/\.\d+Z$/, "Z")} — contact outbox (\`node bench/contact.mjs\`)`,
      "",
      `${cpus().length} CPUs, ${cpus()[0]?.model ?? "unknown CPU"}; Node ${process.version}; ` +
        `${databaseUrl.startsWith("sqlite:") ? "SQLite (WAL)" : "PostgreSQL"}; app WEB_CONCURRENCY=${WORKERS}; ` +
        `load generator and SMTP server on the same machine; load average before ${loadavg()[0].toFixed(2)}`,
      "",
      `${MESSAGES} submissions of POST /api/contact, ${CONCURRENCY} in flight, CONTACT_RATE_LIMIT=0, ` +
        `MAIL_TRANSPORT=smtp to a loopback \`smtp-server\` counting each message by a unique marker.`,
      "",
      "| Figure | Value |",
      "| --- | --- |",
      `| accepted (202) per second | ${figures.acceptedPerSecond.toFixed(0)} |`,
      `| latency p50 / p99 / max | ${figures.p50.toFixed(1)} / ${figures.p99.toFixed(1)} / ${figures.max.toFixed(1)} ms |`,
      `| answers | ${statusText} |`,
      `| time to submit all | ${figures.submitSeconds.toFixed(2)} s |`,
      `| time until all delivered (from the first submission) | ${figures.deliverAllSeconds.toFixed(2)} s |`,
      `| delivery backlog after the last answer | ${figures.drainAfterSubmitSeconds.toFixed(2)} s |`,
      `| stored (in the staff API) / marked sent | ${stored.length} / ${stored.length - notSent} |`,
      `| delivered exactly once | ${MESSAGES - missing - duplicated} of ${MESSAGES} (missing ${missing}, duplicated ${duplicated}) |`,
      `| exactly-once check | ${exactlyOnce ? "PASSED" : "FAILED"} |`,
      `| peak RSS of the app's main process${workerPeaks.length ? " / largest worker" : ""} | ${(peakRss / 1048576).toFixed(0)} MB${workerPeaks.length ? ` / ${(Math.max(...workerPeaks) / 1048576).toFixed(0)} MB` : ""} |`,
      `| load average at the end (1, 5, 15 min) | ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")} |`,
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    if (!exactlyOnce) {
      process.stderr.write(`bench: EXACTLY-ONCE CHECK FAILED; app log: ${appLog}\n`);
      process.stderr.write((await readFile(appLog, "utf8")).slice(-4000));
      process.exitCode = 1;
    }
    if (record) {
      await appendFile(RESULTS_FILE, `\n${lines.join("\n")}`);
      log(`appended to ${path.relative(ROOT, RESULTS_FILE)}`);
    }
  } finally {
    await stopAll();
    await smtp.close();
    if (process.exitCode !== 1) await rm(dir, { recursive: true, force: true });
  }
}

main().catch(async (error) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  await stopAll();
  process.exit(1);
});
