import { describe, expect, it } from "vitest";
import { createUploadGate } from "./upload-gate.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("upload gate", () => {
  it("admits at most `admitted` uploads and takes one back when it leaves (once)", () => {
    const gate = createUploadGate({ concurrency: 1, admitted: 2 });
    const first = gate.tryEnter();
    const second = gate.tryEnter();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(gate.tryEnter()).toBeUndefined();
    first!.leave();
    first!.leave();
    const third = gate.tryEnter();
    expect(third).toBeDefined();
    expect(gate.tryEnter()).toBeUndefined();
  });

  it("processes `concurrency` at a time, the others in arrival order, even after a failure", async () => {
    const gate = createUploadGate({ concurrency: 1, admitted: 3 });
    const tickets = [gate.tryEnter()!, gate.tryEnter()!, gate.tryEnter()!];
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const releases = [deferred(), deferred(), deferred()];
    const runs = tickets.map((ticket, index) =>
      ticket
        .process(async () => {
          running += 1;
          most = Math.max(most, running);
          events.push(`start ${index}`);
          await releases[index]!.promise;
          running -= 1;
          if (index === 0) throw new Error("sharp refused it");
          return index;
        })
        .then(
          (value) => `done ${value}`,
          (error: Error) => error.message,
        ),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(["start 0"]);
    releases[0]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events).toEqual(["start 0", "start 1"]);
    releases[1]!.resolve();
    releases[2]!.resolve();
    expect(await Promise.all(runs)).toEqual(["sharp refused it", "done 1", "done 2"]);
    expect(most).toBe(1);

    // Every slot is free again: a new upload is processed at once.
    for (const ticket of tickets) ticket.leave();
    const next = gate.tryEnter()!;
    expect(await next.process(async () => "at once")).toBe("at once");
  });
});
