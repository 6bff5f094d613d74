import type { ReactNode } from "react";
import styles from "./CollaborateCta.module.css";

export interface CollaborateCtaProps {
  id: string;
  heading: string;
  text: string;
  /** The call's buttons (ButtonLinks). */
  children: ReactNode;
}

/** "Let's Collaborate for Change": a coloured band with a heading, a line and buttons. */
export function CollaborateCta({ id, heading, text, children }: CollaborateCtaProps) {
  return (
    <section className={styles.band} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {heading}
      </h2>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>{children}</div>
    </section>
  );
}
