import type { RedirectRepository } from "./redirect-repository.js";
import { normaliseFromPath } from "./redirect-paths.js";

/** How long an instance trusts its copy: another instance's change is served within this. */
export const REDIRECTS_MAX_AGE_MS = 1_000;

export interface RedirectLookup {
  /** The redirect for a missing path, from a copy at most REDIRECTS_MAX_AGE_MS old. */
  find(path: string): Promise<{ id: string; to: string } | undefined>;
  /** Forgets the copy (after this instance changed a redirect). */
  invalidate(): void;
}

/**
 * Every redirect, read again at most once a second and only when a missing path is asked for:
 * a change on any instance answers within two seconds on all, with no notification channel and
 * no query while no page is missing.
 */
export function createRedirectLookup(
  repository: RedirectRepository,
  clock: () => number = Date.now,
): RedirectLookup {
  let copy: Map<string, { id: string; to: string }> | undefined;
  let readAt = 0;
  let reading: Promise<Map<string, { id: string; to: string }>> | undefined;

  const current = () => {
    if (copy && clock() - readAt < REDIRECTS_MAX_AGE_MS) return Promise.resolve(copy);
    reading ??= repository
      .list()
      .then((list) => {
        copy = new Map(
          list.map((redirect) => [redirect.from, { id: redirect.id, to: redirect.to }]),
        );
        readAt = clock();
        return copy;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  return {
    async find(path) {
      return (await current()).get(normaliseFromPath(path));
    },
    invalidate() {
      copy = undefined;
    },
  };
}
