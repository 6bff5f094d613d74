import { DesktopLayout } from "~/components/PageLayout";
import { sms } from "~/content/sms";
import { SmsOptInForm } from "~/features/sms-opt-in";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/sms-opt-in");

// One page for every width (no -mobile/-desktop variants): the navbar wraps on small screens.
// The few layout rules live inline: this screen has no feature folder of its own.
const pageStyle = {
  maxWidth: "40rem",
  margin: "0 auto",
  padding: "var(--space-5) var(--space-3) var(--space-4)",
} as const;
const headingStyle = {
  margin: "0 0 var(--space-3)",
  fontFamily: "var(--font-heading)",
  fontSize: "clamp(2rem, 6vw, 2.75rem)",
  lineHeight: 1.15,
  color: "var(--color-brand-strong)",
} as const;
const mutedStyle = { color: "var(--color-ink-muted)" } as const;

export default function Screen() {
  return (
    <DesktopLayout>
      <div style={pageStyle}>
        <h1 style={headingStyle}>{sms.heading}</h1>
        <p style={{ ...mutedStyle, margin: "0 0 var(--space-4)", fontSize: "1.125rem" }}>
          {sms.intro}
        </p>
        <SmsOptInForm source="/sms-opt-in" />
        <p style={{ ...mutedStyle, margin: "var(--space-4) 0 0", fontSize: "0.9375rem" }}>
          {sms.privacyNote}
        </p>
      </div>
    </DesktopLayout>
  );
}
