import { useCallback, useState } from "react";
import { Link } from "react-router";
import { resetPasswordSchema, resetRequestSchema } from "#common/session-schemas";
import { checkReset, completeReset, requestReset } from "./api";
import { LinkForm } from "./LinkForm";
import styles from "./AccountLinks.module.css";

export const RESET_TEXT = {
  requestHeading: "Reset your password",
  requestIntro:
    "Enter the email of your staff account. If it has one, a link to choose a new password is mailed to it; it works once, for one hour.",
  requestSubmit: "Send the link",
  requested:
    "If an account has this email, a link is on its way. Check your mail (and its spam folder).",
  heading: "Choose a new password",
  intro: "The new password replaces the old one and signs you out everywhere.",
  gone: "This reset link has been used or has expired. Ask for a new one.",
  submit: "Save the new password",
  done: "Your password is changed. Sign in with it on any staff page.",
  signIn: "Go to the staff pages",
} as const;

function Done({ heading, text }: { heading: string; text: string }) {
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{heading}</h1>
      <p role="status">{text}</p>
      <p>
        <Link to="/admin">{RESET_TEXT.signIn}</Link>
      </p>
    </main>
  );
}

/** `/admin/reset`: asks the email a reset link goes to; the answer is the same for any address. */
export function ResetRequestPage() {
  const [sent, setSent] = useState(false);
  if (sent) return <Done heading={RESET_TEXT.requestHeading} text={RESET_TEXT.requested} />;
  return (
    <LinkForm
      heading={RESET_TEXT.requestHeading}
      intro={<p>{RESET_TEXT.requestIntro}</p>}
      gone=""
      fields={["email"]}
      validate={(values) => {
        const parsed = resetRequestSchema.safeParse({ email: values.email });
        return parsed.success
          ? null
          : { text: parsed.error.issues[0]?.message ?? "Check the email", field: "email" };
      }}
      submitLabel={RESET_TEXT.requestSubmit}
      submit={async (values) => {
        await requestReset(values.email.trim());
        setSent(true);
      }}
    />
  );
}

/** `/admin/reset/<token>`: the mailed link's page, where the new password is chosen. */
export function ResetPage({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const check = useCallback((signal: AbortSignal) => checkReset(token, signal), [token]);
  if (done) return <Done heading={RESET_TEXT.heading} text={RESET_TEXT.done} />;
  return (
    <LinkForm
      heading={RESET_TEXT.heading}
      intro={<p>{RESET_TEXT.intro}</p>}
      check={check}
      gone={RESET_TEXT.gone}
      fields={["password"]}
      validate={(values) => {
        const parsed = resetPasswordSchema.safeParse({ password: values.password });
        return parsed.success
          ? null
          : { text: parsed.error.issues[0]?.message ?? "Check the password", field: "password" };
      }}
      submitLabel={RESET_TEXT.submit}
      submit={async (values) => {
        await completeReset(token, values.password);
        setDone(true);
      }}
    />
  );
}
