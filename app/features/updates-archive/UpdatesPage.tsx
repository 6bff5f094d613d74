import { ExternalLink } from "~/components/ExternalLink";
import { formatLongDate } from "~/lib/date-format";
import { UPDATE_TYPE_LABELS, type SiteUpdate } from "#common/updates";
import { UPDATES_FEED_PATH, UPDATES_TEXTS, updateLink, type updatesPage } from "./updates-archive";
import listing from "~/components/ListingPage.module.css";
import styles from "./UpdatesPage.module.css";

function UpdateItem({ update }: { update: SiteUpdate }) {
  const link = updateLink(update);
  return (
    <li className={listing.card}>
      <p className={styles.badge}>{UPDATE_TYPE_LABELS[update.type] ?? update.type}</p>
      <h2 className={listing.cardTitle}>
        {link ? <ExternalLink href={link}>{update.title}</ExternalLink> : update.title}
      </h2>
      <p className={styles.summary}>{update.summary}</p>
      <time className={styles.date} dateTime={update.published_at}>
        {formatLongDate(update.published_at)}
      </time>
    </li>
  );
}

/** /updates: every published update, newest first, 20 a page. */
export function UpdatesPage({ page }: { page: ReturnType<typeof updatesPage> }) {
  return (
    <div className={listing.page}>
      <h1 className={listing.heading}>{UPDATES_TEXTS.heading}</h1>
      {page.updates.length > 0 ? (
        <ul className={listing.list}>
          {page.updates.map((update) => (
            <UpdateItem key={update.id} update={update} />
          ))}
        </ul>
      ) : (
        <p>{UPDATES_TEXTS.empty}</p>
      )}
      {page.olderHref || page.newerHref ? (
        <nav className={styles.pages} aria-label="Pages of updates">
          {page.newerHref ? <a href={page.newerHref}>{UPDATES_TEXTS.newer}</a> : null}
          {page.olderHref ? <a href={page.olderHref}>{UPDATES_TEXTS.older}</a> : null}
        </nav>
      ) : null}
      <p className={listing.feed}>
        <a href={UPDATES_FEED_PATH} type="application/atom+xml">
          {UPDATES_TEXTS.feed}
        </a>
      </p>
    </div>
  );
}
