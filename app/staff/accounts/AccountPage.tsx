import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Field, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { accountPatchSchema, PASSWORD_MIN, passwordChangeSchema } from "#common/session-schemas";
import { ROLE_LABELS } from "#common/staff-access";
import { changePassword, rename } from "./api";
import { EmailSection } from "./EmailSection";
import { FactorsSection } from "./FactorsSection";
import { SessionsSection } from "./SessionsSection";
import styles from "./StaffPages.module.css";
import { SectionMessage, type SectionMessageValue } from "./SectionMessage";

export const ACCOUNT_TEXT = {
  signedInAs: (email: string, role: string) => `You sign in as ${email} (${role}).`,
  nameHeading: "Your name",
  saveName: "Save name",
  nameSaved: "Name saved.",
  passwordHeading: "Your password",
  currentPassword: "Current password",
  newPassword: "New password",
  passwordHint: `At least ${PASSWORD_MIN} characters; a well-known password is refused. Your other sessions end.`,
  changePassword: "Change password",
  passwordChanged: "Password changed. Your other sessions have ended.",
  failed: "Could not save. Please try again.",
} as const;

/** One section's form with its own message (the status or the error, by the submit button). */
function SectionForm(props: {
  heading: string;
  id: string;
  children: ReactNode;
  submit: string;
  message: SectionMessageValue | null;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <section className={styles.section} aria-labelledby={props.id}>
      <h2 id={props.id} className={styles.sectionHeading}>
        {props.heading}
      </h2>
      <form className={styles.form} noValidate onSubmit={props.onSubmit}>
        {props.children}
        <SectionMessage message={props.message} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton}>
            {props.submit}
          </button>
        </div>
      </form>
    </section>
  );
}

/** "Your account": the signed-in person's name, email, password and sessions. */
export function AccountPage() {
  const { handleAuthError, onAccountChanged, user } = useStaffSession();
  const announce = useAnnounce();
  const ids = {
    name: useId(),
    current: useId(),
    next: useId(),
    headings: useId(),
  };
  const [name, setName] = useState(user?.name ?? "");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [nameMessage, setNameMessage] = useState<SectionMessageValue | null>(null);
  const [passwordMessage, setPasswordMessage] = useState<SectionMessageValue | null>(null);
  const [invalid, setInvalid] = useState<"name" | "currentPassword" | "newPassword" | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
  };

  const say = (set: (m: SectionMessageValue) => void, text: string, error: boolean) => {
    set({ text, error, key: Date.now() });
    if (!error) announce(text);
  };
  const refuse = (
    set: (m: SectionMessageValue) => void,
    caught: unknown,
    fields: ReadonlyArray<"name" | "currentPassword" | "newPassword">,
  ) => {
    if (handleAuthError(caught)) return;
    const field = isApiError(caught)
      ? fields.find((candidate) => caught.fields[candidate])
      : undefined;
    say(
      set,
      isApiError(caught) && caught.status !== 0 ? caught.message : ACCOUNT_TEXT.failed,
      true,
    );
    setInvalid(field ?? null);
    if (field) refs[field].current?.focus();
  };

  const onName = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountPatchSchema.safeParse({ name });
    if (!parsed.success) {
      setInvalid("name");
      refs.name.current?.focus();
      return say(setNameMessage, parsed.error.issues[0]?.message ?? "Check the name", true);
    }
    try {
      await rename(parsed.data.name);
      onAccountChanged({ name: parsed.data.name });
      setInvalid(null);
      say(setNameMessage, ACCOUNT_TEXT.nameSaved, false);
    } catch (caught) {
      refuse(setNameMessage, caught, ["name"]);
    }
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse({ currentPassword: current, newPassword: next });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] as "currentPassword" | "newPassword";
      setInvalid(field);
      refs[field]?.current?.focus();
      return say(setPasswordMessage, parsed.error.issues[0]?.message ?? "Check the form", true);
    }
    try {
      await changePassword(current, next);
      setCurrent("");
      setNext("");
      setInvalid(null);
      say(setPasswordMessage, ACCOUNT_TEXT.passwordChanged, false);
    } catch (caught) {
      refuse(setPasswordMessage, caught, ["currentPassword", "newPassword"]);
    }
  };

  return (
    <>
      {user ? (
        <p>{ACCOUNT_TEXT.signedInAs(user.email ?? "", ROLE_LABELS[user.role].toLowerCase())}</p>
      ) : null}
      <SectionForm
        heading={ACCOUNT_TEXT.nameHeading}
        id={`${ids.headings}-name`}
        submit={ACCOUNT_TEXT.saveName}
        message={nameMessage}
        onSubmit={onName}
      >
        <Field
          ref={refs.name}
          id={ids.name}
          label="Name"
          type="text"
          autoComplete="name"
          required
          invalid={invalid === "name"}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </SectionForm>
      <SectionForm
        heading={ACCOUNT_TEXT.passwordHeading}
        id={`${ids.headings}-password`}
        submit={ACCOUNT_TEXT.changePassword}
        message={passwordMessage}
        onSubmit={onPassword}
      >
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={user?.email ?? ""} />
        <Field
          ref={refs.currentPassword}
          id={ids.current}
          label={ACCOUNT_TEXT.currentPassword}
          kind="current-password"
          required
          invalid={invalid === "currentPassword"}
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <Field
          ref={refs.newPassword}
          id={ids.next}
          label={ACCOUNT_TEXT.newPassword}
          hint={ACCOUNT_TEXT.passwordHint}
          kind="new-password"
          required
          invalid={invalid === "newPassword"}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
      </SectionForm>
      <EmailSection />
      <FactorsSection />
      <SessionsSection />
    </>
  );
}
