import { buttonClass } from "~/components/ButtonLink";
import { useContent } from "~/content/use-content";
import { INQUIRE_PARAM } from "#common/form-outcome";

export interface InquireLinkProps {
  /** Visible text; "Inquire" unless told. */
  label?: string;
  /** Id of the text the button is about (a course title), read as its description. */
  describedBy?: string;
  /** The course's number: the contact page then says which course the message is about. */
  course?: number;
  className?: string;
}

/**
 * Inquire: an ordinary link to the contact form (/contact-mobile, switched to /contact-desktop on
 * wide screens) with `?inquire=<course number>`, for which the server renders the Message
 * prefilled and the course named (decision 023, design 15). Public pages have no router in the browser (decision 024), so there is no route state:
 * the address carries the prefill with or without JavaScript.
 */
export function InquireLink({ label, describedBy, course, className }: InquireLinkProps) {
  const { inquire } = useContent("services");
  return (
    <a
      href={`${inquire.to}?${INQUIRE_PARAM}${course === undefined ? "" : `=${course}`}`}
      className={`${buttonClass("primary")} ${className ?? ""}`}
      aria-describedby={describedBy}
    >
      {label ?? inquire.label}
    </a>
  );
}
