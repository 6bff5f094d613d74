import styles from "./StaffPages.module.css";

/** What a section of the Staff or Your account pages says after an action. */
export interface SectionMessageValue {
  text: string;
  error: boolean;
  /** A new key for every message, so saying the same text again is announced again. */
  key: number;
}

/** A section's outcome: an alert when the action failed, a status when it worked; nothing yet. */
export function SectionMessage({ message }: { message: SectionMessageValue | null }) {
  if (!message) return null;
  return (
    <p
      key={message.key}
      className={message.error ? styles.alert : styles.status}
      role={message.error ? "alert" : "status"}
    >
      {message.text}
    </p>
  );
}
