import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { type EventContent, currentsOfCareSeed } from "#common/content/snapshot";
import { buildEventCalendar, escapeText, foldLine, formatLocal, formatUtc } from "./ics";

// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;

const options = {
  name: "Currents of Care",
  origin: "https://www.example.org",
  generatedAt: new Date("2025-09-01T08:30:05Z"),
  organizationName: "Commons Learning Design",
};

/** Undoes line folding (RFC 5545 section 3.1) and splits into content lines. */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = "X".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines at 75 octets with CRLF and a space", () => {
    const line = "DESCRIPTION:" + "a".repeat(200);
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    expect(physical[0]).toHaveLength(75);
    for (const part of physical.slice(1)) {
      expect(part.startsWith(" ")).toBe(true);
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("counts octets, not characters, and never splits a character", () => {
    const line = "SUMMARY:" + "é".repeat(60) + "😀".repeat(10);
    const physical = foldLine(line).split("\r\n");
    for (const part of physical) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });
});

describe("date formatting", () => {
  it("formats UTC stamps", () => {
    expect(formatUtc(new Date("2025-09-01T08:30:05Z"))).toBe("20250901T083005Z");
  });

  it("formats the wall-clock time in the event's zone", () => {
    expect(formatLocal("2025-10-11T12:00:00-07:00", "America/Los_Angeles")).toBe("20251011T120000");
    expect(formatLocal("2025-10-25T22:00:00Z", "America/Los_Angeles")).toBe("20251025T150000");
    // After the switch to standard time, noon is 20:00 UTC.
    expect(formatLocal("2025-11-08T20:00:00Z", "America/Los_Angeles")).toBe("20251108T120000");
  });
});

