import type { MetaDescriptor } from "react-router";
import { metaContent, originOf, pageMeta, type PublicRoute } from "~/lib/seo";
import type { EventPageData } from "./event-loader.server";
import { eventJsonLd } from "./json-ld";

type MetaMatches = Parameters<typeof metaContent>[0] & Parameters<typeof originOf>[0];

/**
 * The metadata of an event page at `path` (/currents-of-care-desktop, -mobile or
 * /events/<slug>), with its JSON-LD events as they stand at the render's moment.
 */
export function eventPageMeta(
  path: PublicRoute,
  matches: MetaMatches,
  loaderData: EventPageData | undefined,
): MetaDescriptor[] {
  const content = metaContent(matches);
  const origin = originOf(matches);
  if (!loaderData) return pageMeta(path, content, { origin });
  return pageMeta(path, content, {
    origin,
    jsonLd: eventJsonLd(
      loaderData.event,
      content.layout.organisation.name,
      origin,
      loaderData.eventState,
    ),
  });
}
