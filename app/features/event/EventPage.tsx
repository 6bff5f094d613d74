import { buttonClass } from "~/components/ButtonLink";
import { ExternalLink, extraWords } from "~/components/ExternalLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { Footer } from "~/components/Footer";
import { SiteHeader } from "~/components/PageLayout";
import { socialIcons } from "~/components/icons";
import type { EventContent, TeamParticipant } from "#common/content/snapshot";
import { CLOSED_EVENT_NOTICE, type EventState } from "#common/event-state";
import { eventDateLines } from "#common/event-dates";
import { eventCalendarPath } from "#common/event-paths";
import { GalleryIsland } from "./GalleryIsland";
import styles from "./EventPage.module.css";

export interface EventPageProps {
  event: EventContent;
  /**
   * Desktop: two columns where there is room. Mobile: one column. Responsive (/events/<slug>,
   * one page for every width): as desktop, with the menu icon below 600 px.
   */
  variant: "desktop" | "mobile" | "responsive";
  /** From common/event-state.ts at render time; an event no one can attend offers no register or calendar link. */
  state?: EventState;
}

const FOOTNOTE_ID = "event-footnote";

function DetailsCard({ event, state }: { event: EventContent; state: EventState }) {
  const { card, location } = event;
  const closedNotice = CLOSED_EVENT_NOTICE[state];
  const calendarHref = event.addToCalendar.href ?? eventCalendarPath(event.slug);
  const lines = eventDateLines(event);
  // Only the networks the event has an address for (none: no list at all).
  const socialLinks = (["facebook", "instagram"] as const).flatMap((network) => {
    const link = event.social?.[network];
    return link ? [{ network, link }] : [];
  });
  return (
    <section className={styles.card} aria-labelledby="event-card-heading">
      <h2 id="event-card-heading" className={styles.cardHeading}>
        {card.heading}
      </h2>
      <dl className={styles.details}>
        <div>
          <dt>{card.dateLabel}</dt>
          <dd>
            <ul className={styles.plainList}>
              {lines.sessions.map((session) => (
                <li key={session.start}>
                  <time dateTime={session.start}>{session.date}</time>
                </li>
              ))}
            </ul>
            {closedNotice ? <p className={styles.closedNotice}>{closedNotice}</p> : null}
          </dd>
        </div>
        <div>
          <dt>{card.timeLabel}</dt>
          <dd>{lines.time}</dd>
        </div>
        <div>
          <dt>{card.locationLabel}</dt>
          <dd>
            <address className={styles.address}>
              {location.name}
              <br />
              {location.streetAddress ? (
                <>
                  {location.streetAddress}
                  <br />
                </>
              ) : null}
              {location.city && location.region ? (
                <>
                  {location.city}, {location.region}
                </>
              ) : (
                (location.city ?? location.region)
              )}
              {location.postalCode ? ` ${location.postalCode}` : null}
            </address>
          </dd>
        </div>
      </dl>
      {closedNotice ? null : (
        <div className={styles.actions}>
          {event.register ? (
            <ExternalLink
              href={event.register.url}
              accessibleLabel={event.register.accessibleLabel}
              className={buttonClass("primary")}
            >
              {event.register.label}
            </ExternalLink>
          ) : null}
          <a
            href={calendarHref}
            download={calendarHref.split("/").pop()}
            type="text/calendar"
            className={buttonClass("secondary")}
          >
            {event.addToCalendar.label}
            <span className="visually-hidden">
              {extraWords(event.addToCalendar.label, event.addToCalendar.accessibleLabel)}
            </span>
          </a>
        </div>
      )}
      {socialLinks.length > 0 ? (
        <ul className={styles.social}>
          {socialLinks.map(({ network, link }) => {
            const Icon = socialIcons[network];
            return (
              <li key={network}>
                <ExternalLink href={link.url} className={styles.socialLink}>
                  <Icon size={22} />
                  {link.label}
                  <span className="visually-hidden">
                    {extraWords(link.label, link.accessibleLabel)}
                  </span>
                </ExternalLink>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

function ParticipantCard({ person }: { person: TeamParticipant }) {
  return (
    <li className={styles.person}>
      <h3 className={styles.personName}>{person.name}</h3>
      <p className={styles.personRole}>{person.role}</p>
      <p className={styles.personBio}>{person.bio}</p>
      {person.artwork ? (
        <figure className={styles.artwork}>
          <ResponsiveImage image={person.artwork} className={styles.artworkImage} />
          <figcaption className={styles.artworkTitle}>{person.artwork.title}</figcaption>
        </figure>
      ) : null}
    </li>
  );
}

/**
 * An event's page inside the site's header (the navbar, or the mobile header with its menu
 * icon, as the variant's pages have) and footer: title, the date/time/location card with the
 * register, calendar and social links, the gallery, the project, the art map, the team, the call
 * to join, and the footnote about the event's name.
 */
export function EventPage({ event, variant, state = "upcoming" }: EventPageProps) {
  const { about, artMap, team, joinTheMovement, footnote } = event;
  return (
    <div
      className={`${styles.page} ${variant === "responsive" ? styles.desktop : styles[variant]}`}
    >
      <SiteHeader variant={variant} />

      <main id="main" className={styles.main}>
        <div className={styles.top}>
          <div className={styles.intro}>
            {event.tagline ? <p className={styles.tagline}>{event.tagline}</p> : null}
            <h1 className={styles.title}>
              {event.title}
              {footnote ? (
                <sup className={styles.marker}>
                  <a href={`#${FOOTNOTE_ID}`}>
                    {footnote.marker}
                    <span className="visually-hidden"> {footnote.linkLabel}</span>
                  </a>
                </sup>
              ) : null}
            </h1>
            {event.description ? <p className={styles.lead}>{event.description}</p> : null}
            {event.audience ? <p className={styles.audience}>{event.audience}</p> : null}
            <DetailsCard event={event} state={state} />
          </div>
          {event.gallery ? (
            <GalleryIsland
              gallery={event.gallery}
              priority={variant === "desktop"}
              className={styles.gallery}
            />
          ) : null}
        </div>

        {about || artMap ? (
          <section
            className={styles.about}
            aria-labelledby={about ? "event-about-heading" : undefined}
            aria-label={about ? undefined : artMap?.label}
          >
            <div className={styles.aboutText}>
              {about ? (
                <>
                  <h2 id="event-about-heading" className={styles.sectionHeading}>
                    {about.heading}
                  </h2>
                  {about.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </>
              ) : null}
              {artMap ? (
                <>
                  <p className={styles.mapText}>{artMap.description}</p>
                  <p>
                    <ExternalLink
                      href={artMap.url}
                      accessibleLabel={artMap.accessibleLabel}
                      className={styles.mapLink}
                    >
                      {artMap.label}
                    </ExternalLink>
                  </p>
                </>
              ) : null}
            </div>
            {about?.flyer ? (
              <ResponsiveImage
                image={about.flyer}
                className={styles.flyer}
                pictureClassName={styles.flyerPicture}
              />
            ) : null}
          </section>
        ) : null}

        {team ? (
          <section className={styles.team} aria-labelledby="event-team-heading">
            <h2 id="event-team-heading" className={styles.sectionHeading}>
              {team.heading}
            </h2>
            <p>{team.intro}</p>
            <ul className={styles.people}>
              {team.participants.map((person) => (
                <ParticipantCard key={person.name} person={person} />
              ))}
            </ul>
          </section>
        ) : null}

        {joinTheMovement ? (
          <section className={styles.join} aria-labelledby="event-join-heading">
            <h2 id="event-join-heading" className={styles.sectionHeading}>
              {joinTheMovement.heading}
            </h2>
            <p>{joinTheMovement.text}</p>
            <div className={styles.actions}>
              <ExternalLink
                href={joinTheMovement.learnMore.url}
                accessibleLabel={joinTheMovement.learnMore.accessibleLabel}
                className={buttonClass("light")}
              >
                {joinTheMovement.learnMore.label}
              </ExternalLink>
              <ExternalLink
                href={joinTheMovement.getInvolved.url}
                accessibleLabel={joinTheMovement.getInvolved.accessibleLabel}
                className={buttonClass("light")}
              >
                {joinTheMovement.getInvolved.label}
              </ExternalLink>
            </div>
          </section>
        ) : null}
      </main>

      {/* The footnote the title's marker leads to, closing the event's own page. */}
      {footnote ? (
        <aside className={styles.footer}>
          <p id={FOOTNOTE_ID} className={styles.footnote}>
            <span className={styles.footnoteMarker}>{footnote.marker}</span> {footnote.text}
          </p>
        </aside>
      ) : null}
      <Footer variant={variant === "mobile" ? "mobile" : "desktop"} />
    </div>
  );
}
