/*
 * The one rule for an event's sessions in time: which comes first, which is next, whether the
 * event is over. The event pages, /events, the calendar files, the date lines and the event's
 * state (event-state.ts) all ask here, so they never disagree. Pure and zod-free; the clock is
 * always passed in.
 *
 * Sessions hold absolute instants written with the offset in force in the event's time zone
 * (common/content/event.ts), so comparing instants is right across a daylight-saving change; the
 * zone only matters for how dates are shown. A session whose start or end is not a time takes no
 * part (the content schema never stores one).
 */

export interface TimedSession {
  readonly start: string;
  readonly end: string;
}

/** A session with its start and end as instants (ms since the epoch). */
export interface SessionSpan<S extends TimedSession = TimedSession> {
  readonly session: S;
  readonly start: number;
  readonly end: number;
}

/**
 * The sessions as spans, earliest start first (a tie: the earlier end first, then the order they
 * were written in). Sessions whose times are not times are left out.
 */
export function sessionSpans<S extends TimedSession>(sessions: readonly S[]): SessionSpan<S>[] {
  return sessions
    .map((session) => ({ session, start: Date.parse(session.start), end: Date.parse(session.end) }))
    .filter((span) => !Number.isNaN(span.start) && !Number.isNaN(span.end))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The sessions in the order they happen (see `sessionSpans`). */
export function sessionsInOrder<S extends TimedSession>(sessions: readonly S[]): S[] {
  return sessionSpans(sessions).map((span) => span.session);
}

/** The session that starts first; undefined when there is none. */
export function firstSession<S extends TimedSession>(sessions: readonly S[]): S | undefined {
  return sessionSpans(sessions)[0]?.session;
}

/**
 * The session under way at `now` (from its start, inclusive, to its end, exclusive), else the
 * next to start; undefined when every session is over.
 */
export function nextSession<S extends TimedSession>(
  sessions: readonly S[],
  now: number,
): S | undefined {
  const spans = sessionSpans(sessions);
  return (
    spans.find((span) => span.start <= now && now < span.end) ??
    spans.find((span) => span.start > now)
  )?.session;
}

/** When the last session ends (ms since the epoch); null when there is no session. */
export function lastSessionEnd(sessions: readonly TimedSession[]): number | null {
  const spans = sessionSpans(sessions);
  return spans.length > 0 ? Math.max(...spans.map((span) => span.end)) : null;
}

/** True when no session is under way or ahead at `now`: the event is past. */
export function isEventOver(sessions: readonly TimedSession[], now: number): boolean {
  return nextSession(sessions, now) === undefined;
}
