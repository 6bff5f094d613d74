import { afterEach, describe, expect, it } from "vitest";
import type { TextCreated, TextDetail, TextList } from "../../common/texts.js";
import {
  seattleNumbers,
  startTextsHarness,
  TWILIO_TOKEN,
  type TextsHarness,
  until,
} from "../test-support/texts-harness.js";
import { testDialects } from "../test-support/test-database.js";
import { optInConfirmation, optOutConfirmation } from "./program-facts.js";
import { twilioSignature } from "./twilio-signature.js";

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`texts through the fake Twilio on ${dialect.name}`, () => {
    let h: TextsHarness | undefined;
    afterEach(async () => {
      await h?.close();
      h = undefined;
    });

    async function start(options: Parameters<typeof startTextsHarness>[0] = {}) {
      const database = await dialect.create();
      h = await startTextsHarness({ database, ...options });
      const close = h.close;
      h.close = async () => {
        await close();
        await database.cleanup();
      };
      return h;
    }

    const detail = async (id: string) =>
      (await h!.call("GET", `/api/texts/${id}`)).json() as TextDetail;

    const inbound = (from: string, body: string) => {
      const params: Array<[string, string]> = [
        ["From", from],
        ["Body", body],
        ["MessageSid", `SM${"9".repeat(32)}`],
      ];
      const url = `${h!.origin}/api/sms/inbound`;
      return h!.t.app.inject({
        method: "POST",
        url: "/api/sms/inbound",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilioSignature(TWILIO_TOKEN, url, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
    };

    it("a new opt-in gets exactly one confirmation; opting in again sends none", async () => {
      await start();
      const optIn = () =>
        h!.t.app.inject({
          method: "POST",
          url: "/api/sms/subscriptions",
          headers: { origin: h!.origin, "content-type": "application/json" },
          payload: { phone: "(206) 555-0100" },
        });
      expect((await optIn()).statusCode).toBe(201);
      const [message] = await h!.fake.waitFor(1);
      expect(message).toMatchObject({ to: "+12065550100", body: optInConfirmation() });
      for (const words of [
        "Msg frequency varies",
        "Msg & data rates may apply",
        "Reply HELP for help",
        "Reply STOP to unsubscribe",
      ]) {
        expect(message!.body).toContain(words);
      }
      expect((await optIn()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(h!.fake.messages).toHaveLength(1);
      // Its delivery reports arrive signed and are recorded.
      const list = (await h!.call("GET", "/api/texts")).json() as TextList;
      const confirmation = list.texts.find((text) => text.kind === "confirmation")!;
      await until(
        () => detail(confirmation.id),
        (text) => text.recipientList[0]?.status === "delivered",
      );
    });

    it("a staff text reaches each subscriber once; opted-out, refused and throttled ones as Twilio says", async () => {
      await start();
      const [ok, retried, invalid, stopped] = seattleNumbers(4, 100);
      await h!.seedSubscribers([ok!, retried!, invalid!, stopped!]);
      await h!.seedSubscribers(["+12065550300"], "unsubscribed");
      h!.fake.invalidNumbers.add(invalid!);
      h!.fake.unsubscribedNumbers.add(stopped!);
      h!.fake.script({ status: 429 }, { status: 500 });
      const created = await h!.call("POST", "/api/texts", { body: "Doors open at 6 tonight." });
      expect(created.statusCode, created.body).toBe(201);
      const text = created.json() as TextCreated;
      expect(text).toMatchObject({ recipients: 4, segments: 1 });

      const done = await until(
        () => detail(text.id),
        (value) =>
          value.recipientList.every((recipient) =>
            ["delivered", "failed", "cancelled"].includes(recipient.status),
          ),
      );
      const byPhone = new Map(done.recipientList.map((recipient) => [recipient.phone, recipient]));
      expect(byPhone.get(ok!)?.status).toBe("delivered");
      expect(byPhone.get(retried!)?.status).toBe("delivered");
      expect(byPhone.get(invalid!)).toMatchObject({ status: "failed", error: "21211" });
      expect(byPhone.get(stopped!)).toMatchObject({ status: "failed", error: "21610" });
      expect(byPhone.has("+12065550300")).toBe(false);
      // Every accepted text once; the body as it arrives.
      const sentTo = h!.fake.messages.map((message) => message.to).sort();
      expect(sentTo).toEqual([ok!, retried!].sort());
      expect(h!.fake.messages[0]!.body).toBe(
        "Commons Learning Design: Doors open at 6 tonight. Reply STOP to opt out",
      );
      // 21610: the number is opted out, and its history says the provider did it.
      const stoppedRow = await h!.t.database.handle.db
        .selectFrom("sms_subscribers")
        .select("status")
        .where("phone", "=", stopped!)
        .executeTakeFirstOrThrow();
      expect(stoppedRow.status).toBe("unsubscribed");
      const how = await h!.t.database.handle.db
        .selectFrom("sms_consent_events")
        .select("how")
        .where("phone", "=", stopped!)
        .executeTakeFirstOrThrow();
      expect(how.how).toBe("provider");
      const listed = (await h!.call("GET", "/api/texts")).json() as TextList;
      expect(listed.texts[0]).toMatchObject({
        id: text.id,
        status: "sent",
        counts: { delivered: 2, failed: 2 },
      });
    });

    it("a hand-over cut short after Twilio took the text is not sent again", async () => {
      await start();
      await h!.seedSubscribers(seattleNumbers(3, 200));
      h!.fake.script({ drop: "after-accept" }, { drop: "after-accept" });
      const text = (
        await h!.call("POST", "/api/texts", { body: "Once only." })
      ).json() as TextCreated;
      await until(
        () => detail(text.id),
        (value) => value.recipientList.every((recipient) => recipient.status === "delivered"),
      );
      expect(h!.fake.messages.map((message) => message.to).sort()).toEqual(seattleNumbers(3, 200));
    });

    it("status reports: 403 unsigned, never backwards, kept when they come before the answer", async () => {
      await start({ reportStatuses: false });
      await h!.seedSubscribers(["+12065550100"]);
      const text = (await h!.call("POST", "/api/texts", { body: "Hello." })).json() as TextCreated;
      const [message] = await h!.fake.waitFor(1);
      await until(
        () => detail(text.id),
        (value) => value.recipientList[0]?.status === "queued",
      );
      const unsigned = await h!.t.app.inject({
        method: "POST",
        url: "/api/sms/status",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `MessageSid=${message!.sid}&MessageStatus=delivered`,
      });
      expect(unsigned.statusCode).toBe(403);
      const forged = await h!.t.app.inject({
        method: "POST",
        url: "/api/sms/status",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        },
        payload: `MessageSid=${message!.sid}&MessageStatus=delivered`,
      });
      expect(forged.statusCode).toBe(403);
      expect((await detail(text.id)).recipientList[0]?.status).toBe("queued");

      expect(await h!.fake.report(message!.sid, "delivered")).toBe(204);
      expect(await h!.fake.report(message!.sid, "sent")).toBe(204);
      expect((await detail(text.id)).recipientList[0]?.status).toBe("delivered");

      // A report for a sid not yet recorded is kept and applied when it is.
      const early = `SM${"a".repeat(32)}`;
      expect(await h!.fake.report(early, "undelivered", "30003")).toBe(204);
      const texts = h!.t.database.handle.db;
      await texts
        .updateTable("sms_recipients")
        .set({ provider_sid: null, status: "queued" })
        .where("text_id", "=", text.id)
        .execute();
      const rows = await texts.selectFrom("sms_early_reports").selectAll().execute();
      expect(rows).toMatchObject([{ provider_sid: early, status: "undelivered" }]);
    });

    it("opt-out in words: at once, one confirmation; replies kept for staff", async () => {
      await start();
      await h!.seedSubscribers(["+12065550100"]);
      const first = await inbound("+12065550100", "Stop please");
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain(
        `<Message>${optOutConfirmation().replace(/&/g, "&#38;")}</Message>`,
      );
      const again = await inbound("+12065550100", "please stop texting me");
      expect(again.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      const events = await h!.t.database.handle.db
        .selectFrom("sms_consent_events")
        .select(["kind", "how"])
        .where("phone", "=", "+12065550100")
        .execute();
      expect(events).toEqual([
        { kind: "stop", how: "words" },
        { kind: "stop", how: "words" },
      ]);
      // The answer is stored as the one text this number received.
      const list = (await h!.call("GET", "/api/texts")).json() as TextList;
      expect(list.texts.map((text) => text.kind)).toEqual(["opt_out_confirmation"]);
      // Nothing more goes to it: a staff text now has no recipients.
      const staff = (await h!.call("POST", "/api/texts", { body: "Hi" })).json() as TextCreated;
      expect(staff.recipients).toBe(0);

      // The exact keyword: recorded, answered by the provider (no reply of ours).
      await h!.seedSubscribers(["+12065550101"]);
      const keyword = await inbound("+12065550101", "STOP");
      expect(keyword.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');

      // START after a stop: subscribed again with one confirmation through the API.
      await inbound("+12065550101", "START");
      const [confirmation] = await h!.fake.waitFor(1);
      expect(confirmation).toMatchObject({ to: "+12065550101", body: optInConfirmation() });
      await inbound("+12065550101", "START");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(h!.fake.messages).toHaveLength(1);

      expect((await inbound("+12065550101", "What time does the workshop start?")).body).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><Response/>',
      );
      const replies = (await h!.call("GET", "/api/texts/replies")).json() as {
        replies: Array<{ phone: string; body: string }>;
      };
      expect(replies.replies).toMatchObject([
        { phone: "+12065550101", body: "What time does the workshop start?" },
      ]);
    });

    it("bad input is refused with 400 naming the field, and stores nothing", async () => {
      await start();
      await h!.seedSubscribers(["+12065550100"]);
      const cases: Array<[unknown, string]> = [
        [{}, "body"],
        [{ body: "   " }, "body"],
        [{ body: "x".repeat(1001) }, "body"],
        [{ body: "a".repeat(600) }, "body"],
        [{ body: "hi\u0000" }, "body"],
        [{ body: "hi", sendAt: "tomorrow" }, "sendAt"],
        [{ body: "hi", sendAt: "2026-12-02T10:00:00" }, "sendAt"],
        [{ body: "hi", sendAt: "2020-01-01T10:00:00Z" }, "sendAt"],
        [{ body: "hi", extra: 1 }, "extra"],
      ];
      for (const [payload, field] of cases) {
        const response = await h!.call("POST", "/api/texts", payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        const error = (response.json() as { error: { fields?: Record<string, string> } }).error;
        expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toContain(field);
      }
      const tooLong = await h!.call("POST", "/api/texts", { body: "a".repeat(600) });
      expect(tooLong.json()).toMatchObject({
        error: { message: expect.stringMatching(/5 segments.*at most 4/) },
      });
      const stored = await h!.t.database.handle.db.selectFrom("sms_texts").selectAll().execute();
      expect(stored).toEqual([]);
    });
  });
}

describe("sending hours and cancelling", () => {
  let h: TextsHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("a text due at night waits until 09:00 and can be cancelled until it begins", async () => {
    // 22:30 in Los Angeles.
    h = await startTextsHarness({ start: Date.parse("2026-12-02T06:30:00Z") });
    await h.seedSubscribers(["+12065550100", "+12125550100"]);
    const created = (
      await h.call("POST", "/api/texts", { body: "Tomorrow!" })
    ).json() as TextCreated;
    expect(created).toMatchObject({ status: "waiting", recipients: 2 });
    const list = (await h.call("GET", "/api/texts")).json() as TextList;
    expect(list.texts[0]).toMatchObject({
      status: "waiting",
      waitingUntil: "2026-12-02T17:00:00.000Z",
      counts: { waiting: 2 },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.fake.messages).toHaveLength(0);
    expect((await h.call("DELETE", `/api/texts/${created.id}`)).statusCode).toBe(204);
    expect(((await h.call("GET", `/api/texts/${created.id}`)).json() as TextDetail).status).toBe(
      "cancelled",
    );

    // Another one goes at 09:00, to the numbers still subscribed when their turn comes; once
    // begun it can no longer be cancelled.
    await h.seedSubscribers(["+12065550102"]);
    const next = (await h.call("POST", "/api/texts", { body: "Morning" })).json() as TextCreated;
    await h.t.database.handle.db
      .updateTable("sms_subscribers")
      .set({ status: "unsubscribed" })
      .where("phone", "=", "+12065550102")
      .execute();
    h.advance(10.5 * 3_600_000);
    await h.signInAgain();
    await h.fake.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.fake.messages.map((message) => message.to).sort()).toEqual([
      "+12065550100",
      "+12125550100",
    ]);
    const morning = (await h.call("GET", `/api/texts/${next.id}`)).json() as TextDetail;
    expect(morning.recipientList.find((r) => r.phone === "+12065550102")?.status).toBe("cancelled");
    expect((await h.call("DELETE", `/api/texts/${next.id}`)).statusCode).toBe(409);
    expect((await h.call("DELETE", `/api/texts/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it("a scheduled text begins at its time with the numbers subscribed then", async () => {
    h = await startTextsHarness();
    await h.seedSubscribers(["+12065550100"]);
    const sendAt = new Date(Date.parse("2026-12-02T20:00:00Z") + 3_600_000).toISOString();
    const created = (
      await h.call("POST", "/api/texts", { body: "Later", sendAt })
    ).json() as TextCreated;
    expect(created).toMatchObject({ status: "scheduled", recipients: 1 });
    await h.seedSubscribers(["+12065550101"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.fake.messages).toHaveLength(0);
    h.advance(2 * 3_600_000);
    await h.signInAgain();
    await h.fake.waitFor(2);
    const detail = (await h.call("GET", `/api/texts/${created.id}`)).json() as TextDetail;
    expect(detail.recipients).toBe(2);
  });

  it("GET/PUT /api/sms/settings: owner and administrators; from before to", async () => {
    h = await startTextsHarness();
    expect((await h.call("GET", "/api/sms/settings")).json()).toEqual({
      sendHours: { from: "09:00", to: "20:00" },
    });
    for (const sendHours of [
      { from: "20:00", to: "09:00" },
      { from: "9:00", to: "20:00" },
      { from: "09:00", to: "24:00" },
      { from: "09:00" },
    ]) {
      const response = await h.call("PUT", "/api/sms/settings", { sendHours });
      expect(response.statusCode, JSON.stringify(sendHours)).toBe(400);
    }
    const changed = await h.call("PUT", "/api/sms/settings", {
      sendHours: { from: "10:00", to: "18:30" },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ sendHours: { from: "10:00", to: "18:30" } });
    expect((await h.call("GET", "/api/sms/settings")).json()).toEqual({
      sendHours: { from: "10:00", to: "18:30" },
    });
  });
});
