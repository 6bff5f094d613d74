interface Slot<T> {
  value?: T;
  pending?: Promise<T>;
}

/**
 * Rendered answers kept in memory per key for one generation (the content and featured-list
 * versions they were rendered from). Asking for a key renders it once, even when many requests
 * ask at the same moment (they share the one render); a new generation drops every older
 * answer. The keys are the site's known paths (the callers never make one from arbitrary
 * input), so the cache cannot grow past the route table.
 */
export class RenderCache<T> {
  #generation: string | undefined;
  readonly #slots = new Map<string, Slot<T>>();
  /** Whether a finished value is kept (e.g. not an error page); false: rendered again next time. */
  readonly #keep: (value: T) => boolean;

  constructor(keep: (value: T) => boolean = () => true) {
    this.#keep = keep;
  }

  /** How many answers are ready or being rendered. */
  get size(): number {
    return this.#slots.size;
  }

  /** The ready value, or the render in flight, or a new render of `produce`. */
  get(generation: string, key: string, produce: () => Promise<T>): T | Promise<T> {
    if (generation !== this.#generation) {
      this.#slots.clear();
      this.#generation = generation;
    }
    const slot = this.#slots.get(key);
    if (slot) return slot.pending ?? (slot.value as T);

    const fresh: Slot<T> = {};
    // A render that finishes after its generation was replaced is not stored: `fresh` is gone.
    const current = () => this.#slots.get(key) === fresh;
    fresh.pending = produce().then(
      (value) => {
        if (current()) {
          if (this.#keep(value)) {
            fresh.value = value;
            delete fresh.pending;
          } else {
            this.#slots.delete(key);
          }
        }
        return value;
      },
      (error: unknown) => {
        if (current()) this.#slots.delete(key);
        throw error;
      },
    );
    this.#slots.set(key, fresh);
    return fresh.pending;
  }
}
