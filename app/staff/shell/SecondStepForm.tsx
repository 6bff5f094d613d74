import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Field } from "~/components/staff";
import { isApiError } from "~/lib/api";
import type { SecondStepNeeded } from "#common/second-factors";
import { PasskeyCeremonyError } from "~/lib/passkeys";
import { finishSecondStep, signInWithPasskey } from "./api";
import { tooManyAttemptsMessage } from "./messages";
import styles from "./StaffShell.module.css";

export const SECOND_STEP_TEXT = {
  heading: "Second step",
  intro: "Enter the 6-digit code your authenticator app shows, or one of your recovery codes.",
  passkeyIntro: "Use your passkey to finish signing in.",
  passkey: "Use a passkey",
  code: "Code",
  submit: "Continue",
  startAgain: "Start again",
  required: "Enter the code",
} as const;

/**
 * The lock screen's second step (decision 032): after a right password, an account with a
 * factor gives a code from its authenticator app or a recovery code, or uses a passkey. The ticket holds for 5
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

  const byCode = props.step.mfa.some((method) => method !== "passkey");
  const byPasskey = props.step.mfa.includes("passkey");
  const passkeyRef = useRef<HTMLButtonElement>(null);

  useEffect(() => (codeRef.current ?? passkeyRef.current)?.focus(), []);

  const fail = (text: string) => {
    setError((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));
    (codeRef.current ?? passkeyRef.current)?.focus();
  };

  const onPasskey = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await signInWithPasskey(props.step.ticket);
      setSubmitting(false);
      props.onUnlocked();
    } catch (caught) {
      setSubmitting(false);
      if (caught instanceof PasskeyCeremonyError) fail(caught.message);
      else if (isApiError(caught) && caught.status === 429)
        fail(tooManyAttemptsMessage(caught.retryAfterSeconds));
      else if (isApiError(caught) && caught.status !== 0) fail(caught.message);
      else {
        console.error("Passkey step failed", caught);
        fail("Could not check the passkey. Please try again.");
      }
    }
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
      <p id={introId}>{byCode ? SECOND_STEP_TEXT.intro : SECOND_STEP_TEXT.passkeyIntro}</p>
      <form className={styles.unlockForm} noValidate onSubmit={onSubmit}>
        {byCode ? (
          <Field
            ref={codeRef}
            id={codeId}
            label={SECOND_STEP_TEXT.code}
            kind="code-or-recovery"
            name="code"
            required
            invalid={Boolean(error)}
            errorId={errorId}
            describedBy={[introId]}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        ) : null}
        {error ? (
          <p key={error.attempt} id={errorId} className={styles.alert} role="alert">
            {error.text}
          </p>
        ) : null}
        <div className={styles.actions}>
          {byCode ? (
            <button
              type="submit"
              className={styles.primaryButton}
              aria-disabled={submitting ? "true" : undefined}
            >
              {SECOND_STEP_TEXT.submit}
            </button>
          ) : null}
          {byPasskey ? (
            <button
              ref={passkeyRef}
              type="button"
              className={byCode ? styles.secondaryButton : styles.primaryButton}
              aria-disabled={submitting ? "true" : undefined}
              onClick={() => void onPasskey()}
            >
              {SECOND_STEP_TEXT.passkey}
            </button>
          ) : null}
          <button type="button" className={styles.secondaryButton} onClick={props.onStartAgain}>
            {SECOND_STEP_TEXT.startAgain}
          </button>
        </div>
      </form>
    </section>
  );
}
