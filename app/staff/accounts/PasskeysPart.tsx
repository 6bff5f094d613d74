import { useId, useRef, useState } from "react";
import { Field, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { createPasskey, PasskeyCeremonyError } from "~/lib/passkeys";
import type { PasskeySummary } from "#common/second-factors";
import { beginPasskey, finishPasskey, removePasskey } from "./factors-api";
import styles from "./StaffPages.module.css";
import { SectionMessage, type SectionMessageValue } from "./SectionMessage";

export const PASSKEYS_TEXT = {
  heading: "Passkeys",
  intro:
    "A passkey (this device's screen lock, a phone or a security key) signs you in without your password, and stands in for the code after it.",
  none: "No passkeys yet.",
  name: "Name of the new passkey",
  namePlaceholder: "Work laptop",
  password: "Password for passkey changes",
  add: "Add a passkey",
  remove: (name: string) => `Remove the passkey ${name}`,
  added: (name: string) => `Passkey ${name} added.`,
  removed: (name: string) => `Passkey ${name} removed.`,
  details: (added: string, used: string | null) =>
    `added ${added}, ${used ? `last used ${used}` : "not used yet"}`,
  nameRequired: "Name the passkey",
  passwordRequired: "Enter your password",
  failed: "Could not save. Please try again.",
} as const;

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/**
 * Your account's passkeys (decision 032), inside the Second factor section: the list (name,
 * added, last used), and adding or removing one, each after the password again. Adding runs
 * the browser's ceremony between the server's two calls.
 */
export function PasskeysPart(props: {
  passkeys: PasskeySummary[] | undefined;
  onChanged: () => Promise<void>;
}) {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const headingId = useId();
  const nameId = useId();
  const passwordId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<"name" | "password" | null>(null);
  const [message, setMessage] = useState<SectionMessageValue | null>(null);

  const say = (text: string, error: boolean) => {
    setMessage({ text, error, key: Date.now() });
    if (!error) announce(text);
  };
  const refuse = (text: string, field: "name" | "password" | null) => {
    say(text, true);
    setInvalid(field);
    (field === "name" ? nameRef : passwordRef).current?.focus();
  };
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setInvalid(null);
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      if (handleAuthError(caught)) return;
      if (caught instanceof PasskeyCeremonyError) return refuse(caught.message, null);
      const field = isApiError(caught)
        ? (["name", "password"] as const).find((key) => caught.fields[key])
        : undefined;
      refuse(
        isApiError(caught) && caught.status !== 0 ? caught.message : PASSKEYS_TEXT.failed,
        field ?? (isApiError(caught) && caught.status === 403 ? "password" : null),
      );
    } finally {
      setBusy(false);
    }
  };

  const onAdd = () =>
    run(async () => {
      const wanted = name.trim();
      if (!wanted) return refuse(PASSKEYS_TEXT.nameRequired, "name");
      if (!password) return refuse(PASSKEYS_TEXT.passwordRequired, "password");
      const { ticket, options } = await beginPasskey(password);
      setPassword("");
      const credential = await createPasskey(options);
      const added = await finishPasskey(ticket, wanted, credential);
      setName("");
      say(PASSKEYS_TEXT.added(added.name), false);
      await props.onChanged();
    });
  const onRemove = (passkey: PasskeySummary) =>
    run(async () => {
      if (!password) return refuse(PASSKEYS_TEXT.passwordRequired, "password");
      await removePasskey(passkey.id, password);
      setPassword("");
      say(PASSKEYS_TEXT.removed(passkey.name), false);
      await props.onChanged();
    });

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{PASSKEYS_TEXT.heading}</h3>
      <p>{PASSKEYS_TEXT.intro}</p>
      {props.passkeys?.length === 0 ? <p>{PASSKEYS_TEXT.none}</p> : null}
      {props.passkeys?.length ? (
        <ul className={styles.passkeys}>
          {props.passkeys.map((passkey) => (
            <li key={passkey.id}>
              <span>
                <strong>{passkey.name}</strong>:{" "}
                {PASSKEYS_TEXT.details(
                  dateText(passkey.createdAt),
                  passkey.lastUsedAt ? dateText(passkey.lastUsedAt) : null,
                )}
              </span>{" "}
              <button
                type="button"
                className={styles.outlineButton}
                onClick={() => void onRemove(passkey)}
              >
                {PASSKEYS_TEXT.remove(passkey.name)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onAdd();
        }}
      >
        <Field
          ref={nameRef}
          id={nameId}
          label={PASSKEYS_TEXT.name}
          maxLength={100}
          placeholder={PASSKEYS_TEXT.namePlaceholder}
          invalid={invalid === "name"}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          ref={passwordRef}
          id={passwordId}
          label={PASSKEYS_TEXT.password}
          kind="current-password"
          invalid={invalid === "password"}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className={styles.actions}>
          <button
            type="submit"
            className={styles.primaryButton}
            aria-disabled={busy ? "true" : undefined}
          >
            {PASSKEYS_TEXT.add}
          </button>
        </div>
      </form>
      <SectionMessage message={message} />
    </section>
  );
}
