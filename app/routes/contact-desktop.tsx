import { ContactPage } from "~/features/contact";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/contact-desktop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/contact-desktop", { origin: originOf(matches) });

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
