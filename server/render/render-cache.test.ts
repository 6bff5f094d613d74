import { describe, expect, it } from "vitest";
import { RenderCache } from "./render-cache.js";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("RenderCache", () => {
  it("produces a key once per generation and returns the value itself once ready", async () => {
    const cache = new RenderCache<string>();
    let renders = 0;
    const produce = async () => `page ${++renders}`;
    const first = cache.get("v1", "/a", produce);
    expect(first).toBeInstanceOf(Promise);
    expect(cache.get("v1", "/a", produce)).toBe(first);
    expect(await first).toBe("page 1");
    // Ready: served without a promise.
    expect(cache.get("v1", "/a", produce)).toBe("page 1");
    expect(await cache.get("v2", "/a", produce)).toBe("page 2");
    expect(renders).toBe(2);
  });

  it("drops every key of an older generation", async () => {
    const cache = new RenderCache<string>();
    await cache.get("v1", "/a", async () => "a");
    await cache.get("v1", "/b", async () => "b");
    expect(cache.size).toBe(2);
    await cache.get("v2", "/a", async () => "a2");
    expect(cache.size).toBe(1);
  });

  it("does not store a render that finishes after its generation was replaced", async () => {
    const cache = new RenderCache<string>();
    const slow = deferred<string>();
    const old = cache.get("v1", "/a", () => slow.promise);
    const fresh = cache.get("v2", "/a", async () => "new");
    slow.resolve("old");
    expect(await old).toBe("old");
    expect(await fresh).toBe("new");
    expect(cache.get("v2", "/a", async () => "again")).toBe("new");
  });

  it("renders again after a failure or a value it must not keep", async () => {
    const cache = new RenderCache<{ status: number }>((value) => value.status < 500);
    await expect(
      cache.get("v1", "/a", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await cache.get("v1", "/a", async () => ({ status: 500 }))).toEqual({ status: 500 });
    expect(cache.size).toBe(0);
    await cache.get("v1", "/a", async () => ({ status: 200 }));
    expect(cache.get("v1", "/a", async () => ({ status: 201 }))).toEqual({ status: 200 });
  });
});
