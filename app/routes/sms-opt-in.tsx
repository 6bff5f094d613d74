import type { Route } from "./+types/sms-opt-in";
import { DesktopLayout } from "~/components/PageLayout";
import { loadContent } from "~/content/load";
import type { ContentSlices } from "~/content/slices";
import { useContent } from "~/content/use-content";
import { SmsOptInForm } from "~/features/sms-opt-in";
import styles from "~/features/sms-opt-in/SmsOptInScreen.module.css";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  return {
    pageSeo: content.site.seo.pages.smsOptIn,
    sms: content.site.sms,
  } satisfies Partial<ContentSlices>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/sms-opt-in", metaContent(matches), { origin: originOf(matches) });

/** Hydrates for the opt-in form. */
export const handle = hydratedRoute;

// One page for every width (no -mobile/-desktop variants): the navbar wraps on small screens.
export default function Screen() {
  const sms = useContent("sms");
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
