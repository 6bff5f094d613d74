import type { FastifyBaseLogger } from "fastify";
import { createPeriodicTask } from "../periodic-task.js";
import type { ContentRepository } from "./content-repository.js";

/** How often each instance looks for scheduled publishes that are due (the 5 s promise holds with room). */
export const SCHEDULER_INTERVAL_MS = 1_000;

/**
 * Publishes scheduled drafts when their time comes, with no request needed. Every instance runs
 * one; the repository claims due rows under the content lock, so a draft goes live once, as one
 * revision, whichever instance gets there first.
 */
export interface ContentScheduler {
  /** One pass: how many drafts went live. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createContentScheduler(options: {
  repository: ContentRepository;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): ContentScheduler {
  const { repository, log } = options;
  const intervalMs = options.intervalMs ?? SCHEDULER_INTERVAL_MS;
  const task = createPeriodicTask(
    () =>
      repository.publishDue().then(
        (count) => {
          if (count > 0) log.info({ count }, "content: scheduled drafts published");
        },
        (error: unknown) =>
          log.warn({ err: error }, "content: scheduled publish failed; will try again"),
      ),
    intervalMs,
  );

  return {
    runOnce: () => repository.publishDue(),
    start: task.start,
    stop: task.stop,
  };
}
