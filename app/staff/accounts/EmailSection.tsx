import { useId, useRef, useState, type FormEvent } from "react";
import { Field, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { emailChangeSchema } from "#common/account-sessions-schemas";
import { changeEmail } from "./account-api";
import own from "./AccountSections.module.css";
import styles from "./StaffPages.module.css";
import { SectionMessage, type SectionMessageValue } from "./SectionMessage";

export const EMAIL_TEXT = {
  heading: "Your email",
  email: "Email",
  hint: "You sign in with it, and password resets are mailed to it.",
  currentPassword: "Current password, to confirm",
  currentHint: "Asked again, so that nobody at a computer you left signed in can take the account.",
  change: "Change email",
  changed: (email: string) => `Email changed. You now sign in as ${email}.`,
  failed: "Could not save. Please try again.",
} as const;

type EmailField = "email" | "currentPassword";

/** Your account's email: a new address, after the password again (decision 033). */
export function EmailSection() {
  const { handleAuthError, onAccountChanged, user } = useStaffSession();
  const announce = useAnnounce();
  const ids = {
    heading: useId(),
    email: useId(),
    current: useId(),
  };
  const [email, setEmail] = useState(user?.email ?? "");
  const [current, setCurrent] = useState("");
  const [invalid, setInvalid] = useState<EmailField | null>(null);
  const [message, setMessage] = useState<SectionMessageValue | null>(null);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    currentPassword: useRef<HTMLInputElement>(null),
  };

  const refuse = (text: string, field: EmailField | null) => {
    setMessage({ text, error: true, key: Date.now() });
    setInvalid(field);
    if (field) refs[field].current?.focus();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailChangeSchema.safeParse({ email, currentPassword: current });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(issue?.message ?? "Check the form", (issue?.path[0] as EmailField) ?? null);
    }
    try {
      const changed = await changeEmail(parsed.data.email, parsed.data.currentPassword);
      setEmail(changed.email ?? parsed.data.email);
      onAccountChanged({ email: changed.email ?? parsed.data.email });
      setCurrent("");
      setInvalid(null);
      const text = EMAIL_TEXT.changed(changed.email ?? parsed.data.email);
      setMessage({ text, error: false, key: Date.now() });
      announce(text);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      const field = isApiError(caught)
        ? (["email", "currentPassword"] as const).find((candidate) => caught.fields[candidate])
        : undefined;
      refuse(
        isApiError(caught) && caught.status !== 0 ? caught.message : EMAIL_TEXT.failed,
        field ?? null,
      );
    }
  };

  return (
    <section className={own.section} aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className={own.sectionHeading}>
        {EMAIL_TEXT.heading}
      </h2>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <Field
          ref={refs.email}
          id={ids.email}
          label={EMAIL_TEXT.email}
          hint={EMAIL_TEXT.hint}
          type="email"
          autoComplete="email"
          required
          invalid={invalid === "email"}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          ref={refs.currentPassword}
          id={ids.current}
          label={EMAIL_TEXT.currentPassword}
          hint={EMAIL_TEXT.currentHint}
          kind="current-password"
          required
          invalid={invalid === "currentPassword"}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <SectionMessage message={message} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton}>
            {EMAIL_TEXT.change}
          </button>
        </div>
      </form>
    </section>
  );
}
