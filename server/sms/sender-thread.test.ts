import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { TextCreated, TextDetail } from "../../common/texts.js";
import { capturingLogger } from "../test-support/capturing-logger.js";
import { testDialects } from "../test-support/test-database.js";
import {
  seattleNumbers,
  startTextsHarness,
  type TextsHarness,
  until,
} from "../test-support/texts-harness.js";

/** Each of this process's threads' niceness and scheduling policy (Linux). */
function threadPriorities(): Array<{ niceness: number; policy: number }> {
  return readdirSync("/proc/self/task").map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
    // Fields after the command's closing parenthesis; niceness is the 19th field of the line,
    // the scheduling policy the 41st.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { niceness: Number(fields[16]), policy: Number(fields[38]) };
  });
}
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
/** Where util-linux's chrt is installed (this project's machines), the thread takes the idle class. */
const idleClassAvailable = existsSync("/usr/bin/chrt");

/**
 * The sender as `npm start` runs it: in a worker thread of its own, with its own database
 * connection, writing the delivery reports the app passes on, and ending when idle.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`the texts' sender thread on ${dialect.name}`, () => {
    let h: TextsHarness | undefined;
    afterEach(async () => {
      await h?.close();
      h = undefined;
    });

    it("hands a text to 200 subscribers over once each, none to the opted-out, writes their reports, ends when idle and starts again for the next text", async () => {
      const database = await dialect.create();
      const { logger, lines } = capturingLogger();
      h = await startTextsHarness({
        database,
        deps: { logger, textsSenderThread: { idleExitMs: 400 } },
      });
      const close = h.close;
      h.close = async () => {
        await close();
        await database.cleanup();
      };
      const subscribed = seattleNumbers(200);
      const optedOut = seattleNumbers(5, 500);
      await h.seedSubscribers(subscribed);
      await h.seedSubscribers(optedOut, "unsubscribed");
      const threadLines = (msg: string) =>
        lines.filter((line) => line.thread === "sms-sender" && line.msg === msg);

      const created = await h.call("POST", "/api/texts", { body: "The mural walk starts at 5." });
      expect(created.statusCode, created.body).toBe(201);
      const text = created.json() as TextCreated;
      expect(text.recipients).toBe(200);
      // Running, below the pages' priority (this thread's own niceness and class are unchanged).
      await until(threadPriorities, (threads) =>
        threads.some(
          ({ niceness, policy }) =>
            niceness === 10 && (!idleClassAvailable || policy === SCHED_IDLE),
        ),
      );
      expect(threadPriorities()[0]).toEqual({ niceness: 0, policy: SCHED_OTHER });

      // Every report written by the thread: each recipient ends "delivered".
      const done = await until(
        async () => (await h!.call("GET", `/api/texts/${text.id}`)).json() as TextDetail,
        (detail) => detail.recipientList.every((recipient) => recipient.status === "delivered"),
        20_000,
      );
      expect(done.recipientList).toHaveLength(200);
      const sentTo = h.fake.messages.map((message) => message.to).sort();
      expect(sentTo).toEqual([...subscribed].sort());
      expect(new Set(sentTo).size).toBe(200);
      // The hand-overs were the thread's: its lines reach the app's log (within its 20 ms flush,
      // so possibly after the last report was written).
      await until(
        () => threadLines("text delivered").length,
        (count) => count >= 200,
      );
      expect(threadLines("text delivered")).toHaveLength(200);

      // Idle: it ends itself; the next text starts another.
      await until(
        () => threadLines("texts' sender thread stopped").length,
        (count) => count === 1,
      );
      expect(threadLines("texts' sender thread started")).toHaveLength(1);
      const next = (
        await h.call("POST", "/api/texts", { body: "Rain date: Sunday." })
      ).json() as TextCreated;
      await until(
        async () => (await h!.call("GET", `/api/texts/${next.id}`)).json() as TextDetail,
        (detail) => detail.recipientList.every((recipient) => recipient.status === "delivered"),
        20_000,
      );
      expect(threadLines("texts' sender thread started")).toHaveLength(2);
      expect(h.fake.messages).toHaveLength(400);
      expect(h.fake.messages.some((message) => optedOut.includes(message.to))).toBe(false);
    });

    it("a delivery report that comes while no thread runs starts one and is written", async () => {
      const database = await dialect.create();
      const { logger, lines } = capturingLogger();
      h = await startTextsHarness({
        database,
        reportStatuses: false,
        deps: { logger, textsSenderThread: { idleExitMs: 200 } },
      });
      const close = h.close;
      h.close = async () => {
        await close();
        await database.cleanup();
      };
      const threadLines = (msg: string) =>
        lines.filter((line) => line.thread === "sms-sender" && line.msg === msg);
      await h.seedSubscribers(seattleNumbers(1, 700));
      const text = (await h.call("POST", "/api/texts", { body: "Hello." })).json() as TextCreated;
      const [message] = await h.fake.waitFor(1);
      await until(
        () => threadLines("texts' sender thread stopped").length,
        (count) => count === 1,
      );
      expect(await h.fake.report(message!.sid, "delivered")).toBe(204);
      const detail = (await h.call("GET", `/api/texts/${text.id}`)).json() as TextDetail;
      expect(detail.recipientList[0]?.status).toBe("delivered");
      expect(threadLines("texts' sender thread started")).toHaveLength(2);
    });
  });
}
