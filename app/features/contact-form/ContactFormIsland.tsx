import { useContent } from "~/content/use-content";
import { Island } from "~/islands/Island";
import { ContactForm, type ContactFormProps } from "./ContactForm";

/** The contact form as an island (docs/decisions/024): its texts read here, on the server. */
export function ContactFormIsland(props: Omit<ContactFormProps, "content">) {
  const { fields, failure, sending, submit, success } = useContent("contact");
  return (
    <Island
      name="contact-form"
      component={ContactForm}
      props={{ ...props, content: { fields, failure, sending, submit, success } }}
    />
  );
}
