import { useLoaderData } from "react-router";
import type { Route } from "./+types/contact-mobile";
import { ContactPage } from "~/features/contact";
import { loadContactPage } from "~/features/contact/contact-loader";
import { ContactForm } from "~/features/contact-form";
import { usePrefilledMessage } from "~/lib/contact-prefill";
import { metaContent, originOf, pageMeta } from "~/lib/seo";
import { hydratedRoute } from "~/lib/hydration";

export function loader({ context }: Route.LoaderArgs) {
  return loadContactPage(context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/contact-mobile", metaContent(matches), { origin: originOf(matches) });

/** Hydrates for the contact form. */
export const handle = hydratedRoute;

export default function Screen() {
  // Absent where the screen is rendered without its loader (component tests).
  const loaderData = useLoaderData<typeof loader>() as ReturnType<typeof loader> | undefined;
  // Route state (Inquire with JavaScript) or the server's `?inquire` prefill (without it).
  const prefilledMessage = usePrefilledMessage() ?? loaderData?.inquireMessage ?? undefined;
  return (
    <ContactPage variant="mobile">
      <ContactForm
        action="/contact-mobile"
        initialMessage={prefilledMessage}
        outcome={loaderData?.formOutcome}
      />
    </ContactPage>
  );
}
