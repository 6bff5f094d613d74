import { Link } from "react-router";
import { buttonClass } from "~/components/ButtonLink";
import { useContent } from "~/content/use-content";
import { contactPrefillState } from "~/lib/contact-prefill";
import { INQUIRE_PARAM } from "../../../common/form-outcome";

export interface InquireLinkProps {
  /** Visible text; "Inquire" unless told. */
  label?: string;
  /** Id of the text the button is about (a course title), read as its description. */
  describedBy?: string;
  className?: string;
}

/**
 * Inquire: goes to the contact form (/contact-mobile, switched to /contact-desktop on wide
 * screens) with the Message field prefilled through route state, and through `?inquire`
 * (rendered by the server) when the page is loaded without JavaScript.
 */
export function InquireLink({ label, describedBy, className }: InquireLinkProps) {
  const { inquire, inquireMessage } = useContent("services");
  return (
    <Link
      // A real address too: without JavaScript the server prefills the Message (decision 023).
      to={`${inquire.to}?${INQUIRE_PARAM}`}
      state={contactPrefillState(inquireMessage)}
      className={`${buttonClass("primary")} ${className ?? ""}`}
      aria-describedby={describedBy}
    >
      {label ?? inquire.label}
    </Link>
  );
}
