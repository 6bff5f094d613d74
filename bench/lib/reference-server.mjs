// The ceilings the app is compared with: a bare node:http server and a minimal Fastify route,
// each answering fixed responses (the app's own bytes and headers) from memory.
// Usage: node bench/lib/reference-server.mjs node-http|fastify <fixtures.json> <port>
// fixtures.json: [{ "path": "/x", "headers": { name: value }, "body": "<base64>" }]
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [kind, fixturesFile, portText] = process.argv.slice(2);
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
} else {
  throw new Error(`unknown reference server kind: ${kind}`);
}
