import { offsetMinutes } from "./zoned-time.js";

/**
 * Sending hours (design 13): a text reaches the provider only between `from` and `to` in the
 * site's zone and, for a US number whose area code lies in another zone, in that zone too.
 * Answers a person asked for (confirmation, opt-out) go at any hour and never come here.
 */
export interface SendHours {
  /** "HH:MM", 24-hour; `from` before `to`. */
  from: string;
  to: string;
}

export const DEFAULT_SEND_HOURS: SendHours = { from: "09:00", to: "20:00" };

const HOUR_MINUTE = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** Minutes since midnight of "HH:MM", or null when it is not a time of day. */
export function minutesOfDay(text: string): number | null {
  const match = HOUR_MINUTE.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The time zone of a US area code where it differs from the Eastern zone's neighbours: a small
 * table of the codes outside the Eastern zone (a code spanning two zones takes its main one).
 * Codes not listed are read as Eastern; numbers outside +1 have no zone of their own here.
 */
const AREA_CODE_ZONES: Readonly<Record<string, readonly string[]>> = {
  "America/Chicago": [
    "205",
    "251",
    "256",
    "334",
    "659",
    "938", // Alabama
    "479",
    "501",
    "870", // Arkansas
    "217",
    "224",
    "309",
    "312",
    "331",
    "447",
    "464",
    "618",
    "630",
    "708",
    "773",
    "779",
    "815",
    "847",
    "872", // Illinois
    "219",
    "574", // Indiana (north-west)
    "319",
    "515",
    "563",
    "641",
    "712", // Iowa
    "316",
    "620",
    "785",
    "913", // Kansas
    "270",
    "364", // Kentucky (west)
    "225",
    "318",
    "337",
    "504",
    "985", // Louisiana
    "218",
    "320",
    "507",
    "612",
    "651",
    "763",
    "952", // Minnesota
    "228",
    "601",
    "662",
    "769", // Mississippi
    "314",
    "417",
    "557",
    "573",
    "636",
    "660",
    "816", // Missouri
    "308",
    "402",
    "531", // Nebraska
    "701", // North Dakota
    "405",
    "539",
    "572",
    "580",
    "918", // Oklahoma
    "605", // South Dakota
    "615",
    "629",
    "731",
    "901",
    "931", // Tennessee (middle and west)
    "210",
    "214",
    "254",
    "281",
    "325",
    "346",
    "361",
    "409",
    "430",
    "432",
    "469",
    "512",
    "682",
    "713",
    "726",
    "737",
    "806",
    "817",
    "830",
    "832",
    "903",
    "936",
    "940",
    "945",
    "956",
    "972",
    "979", // Texas
    "262",
    "274",
    "414",
    "534",
    "608",
    "715",
    "920", // Wisconsin
  ],
  "America/Denver": [
    "303",
    "719",
    "720",
    "970",
    "983", // Colorado
    "208",
    "986", // Idaho
    "406", // Montana
    "505",
    "575", // New Mexico
    "385",
    "435",
    "801", // Utah
    "307", // Wyoming
    "915", // Texas (El Paso)
  ],
  "America/Phoenix": ["480", "520", "602", "623", "928"],
  "America/Los_Angeles": [
    "209",
    "213",
    "279",
    "310",
    "323",
    "341",
    "350",
    "408",
    "415",
    "424",
    "442",
    "510",
    "530",
    "559",
    "562",
    "619",
    "626",
    "628",
    "650",
    "657",
    "661",
    "669",
    "707",
    "714",
    "747",
    "760",
    "805",
    "818",
    "820",
    "831",
    "840",
    "858",
    "909",
    "916",
    "925",
    "949",
    "951", // California
    "702",
    "725",
    "775", // Nevada
    "458",
    "503",
    "541",
    "971", // Oregon
    "206",
    "253",
    "360",
    "425",
    "509",
    "564", // Washington
  ],
  "America/Anchorage": ["907"],
  "Pacific/Honolulu": ["808"],
};

const ZONE_OF_AREA_CODE = new Map<string, string>(
  Object.entries(AREA_CODE_ZONES).flatMap(([zone, codes]) => codes.map((code) => [code, zone])),
);

/** Every zone a +1 number may be read as being in (the table's, and Eastern). */
export const AREA_CODE_ZONE_NAMES: readonly string[] = [
  ...Object.keys(AREA_CODE_ZONES),
  "America/New_York",
];

/** The zone of a +1 number's area code ("America/New_York" unless listed); null otherwise. */
export function areaCodeZone(e164: string): string | null {
  const match = /^\+1([2-9][0-9]{2})[0-9]{7}$/.exec(e164);
  if (!match) return null;
  return ZONE_OF_AREA_CODE.get(match[1]!) ?? "America/New_York";
}

/** The zones whose sending hours a text to `e164` must respect, the site's first. */
export function zonesFor(e164: string, siteZone: string): string[] {
  const own = areaCodeZone(e164);
  return own && own !== siteZone ? [siteZone, own] : [siteZone];
}

function localMinute(zone: string, instant: number): number {
  const local = instant + offsetMinutes(zone, instant) * 60_000;
  const day = 24 * 60;
  return ((Math.floor(local / 60_000) % day) + day) % day;
}

function windowOf(hours: SendHours): [number, number] {
  return [minutesOfDay(hours.from) ?? 9 * 60, minutesOfDay(hours.to) ?? 20 * 60];
}

/** True when `instant` lies within the sending hours in every zone. */
export function withinSendHours(
  instant: number,
  zones: readonly string[],
  hours: SendHours,
): boolean {
  const [from, to] = windowOf(hours);
  return zones.every((zone) => {
    const minute = localMinute(zone, instant);
    return minute >= from && minute < to;
  });
}

const MINUTE = 60_000;
/** Enough steps to cross any two US zones' windows; beyond it the windows never meet. */
const MAX_STEPS = 64;

/**
 * The first instant at or after `instant` within the sending hours in every zone (to the
 * minute), or null when the windows of the zones never overlap.
 */
export function nextAllowedAt(
  instant: number,
  zones: readonly string[],
  hours: SendHours,
): number | null {
  const [from, to] = windowOf(hours);
  let at = instant;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    let jump = 0;
    for (const zone of zones) {
      const minute = localMinute(zone, at);
      if (minute >= from && minute < to) continue;
      const wait = minute < from ? from - minute : 24 * 60 - minute + from;
      jump = Math.max(jump, wait);
    }
    if (jump === 0) return at;
    // To the start of the allowed minute.
    at = Math.floor(at / MINUTE) * MINUTE + jump * MINUTE;
  }
  return null;
}

/**
 * The last allowed minute at or before `instant` in every zone (event reminders: a reminder
 * whose time falls outside the hours goes before it, never after), or null when none exists
 * within a week before.
 */
export function lastAllowedBefore(
  instant: number,
  zones: readonly string[],
  hours: SendHours,
): number | null {
  if (withinSendHours(instant, zones, hours)) return instant;
  const [from, to] = windowOf(hours);
  let at = Math.floor(instant / MINUTE) * MINUTE;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    let back = 0;
    for (const zone of zones) {
      const minute = localMinute(zone, at);
      if (minute >= from && minute < to) continue;
      // Back to the window's last minute (to - 1) of today or yesterday.
      const wait = minute >= to ? minute - (to - 1) : minute + 24 * 60 - (to - 1);
      back = Math.max(back, wait);
    }
    if (back === 0) return at;
    at -= back * MINUTE;
  }
  return null;
}
