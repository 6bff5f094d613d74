// Shared by the web plugin's tests: a Fastify app with the plugin, raw requests, CSP reading.
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { type WebPluginOptions, webPlugin } from "./web-plugin.js";

export const NOT_FOUND = { error: { code: "not_found", message: "Not found" } };

/** The CSP hash source of a script as the browser computes it (CRLF read as LF). */
export const hash = (script: string) =>
  `'sha256-${createHash("sha256").update(script.replace(/\r\n?/g, "\n")).digest("base64")}'`;

export function scriptSrc(csp: string | undefined): string[] {
  const directive = csp?.split("; ").find((part) => part.startsWith("script-src "));
  return directive?.split(" ").slice(1) ?? [];
}

export async function buildApp(options: WebPluginOptions, setup?: (app: FastifyInstance) => void) {
  const app = Fastify();
  app.get("/api/ping", async () => ({ pong: true }));
  app.post("/api/echo", async (request) => request.body);
  setup?.(app);
  await app.register(webPlugin, options);
  await app.ready();
  return app;
}

/** A raw HTTP request, so the path reaches the server exactly as written. */
export async function rawGet(app: FastifyInstance, path: string) {
  const { port } = app.server.address() as AddressInfo;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
