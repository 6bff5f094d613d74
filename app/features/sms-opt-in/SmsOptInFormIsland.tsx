import { useContent } from "~/content/use-content";
import { Island } from "~/islands/Island";
import { SmsOptInForm, type SmsOptInFormProps } from "./SmsOptInForm";

/** The SMS opt-in form as an island (docs/decisions/024): its texts read here, on the server. */
export function SmsOptInFormIsland(props: Omit<SmsOptInFormProps, "content" | "legalLinks">) {
  const content = useContent("sms");
  const { footer } = useContent("layout");
  const legalLinks = { privacy: footer.privacyLabel, terms: footer.termsLabel };
  return (
    <Island
      name="sms-opt-in-form"
      component={SmsOptInForm}
      props={{ ...props, content, legalLinks }}
    />
  );
}
