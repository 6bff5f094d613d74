import type { EventContent } from "#common/content/snapshot";
import { absoluteUrl } from "~/lib/seo";
import { SCHEMA_ORG_EVENT_STATUS, type EventState } from "#common/event-state";
import { eventPagePath } from "#common/event-paths";

/**
 * schema.org data for search engines: one Event per session, free, in person, at its place,
 * organised by the site's organisation. Past, cancelled and postponed events keep their real
 * dates and offer no tickets.
 */
export function eventJsonLd(
  event: EventContent,
  organizationName: string,
  origin?: string,
  state: EventState = "upcoming",
): Record<string, unknown>[] {
  // Only an event people can still attend offers a place; the real dates stay either way.
  const open = state === "upcoming" || state === "happening";
  const url = (path: string) => absoluteUrl(path, origin);
  const { location } = event;
  const place = {
    "@type": "Place",
    name: location.name,
    address: {
      "@type": "PostalAddress",
      ...(location.streetAddress ? { streetAddress: location.streetAddress } : {}),
      ...(location.city ? { addressLocality: location.city } : {}),
      ...(location.region ? { addressRegion: location.region } : {}),
      ...(location.postalCode ? { postalCode: location.postalCode } : {}),
      ...(location.country ? { addressCountry: location.country } : {}),
    },
  };
  const organizer = {
    "@type": "Organization",
    name: organizationName,
    url: url("/"),
  };
  const pictures = [
    ...(event.gallery?.slides.map((slide) => slide.src) ?? []),
    ...(event.about?.flyer ? [event.about.flyer.src] : []),
  ];
  const images = pictures.map((src) => url(src));
  return event.sessions.map((session) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    ...(event.description ? { description: event.description } : {}),
    startDate: session.start,
    endDate: session.end,
    eventStatus: SCHEMA_ORG_EVENT_STATUS[state],
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: place,
    ...(images.length > 0 ? { image: images } : {}),
    isAccessibleForFree: true,
    ...(open
      ? {
          offers: {
            "@type": "Offer",
            price: 0,
            priceCurrency: "USD",
            availability: "https://schema.org/InStock",
            // Without a ticketing page, the event's own page is where to go.
            url: event.register?.url ?? url(eventPagePath(event.slug)),
          },
        }
      : {}),
    organizer,
    url: url(eventPagePath(event.slug)),
  }));
}
