import { Link } from "react-router";
import { buttonClass } from "~/components/ButtonLink";
import { useContent } from "~/content/use-content";
import { contactPrefillState } from "~/lib/contact-prefill";
import { INQUIRE_PARAM } from "../../../common/public-forms";

/** `to` with Inquire's query parameter, which the server answers with Message prefilled. */
export function inquireHref(to: string): string {
  const [path = to, hash] = to.split("#", 2);
  const withQuery = `${path}${path.includes("?") ? "&" : "?"}${INQUIRE_PARAM}`;
  return hash === undefined ? withQuery : `${withQuery}#${hash}`;
}

export interface InquireLinkProps {
  /** Visible text; "Inquire" unless told. */
  label?: string;
  /** Id of the text the button is about (a course title), read as its description. */
  describedBy?: string;
  className?: string;
}

/**
 * Inquire: goes to the contact form (/contact-mobile?inquire, switched to /contact-desktop on
 * wide screens, query kept) with the Message field prefilled: by the server from the query
 * without JavaScript (decision 023), and through route state with it.
 */
export function InquireLink({ label, describedBy, className }: InquireLinkProps) {
  const { inquire, inquireMessage } = useContent("services");
  return (
    <Link
      to={inquireHref(inquire.to)}
      state={contactPrefillState(inquireMessage)}
      className={`${buttonClass("primary")} ${className ?? ""}`}
      aria-describedby={describedBy}
    >
      {label ?? inquire.label}
    </Link>
  );
}
