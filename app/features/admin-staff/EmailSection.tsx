import { useId, useRef, useState, type FormEvent } from "react";
import { useStaffSession } from "~/components/staff";
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

type Field = "email" | "currentPassword";

/** Your account's email: a new address, after the password again (decision 033). */
export function EmailSection() {
  const { handleAuthError, onAccountChanged, user } = useStaffSession();
  const announce = useAnnounce();
  const ids = {
    heading: useId(),
    email: useId(),
    emailHint: useId(),
    current: useId(),
    currentHint: useId(),
  };
  const [email, setEmail] = useState(user?.email ?? "");
  const [current, setCurrent] = useState("");
  const [invalid, setInvalid] = useState<Field | null>(null);
  const [message, setMessage] = useState<SectionMessageValue | null>(null);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    currentPassword: useRef<HTMLInputElement>(null),
  };

  const refuse = (text: string, field: Field | null) => {
    setMessage({ text, error: true, key: Date.now() });
    setInvalid(field);
    if (field) refs[field].current?.focus();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailChangeSchema.safeParse({ email, currentPassword: current });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(issue?.message ?? "Check the form", (issue?.path[0] as Field) ?? null);
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
        <div className={styles.field}>
          <label htmlFor={ids.email} className={styles.label}>
            {EMAIL_TEXT.email}
          </label>
          <p id={ids.emailHint} className={styles.hint}>
            {EMAIL_TEXT.hint}
          </p>
          <input
            ref={refs.email}
            id={ids.email}
            className={styles.input}
            type="email"
            autoComplete="email"
            required
            aria-describedby={ids.emailHint}
            aria-invalid={invalid === "email" ? "true" : undefined}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.current} className={styles.label}>
            {EMAIL_TEXT.currentPassword}
          </label>
          <p id={ids.currentHint} className={styles.hint}>
            {EMAIL_TEXT.currentHint}
          </p>
          <input
            ref={refs.currentPassword}
            id={ids.current}
            className={styles.input}
            type="password"
            autoComplete="current-password"
            required
            aria-describedby={ids.currentHint}
            aria-invalid={invalid === "currentPassword" ? "true" : undefined}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
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
