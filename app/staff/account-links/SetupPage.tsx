import { useCallback } from "react";
import { useNavigate } from "react-router";
import { setupSchema } from "#common/session-schemas";
import { checkSetupLink, completeSetup } from "./api";
import { LinkForm, PASSWORD_HINT, type LinkField } from "./LinkForm";

export const SETUP_TEXT = {
  heading: "Create the owner account",
  intro:
    "This link was printed when the site first started. It works once: the account you create here owns the site and can invite everyone else.",
  gone: "This setup link has been used or has expired. Sign in on a staff page, or restart the server after the link expired to print a new one.",
  passwordHint: PASSWORD_HINT,
  submit: "Create account",
} as const;

/**
 * The one-time setup link's page (`/admin/setup/<token>`, decision 028): asks an email, a name
 * and a password, creates the owner and opens the staff pages signed in.
 */
export function SetupPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const check = useCallback(
    async (signal: AbortSignal) => {
      await checkSetupLink(token, signal);
    },
    [token],
  );
  return (
    <LinkForm
      heading={SETUP_TEXT.heading}
      intro={<p>{SETUP_TEXT.intro}</p>}
      check={check}
      gone={SETUP_TEXT.gone}
      fields={["email", "name", "password"]}
      passwordLabel="Password"
      validate={(values) => {
        const parsed = setupSchema.safeParse(values);
        if (parsed.success) return null;
        const issue = parsed.error.issues[0];
        return {
          text: issue?.message ?? "Check the form",
          field: (issue?.path[0] as LinkField | undefined) ?? null,
        };
      }}
      submitLabel={SETUP_TEXT.submit}
      submit={async (values) => {
        await completeSetup(token, setupSchema.parse(values));
        await navigate("/admin");
      }}
    />
  );
}
