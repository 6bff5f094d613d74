import { Link } from "react-router";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Field } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { loginSchema } from "#common/session-schemas";
import type { SecondStepNeeded } from "#common/second-factors";
import { PasskeyCeremonyError } from "~/lib/passkeys";
import { logIn, signInWithPasskey } from "./api";
import { SecondStepForm } from "./SecondStepForm";
import { SHELL_TEXT, tooManyAttemptsMessage } from "./messages";
import styles from "./StaffShell.module.css";

/** Session-storage key of the email last signed in with in this tab (tests set it). */
export const REMEMBERED_EMAIL_KEY = "staff:email";

function readRememberedEmail(): string {
  try {
    return typeof sessionStorage === "undefined"
      ? ""
      : (sessionStorage.getItem(REMEMBERED_EMAIL_KEY) ?? "");
  } catch {
    return "";
  }
}

function rememberEmail(email: string): void {
  try {
    sessionStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  } catch {
    // Storage may be off; the field is then empty next time.
  }
}

export interface UnlockFormProps {
  onUnlocked: () => void;
  /** Shown above the form, e.g. when the session has ended; the password field refers to it. */
  notice?: string | null;
  /** Move focus to the password field on mount (after logout or an ended session). */
  autoFocus?: boolean;
}

/**
 * The lock screen of every staff page: Email, Password and Unlock, or a passkey alone. The email is remembered in
 * session storage for this tab (never the password), so unlocking after an ended session asks
 * only the password again.
 */
export function UnlockForm({ onUnlocked, notice, autoFocus = false }: UnlockFormProps) {
  const headingId = useId();
  const noticeId = useId();
  const inputId = useId();
  const emailId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(() => readRememberedEmail());
  const [password, setPassword] = useState("");
  const [error, setError] = useState<{
    text: string;
    attempt: number;
    field: "email" | "password";
  } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStepNeeded | null>(null);
  const [passkeyError, setPasskeyError] = useState<{ text: string; attempt: number } | null>(null);

  useEffect(() => {
    if (autoFocus) (emailRef.current?.value ? inputRef : emailRef).current?.focus();
  }, [autoFocus]);

  const fail = (text: string, field: "email" | "password" = "password") => {
    // A new key re-creates the alert, so the same message is announced again.
    setError((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1, field }));
    (field === "email" ? emailRef : inputRef).current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      fail(
        issue?.message ?? SHELL_TEXT.incorrectPassword,
        issue?.path[0] === "email" ? "email" : "password",
      );
      return;
    }
    setSubmitting(true);
    try {
      const step = await logIn(parsed.data.email, parsed.data.password);
      rememberEmail(parsed.data.email);
      setSubmitting(false);
      setPassword("");
      if (step) setSecondStep(step);
      else onUnlocked();
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

  // No email or password: the browser offers this site's passkeys, and the one chosen signs in.
  const onPasskey = async () => {
    if (submitting) return;
    setSubmitting(true);
    setPasskeyError(null);
    try {
      await signInWithPasskey();
      setSubmitting(false);
      onUnlocked();
    } catch (caught) {
      setSubmitting(false);
      let text: string;
      if (caught instanceof PasskeyCeremonyError) text = caught.message;
      else if (isApiError(caught) && caught.status === 429)
        text = tooManyAttemptsMessage(caught.retryAfterSeconds);
      else if (isApiError(caught) && caught.status !== 0) text = caught.message;
      else {
        console.error("Passkey sign-in failed", caught);
        text = "Could not sign in with a passkey. Please try again.";
      }
      setPasskeyError((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));
    }
  };

  if (secondStep) {
    return (
      <SecondStepForm
        step={secondStep}
        onUnlocked={onUnlocked}
        onStartAgain={() => setSecondStep(null)}
      />
    );
  }

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
        <Field
          ref={emailRef}
          id={emailId}
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          spellCheck={false}
          required
          invalid={error?.field === "email"}
          errorId={errorId}
          describedBy={[notice ? noticeId : null]}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          ref={inputRef}
          id={inputId}
          label="Password"
          kind="current-password"
          name="password"
          required
          invalid={error?.field === "password"}
          errorId={errorId}
          describedBy={[notice ? noticeId : null]}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
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
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondaryButton}
          aria-disabled={submitting ? "true" : undefined}
          onClick={() => void onPasskey()}
        >
          {SHELL_TEXT.passkeySignIn}
        </button>
      </div>
      {passkeyError ? (
        <p key={passkeyError.attempt} className={styles.alert} role="alert">
          {passkeyError.text}
        </p>
      ) : null}
      <p className={styles.status}>
        <Link to="/admin/reset">{SHELL_TEXT.forgotPassword}</Link>
      </p>
    </section>
  );
}
