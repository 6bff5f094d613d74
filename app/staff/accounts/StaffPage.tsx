import {
  useCallback,
  useEffect,
  useId,
  useState,
  type Dispatch,
  type FormEvent,
  type SetStateAction,
} from "react";
import { Field, StaffTable, StaffTime, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { INVITABLE_ROLES, invitationSchema } from "#common/session-schemas";
import { ROLE_LABELS } from "#common/staff-access";
import {
  changeMember,
  invite,
  listInvitations,
  listStaff,
  removeMember,
  revokeInvitation,
  type InvitableRole,
  type PendingInvitation,
  type StaffMember,
} from "./api";
import styles from "./StaffPages.module.css";
import { FactorPolicySection } from "./FactorPolicySection";

export const STAFF_TEXT = {
  inviteHeading: "Invite someone",
  inviteIntro:
    "They get a mail with a link to choose their name and password. The link works once, for 7 days.",
  email: "Email",
  role: "Role",
  invite: "Send invitation",
  invited: (email: string) => `Invitation sent to ${email}.`,
  pendingHeading: "Pending invitations",
  noPending: "No invitations are waiting.",
  revoked: (email: string) => `Invitation to ${email} revoked.`,
  accountsHeading: "Accounts",
  loading: "Loading the staff…",
  loadFailed: "Could not load the staff. Please try again.",
  changed: (name: string) => `${name}'s account changed.`,
  removed: (name: string) => `${name}'s account removed.`,
  confirmRemove: (name: string) =>
    `Remove ${name}'s account? They can no longer sign in; the audit log keeps what they did.`,
  you: "(you)",
} as const;

type Load =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; members: StaffMember[]; invitations: PendingInvitation[] };

type StaffError = { text: string; field: boolean; key: number };
type Act = (work: () => Promise<unknown>, done: string) => Promise<void>;

/**
 * The Staff page (owner and administrators): invite by mail, see and revoke pending
 * invitations, change roles, deactivate, reactivate and remove accounts. The owner's account
 * and one's own are shown but not changed here (the server refuses it too).
 */
export function StaffPage() {
  const { handleAuthError, user } = useStaffSession();
  const announce = useAnnounce();
  const headingsId = useId();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [error, setError] = useState<StaffError | null>(null);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [members, invitations] = await Promise.all([
          listStaff(signal),
          listInvitations(signal),
        ]);
        setLoad({ state: "ready", members, invitations });
      } catch (caught) {
        if (signal?.aborted || handleAuthError(caught)) return;
        console.error(STAFF_TEXT.loadFailed, caught);
        setLoad({ state: "failed" });
      }
    },
    [handleAuthError],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const fail = (caught: unknown, field = false) => {
    if (handleAuthError(caught)) return;
    const text = isApiError(caught) && caught.status !== 0 ? caught.message : STAFF_TEXT.loadFailed;
    setError((previous) => ({ text, field, key: (previous?.key ?? 0) + 1 }));
  };

  const act: Act = async (work, done) => {
    setError(null);
    try {
      await work();
      announce(done);
      await refresh();
    } catch (caught) {
      fail(caught);
    }
  };

  return (
    <>
      <InviteSection error={error} setError={setError} fail={fail} refresh={refresh} />
      {load.state === "loading" ? (
        <p className={styles.status} role="status">
          {STAFF_TEXT.loading}
        </p>
      ) : null}
      {load.state === "failed" ? (
        <p className={styles.alert} role="alert">
          {STAFF_TEXT.loadFailed}
        </p>
      ) : null}
      {load.state === "ready" ? (
        <>
          <PendingInvitations
            headingId={`${headingsId}-pending`}
            invitations={load.invitations}
            act={act}
          />
          <section className={styles.section} aria-labelledby={`${headingsId}-accounts`}>
            <h2 id={`${headingsId}-accounts`} className={styles.sectionHeading}>
              {STAFF_TEXT.accountsHeading}
            </h2>
            <StaffTable
              label="Staff accounts"
              caption="Every account, the owner first"
              columns={["Name", "Email", "Role", "Access"]}
            >
              {load.members.map((member) => (
                <MemberRow key={member.id} member={member} you={member.id === user?.id} act={act} />
              ))}
            </StaffTable>
          </section>
        </>
      ) : null}
      {user?.role === "owner" ? <FactorPolicySection /> : null}
    </>
  );
}

/**
 * The invitation form: an email and a role. Its alert also says why a change further down the
 * page failed, so that the page has one place for what went wrong.
 */
