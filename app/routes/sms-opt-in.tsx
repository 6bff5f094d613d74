import { useLoaderData } from "react-router";
import type { Route } from "./+types/sms-opt-in";
import { ResponsiveLayout } from "~/components/PageLayout";
import { loadContent } from "~/content/load.server";
import type { ContentSlices } from "~/content/slices";
import { useContent } from "~/content/use-content";
import { SmsOptInFormIsland } from "~/features/sms-opt-in";
import styles from "~/features/sms-opt-in/SmsOptInScreen.module.css";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { loadFormOutcome } from "~/lib/form-outcome-context";

/** The content this page shows (and nothing more: hydrating pages carry it in their HTML). */
export function loader({ context }: Route.LoaderArgs) {
  const content = loadContent(context);
  const outcome = loadFormOutcome(context);
  return {
    pageSeo: content.site.seo.pages.smsOptIn,
    sms: content.site.sms,
    // The outcome of a post without JavaScript (decision 023).
    formOutcome: outcome?.form === "sms" ? outcome : null,
  } satisfies Partial<ContentSlices> & Record<string, unknown>;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/sms-opt-in", metaContent(matches), { origin: originOf(matches) });

// One page for every width (no -mobile/-desktop variants): the mobile header below 600 px.
export default function Screen() {
  // Absent where the screen is rendered without its loader (component tests).
  const loaderData = useLoaderData<typeof loader>() as ReturnType<typeof loader> | undefined;
  const sms = useContent("sms");
  return (
    <ResponsiveLayout>
      <div className={styles.page}>
        <h1 className={styles.heading}>{sms.heading}</h1>
        <p className={styles.intro}>{sms.intro}</p>
        <SmsOptInFormIsland source="/sms-opt-in" outcome={loaderData?.formOutcome} />
        <p className={styles.note}>{sms.privacyNote}</p>
      </div>
    </ResponsiveLayout>
  );
}
