import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Field, StaffTime, useStaffSession } from "~/components/staff";
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

/**
 * The Staff page (owner and administrators): invite by mail, see and revoke pending
 * invitations, change roles, deactivate, reactivate and remove accounts. The owner's account
 * and one's own are shown but not changed here (the server refuses it too).
 */
export function StaffPage() {
  const { handleAuthError, user } = useStaffSession();
  const announce = useAnnounce();
  const ids = { email: useId(), role: useId(), error: useId() };
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("editor");
  const [error, setError] = useState<{ text: string; field: boolean; key: number } | null>(null);
  const [busy, setBusy] = useState(false);

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

  const act = async (work: () => Promise<unknown>, done: string) => {
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
          <section className={styles.section} aria-labelledby={`${ids.role}-pending`}>
            <h2 id={`${ids.role}-pending`} className={styles.sectionHeading}>
              {STAFF_TEXT.pendingHeading}
            </h2>
            {load.invitations.length === 0 ? (
              <p className={styles.status}>{STAFF_TEXT.noPending}</p>
            ) : (
              <ul className={styles.list}>
                {load.invitations.map((invitation) => (
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

          <section className={styles.section} aria-labelledby={`${ids.role}-accounts`}>
            <h2 id={`${ids.role}-accounts`} className={styles.sectionHeading}>
              {STAFF_TEXT.accountsHeading}
            </h2>
            <div
              className={styles.tableWrap}
              tabIndex={0}
              role="region"
              aria-label="Staff accounts"
            >
              <table className={styles.table}>
                <caption>Every account, the owner first</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Access</th>
                  </tr>
                </thead>
                <tbody>
                  {load.members.map((member) => {
                    const fixed = member.role === "owner" || member.id === user?.id;
                    const active = member.state === "active";
                    return (
                      <tr key={member.id}>
                        <th scope="row">
                          {member.name} {member.id === user?.id ? STAFF_TEXT.you : ""}
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
                                  () =>
                                    changeMember(member.id, {
                                      role: event.target.value as InvitableRole,
                                    }),
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
                            active ? (
                              "Active"
                            ) : (
                              "Deactivated"
                            )
                          ) : (
                            <div className={styles.rowActions}>
                              <span>{active ? "Active" : "Deactivated"}</span>
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
                                  if (!window.confirm(STAFF_TEXT.confirmRemove(member.name)))
                                    return;
                                  void act(
                                    () => removeMember(member.id),
                                    STAFF_TEXT.removed(member.name),
                                  );
                                }}
                              >
                                Remove
                              </button>
                            </div>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
        </>
      ) : null}
      {user?.role === "owner" ? <FactorPolicySection /> : null}
    </>
  );
}
