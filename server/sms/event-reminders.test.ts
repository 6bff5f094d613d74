import { afterEach, describe, expect, it } from "vitest";
import type { EventReminder } from "../../common/event-reminders.js";
import {
  NOON_LOS_ANGELES,
  startTextsHarness,
  type TextsHarness,
  until,
} from "../test-support/texts-harness.js";
import { testDialects } from "../test-support/test-database.js";

/** The harness's clock starts at 12:00 on Wednesday 2 December 2026 in Los Angeles. */
const FRIDAY_6PM = "2026-12-04T18:00:00-08:00";

/** Sessions as [start, end] or [start, end, the day as staff wrote it]. */
function eventData(sessions: Array<[string, string, string?]>, status = "scheduled") {
  return {
    slug: "river-walk",
    status,
    title: "River Walk",
    timezone: "America/Los_Angeles",
    sessions: sessions.map(([start, end, dateLabel]) => ({
      start,
      end,
      ...(dateLabel ? { dateLabel } : {}),
    })),
    location: { name: "Cedar Hall" } as { name: string; city?: string },
  };
}

for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`event reminders on ${dialect.name}`, () => {
    let h: TextsHarness | undefined;
    afterEach(async () => {
      await h?.close();
      h = undefined;
    });

    let startedAt = 0;
    let advanced = 0;
    /**
     * The app's clock runs from noon with real time since the harness started (or a little
     * less), plus what the test moved it.
     */
    const appClockAtMost = () => NOON_LOS_ANGELES + Date.now() - startedAt + advanced;
    /** Moves the app's clock to `iso` at most (never past it). */
    const advanceTo = (iso: string) => {
      const by = Date.parse(iso) - appClockAtMost();
      advanced += by;
      h!.advance(by);
    };

    async function start() {
      const database = await dialect.create();
      startedAt = Date.now();
      advanced = 0;
      h = await startTextsHarness({ database });
      const close = h.close;
      h.close = async () => {
        await close();
        await database.cleanup();
      };
      return h;
    }

    async function republish(id: string, data: object) {
      const { version } = (await h!.call("GET", `/api/content/events/${id}`)).json() as {
        version: number;
      };
      const saved = await h!.call("PUT", `/api/content/events/${id}`, { data, version });
      expect(saved.statusCode, saved.body).toBe(200);
      const published = await h!.call("POST", `/api/content/events/${id}/publish`, {
        version: (saved.json() as { version: number }).version,
      });
      expect(published.statusCode, published.body).toBe(200);
    }

    const view = async (id: string) =>
      (await h!.call("GET", `/api/texts/reminders/${id}`)).json() as EventReminder;

    const remindersOf = (id: string, done: (value: EventReminder) => boolean) =>
      until(() => view(id), done);

    it("publishing schedules one per session; the fake Twilio gets exactly the reminder, never an opted-out number", async () => {
      await start();
      await h!.seedSubscribers(["+12065550100", "+12065550101"]);
      await h!.seedSubscribers(["+12065550102"], "unsubscribed");
      const data = eventData([[FRIDAY_6PM, "2026-12-04T20:00:00-08:00"]]);
      const created = await h!.call("POST", "/api/content/events", { data });
      const { id, version } = created.json() as { id: string; version: number };
      // Switched on before the event is published: nothing is stored yet.
      const on = await h!.call("PUT", `/api/texts/reminders/${id}`, {
        enabled: true,
        lead: "1d",
        body: null,
      });
      expect(on.statusCode, on.body).toBe(200);
      expect((on.json() as EventReminder).reminders).toEqual([]);
      await h!.call("POST", `/api/content/events/${id}/publish`, { version });

      const scheduled = await remindersOf(id, (value) => value.reminders.length === 1);
      expect(scheduled.reminders[0]).toMatchObject({
        sessionStart: "2026-12-05T02:00:00.000Z",
        // A day before, within the sending hours: at its moment.
        sendAt: "2026-12-04T02:00:00.000Z",
        status: "scheduled",
      });
      const words = `Reminder: River Walk, Friday, December 4, 2026, 6:00-8:00 PM, at Cedar Hall. ${h!.origin}/events/river-walk`;
      expect(scheduled.madeFromEvent).toBe(words);

      // Published again (the same sessions): still one.
      await republish(id, { ...data, title: "River Walk" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await view(id)).reminders).toHaveLength(1);

      // Just before its moment (the day before at 18:00): each subscribed number gets it once.
      advanceTo("2026-12-03T17:59:59.500-08:00");
      await h!.signInAgain();
      await h!.fake.waitFor(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(h!.fake.messages.map((message) => message.to).sort()).toEqual([
        "+12065550100",
        "+12065550101",
      ]);
      for (const message of h!.fake.messages) {
        expect(message.body).toBe(`Commons Learning Design: ${words} Reply STOP to opt out`);
      }
      const sent = await view(id);
      expect(sent.reminders).toHaveLength(1);
      expect(sent.reminders[0]!.recipients).toBe(2);
      // Published once more after it went: no second reminder for the session.
      await republish(id, { ...data, title: "River Walk" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await view(id)).reminders).toHaveLength(1);
      expect(h!.fake.messages).toHaveLength(2);
      // The text list shows it as an event reminder.
      const stored = await h!.t.database.handle.db
        .selectFrom("sms_texts")
        .select(["kind", "event_id"])
        .where("kind", "=", "reminder")
        .execute();
      expect(stored).toEqual([{ kind: "reminder", event_id: id }]);
    });

    it("moving a session moves its reminder; cancelling, postponing, switching off and deleting cancel it", async () => {
      await start();
      const data = eventData([[FRIDAY_6PM, "2026-12-04T20:00:00-08:00"]]);
      const created = await h!.call("POST", "/api/content/events", { data });
      const { id } = created.json() as { id: string };
      await h!.call("PUT", `/api/texts/reminders/${id}`, { enabled: true, lead: "2d", body: null });
      await republish(id, data);
      const first = await remindersOf(id, (value) => value.reminders.length === 1);
      const textId = first.reminders[0]!.textId;
      expect(first.reminders[0]!.sendAt).toBe("2026-12-03T02:00:00.000Z");

      // Moved a day later: the same reminder, a day later.
      const moved = eventData([["2026-12-05T18:00:00-08:00", "2026-12-05T20:00:00-08:00"]]);
      await republish(id, moved);
      const after = await remindersOf(
        id,
        (value) => value.reminders[0]?.sessionStart === "2026-12-06T02:00:00.000Z",
      );
      expect(after.reminders).toHaveLength(1);
      expect(after.reminders[0]).toMatchObject({
        textId,
        sendAt: "2026-12-04T02:00:00.000Z",
        status: "scheduled",
      });

      for (const status of ["cancelled", "postponed"]) {
        await republish(id, { ...moved, status });
        await remindersOf(id, (value) => value.reminders[0]?.status === "cancelled");
        await republish(id, moved);
        const back = await remindersOf(id, (value) => value.reminders[0]?.status === "scheduled");
        expect(back.reminders).toHaveLength(1);
      }

      await h!.call("PUT", `/api/texts/reminders/${id}`, {
        enabled: false,
        lead: "2d",
        body: null,
      });
      expect((await view(id)).reminders[0]!.status).toBe("cancelled");
      await h!.call("PUT", `/api/texts/reminders/${id}`, { enabled: true, lead: "2d", body: null });
      expect((await view(id)).reminders[0]!.status).toBe("scheduled");

      // Cancelled on /admin/texts it would come back at the next pass: it follows its event.
      expect((await h!.call("DELETE", `/api/texts/${textId}`)).statusCode).toBe(409);

      expect((await h!.call("DELETE", `/api/content/events/${id}`)).statusCode).toBe(204);
      const deleted = await remindersOf(id, (value) => value.reminders[0]?.status === "cancelled");
      expect(deleted.reminders).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(h!.fake.messages).toHaveLength(0);
    });

    it("outside the sending hours it goes at the last allowed minute before; past times are not sent", async () => {
      await start();
      const data = eventData([
        // Yesterday: long past.
        ["2026-12-01T18:00:00-08:00", "2026-12-01T20:00:00-08:00"],
        // In two hours: three hours before it is already past.
        ["2026-12-02T14:00:00-08:00", "2026-12-02T15:00:00-08:00"],
        // Saturday 10:00: three hours before is 07:00, so Friday 19:59.
        ["2026-12-05T10:00:00-08:00", "2026-12-05T12:00:00-08:00"],
      ]);
      const created = await h!.call("POST", "/api/content/events", { data });
      const { id } = created.json() as { id: string };
      await h!.call("PUT", `/api/texts/reminders/${id}`, {
        enabled: true,
        lead: "3h",
        body: "See you soon at Cedar Hall!",
      });
      await republish(id, data);
      const scheduled = await remindersOf(id, (value) => value.reminders.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await view(id)).reminders).toEqual([
        expect.objectContaining({
          sessionStart: "2026-12-05T18:00:00.000Z",
          sendAt: "2026-12-05T03:59:00.000Z",
          status: "scheduled",
        }),
      ]);
      expect(scheduled.body).toBe("See you soon at Cedar Hall!");
      const [text] = await h!.t.database.handle.db
        .selectFrom("sms_texts")
        .select("body")
        .where("event_id", "=", id)
        .execute();
      expect(text!.body).toBe(
        "Commons Learning Design: See you soon at Cedar Hall! Reply STOP to opt out",
      );
      expect(h!.fake.messages).toHaveLength(0);
    });

    it("staff's own words name each session's day, time and place; the fake Twilio gets each session's own", async () => {
      await start();
      await h!.seedSubscribers(["+12065550100", "+12065550101"]);
      await h!.seedSubscribers(["+12065550102"], "unsubscribed");
      const data = eventData([
        [FRIDAY_6PM, "2026-12-04T20:00:00-08:00"],
        // A day staff wrote: the placeholder takes it, as the page and the made text do.
        ["2026-12-05T10:00:00-08:00", "2026-12-05T12:00:00-08:00", "Saturday morning"],
      ]);
      data.location.city = "Tacoma";
      const created = await h!.call("POST", "/api/content/events", { data });
      const { id } = created.json() as { id: string };
      const body = "River Walk is {day}, {time}, at {place}. Bring boots!";
      const saved = await h!.call("PUT", `/api/texts/reminders/${id}`, {
        enabled: true,
        lead: "1d",
        body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Not yet published: the preview's values come from the draft.
      expect(saved.json()).toMatchObject({
        body,
        madeFromEvent: null,
        nextSession: {
          day: "Friday, December 4, 2026",
          time: "6:00-8:00 PM",
          place: "Cedar Hall, Tacoma",
        },
      });
      await republish(id, data);
      const scheduled = await remindersOf(id, (value) => value.reminders.length === 2);
      expect(scheduled.nextSession).toEqual({
        day: "Friday, December 4, 2026",
        time: "6:00-8:00 PM",
        place: "Cedar Hall, Tacoma",
      });
      expect(scheduled.sessionValues).toEqual([
        { day: "Friday, December 4, 2026", time: "6:00-8:00 PM", place: "Cedar Hall, Tacoma" },
        { day: "Saturday morning", time: "10:00 AM-12:00 PM", place: "Cedar Hall, Tacoma" },
      ]);
      const stored = await h!.t.database.handle.db
        .selectFrom("sms_texts")
        .select(["reminder_key", "body", "segments"])
        .where("event_id", "=", id)
        .orderBy("reminder_key")
        .execute();
      const friday =
        "Commons Learning Design: River Walk is Friday, December 4, 2026, 6:00-8:00 PM, at Cedar Hall, Tacoma. Bring boots! Reply STOP to opt out";
      const saturday =
        "Commons Learning Design: River Walk is Saturday morning, 10:00 AM-12:00 PM, at Cedar Hall, Tacoma. Bring boots! Reply STOP to opt out";
      expect(stored).toEqual([
        { reminder_key: `${id}|2026-12-05T02:00:00.000Z`, body: friday, segments: 1 },
        { reminder_key: `${id}|2026-12-05T18:00:00.000Z`, body: saturday, segments: 1 },
      ]);

      // Each session's reminder reaches each subscribed number with that session's day.
      advanceTo("2026-12-03T17:59:59.500-08:00");
      await h!.fake.waitFor(2);
      advanceTo("2026-12-04T09:59:59.500-08:00");
      await h!.fake.waitFor(4);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const got = h!.fake.messages.map((message) => `${message.to} ${message.body}`).sort();
      expect(got).toEqual([
        `+12065550100 ${friday}`,
        `+12065550100 ${saturday}`,
        `+12065550101 ${friday}`,
        `+12065550101 ${saturday}`,
      ]);
    });

    it("an unknown placeholder is refused naming it; the 4 segments hold for the session its words come out longest for", async () => {
      await start();
      const long =
        "Saturday, the second morning of the River Walk, by the old cedar boathouse gate";
      const friday: [string, string] = [FRIDAY_6PM, "2026-12-04T20:00:00-08:00"];
      const saturday: [string, string] = ["2026-12-05T10:00:00-08:00", "2026-12-05T12:00:00-08:00"];
      const data = eventData([friday, saturday]);
      const created = await h!.call("POST", "/api/content/events", { data });
      const { id } = created.json() as { id: string };
      await republish(id, data);
      const put = (body: string) =>
        h!.call("PUT", `/api/texts/reminders/${id}`, { enabled: true, lead: "1d", body });
      const bodyError = async (body: string) => {
        const response = await put(body);
        expect(response.statusCode, body).toBe(400);
        return (response.json() as { error: { fields: Record<string, string> } }).error.fields.body;
      };

      expect(await bodyError("See you {Day} at {venue}, {venue}!")).toBe(
        "The text holds {Day}, {venue}, which are not placeholders: use {day}, {time} or {place}",
      );
      expect(await bodyError("See you { day }")).toBe(
        "The text holds { day }, which is not a placeholder: use {day}, {time} or {place}",
      );
      expect(await bodyError("See you {}")).toBe(
        "The text holds {}, which is not a placeholder: use {day}, {time} or {place}",
      );

      // 47 characters of program name and opt-out words and 26 of "Saturday, December 5, 2026"
      // (the longer day): 538 more make exactly 612, four full segments.
      const fits = `${"x".repeat(538)} {day}`;
      expect((await put(fits)).statusCode).toBe(200);
      // A later session's day, written by staff, is longer: its text would be 5 segments,
      // though the next session's (what the editor previews) is still 4.
      await republish(id, eventData([friday, [...saturday, long]]));
      await remindersOf(id, (value) => value.sessionValues.some((values) => values.day === long));
      expect(await bodyError(`${"y".repeat(538)} {day}`)).toBe(
        `The text is 5 segments with the program name and the opt-out words for the session on ${long}; at most 4 are allowed`,
      );
      expect((await view(id)).body).toBe(fits);

      // A longer day in the draft only is checked too: the draft is published later.
      await republish(id, eventData([friday, saturday]));
      const { version } = (await h!.call("GET", `/api/content/events/${id}`)).json() as {
        version: number;
      };
      const drafted = await h!.call("PUT", `/api/content/events/${id}`, {
        data: eventData([[...friday, long], saturday]),
        version,
      });
      expect(drafted.statusCode, drafted.body).toBe(200);
      expect(await bodyError(`${"z".repeat(538)} {day}`)).toContain(`for the session on ${long};`);
      // Without a placeholder the words are counted as written.
      expect((await put("x".repeat(565))).statusCode).toBe(200);
    });

    it("the scheduled publish pass schedules them too", async () => {
      await start();
      const data = eventData([[FRIDAY_6PM, "2026-12-04T20:00:00-08:00"]]);
      const created = await h!.call("POST", "/api/content/events", { data });
      const { id, version } = created.json() as { id: string; version: number };
      await h!.call("PUT", `/api/texts/reminders/${id}`, { enabled: true, lead: "1d", body: null });
      const at = new Date(appClockAtMost() + 2_000).toISOString();
      const scheduled = await h!.call("POST", `/api/content/events/${id}/publish`, { version, at });
      expect(scheduled.statusCode, scheduled.body).toBe(202);
      expect((await view(id)).reminders).toEqual([]);
      const published = await remindersOf(id, (value) => value.reminders.length === 1);
      expect(published.reminders[0]).toMatchObject({
        sessionStart: "2026-12-05T02:00:00.000Z",
        status: "scheduled",
      });
    });

    it("bad input is refused naming the field; unknown events are 404; switching on, off and changing are audited", async () => {
      await start();
      const created = await h!.call("POST", "/api/content/events", {
        data: eventData([[FRIDAY_6PM, "2026-12-04T20:00:00-08:00"]]),
      });
      const { id } = created.json() as { id: string };
      const cases: Array<[unknown, string]> = [
        [{ enabled: "yes", lead: "1d", body: null }, "enabled"],
        [{ enabled: true, lead: "1w", body: null }, "lead"],
        [{ enabled: true, lead: "1d", body: "   " }, "body"],
        [{ enabled: true, lead: "1d", body: "x".repeat(700) }, "body"],
        [{ enabled: true, lead: "1d" }, "body"],
        [{ enabled: true, lead: "1d", body: null, extra: 1 }, "extra"],
      ];
      for (const [payload, field] of cases) {
        const response = await h!.call("PUT", `/api/texts/reminders/${id}`, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        const { error } = response.json() as { error: { fields?: Record<string, string> } };
        const fields = error.fields ?? {};
        expect(Object.keys(fields).join(","), JSON.stringify(payload)).toContain(field);
      }
      expect((await view(id)).enabled).toBe(false);
      const missing = await h!.call("PUT", "/api/texts/reminders/no-such-event", {
        enabled: true,
        lead: "1d",
        body: null,
      });
      expect(missing.statusCode).toBe(404);
      expect((await h!.call("GET", "/api/texts/reminders/no-such-event")).statusCode).toBe(404);
      // A NUL byte (PostgreSQL refuses it in a query) names no event either: 404, not 500.
      expect((await h!.call("GET", "/api/texts/reminders/%00")).statusCode).toBe(404);

      const put = (enabled: boolean, lead: string) =>
        h!.call("PUT", `/api/texts/reminders/${id}`, { enabled, lead, body: null });
      await put(true, "1d");
      await put(true, "1d"); // nothing changed: nothing noted
      await put(true, "3h");
      await put(false, "3h");
      const audit = await h!.t.database.handle.db
        .selectFrom("audit_log")
        .select(["action", "target"])
        .where("action", "like", "reminder.%")
        .execute();
      expect(audit).toHaveLength(3);
      expect(audit).toEqual(
        expect.arrayContaining([
          { action: "reminder.on", target: id },
          { action: "reminder.change", target: id },
          { action: "reminder.off", target: id },
        ]),
      );
    });
  });
}
