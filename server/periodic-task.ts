/**
 * Runs `pass` now and then every `intervalMs` (the content scheduler, housekeeping), never two
 * at once: a pass still running when the next is due is not joined by another, so a slow
 * database never piles passes up. The timer does not keep the process alive; `stop` waits for
 * the pass in flight.
 */
export interface PeriodicTask {
  start(): void;
  stop(): Promise<void>;
}

export function createPeriodicTask(pass: () => Promise<unknown>, intervalMs: number): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  function tick() {
    if (running) return;
    running = pass().finally(() => {
      running = undefined;
    });
  }

  return {
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