function InviteSection({
  error,
  setError,
  fail,
  refresh,
}: {
  error: StaffError | null;
  setError: Dispatch<SetStateAction<StaffError | null>>;
  fail: (caught: unknown, field?: boolean) => void;
  refresh: () => Promise<void>;
}) {
  const announce = useAnnounce();
  const ids = { email: useId(), role: useId(), error: useId() };
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("editor");
  const [busy, setBusy] = useState(false);

  const onInvite = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = invitationSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError((previous) => ({
        text: parsed.error.issues[0]?.message ?? "Check the email",
        field: true,
        key: (previous?.key ?? 0) + 1,
      }));
      document.getElementById(ids.email)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await invite(parsed.data.email, parsed.data.role);
      announce(STAFF_TEXT.invited(parsed.data.email));
      setEmail("");
      await refresh();
    } catch (caught) {
      fail(caught, isApiError(caught) && Boolean(caught.fields.email));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${ids.email}-heading`}>
      <h2 id={`${ids.email}-heading`} className={styles.sectionHeading}>
        {STAFF_TEXT.inviteHeading}
      </h2>
      <p>{STAFF_TEXT.inviteIntro}</p>
      <form className={styles.form} noValidate onSubmit={onInvite}>
        <Field
          id={ids.email}
          label={STAFF_TEXT.email}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required
          invalid={Boolean(error?.field)}
          errorId={ids.error}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className={styles.field}>
          <label htmlFor={ids.role} className={styles.label}>
            {STAFF_TEXT.role}
          </label>
          <select
            id={ids.role}
            className={styles.input}
            value={role}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
          >
            {INVITABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p key={error.key} id={ids.error} className={styles.alert} role="alert">
            {error.text}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.primaryButton}
            aria-disabled={busy ? "true" : undefined}
          >
            {STAFF_TEXT.invite}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The invitations not yet used, each with its Revoke button. */
function PendingInvitations({
  headingId,
  invitations,
  act,
}: {
  headingId: string;
  invitations: PendingInvitation[];
  act: Act;
}) {
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {STAFF_TEXT.pendingHeading}
      </h2>
      {invitations.length === 0 ? (
        <p className={styles.status}>{STAFF_TEXT.noPending}</p>
      ) : (
        <ul className={styles.list}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.listItem}>
              <span>
                {invitation.email}, {ROLE_LABELS[invitation.role]},{" "}
                {invitation.sentBy ? `sent by ${invitation.sentBy.name}, ` : ""}until{" "}
                <StaffTime iso={invitation.expiresAt} />
              </span>
              <button
                type="button"
                className={styles.outlineButton}
                aria-label={`Revoke the invitation to ${invitation.email}`}
                onClick={() =>
                  void act(
                    () => revokeInvitation(invitation.id),
                    STAFF_TEXT.revoked(invitation.email),
                  )
                }
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One account in the table: its role as a choice and its access buttons, except for the owner
 * and oneself, shown as plain text.
 */
function MemberRow({ member, you, act }: { member: StaffMember; you: boolean; act: Act }) {
  const fixed = member.role === "owner" || you;
  const active = member.state === "active";
  const activeText = active ? "Active" : "Deactivated";
  return (
    <tr>
      <th scope="row">
        {member.name} {you ? STAFF_TEXT.you : ""}
      </th>
      <td>{member.email ?? ""}</td>
      <td>
        {fixed ? (
          ROLE_LABELS[member.role]
        ) : (
          <select
            className={styles.roleSelect}
            aria-label={`Role of ${member.name}`}
            value={member.role}
            onChange={(event) =>
              void act(
                () => changeMember(member.id, { role: event.target.value as InvitableRole }),
                STAFF_TEXT.changed(member.name),
              )
            }
          >
            {INVITABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>
        {fixed ? (
          activeText
        ) : (
          <div className={styles.rowActions}>
            <span>{activeText}</span>
            <button
              type="button"
              className={styles.outlineButton}
              aria-label={`${active ? "Deactivate" : "Reactivate"} ${member.name}`}
              onClick={() =>
                void act(
                  () => changeMember(member.id, { active: !active }),
                  STAFF_TEXT.changed(member.name),
                )
              }
            >
              {active ? "Deactivate" : "Reactivate"}
            </button>
            <button
              type="button"
              className={styles.outlineButton}
              aria-label={`Remove ${member.name}`}
              onClick={() => {
                if (!window.confirm(STAFF_TEXT.confirmRemove(member.name))) return;
                void act(() => removeMember(member.id), STAFF_TEXT.removed(member.name));
              }}
            >
              Remove
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