describe("buildEventCalendar", () => {
  const ics = buildEventCalendar([currentsOfCare], options);
  const lines = unfold(ics);

  it("writes the sessions in the order they happen, whatever order they were written in", () => {
    const reversed = { ...currentsOfCare, sessions: [...currentsOfCare.sessions].reverse() };
    expect(buildEventCalendar([reversed], options)).toBe(ics);
  });

  it("uses CRLF line endings only, ending with one", () => {
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("keeps every physical line within 75 octets", () => {
    for (const line of ics.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
    // The description is long enough to need folding.
    expect(ics).toMatch(/\r\n /);
  });

  it("has the calendar header", () => {
    expect(lines.slice(0, 4)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Commons Learning Design//Currents of Care//EN",
      "CALSCALE:GREGORIAN",
    ]);
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe("");
  });

  it("defines the America/Los_Angeles time zone with daylight and standard rules", () => {
    const start = lines.indexOf("BEGIN:VTIMEZONE");
    const end = lines.indexOf("END:VTIMEZONE");
    const block = lines.slice(start, end + 1);
    expect(block).toContain("TZID:America/Los_Angeles");
    expect(block).toContain("BEGIN:DAYLIGHT");
    expect(block).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(block).toContain("BEGIN:STANDARD");
    expect(block).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
  });

  it("has one event per Saturday, 12:00 to 15:00 Pacific", () => {
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(2);
    expect(lines).toContain("DTSTART;TZID=America/Los_Angeles:20251011T120000");
    expect(lines).toContain("DTEND;TZID=America/Los_Angeles:20251011T150000");
    expect(lines).toContain("DTSTART;TZID=America/Los_Angeles:20251025T120000");
    expect(lines).toContain("DTEND;TZID=America/Los_Angeles:20251025T150000");
  });

  it("gives each event the required and descriptive properties", () => {
    const uids = lines.filter((l) => l.startsWith("UID:"));
    expect(uids).toEqual([
      "UID:currents-of-care-20251011@www.example.org",
      "UID:currents-of-care-20251025@www.example.org",
    ]);
    expect(lines.filter((l) => l === "DTSTAMP:20250901T083005Z")).toHaveLength(2);
    expect(lines.filter((l) => l === "SUMMARY:Currents of Care")).toHaveLength(2);
    expect(lines).toContain("LOCATION:A public library in Renton\\, Renton\\, WA");
    expect(lines).toContain("URL:https://www.example.org/currents-of-care");
    const description = lines.find((l) => l.startsWith("DESCRIPTION:"));
    expect(description).toContain("Currents of Care is a free community mural gathering");
    expect(description).toContain("\\n\\n");
    // Commas and semicolons in the text are escaped.
    expect(description).not.toMatch(/[^\\][,;]/);
  });

  it("refuses a time zone it cannot describe", () => {
    expect(() =>
      buildEventCalendar(
        [{ ...currentsOfCare, timezone: "Europe/Paris" as typeof currentsOfCare.timezone }],
        options,
      ),
    ).toThrow(/VTIMEZONE/);
  });
});

describe("the events feed, read by a real iCalendar parser (ical.js)", () => {
  const workshop: EventContent = {
    ...currentsOfCare,
    slug: "winter-workshop",
    title: "Winter workshop",
    status: "cancelled",
    sessions: [
      // Across the end of daylight saving time (November 2, 2025 in Los Angeles).
      {
        start: "2025-11-01T10:00:00-07:00",
        end: "2025-11-01T12:00:00-07:00",
        dateLabel: "Saturday, November 1, 2025",
        timeLabel: "10:00 AM-12:00 PM",
      },
      {
        start: "2025-11-08T10:00:00-08:00",
        end: "2025-11-08T12:00:00-08:00",
        dateLabel: "Saturday, November 8, 2025",
        timeLabel: "10:00 AM-12:00 PM",
      },
    ],
  };
  const feed = buildEventCalendar([currentsOfCare, workshop], { ...options, name: "Events" });
  const calendar = new ICAL.Component(ICAL.parse(feed));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));

  it("parses as one calendar with one VEVENT per session of every event, one VTIMEZONE", () => {
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Events");
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
    expect(events.map((event) => event.summary)).toEqual([
      "Currents of Care",
      "Currents of Care",
      "Winter workshop",
      "Winter workshop",
    ]);
    expect(new Set(events.map((event) => event.uid)).size).toBe(4);
  });

  it("gives the real instants on both sides of the daylight-saving change", () => {
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!);
    const instants = events.slice(2).map((event) => {
      const start = event.startDate;
      start.zone = zone;
      return start.toJSDate().toISOString();
    });
    expect(instants).toEqual(["2025-11-01T17:00:00.000Z", "2025-11-08T18:00:00.000Z"]);
  });

  it("links each event to its own page and marks a cancelled one", () => {
    const urls = calendar
      .getAllSubcomponents("vevent")
      .map((vevent) => vevent.getFirstPropertyValue("url"));
    expect(urls).toEqual([
      "https://www.example.org/currents-of-care",
      "https://www.example.org/currents-of-care",
      "https://www.example.org/events/winter-workshop",
      "https://www.example.org/events/winter-workshop",
    ]);
    const statuses = calendar
      .getAllSubcomponents("vevent")
      .map((vevent) => vevent.getFirstPropertyValue("status"));
    expect(statuses).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED", "CANCELLED"]);
  });
});

describe("text iCalendar cannot carry, and PRODID", () => {
  const odd: EventContent = {
    ...currentsOfCare,
    title: "Care; kindness, and\\ more\ufffe\u0001",
    description: "First\u0000 line\nsecond\uffff line",
  };
  const ics = buildEventCalendar([odd], {
    ...options,
    name: "Odd, name; here\nand // there\u0007",
    organizationName: "Org; with, marks\\ and // slashes\uffff",
  });
  const lines = unfold(ics);

  it("escapes PRODID like every text property and keeps its own // separators", () => {
    expect(lines[2]).toBe(
      "PRODID:-//Org\\; with\\, marks\\\\ and / slashes//Odd\\, name\\; here\\nand / there//EN",
    );
  });

  it("removes U+FFFE, U+FFFF and control characters from every text property", () => {
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u0008\u000a-\u001f\ufffe\uffff]/);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe("Care; kindness, and\\ more");
    expect(event.description.startsWith("First line\nsecond line")).toBe(true);
    expect(lines).toContain("X-WR-CALNAME:Odd\\, name\\; here\\nand // there");
  });
});
