import { DesktopLayout } from "~/components/PageLayout";
import { sms } from "~/content/sms";
import { SmsOptInForm } from "~/features/sms-opt-in";
import styles from "~/features/sms-opt-in/SmsOptInScreen.module.css";
import { originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";
import type { Route } from "./+types/sms-opt-in";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/sms-opt-in", { origin: originOf(matches) });

/** Hydrates for the opt-in form. */
export const handle = hydratedRoute;

// One page for every width (no -mobile/-desktop variants): the navbar wraps on small screens.
export default function Screen() {
  return (
    <DesktopLayout>
      <div className={styles.page}>
        <h1 className={styles.heading}>{sms.heading}</h1>
        <p className={styles.intro}>{sms.intro}</p>
        <SmsOptInForm source="/sms-opt-in" />
        <p className={styles.note}>{sms.privacyNote}</p>
      </div>
    </DesktopLayout>
  );
}
