import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { isApiError } from "~/lib/api";
import { PASSWORD_MIN, setupSchema } from "#common/session-schemas";
import { checkSetupLink, completeSetup } from "./api";
import styles from "./AccountLinks.module.css";

type Field = "email" | "name" | "password";

export const SETUP_TEXT = {
  heading: "Create the owner account",
  intro:
    "This link was printed when the site first started. It works once: the account you create here owns the site and can invite everyone else.",
  checking: "Checking the link…",
  gone: "This setup link has been used or has expired. Sign in on a staff page, or restart the server after the link expired to print a new one.",
  passwordHint: `At least ${PASSWORD_MIN} characters; a well-known password is refused.`,
  submit: "Create account",
} as const;

/**
 * The one-time setup link's page (`/admin/setup/<token>`, decision 028): asks an email, a name
 * and a password, creates the owner and opens the staff pages signed in.
 */
export function SetupPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const ids = { email: useId(), name: useId(), password: useId(), hint: useId(), error: useId() };
  const refs = {
    email: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const [state, setState] = useState<"checking" | "ready" | "gone">("checking");
  const [values, setValues] = useState<Record<Field, string>>({
    email: "",
    name: "",
    password: "",
  });
  const [error, setError] = useState<{ text: string; field: Field | null; attempt: number } | null>(
    null,
  );
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    checkSetupLink(token, controller.signal).then(
      () => setState("ready"),
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(caught) && (caught.status === 410 || caught.status === 404)) {
          setState("gone");
        } else {
          // The form still works; the POST says what is wrong.
          console.error("Checking the setup link failed", caught);
          setState("ready");
        }
      },
    );
    return () => controller.abort();
  }, [token]);

  const fail = (text: string, field: Field | null) => {
    setError((previous) => ({ text, field, attempt: (previous?.attempt ?? 0) + 1 }));
    if (field) refs[field].current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = setupSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (issue?.path[0] as Field | undefined) ?? null;
      fail(issue?.message ?? "Check the form", field);
      return;
    }
    setSubmitting(true);
    try {
      await completeSetup(token, parsed.data);
      await navigate("/admin/updates");
    } catch (caught) {
      setSubmitting(false);
      if (isApiError(caught) && (caught.status === 410 || caught.status === 404)) {
        setState("gone");
      } else if (isApiError(caught) && caught.status === 400) {
        const field = (Object.keys(caught.fields)[0] as Field | undefined) ?? null;
        fail(caught.message, field && field in refs ? field : null);
      } else {
        console.error("Setup failed", caught);
        const detail = isApiError(caught) ? caught.message : "Unexpected error";
        fail(`Could not create the account (${detail}). Please try again.`, null);
      }
    }
  };

  const describedBy = (field: Field, extra?: string) =>
    [extra, error?.field === field ? ids.error : null].filter(Boolean).join(" ") || undefined;

  const input = (field: Field, label: string, props: Record<string, string | boolean>) => (
    <div className={styles.field}>
      <label htmlFor={ids[field]} className={styles.label}>
        {label}
      </label>
      {field === "password" ? (
        <p id={ids.hint} className={styles.hint}>
          {SETUP_TEXT.passwordHint}
        </p>
      ) : null}
      <input
        ref={refs[field]}
        id={ids[field]}
        className={styles.input}
        name={field}
        required
        aria-invalid={error?.field === field ? "true" : undefined}
        aria-describedby={describedBy(field, field === "password" ? ids.hint : undefined)}
        value={values[field]}
        onChange={(event) =>
          setValues((previous) => ({ ...previous, [field]: event.target.value }))
        }
        {...props}
      />
    </div>
  );

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{SETUP_TEXT.heading}</h1>
      {state === "checking" ? (
        <p className={styles.status} role="status">
          {SETUP_TEXT.checking}
        </p>
      ) : state === "gone" ? (
        <p className={styles.alert} role="alert">
          {SETUP_TEXT.gone}
        </p>
      ) : (
        <section className={styles.section} aria-label={SETUP_TEXT.heading}>
          <p>{SETUP_TEXT.intro}</p>
          <form className={styles.form} noValidate onSubmit={onSubmit}>
            {input("email", "Email", {
              type: "email",
              autoComplete: "username",
              spellCheck: false,
            })}
            {input("name", "Name", { type: "text", autoComplete: "name" })}
            {input("password", "Password", { type: "password", autoComplete: "new-password" })}
            {error ? (
              <p key={error.attempt} id={ids.error} className={styles.alert} role="alert">
                {error.text}
              </p>
            ) : null}
            <div className={styles.actions}>
              <button
                type="submit"
                className={styles.primaryButton}
                aria-disabled={submitting ? "true" : undefined}
              >
                {SETUP_TEXT.submit}
              </button>
            </div>
          </form>
        </section>
      )}
    </main>
  );
}
