import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.js";

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (request, reply) => {
    try {
      await database.ping();
      return { status: "ready" };
    } catch (error) {
      request.log.error({ err: error }, "readiness check failed");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
}
