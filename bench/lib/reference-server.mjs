// The ceilings the app is compared with: a bare node:http server and a minimal Fastify route,
// each answering fixed responses (the app's own bytes and headers) from memory.
// Two more, for static files only, compare ways of serving the built client in the same minimal
// Fastify app (no logging, no API): `web-plugin` is our server/web, `fastify-static` is
// @fastify/static with precompressed files plus hooks for the security headers and each page's
// CSP (it is not a dependency: `npm install --no-save @fastify/static` first).
// Usage: node bench/lib/reference-server.mjs <kind> <fixtures.json> <port> [<build dir>]
// fixtures.json: [{ "path": "/x", "headers": { name: value }, "body": "<base64>" }]
import { readFileSync } from "node:fs";
import { cp, mkdir, readdir, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";

const [kind, fixturesFile, portText, buildDir = ""] = process.argv.slice(2);
const port = Number(portText);
const fixtures = JSON.parse(readFileSync(fixturesFile, "utf8")).map((fixture) => ({
  ...fixture,
  body: Buffer.from(fixture.body, "base64"),
}));

if (kind === "node-http") {
  const byPath = new Map(fixtures.map((fixture) => [fixture.path, fixture]));
  const server = createServer((request, response) => {
    const fixture = byPath.get(request.url ?? "");
    if (!fixture) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, fixture.headers);
    response.end(fixture.body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, "127.0.0.1");
} else if (kind === "fastify") {
  const { default: Fastify } = await import("fastify");
  const app = Fastify({ logger: false });
  for (const fixture of fixtures) {
    app.get(fixture.path, (_request, reply) => {
      reply.headers(fixture.headers).send(fixture.body);
    });
  }
  await app.listen({ port, host: "127.0.0.1" });
} else if (kind === "web-plugin" || kind === "fastify-static") {
  const { default: Fastify } = await import("fastify");
  // Pages are rendered by the app now (decision 016): a copy of the built client gets the app's
  // page answers as files (and their gzip form), so both serve the same bytes from files.
  const clientDir = path.join(path.dirname(fixturesFile), `${kind}-client`);
  await cp(path.join(buildDir, "client"), clientDir, { recursive: true });
  for (const fixture of fixtures) {
    if (fixture.path.startsWith("/api/") || fixture.headers["content-encoding"] !== "gzip")
      continue;
    const file = path.join(clientDir, fixture.path, "index.html");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, gunzipSync(fixture.body));
    await writeFile(`${file}.gz`, fixture.body);
  }
  const built = (file) => import(pathToFileURL(path.join(buildDir, "api/server/web", file)).href);
  // The app's own settings that change routing: `/a/` and `/a` are one route.
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  for (const fixture of fixtures.filter((f) => f.path.startsWith("/api/"))) {
    app.get(fixture.path, (_request, reply) => {
      reply.headers(fixture.headers).send(fixture.body);
    });
  }
  if (kind === "web-plugin") {
    const { webPlugin } = await built("index.js");
    await app.register(webPlugin, { clientDir });
  } else {
    await registerFastifyStatic(app, clientDir, built);
  }
  await app.listen({ port, host: "127.0.0.1" });
} else {
  throw new Error(`unknown reference server kind: ${kind}`);
}

/**
 * @fastify/static doing what server/web does, as far as its options allow: precompressed files,
 * pages at their folder's URL, the cache policy per path, the security headers on every answer
 * and each page's CSP with the hashes of its inline scripts (computed once at start).
 */
async function registerFastifyStatic(app, clientDir, built) {
  const { default: fastifyStatic } = await import("@fastify/static");
  const { pageCsp, SVG_CSP } = await built("csp.js");
  const { registerSecurityHeaders } = await built("security-headers.js");
  const { cacheControlFor } = await built("static-entries.js");
  const { contentTypeFor } = await built("content-types.js");
  const cspByFile = new Map();
  for (const entry of await readdir(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    cspByFile.set(file, pageCsp(readFileSync(file, "utf8"), { https: false }));
  }
  registerSecurityHeaders(app, {});
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    redirect: false,
    cacheControl: false,
    setHeaders(reply, file) {
      const original = file.replace(/\.(br|gz)$/, "");
      const relative = path.relative(clientDir, original).split(path.sep).join("/");
      reply.header("cache-control", cacheControlFor(relative, contentTypeFor(relative)));
      const csp = cspByFile.get(original) ?? (original.endsWith(".svg") ? SVG_CSP : undefined);
      if (csp) reply.header("content-security-policy", csp);
    },
  });
}
