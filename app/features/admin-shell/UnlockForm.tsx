import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { isApiError } from "~/lib/api";
import { loginSchema } from "../../../common/session-schemas";
import { logIn } from "./api";
import { SHELL_TEXT, tooManyAttemptsMessage } from "./messages";
import styles from "./StaffShell.module.css";

export interface UnlockFormProps {
  onUnlocked: () => void;
  /** Shown above the form, e.g. when the session has ended; the password field refers to it. */
  notice?: string | null;
  /** Move focus to the password field on mount (after logout or an ended session). */
  autoFocus?: boolean;
}

/** The lock screen of every staff page: one password field and Unlock. */
export function UnlockForm({ onUnlocked, notice, autoFocus = false }: UnlockFormProps) {
  const headingId = useId();
  const noticeId = useId();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{ text: string; attempt: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const fail = (text: string) => {
    // A new key re-creates the alert, so the same message is announced again.
    setError((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginSchema.safeParse({ password });
    if (!parsed.success) {
      fail(parsed.error.issues[0]?.message ?? SHELL_TEXT.incorrectPassword);
      return;
    }
    setSubmitting(true);
    try {
      await logIn(parsed.data.password);
      setSubmitting(false);
      onUnlocked();
    } catch (caught) {
      setSubmitting(false);
      if (isApiError(caught) && caught.status === 401) {
        fail(SHELL_TEXT.incorrectPassword);
      } else if (isApiError(caught) && caught.status === 429) {
        fail(tooManyAttemptsMessage(caught.retryAfterSeconds));
      } else {
        console.error("Unlock failed", caught);
        const detail = isApiError(caught) ? caught.message : "Unexpected error";
        fail(`Could not unlock the page (${detail}). Please try again.`);
      }
    }
  };

  const describedBy = [notice ? noticeId : null, error ? errorId : null].filter(Boolean).join(" ");

  return (
    <section className={styles.unlock} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {SHELL_TEXT.unlockHeading}
      </h2>
      {notice ? (
        <p id={noticeId} className={styles.notice}>
          {notice}
        </p>
      ) : null}
      <form className={styles.unlockForm} noValidate onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor={inputId} className={styles.label}>
            Password
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? "true" : undefined}
            aria-describedby={describedBy || undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {error ? (
          <p key={error.attempt} id={errorId} className={styles.alert} role="alert">
            {error.text}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.primaryButton}
            aria-disabled={submitting ? "true" : undefined}
          >
            Unlock
          </button>
        </div>
      </form>
    </section>
  );
}
