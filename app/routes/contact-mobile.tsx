import { useLoaderData } from "react-router";
import type { Route } from "./+types/contact-mobile";
import { ContactPage } from "~/features/contact";
import { loadContactPage } from "~/features/contact/contact-loader.server";
import { ContactFormIsland } from "~/features/contact-form";
import { metaContent, originOf, pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  return loadContactPage(context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta("/contact-mobile", metaContent(matches), { origin: originOf(matches) });

export default function Screen() {
  // Absent where the screen is rendered without its loader (component tests).
  const loaderData = useLoaderData<typeof loader>() as ReturnType<typeof loader> | undefined;
  // Inquire's `?inquire` address: the server prefills the Message (decision 023).
  const prefilledMessage = loaderData?.inquireMessage ?? undefined;
  return (
    <ContactPage variant="mobile">
      <ContactFormIsland
        action="/contact-mobile"
        initialMessage={prefilledMessage}
        course={loaderData?.inquireCourse}
        outcome={loaderData?.formOutcome}
      />
    </ContactPage>
  );
}
