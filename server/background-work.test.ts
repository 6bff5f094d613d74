import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { runWhileOpen } from "./background-work.js";

describe("runWhileOpen", () => {
  it("starts the work when the app is ready and waits for it to stop on close", async () => {
    const app = Fastify();
    const events: string[] = [];
    runWhileOpen(app, {
      start: () => {
        events.push("start");
      },
      stop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push("stopped");
      },
    });
    expect(events).toEqual([]);
    await app.ready();
    expect(events).toEqual(["start"]);
    await app.close();
    expect(events).toEqual(["start", "stopped"]);
  });

  it("starts nothing for an app that is never made ready", async () => {
    const app = Fastify();
    let started = false;
    runWhileOpen(app, { start: () => void (started = true), stop: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);
  });
});
