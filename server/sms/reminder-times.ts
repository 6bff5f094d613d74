import {
  AREA_CODE_ZONE_NAMES,
  lastAllowedBefore,
  withinSendHours,
  type SendHours,
} from "../../common/sms-hours.js";
import type { ReminderLead } from "../../common/event-reminders.js";

/**
 * When an event reminder goes (docs/decisions/048): its own moment is the session's start
 * minus the lead; the sending hours move it to the last allowed minute at or before that
 * moment, never after it. Each number has its own turn (its area code's zone may close
 * earlier than the site's), so a reminder's recipients are stored at the earliest of those
 * turns and each waits for its own.
 */

const HOUR = 3_600_000;

export const LEAD_MS: Readonly<Record<ReminderLead, number>> = {
  "1d": 24 * HOUR,
  "2d": 48 * HOUR,
  "3h": 3 * HOUR,
};

/** The reminder's own moment for a session starting at `start` (ms). */
export function remindAtFor(start: number, lead: ReminderLead): number {
  return start - LEAD_MS[lead];
}

/** When it goes in the site's zone: what staff see; null when the hours never allow it. */
export function siteTurn(remindAt: number, siteZone: string, hours: SendHours): number | null {
  return lastAllowedBefore(remindAt, [siteZone], hours);
}

/**
 * When its recipients are stored: the earliest turn of any number (the site's zone with each
 * zone an area code may put a number in). Null when no zone allows it.
 */
export function beginsAt(remindAt: number, siteZone: string, hours: SendHours): number | null {
  let earliest: number | null = null;
  for (const zones of [[siteZone], ...AREA_CODE_ZONE_NAMES.map((zone) => [siteZone, zone])]) {
    const turn = lastAllowedBefore(remindAt, zones, hours);
    if (turn !== null && (earliest === null || turn < earliest)) earliest = turn;
  }
  return earliest;
}

/**
 * One number's turn, its recipient stored at `now`: the last allowed minute at or before the
 * reminder's moment in its zones; now, when that minute is under way or the recipient was
 * stored late but its hours are open and the moment has not passed; null when it can no longer
 * go before its moment (it is then not sent at all).
 */
export function numberTurn(
  remindAt: number,
  now: number,
  zones: readonly string[],
  hours: SendHours,
): number | null {
  const turn = lastAllowedBefore(remindAt, zones, hours);
  if (turn !== null && turn >= now) return turn;
  return now <= remindAt && withinSendHours(now, zones, hours) ? now : null;
}
