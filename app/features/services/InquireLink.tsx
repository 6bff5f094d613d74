import { Link } from "react-router";
import { buttonClass } from "~/components/ButtonLink";
import { inquire, inquireMessage } from "~/content/services";
import { contactPrefillState } from "~/lib/contact-prefill";

export interface InquireLinkProps {
  /** Visible text; "Inquire" unless told. */
  label?: string;
  /** Id of the text the button is about (a course title), read as its description. */
  describedBy?: string;
  className?: string;
}

/**
 * Inquire: goes to the contact form (/contact-mobile, switched to /contact-desktop on wide
 * screens) with the Message field prefilled through route state.
 */
export function InquireLink({ label = inquire.label, describedBy, className }: InquireLinkProps) {
  return (
    <Link
      to={inquire.to}
      state={contactPrefillState(inquireMessage)}
      className={`${buttonClass("primary")} ${className ?? ""}`}
      aria-describedby={describedBy}
    >
      {label}
    </Link>
  );
}
