import { useCallback, useEffect, useId, useRef, useState } from "react";
import { StaffTime, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import type { OwnSession } from "#common/account-sessions-schemas";
import { endOtherSessions, endSession, listOwnSessions } from "./account-api";
import { signOutEverywhere } from "./api";
import own from "./AccountSections.module.css";
import styles from "./StaffPages.module.css";
import { SectionMessage, type SectionMessageValue } from "./SectionMessage";

export const SESSIONS_TEXT = {
  heading: "Sessions",
  intro:
    "Where you are signed in now. Do not recognise one, or left a computer signed in? End it: it is signed out at its next step.",
  loading: "Loading your sessions…",
  thisDevice: "This device",
  signedIn: "Signed in",
  lastSeen: "Last seen",
  address: "From",
  noAddress: "address not known",
  end: (device: string) => `End the session on ${device}`,
  endShort: "End",
  ended: (device: string) => `The session on ${device} has ended.`,
  endOthers: "End all other sessions",
  othersEnded: (count: number) =>
    count === 1 ? "1 other session has ended." : `${count} other sessions have ended.`,
  noOthers: "You are signed in on this device only.",
  everywhereIntro:
    "Lost a phone or signed in on a computer you no longer use? End every session, this one included.",
  signOutEverywhere: "Sign out everywhere",
  failed: "Could not load or end your sessions. Please try again.",
} as const;

/** Your account's sessions: each with its device, address and times; end one, the others, or all. */
export function SessionsSection() {
  const { handleAuthError, onUnauthorized } = useStaffSession();
  const announce = useAnnounce();
  const headingId = useId();
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const [message, setMessage] = useState<SectionMessageValue | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const refuse = useCallback(
    (caught: unknown) => {
      if (handleAuthError(caught)) return;
      const text =
        isApiError(caught) && caught.status !== 0 && caught.status !== 404
          ? caught.message
          : SESSIONS_TEXT.failed;
      setMessage({ text, error: true, key: Date.now() });
    },
    [handleAuthError],
  );
  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setSessions(await listOwnSessions(signal));
      } catch (caught) {
        if (signal?.aborted) return;
        refuse(caught);
      }
    },
    [refuse],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const say = (text: string) => {
    setMessage({ text, error: false, key: Date.now() });
    announce(text);
  };
  const onEnd = async (session: OwnSession) => {
    try {
      await endSession(session.id);
      if (session.current) return onUnauthorized();
      say(SESSIONS_TEXT.ended(session.device));
    } catch (caught) {
      // Already gone (ended elsewhere): the list below shows what is left.
      if (!(isApiError(caught) && caught.status === 404)) refuse(caught);
    }
    await load();
    // The button pressed is gone: focus stays in the section, on its heading.
    headingRef.current?.focus();
  };
  const onEndOthers = async () => {
    try {
      const { ended } = await endOtherSessions();
      say(SESSIONS_TEXT.othersEnded(ended));
      await load();
    } catch (caught) {
      refuse(caught);
    }
  };
  const onEverywhere = async () => {
    try {
      await signOutEverywhere();
      // This session ended too: the shell locks.
      onUnauthorized();
    } catch (caught) {
      refuse(caught);
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <section className={own.section} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={own.sectionHeading}>
        {SESSIONS_TEXT.heading}
      </h2>
      <p>{SESSIONS_TEXT.intro}</p>
      {sessions === null ? (
        <p>{SESSIONS_TEXT.loading}</p>
      ) : (
        <ul className={own.list} aria-labelledby={headingId}>
          {sessions.map((session) => (
            <li key={session.id} className={own.listItem}>
              <div>
                <p className={own.sessionDevice}>
                  {session.device}
                  {session.current ? (
                    <span className={own.badge}> ({SESSIONS_TEXT.thisDevice})</span>
                  ) : null}
                </p>
                <dl className={own.sessionFacts}>
                  <div>
                    <dt>{SESSIONS_TEXT.address}</dt>
                    <dd>{session.clientAddress ?? SESSIONS_TEXT.noAddress}</dd>
                  </div>
                  <div>
                    <dt>{SESSIONS_TEXT.signedIn}</dt>
                    <dd>
                      <StaffTime iso={session.createdAt} />
                    </dd>
                  </div>
                  <div>
                    <dt>{SESSIONS_TEXT.lastSeen}</dt>
                    <dd>
                      <StaffTime iso={session.lastSeenAt} />
                    </dd>
                  </div>
                </dl>
              </div>
              <button
                type="button"
                className={styles.outlineButton}
                aria-label={
                  session.current
                    ? `${SESSIONS_TEXT.end(session.device)} (${SESSIONS_TEXT.thisDevice.toLowerCase()}: signs you out)`
                    : SESSIONS_TEXT.end(session.device)
                }
                onClick={() => void onEnd(session)}
              >
                {SESSIONS_TEXT.endShort}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SectionMessage message={message} />
      <div className={styles.actions}>
        {sessions !== null && others.length === 0 ? (
          <p>{SESSIONS_TEXT.noOthers}</p>
        ) : (
          <button type="button" className={styles.outlineButton} onClick={onEndOthers}>
            {SESSIONS_TEXT.endOthers}
          </button>
        )}
      </div>
      <p>{SESSIONS_TEXT.everywhereIntro}</p>
      <button type="button" className={styles.outlineButton} onClick={onEverywhere}>
        {SESSIONS_TEXT.signOutEverywhere}
      </button>
    </section>
  );
}
