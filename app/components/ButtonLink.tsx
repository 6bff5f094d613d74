import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "./ButtonLink.module.css";

/**
 * "primary" (filled), "secondary" (outlined), and for dark backgrounds "light" (filled white)
 * and "ghost" (white outline).
 */
export type ButtonVariant = "primary" | "secondary" | "light" | "ghost";

export interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
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
export function buttonClass(variant: ButtonVariant = "primary"): string {
  return `${styles.button} ${styles[variant]}`;
}
