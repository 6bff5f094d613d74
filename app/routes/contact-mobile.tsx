import { ContactPage } from "~/features/contact";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/contact-mobile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/contact-mobile", { origin: originOf(matches) });

/** Hydrates for the contact form. */
export const handle = hydratedRoute;

export default function Screen() {
  const prefilledMessage = usePrefilledMessage();
  return (
    <ContactPage variant="mobile">
      <ContactForm initialMessage={prefilledMessage} />
    </ContactPage>
  );
}
