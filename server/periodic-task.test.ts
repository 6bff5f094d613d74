import { describe, expect, it } from "vitest";
import { createPeriodicTask } from "./periodic-task.js";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("createPeriodicTask", () => {
  it("runs at start and on its interval, never two passes at once, and stop waits for the one in flight", async () => {
    let started = 0;
    let running = 0;
    let most = 0;
    let finished = 0;
    const task = createPeriodicTask(async () => {
      started++;
      running++;
      most = Math.max(most, running);
      await sleep(35);
      running--;
      finished++;
    }, 10);
    task.start();
    task.start(); // a second start changes nothing
    expect(started).toBe(1);
    await sleep(120);
    await task.stop();
    expect(started).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(finished).toBe(started);
    const after = started;
    await sleep(40);
    expect(started).toBe(after);
  });
});
