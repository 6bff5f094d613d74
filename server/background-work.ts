import type { FastifyInstance } from "fastify";

/** A worker that runs beside the requests: the outbox, the content scheduler, housekeeping. */
export interface BackgroundWork {
  start(): void | Promise<void>;
  /** Resolves once the work in flight has finished. */
  stop(): void | Promise<void>;
}

/**
 * Runs `work` for the app's life: started once the server is ready (so tests that never listen
 * start nothing), stopped and waited for by `app.close()`, which main.ts awaits before it closes
 * the database, so a worker finishes and records what it was doing while the database is open.
 */
export function runWhileOpen(app: FastifyInstance, work: BackgroundWork): void {
  app.register(async (scope) => {
    scope.addHook("onReady", async () => {
      await work.start();
    });
    scope.addHook("onClose", async () => {
      await work.stop();
    });
  });
}
