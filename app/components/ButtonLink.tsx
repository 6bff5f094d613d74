import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "./ButtonLink.module.css";

export interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  /** "primary" (filled), "secondary" (outlined) or "light" (for dark backgrounds). */
  variant?: "primary" | "secondary" | "light";
  className?: string;
  /** Route state carried to the next page (e.g. a prefilled message). */
  state?: unknown;
}

/** A link to a page of this site that looks like a button. */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  className,
  state,
}: ButtonLinkProps) {
  return (
    <Link
      to={to}
      state={state}
      className={`${styles.button} ${styles[variant]} ${className ?? ""}`}
    >
      {children}
    </Link>
  );
}

/** The same look, for ExternalLink or <button>: `buttonClass("secondary")`. */
export function buttonClass(variant: "primary" | "secondary" | "light" = "primary"): string {
  return `${styles.button} ${styles[variant]}`;
}
