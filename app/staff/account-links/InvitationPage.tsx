import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { acceptInvitationSchema } from "#common/session-schemas";
import { ROLE_LABELS, type StaffRole } from "#common/staff-access";
import { acceptInvitation, checkInvitation } from "./api";
import { LinkForm, type LinkField } from "./LinkForm";

export const INVITATION_TEXT = {
  heading: "Join the staff pages",
  gone: "This invitation has been used, revoked or has expired. Ask whoever invited you for a new one.",
  submit: "Create account",
} as const;

/**
 * The page an invitation's mailed link opens (`/admin/invitation/<token>`): asks a name and a
 * password, creates the account with the invited email and role, and opens the staff pages.
 */
export function InvitationPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const [invited, setInvited] = useState<{ email: string; role: StaffRole } | null>(null);
  const check = useCallback(
    async (signal: AbortSignal) => setInvited(await checkInvitation(token, signal)),
    [token],
  );
  return (
    <LinkForm
      heading={INVITATION_TEXT.heading}
      intro={
        <p>
          {invited
            ? `You are invited as ${ROLE_LABELS[invited.role].toLowerCase()} with the email ${invited.email}. `
            : ""}
          Choose the name your colleagues see and a password. The link works once.
        </p>
      }
      check={check}
      gone={INVITATION_TEXT.gone}
      fields={["name", "password"]}
      validate={(values) => {
        const parsed = acceptInvitationSchema.safeParse({
          name: values.name,
          password: values.password,
        });
        if (parsed.success) return null;
        const issue = parsed.error.issues[0];
        return { text: issue?.message ?? "Check the form", field: issue?.path[0] as LinkField };
      }}
      submitLabel={INVITATION_TEXT.submit}
      submit={async (values) => {
        await acceptInvitation(token, { name: values.name.trim(), password: values.password });
        await navigate("/admin");
      }}
    />
  );
}
