import { ContactPage } from "~/features/contact";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

export const meta = () => pageMeta("/contact-mobile");

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
