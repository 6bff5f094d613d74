import type { Route } from "./+types/contact-desktop";
import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";
import { ContactPage } from "~/features/contact";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.contact,
    contact: content.site.contact,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/contact-desktop", metaContent(matches), { origin: originOf(matches) });

/** Hydrates for the contact form. */
export const handle = hydratedRoute;

export default function Screen() {
  const prefilledMessage = usePrefilledMessage();
  return (
    <ContactPage variant="desktop">
      <ContactForm initialMessage={prefilledMessage} />
    </ContactPage>
  );
}
