import { describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app.js";

describe("health and failures", () => {
  it("answers /healthz and /readyz, and 503 (not 500) when the database is gone", async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      await t.database.handle.close();
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      const featured = await t.app.inject({ method: "GET", url: "/api/updates/featured?limit=3" });
      expect(featured.statusCode).toBe(503);
      expect(featured.json().error.code).toBe("database_unavailable");
      expect(featured.body).not.toContain("stack");
    } finally {
      await t.app.close();
      await t.database.cleanup();
    }
  });
});
