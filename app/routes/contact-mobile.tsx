import { ContactPage } from "~/features/contact";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/contact-mobile");

export default function Screen() {
  const prefilledMessage = usePrefilledMessage();
  return (
    <ContactPage variant="mobile">
      <ContactForm initialMessage={prefilledMessage} />
    </ContactPage>
  );
}
