import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { withDefaultPostgresUser } from "./db/database.js";
import { freePort } from "./test-support/free-port.js";
import { SEEDED_UPDATES } from "./updates/updates-seed.js";
import { postgresUnavailableReason, TEST_POSTGRES_URL } from "./test-support/test-database.js";

const root = new URL("..", import.meta.url).pathname;
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs server/main.ts as `npm start` would run its compiled form. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number, exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + 30_000;
  let done = false;
  void exited.then(() => (done = true));
  while (Date.now() < deadline && !done) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become ready");
}

describe("the server process", () => {
  it("stops at start-up on a bad value, naming the variable", async () => {
    const server = start({ PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT");
  });

  it("starts on SQLite, prints a one-time setup link once, and exits 0 on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-main-"));
    dirs.push(dir);
    const port = await freePort();
    const server = start({
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, "nested", "site.db")}`,
    });
    await waitReady(port, server.exited);
    const link = new RegExp(`http://localhost:${port}/admin/setup/([\\w-]{43})`).exec(
      server.output(),
    );
    expect(link, server.output()).not.toBeNull();
    const origin = `http://127.0.0.1:${port}`;
    const headers = { "content-type": "application/json", origin };
    // The link's page asks an email, a name and a password; the owner is then signed in.
    const setup = await fetch(`${origin}/api/setup/${link![1]}`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        email: "Owner@Example.org",
        name: "Site Owner",
        password: "a setup-test owner password",
      }),
    });
    expect(setup.status).toBe(201);
    const used = await fetch(`${origin}/api/setup/${link![1]}`, { method: "GET" });
    expect(used.status).toBe(410);
    const login = await fetch(`${origin}/api/session`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "owner@example.org", password: "a setup-test owner password" }),
    });
    expect(login.status).toBe(204);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    // A second start finds the owner and prints no link.
    const again = start({
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, "nested", "site.db")}`,
    });
    await waitReady(port, again.exited);
    expect(again.output()).not.toContain("/admin/setup/");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("logs one line per request and loses none of the buffered lines on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-main-"));
    dirs.push(dir);
    const port = await freePort();
    const server = start({
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
      ADMIN_PASSWORD: "a password for the log test",
      LOG_LEVEL: "info",
    });
    await waitReady(port, server.exited);
    const paths = Array.from(
      { length: 25 },
      (_, i) => `/api/updates/featured?limit=${(i % 20) + 1}`,
    );
    for (const path of paths) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map(
        (line) =>
          JSON.parse(line) as {
            reqId?: string;
            req?: { url?: string; remoteAddress?: string; remotePort?: number };
            res?: { statusCode?: number };
          },
      );
    const logged = lines.filter((line) => line.req?.url?.startsWith("/api/updates/featured?"));
    expect(logged.map((line) => line.req?.url)).toEqual(paths);
    expect(logged.every((line) => line.res?.statusCode === 200)).toBe(true);
    // The whole line of a real connection: who asked, from which port, under which request id.
    expect(logged[0]).toMatchObject({
      reqId: expect.stringMatching(/^req-/) as unknown,
      req: { remoteAddress: "127.0.0.1", remotePort: expect.any(Number) as unknown },
    });
  });

  it("starts two instances at once on one PostgreSQL database", async (context) => {
    const reason = await postgresUnavailableReason();
    if (reason) {
      console.warn(`[skipped] ${reason}`);
      context.skip();
    }
    const name = `site_main_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: withDefaultPostgresUser(TEST_POSTGRES_URL) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${name}`;
      const ports = [await freePort(), await freePort()];
      const servers = ports.map((port) =>
        start({
          PORT: String(port),
          DATABASE_URL: url.toString(),
          ADMIN_PASSWORD: "a shared password",
        }),
      );
      await Promise.all(servers.map((server, i) => waitReady(ports[i]!, server.exited)));
      for (const port of ports) {
        const response = await fetch(`http://127.0.0.1:${port}/api/updates/featured`);
        expect(response.status).toBe(200);
        // The starting updates, written once although both instances started at once.
        const featured = (await response.json()) as { title: string }[];
        expect(featured.map((update) => update.title)).toEqual(
          SEEDED_UPDATES.map((update) => update.title),
        );
      }
      for (const server of servers) server.child.kill("SIGTERM");
      expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
