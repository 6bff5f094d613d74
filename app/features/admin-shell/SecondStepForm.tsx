import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { isApiError } from "~/lib/api";
import type { SecondStepNeeded } from "#common/second-factors";
import { finishSecondStep } from "./api";
import { tooManyAttemptsMessage } from "./messages";
import styles from "./StaffShell.module.css";

export const SECOND_STEP_TEXT = {
  heading: "Second step",
  intro: "Enter the 6-digit code your authenticator app shows, or one of your recovery codes.",
  code: "Code",
  submit: "Continue",
  startAgain: "Start again",
  required: "Enter the code",
} as const;

/**
 * The lock screen's second step (decision 032): after a right password, an account with a
 * factor gives a code from its authenticator app or a recovery code. The ticket holds for 5
 * minutes; past it, or when the server says so, the person starts again with the password.
 */
export function SecondStepForm(props: {
  step: SecondStepNeeded;
  onUnlocked: () => void;
  onStartAgain: () => void;
}) {
  const headingId = useId();
  const introId = useId();
  const codeId = useId();
  const errorId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ text: string; attempt: number } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => codeRef.current?.focus(), []);

  const fail = (text: string) => {
    setError((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));
    codeRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!code.trim()) return fail(SECOND_STEP_TEXT.required);
    setSubmitting(true);
    try {
      await finishSecondStep(props.step.ticket, code.trim());
      setSubmitting(false);
      props.onUnlocked();
    } catch (caught) {
      setSubmitting(false);
      if (isApiError(caught) && caught.status === 429) {
        fail(tooManyAttemptsMessage(caught.retryAfterSeconds));
      } else if (isApiError(caught) && caught.status !== 0) {
        fail(caught.message);
      } else {
        console.error("Second step failed", caught);
        fail("Could not check the code. Please try again.");
      }
    }
  };

  return (
    <section className={styles.unlock} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {SECOND_STEP_TEXT.heading}
      </h2>
      <p id={introId}>{SECOND_STEP_TEXT.intro}</p>
      <form className={styles.unlockForm} noValidate onSubmit={onSubmit}>
        <div className={styles.field}>
          <label htmlFor={codeId} className={styles.label}>
            {SECOND_STEP_TEXT.code}
          </label>
          <input
            ref={codeRef}
            id={codeId}
            className={styles.input}
            type="text"
            name="code"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            aria-invalid={error ? "true" : undefined}
            aria-describedby={[introId, error ? errorId : null].filter(Boolean).join(" ")}
            value={code}
            onChange={(event) => setCode(event.target.value)}
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
            {SECOND_STEP_TEXT.submit}
          </button>
          <button type="button" className={styles.secondaryButton} onClick={props.onStartAgain}>
            {SECOND_STEP_TEXT.startAgain}
          </button>
        </div>
      </form>
    </section>
  );
}
