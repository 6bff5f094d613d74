import { ContactPage } from "~/features/contact";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/contact-desktop");

export default function Screen() {
  const prefilledMessage = usePrefilledMessage();
  return (
    <ContactPage variant="desktop">
      <ContactForm initialMessage={prefilledMessage} />
    </ContactPage>
  );
}
