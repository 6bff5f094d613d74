import type { AnchorHTMLAttributes, ReactNode } from "react";
import { useContent } from "~/content/use-content";

export interface ExternalLinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  "href" | "target" | "rel" | "children"
> {
  href: string;
  children: ReactNode;
  /**
   * A longer accessible name (content's `accessibleLabel`). The words it adds to the visible
   * text are read by screen readers only, so the accessible name still contains the visible
   * text (WCAG 2.5.3).
   */
  accessibleLabel?: string;
}

/** The screen-reader-only words that `accessibleLabel` adds to a visible `label`. */
export function extraWords(label: string | undefined, accessibleLabel: string | undefined): string {
  if (!accessibleLabel) return "";
  if (label && accessibleLabel.toLowerCase().startsWith(label.toLowerCase())) {
    return accessibleLabel.slice(label.length).trim();
  }
  return label ? `(${accessibleLabel})` : accessibleLabel;
}

/** A link to another site: opens in a new tab without opener or referrer, and says so. */
export function ExternalLink({ href, children, accessibleLabel, ...rest }: ExternalLinkProps) {
  const { ui } = useContent("layout");
  const extra = extraWords(typeof children === "string" ? children : undefined, accessibleLabel);
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      {/^[,.:;]/.test(extra) ? null : " "}
      <span className="visually-hidden">{extra ? `${extra} ${ui.newTab}` : ui.newTab}</span>
    </a>
  );
}
