import { Link } from "react-router";
import { buttonClass } from "~/components/ButtonLink";
import { useContent } from "~/content/use-content";
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
export function InquireLink({ label, describedBy, className }: InquireLinkProps) {
  const { inquire, inquireMessage } = useContent("services");
  return (
    <Link
      to={inquire.to}
      state={contactPrefillState(inquireMessage)}
      className={`${buttonClass("primary")} ${className ?? ""}`}
      aria-describedby={describedBy}
    >
      {label ?? inquire.label}
    </Link>
  );
}
