import { describe, expect, it } from "vitest";
import { createWarmUp } from "./warm-up.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("createWarmUp", () => {
  it("renders every page once per pass, never more than `concurrency` at a time", async () => {
    let running = 0;
    let most = 0;
    const rendered: string[] = [];
    const warmUp = createWarmUp({
      pages: ["/a", "/b", "/c", "/d", "/e"],
      concurrency: 2,
      onError: () => {},
      render: async (page: string) => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        rendered.push(page);
        running -= 1;
      },
    });
    warmUp.start();
    await warmUp.idle();
    expect(rendered.sort()).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    expect(most).toBe(2);
  });

  it("reports a failing page and goes on with the others; nothing throws", async () => {
    const errors: [unknown, string][] = [];
    const rendered: string[] = [];
    const warmUp = createWarmUp({
      pages: ["/a", "/broken", "/sync-broken", "/c"],
      concurrency: 1,
      onError: (error, page) => errors.push([error, page]),
      render: (page: string) => {
        if (page === "/sync-broken") throw new Error("thrown at once");
        if (page === "/broken") return Promise.reject(new Error("rejected"));
        rendered.push(page);
        return undefined;
      },
    });
    warmUp.start();
    await warmUp.idle();
    expect(rendered).toEqual(["/a", "/c"]);
    expect(errors.map(([error, page]) => [(error as Error).message, page])).toEqual([
      ["rejected", "/broken"],
      ["thrown at once", "/sync-broken"],
    ]);
  });

  it("a newer change supersedes a pass: it starts after the older renders in flight, which take no more pages", async () => {
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const warmUp = createWarmUp({
      pages: ["/a", "/b", "/c"],
      concurrency: 1,
      onError: () => {},
      render: async (page: string) => {
        running += 1;
        most = Math.max(most, running);
        const gate = deferred();
        gates.set(page, gate);
        log.push(`start ${page}`);
        await gate.promise;
        log.push(`end ${page}`);
        running -= 1;
      },
    });
    warmUp.start();
    await tick();
    expect(log).toEqual(["start /a"]);
    // Two more changes while /a renders: only the newest pass runs, after /a.
    warmUp.start();
    warmUp.start();
    await tick();
    expect(log).toEqual(["start /a"]);
    gates.get("/a")!.resolve();
    for (let i = 0; i < 10 && log.length < 9; i += 1) {
      await tick();
      for (const gate of gates.values()) gate.resolve();
    }
    await warmUp.idle();
    expect(log).toEqual([
      "start /a",
      "end /a",
      "start /a",
      "end /a",
      "start /b",
      "end /b",
      "start /c",
      "end /c",
    ]);
    expect(most).toBe(1);
  });

  it("stop waits for the render in flight and starts nothing after", async () => {
    const gate = deferred();
    const rendered: string[] = [];
    const warmUp = createWarmUp({
      pages: ["/a", "/b"],
      concurrency: 1,
      onError: () => {},
      render: async (page: string) => {
        await gate.promise;
        rendered.push(page);
      },
    });
    warmUp.start();
    await tick();
    let stopped = false;
    const stopping = warmUp.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(rendered).toEqual(["/a"]);
    warmUp.start();
    await warmUp.idle();
    expect(rendered).toEqual(["/a"]);
  });
});
