import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password.js";
import { MAX_FAILED_LOGINS } from "../auth/login-limiter.js";
import { freePort } from "../test-support/free-port.js";

/**
 * The deployment operators actually run (docs/product.md section 10): the built server behind Debian's nginx
 * as a reverse proxy on loopback, TRUST_PROXY naming the proxy; and the server on IPv6 (::1).
 *
 * Loopback has many addresses, so each party has its own: nginx connects to the app from
 * 127.0.0.2 (the only trusted proxy), direct clients come from 127.0.0.1, and visitors reach
 * nginx from 127.0.0.10 and 127.0.0.11 (or ::1).
 */
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));
if (!NGINX) console.warn("[skipped] reverse-proxy tests: no nginx (npm test installs it as root)");
const root = new URL("../..", import.meta.url).pathname;
const BUILT_MAIN = join(root, "build/server-bundle.js");
const PROXY_ADDRESS = "127.0.0.2";
const ORIGIN = "http://site.test";
const PASSWORD = "the admin's own long password";
const WEBHOOK_TOKEN = "webhook-token-that-must-not-be-logged";
const CONTACT_LIMIT = 3;

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request from a chosen local address (loopback has many). */
function send(options: {
  host: string;
  port: number;
  from?: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host,
        port: options.port,
        method: options.method ?? "GET",
        path: options.path,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: { connection: "close", ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const jsonHeaders = { "content-type": "application/json", origin: ORIGIN };

interface Target {
  host: string;
  port: number;
  from?: string;
}

/**
 * A sign-in as the owner, or as `email`. The address limits are what these tests are about; the
 * wrong guesses of the later tests go to other emails, since every failure also counts against
 * the email tried (10 per 15 minutes, decision 028) and would otherwise add up across tests.
 */
function login(
  target: Target,
  password: string,
  headers: Record<string, string> = {},
  email = "owner@example.org",
) {
  return send({
    ...target,
    method: "POST",
    path: "/api/session",
    headers: { ...jsonHeaders, ...headers },
    body: JSON.stringify({ email, password }),
  });
}

function contact(target: Target, headers: Record<string, string> = {}) {
  return send({
    ...target,
    method: "POST",
    path: "/api/contact",
    headers: { ...jsonHeaders, ...headers },
    body: JSON.stringify({ message: "Hello from the proxy test" }),
  });
}

interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Running {
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The built server (`npm test` builds first), else the sources through tsx. */
function startSite(env: Record<string, string>): Running {
  const useBuild = process.env.SITE_TEST_BUILT === "1" && existsSync(BUILT_MAIN);
  const args = useBuild ? [BUILT_MAIN] : ["--import", "tsx", "server/main.ts"];
  return run(process.execPath, args, { LOG_LEVEL: "info", ...env });
}

async function waitFor(target: Target, path: string, running: Running): Promise<void> {
  let exited = false;
  void running.exited.then(() => (exited = true));
  for (let attempt = 0; attempt < 150 && !exited; attempt += 1) {
    try {
      if ((await send({ ...target, path })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${path} never answered on ${target.host}:${target.port}:\n${running.output()}`);
}

/** The process's output once it contains `text` (log lines follow their answers), or as it is. */
async function outputOnceContaining(running: Running, text: string): Promise<string> {
  for (let attempt = 0; attempt < 50 && !running.output().includes(text); attempt += 1) {
    await new Promise((done) => setTimeout(done, 100));
  }
  return running.output();
}

async function stop(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null) return;
  running.child.kill("SIGTERM");
  await running.exited;
}

describe.skipIf(!NGINX)("behind Debian's nginx as a reverse proxy, and on IPv6", () => {
  const dir = mkdtempSync(join(tmpdir(), "site-nginx-"));
  let site: Running | undefined;
  let nginx: Running | undefined;
  let appPort = 0;
  let proxyPort = 0;
  let passwordHash = "";

  const direct = (): Target => ({ host: "127.0.0.1", port: appPort, from: "127.0.0.1" });
  const visitor = (from: string): Target => ({ host: "127.0.0.1", port: proxyPort, from });

  beforeAll(async () => {
    // A cheaper scrypt cost than production keeps the many wrong passwords quick.
    passwordHash = await hashPassword(PASSWORD, 14);
    appPort = await freePort();
    proxyPort = await freePort();
    site = startSite({
      PORT: String(appPort),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      ADMIN_EMAIL: "owner@example.org",
      ADMIN_PASSWORD_HASH: passwordHash,
      PUBLIC_ORIGIN: ORIGIN,
      TRUST_PROXY: PROXY_ADDRESS,
      CONTACT_RATE_LIMIT: String(CONTACT_LIMIT),
      SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    });

    mkdirSync(join(dir, "nginx"));
    const prefix = join(dir, "nginx");
    const temp = (name: string) => `${name}_temp_path ${join(prefix, name)};`;
    writeFileSync(
      join(prefix, "nginx.conf"),
      [
        "daemon off;",
        "worker_processes 1;",
        // As root, nginx's workers would switch to nobody, who cannot read this private directory.
        ...(process.getuid?.() === 0 ? ["user root;"] : []),
        `pid ${join(prefix, "nginx.pid")};`,
        `error_log ${join(prefix, "error.log")} warn;`,
        "events { worker_connections 128; }",
        "http {",
        "  access_log off;",
        `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
        "  server {",
        `    listen 127.0.0.1:${proxyPort};`,
        `    listen [::1]:${proxyPort};`,
        "    location / {",
        `      proxy_pass http://127.0.0.1:${appPort};`,
        `      proxy_bind ${PROXY_ADDRESS};`,
        "      proxy_set_header Host $host;",
        "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "      proxy_set_header X-Forwarded-Proto $scheme;",
        "    }",
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    nginx = run(NGINX!, [
      "-p",
      prefix,
      "-c",
      join(prefix, "nginx.conf"),
      "-e",
      join(prefix, "error.log"),
    ]);
    await waitFor(direct(), "/readyz", site);
    await waitFor(visitor("127.0.0.1"), "/healthz", nginx);
  }, 90_000);

  afterAll(async () => {
    await stop(nginx);
    await stop(site);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a direct client's own X-Forwarded-For is ignored: the login and contact limits hold", async () => {
    for (let i = 1; i <= MAX_FAILED_LOGINS; i += 1) {
      const forged = { "x-forwarded-for": `198.51.100.${i}` };
      expect((await login(direct(), "wrong password", forged)).status).toBe(401);
    }
    const again = await login(direct(), PASSWORD, { "x-forwarded-for": "198.51.100.200" });
    expect(again.status).toBe(429);
    // Even claiming to come through the trusted proxy's address changes nothing.
    const asProxy = await login(direct(), PASSWORD, { "x-forwarded-for": PROXY_ADDRESS });
    expect(asProxy.status).toBe(429);

    const statuses: number[] = [];
    for (let i = 1; i <= CONTACT_LIMIT + 2; i += 1) {
      statuses.push((await contact(direct(), { "x-forwarded-for": `203.0.113.${i}` })).status);
    }
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT).fill(202), 429, 429]);
  });

  it("through nginx, a visitor cannot dodge the limits or lock out another address", async () => {
    const attacker = visitor("127.0.0.10");
    const admin = visitor("127.0.0.11");
    for (let i = 1; i <= MAX_FAILED_LOGINS; i += 1) {
      // Each attempt pretends to come from somewhere else, the admin's address included.
      const forged = { "x-forwarded-for": i % 2 ? "127.0.0.11" : `192.0.2.${i}, 127.0.0.11` };
      expect((await login(attacker, "wrong password", forged, "guess@example.org")).status).toBe(
        401,
      );
    }
    expect((await login(attacker, PASSWORD, { "x-forwarded-for": "10.1.1.1" })).status).toBe(429);
    expect((await login(admin, PASSWORD)).status).toBe(204);

    const statuses: number[] = [];
    for (let i = 1; i <= CONTACT_LIMIT + 1; i += 1) {
      const forged = { "x-forwarded-for": i % 2 ? "127.0.0.11" : "x".repeat(300) };
      statuses.push((await contact(attacker, forged)).status);
    }
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT).fill(202), 429]);
    expect((await contact(admin)).status).toBe(202);
  });

  it("visitors over IPv6 (::1 to nginx) are limited too", async () => {
    const overIpv6: Target = { host: "::1", port: proxyPort };
    for (let i = 1; i <= MAX_FAILED_LOGINS; i += 1) {
      const forged = { "x-forwarded-for": `2001:db8::${i}` };
      expect((await login(overIpv6, "wrong password", forged, "guess6@example.org")).status).toBe(
        401,
      );
    }
    expect((await login(overIpv6, PASSWORD)).status).toBe(429);
    expect((await login(visitor("127.0.0.12"), PASSWORD)).status).toBe(204);
  });

  it("keeps the webhook token out of the server's log", async () => {
    const response = await send({
      ...visitor("127.0.0.13"),
      method: "POST",
      path: `/api/sms/inbound?token=${WEBHOOK_TOKEN}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "From=%2B12065550100&Body=HELP",
    });
    expect(response.status).toBe(200);
    const output = await outputOnceContaining(site!, "token=[redacted]");
    expect(output).toContain("token=[redacted]");
    expect(output).not.toContain(WEBHOOK_TOKEN);
  });

  it("listening on ::1, the server limits IPv6 clients", async () => {
    const port = await freePort("::1");
    const ipv6Site = startSite({
      PORT: String(port),
      HOST: "::1",
      DATABASE_URL: `sqlite:${join(dir, "ipv6.db")}`,
      ADMIN_EMAIL: "owner@example.org",
      ADMIN_PASSWORD_HASH: passwordHash,
      PUBLIC_ORIGIN: ORIGIN,
      CONTACT_RATE_LIMIT: String(CONTACT_LIMIT),
    });
    try {
      const target: Target = { host: "::1", port };
      await waitFor(target, "/readyz", ipv6Site);
      for (let i = 1; i <= MAX_FAILED_LOGINS; i += 1) {
        const forged = { "x-forwarded-for": `2001:db8::${i}` };
        expect((await login(target, "wrong password", forged)).status).toBe(401);
      }
      expect((await login(target, PASSWORD)).status).toBe(429);
      const statuses: number[] = [];
      for (let i = 1; i <= CONTACT_LIMIT + 1; i += 1) statuses.push((await contact(target)).status);
      expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT).fill(202), 429]);
    } finally {
      await stop(ipv6Site);
    }
  }, 60_000);
});
