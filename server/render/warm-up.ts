/**
 * Renders a fixed set of pages again in the background after the content changed
 * (docs/decisions/021), so the first visitor after a publish is served from memory.
 *
 * - At most `concurrency` pages are rendered at once by a pass.
 * - A newer change supersedes a pass: the older pass takes no further page and the newer one
 *   starts once the older one's renders in flight have finished, so passes never overlap and a
 *   burst of changes costs one pass more, not one per change.
 * - A failure is reported to `onError` and the pass goes on with the next page; nothing throws.
 *
 * What a render stores, and under which version, is the render cache's business: `render` goes
 * through it (single flight), and the cache never keeps a render whose generation was replaced.
 */
export interface WarmUp {
  /** Starts a pass over every page (superseding one that is running). */
  start(): void;
  /** Resolves when no pass is running or waiting (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops taking pages and waits for the renders in flight; `start` does nothing afterwards. */
  stop(): Promise<void>;
}

export interface WarmUpOptions<Page> {
  readonly pages: readonly Page[];
  /** Renders one page into the cache (a value when it was ready already). */
  readonly render: (page: Page) => unknown;
  /** Told of each page that failed; the pass goes on. */
  readonly onError: (error: unknown, page: Page) => void;
  /** Pages rendered at once (default 2: rendering runs on the main thread, compression off it). */
  readonly concurrency?: number;
}

export const WARM_UP_CONCURRENCY = 2;

export function createWarmUp<Page>(options: WarmUpOptions<Page>): WarmUp {
  const { pages, render, onError } = options;
  const concurrency = Math.max(1, options.concurrency ?? WARM_UP_CONCURRENCY);
  /** The newest pass; an older pass stops when it sees a newer number. */
  let newest = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  async function pass(number: number): Promise<void> {
    const queue = [...pages];
    const worker = async () => {
      while (newest === number && !stopped) {
        const page = queue.shift();
        if (page === undefined) return;
        try {
          await render(page);
        } catch (error) {
          onError(error, page);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  }

  async function idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== running) {
      seen = running;
      await seen;
    }
  }

  return {
    idle,
    start() {
      if (stopped) return;
      const number = ++newest;
      // After the previous pass (which stops taking pages now) has finished its renders.
      running = running.then(() => (newest === number && !stopped ? pass(number) : undefined));
    },
    async stop() {
      stopped = true;
      await idle();
    },
  };
}
