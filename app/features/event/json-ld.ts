import type { EventContent } from "../../../common/content/snapshot";
import { absoluteUrl } from "~/lib/seo";

/** The public address of the event page (it sends each visitor to their variant). */
export const EVENT_PAGE_PATH = "/currents-of-care";

/**
 * schema.org data for search engines: one Event per session (both Saturdays), free, in person,
 * at the library, organised by the site's organisation.
 */
export function eventJsonLd(
  event: EventContent,
  organizationName: string,
  origin?: string,
): Record<string, unknown>[] {
  const url = (path: string) => absoluteUrl(path, origin);
  const { location } = event;
  const place = {
    "@type": "Place",
    name: location.name,
    address: {
      "@type": "PostalAddress",
      streetAddress: location.streetAddress,
      addressLocality: location.city,
      addressRegion: location.region,
      postalCode: location.postalCode,
      addressCountry: location.country,
    },
  };
  const organizer = {
    "@type": "Organization",
    name: organizationName,
    url: url("/"),
  };
  const images = [...event.gallery.slides.map((slide) => slide.src), event.about.flyer.src].map(
    (src) => url(src),
  );
  return event.sessions.map((session) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    startDate: session.start,
    endDate: session.end,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: place,
    image: images,
    isAccessibleForFree: true,
    offers: {
      "@type": "Offer",
      price: 0,
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: event.register.url,
    },
    organizer,
    url: url(EVENT_PAGE_PATH),
  }));
}
