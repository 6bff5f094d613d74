import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { NO_ROUTE_SCHEMAS } from "./route-schemas.js";

describe("route schemas", () => {
  it("a route given a schema stops the app's start, saying to validate with zod", async () => {
    const app = Fastify({ schemaController: NO_ROUTE_SCHEMAS });
    app.post("/x", { schema: { body: { type: "object" } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/validate input with the shared zod schemas/);
  });

  it("routes without one are served as usual, JSON included", async () => {
    const app = Fastify({ schemaController: NO_ROUTE_SCHEMAS });
    app.get("/x", async () => ({ ok: true }));
    const response = await app.inject({ method: "GET", url: "/x" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await app.close();
  });
});
