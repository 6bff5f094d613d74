import type { MetaDescriptor } from "react-router";
import type { Variant } from "~/route-paths";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import type { loadEventPage } from "./event-loader";
import { eventJsonLd } from "./json-ld";

type MetaMatches = Parameters<typeof metaContent>[0] & Parameters<typeof originOf>[0];

/**
 * The metadata of the event page (app/routes/currents-of-care-desktop.tsx and -mobile.tsx), with
 * its JSON-LD event, for the variant's address.
 */
export function eventPageMeta(
  variant: Variant,
  matches: MetaMatches,
  loaderData: ReturnType<typeof loadEventPage>,
): MetaDescriptor[] {
  const content = metaContent(matches);
  const origin = originOf(matches);
  return pageMeta(`/currents-of-care-${variant}`, content, {
    origin,
    jsonLd: eventJsonLd(loaderData.event, content.layout.organizationName, origin),
  });
}
