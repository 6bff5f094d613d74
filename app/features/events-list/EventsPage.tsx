import { EVENTS_CALENDAR_PATH } from "#common/event-paths";
import { CLOSED_EVENT_NOTICE, HAPPENING_NOW_NOTICE } from "#common/event-state";
import { EVENTS_TEXTS, type EventSummary, type EventsLists } from "./events-list";
import listing from "~/components/ListingPage.module.css";
import styles from "./EventsPage.module.css";

function EventItem({ event }: { event: EventSummary }) {
  const notice =
    event.state === "happening" ? HAPPENING_NOW_NOTICE : CLOSED_EVENT_NOTICE[event.state];
  return (
    <li className={listing.card}>
      <h3 className={listing.cardTitle}>
        <a href={event.href}>{event.title}</a>
      </h3>
      <p className={styles.when}>
        <time dateTime={event.start}>{event.datesLabel}</time>
        {event.timeLabel ? <>, {event.timeLabel}</> : null}
      </p>
      <p className={styles.place}>{event.place}</p>
      {notice ? <p className={styles.notice}>{notice}</p> : null}
    </li>
  );
}

/** /events: upcoming events (or a line saying there are none), then past events. */
export function EventsPage({ lists }: { lists: EventsLists }) {
  return (
    <div className={listing.page}>
      <h1 className={listing.heading}>{EVENTS_TEXTS.heading}</h1>
      <section aria-labelledby="upcoming-events">
        <h2 id="upcoming-events" className={styles.sectionHeading}>
          {EVENTS_TEXTS.upcoming}
        </h2>
        {lists.upcoming.length > 0 ? (
          <ul className={listing.list}>
            {lists.upcoming.map((event) => (
              <EventItem key={event.href} event={event} />
            ))}
          </ul>
        ) : (
          <p>{EVENTS_TEXTS.noUpcoming}</p>
        )}
      </section>
      {lists.past.length > 0 ? (
        <section aria-labelledby="past-events">
          <h2 id="past-events" className={styles.sectionHeading}>
            {EVENTS_TEXTS.past}
          </h2>
          <ul className={listing.list}>
            {lists.past.map((event) => (
              <EventItem key={event.href} event={event} />
            ))}
          </ul>
        </section>
      ) : null}
      <p className={listing.feed}>
        <a href={EVENTS_CALENDAR_PATH} type="text/calendar">
          {EVENTS_TEXTS.calendarFeed}
        </a>
      </p>
    </div>
  );
}
