import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from "react";
import { Field } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { PASSWORD_MIN } from "#common/session-schemas";
import styles from "./AccountLinks.module.css";

export type LinkField = "email" | "name" | "password";

const FIELD_PROPS: Record<
  LinkField,
  { label: string } & Pick<ComponentProps<typeof Field>, "type" | "autoComplete" | "kind">
> = {
  email: { label: "Email", type: "email", autoComplete: "username" },
  name: { label: "Name", type: "text", autoComplete: "name" },
  password: { label: "New password", kind: "new-password" },
};

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters; a well-known password is refused.`;

export interface LinkFormProps {
  heading: string;
  intro: ReactNode;
  /** Asks whether the link still works (rejects with 410 when not); none for a form without one. */
  check?: (signal: AbortSignal) => Promise<void>;
  /** What the page shows once the link is used or expired. */
  gone: string;
  fields: readonly LinkField[];
  /** Checks the values on the page first: a message and the field, or null when fine. */
  validate: (values: Record<LinkField, string>) => { text: string; field: LinkField | null } | null;
  /** The password field's label: "New password" unless told (the setup page says "Password"). */
  passwordLabel?: string;
  submitLabel: string;
  submit: (values: Record<LinkField, string>) => Promise<void>;
}

/**
 * The form of a page a mailed link opens (an invitation, a password reset) or that asks for
 * such a mail: outside the staff shell, since whoever opens it has no session. One message at
 * a time, tied to its field and focused there. The setup link's page uses it too.
 */
export function LinkForm(props: LinkFormProps) {
  const { check } = props;
  const ids = { email: useId(), name: useId(), password: useId(), error: useId() };
  const refs = {
    email: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const [state, setState] = useState<"checking" | "ready" | "gone">(check ? "checking" : "ready");
  const [values, setValues] = useState<Record<LinkField, string>>({
    email: "",
    name: "",
    password: "",
  });
  const [error, setError] = useState<{
    text: string;
    field: LinkField | null;
    attempt: number;
  } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!check) return;
    const controller = new AbortController();
    check(controller.signal).then(
      () => setState("ready"),
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(caught) && (caught.status === 410 || caught.status === 404)) {
          setState("gone");
        } else {
          // The form still works; sending it says what is wrong.
          console.error("Checking the link failed", caught);
          setState("ready");
        }
      },
    );
    return () => controller.abort();
  }, [check]);

  const fail = (text: string, field: LinkField | null) => {
    setError((previous) => ({ text, field, attempt: (previous?.attempt ?? 0) + 1 }));
    if (field) refs[field].current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = props.validate(values);
    if (problem) return fail(problem.text, problem.field);
    setSubmitting(true);
    try {
      await props.submit(values);
      setError(null);
    } catch (caught) {
      if (isApiError(caught) && (caught.status === 410 || caught.status === 404)) {
        setState("gone");
      } else if (isApiError(caught) && caught.status >= 400 && caught.status < 500) {
        const field = Object.keys(caught.fields)[0] as LinkField | undefined;
        fail(caught.message, field && props.fields.includes(field) ? field : null);
      } else {
        console.error("Sending the form failed", caught);
        fail("Could not send the form. Please try again.", null);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{props.heading}</h1>
      {state === "checking" ? (
        <p className={styles.status} role="status">
          Checking the link…
        </p>
      ) : state === "gone" ? (
        <p className={styles.alert} role="alert">
          {props.gone}
        </p>
      ) : (
        <section className={styles.section}>
          {props.intro}
          <form className={styles.form} noValidate onSubmit={onSubmit}>
            {props.fields.map((field) => {
              const { label: fieldLabel, ...input } = FIELD_PROPS[field];
              const label = field === "password" ? (props.passwordLabel ?? fieldLabel) : fieldLabel;
              return (
                <Field
                  key={field}
                  ref={refs[field]}
                  id={ids[field]}
                  label={label}
                  hint={field === "password" ? PASSWORD_HINT : undefined}
                  name={field}
                  required
                  spellCheck={field === "email" ? false : undefined}
                  invalid={error?.field === field}
                  errorId={ids.error}
                  value={values[field]}
                  onChange={(event) =>
                    setValues((previous) => ({ ...previous, [field]: event.target.value }))
                  }
                  {...input}
                />
              );
            })}
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
                {props.submitLabel}
              </button>
            </div>
          </form>
        </section>
      )}
    </main>
  );
}
