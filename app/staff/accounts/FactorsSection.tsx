import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Field, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import type { AccountFactors } from "#common/second-factors";
import {
  beginTotp,
  confirmTotp,
  loadFactors,
  removeTotp,
  renewRecoveryCodes,
  type TotpEnrolment,
} from "./factors-api";
import { PasskeysPart } from "./PasskeysPart";
import styles from "./StaffPages.module.css";
import { SectionMessage, type SectionMessageValue } from "./SectionMessage";

export const FACTORS_TEXT = {
  heading: "Second factor",
  intro:
    "A passkey, or a code from an authenticator app asked after your password, keeps your account safe if the password leaks. Every change asks for your password again.",
  password: "Your password",
  totpOn: "Authenticator app: on.",
  totpOff: "Authenticator app: not set up.",
  codesLeft: (n: number) => `Recovery codes left: ${n} of 10.`,
  add: "Add an authenticator app",
  remove: "Remove the authenticator app",
  renew: "Make new recovery codes",
  scan: "Scan this QR code with your authenticator app, or type the key below into it.",
  qrLabel: "QR code of your authenticator app's key",
  key: "Key",
  code: "Code from the app",
  confirm: "Confirm",
  codesHeading: "Your recovery codes",
  codesIntro:
    "Keep these ten codes somewhere safe, away from this device. Each works once, in place of a code from the app. They are not shown again.",
  added: "Authenticator app added.",
  removed: "Authenticator app removed.",
  renewed: "New recovery codes made; the old ones no longer work.",
  due: (date: string) => `Your role needs a second factor: add one by ${date}.`,
  overdue:
    "Your role needs a second factor: add one now. The other staff pages open again once it is added.",
  failed: "Could not save. Please try again.",
} as const;

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** "Your account": the authenticator app (TOTP), the recovery codes and passkeys (decision 032). */
export function FactorsSection() {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const headingId = useId();
  const passwordId = useId();
  const codeId = useId();
  const codesHeadingId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [factors, setFactors] = useState<AccountFactors | null>(null);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<SectionMessageValue | null>(null);
  const [invalid, setInvalid] = useState<"password" | "code" | null>(null);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setFactors(await loadFactors(signal));
      } catch (caught) {
        if (signal?.aborted) return;
        if (!handleAuthError(caught)) console.error("Loading the second factors failed", caught);
      }
    },
    [handleAuthError],
  );
  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const say = (text: string, error: boolean) => {
    setMessage({ text, error, key: Date.now() });
    if (!error) announce(text);
  };
  const refuse = (caught: unknown) => {
    if (handleAuthError(caught)) return;
    const field = isApiError(caught)
      ? (["password", "code"] as const).find((name) => caught.fields[name])
      : undefined;
    say(isApiError(caught) && caught.status !== 0 ? caught.message : FACTORS_TEXT.failed, true);
    setInvalid(field ?? null);
    (field === "code" ? codeRef : passwordRef).current?.focus();
  };
  const run = async (work: () => Promise<void>) => {
    setInvalid(null);
    try {
      await work();
    } catch (caught) {
      refuse(caught);
    }
  };

  const onAdd = () =>
    run(async () => {
      setRecoveryCodes(null);
      setEnrolment(await beginTotp(password));
      setPassword("");
      setMessage(null);
    });
  const onConfirm = () =>
    run(async () => {
      const { recoveryCodes: codes } = await confirmTotp(code.trim());
      setEnrolment(null);
      setCode("");
      setRecoveryCodes(codes);
      say(FACTORS_TEXT.added, false);
      await refresh();
    });
  const onRemove = () =>
    run(async () => {
      await removeTotp(password);
      setPassword("");
      setRecoveryCodes(null);
      say(FACTORS_TEXT.removed, false);
      await refresh();
    });
  const onRenew = () =>
    run(async () => {
      const { recoveryCodes: codes } = await renewRecoveryCodes(password);
      setPassword("");
      setRecoveryCodes(codes);
      say(FACTORS_TEXT.renewed, false);
      await refresh();
    });

  const requirement = factors?.requirement;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {FACTORS_TEXT.heading}
      </h2>
      {requirement?.required && !requirement.enrolled && requirement.dueAt ? (
        <p className={styles.alert}>
          {requirement.overdue
            ? FACTORS_TEXT.overdue
            : FACTORS_TEXT.due(dateText(requirement.dueAt))}
        </p>
      ) : null}
      <p>{FACTORS_TEXT.intro}</p>
      {factors ? (
        <p>
          {factors.totp ? FACTORS_TEXT.totpOn : FACTORS_TEXT.totpOff}{" "}
          {factors.totp ? FACTORS_TEXT.codesLeft(factors.recoveryCodesLeft) : null}
        </p>
      ) : null}
      {enrolment ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onConfirm();
          }}
        >
          <p>{FACTORS_TEXT.scan}</p>
          <div
            role="img"
            aria-label={FACTORS_TEXT.qrLabel}
            className={styles.qrCode}
            // The server's SVG of the otpauth URI (uqr): no markup from anyone else.
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p>
            {FACTORS_TEXT.key}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <Field
            ref={codeRef}
            id={codeId}
            label={FACTORS_TEXT.code}
            kind="one-time-code"
            required
            invalid={invalid === "code"}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className={styles.actions}>
            <button type="submit" className={styles.primaryButton}>
              {FACTORS_TEXT.confirm}
            </button>
          </div>
        </form>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void (factors?.totp ? onRenew() : onAdd());
          }}
        >
          <Field
            ref={passwordRef}
            id={passwordId}
            label={FACTORS_TEXT.password}
            kind="current-password"
            required
            invalid={invalid === "password"}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className={styles.actions}>
            {factors?.totp ? (
              <>
                <button type="submit" className={styles.primaryButton}>
                  {FACTORS_TEXT.renew}
                </button>
                <button
                  type="button"
                  className={styles.outlineButton}
                  onClick={() => void onRemove()}
                >
                  {FACTORS_TEXT.remove}
                </button>
              </>
            ) : (
              <button type="submit" className={styles.primaryButton}>
                {FACTORS_TEXT.add}
              </button>
            )}
          </div>
        </form>
      )}
      <SectionMessage message={message} />
      {recoveryCodes ? (
        <section aria-labelledby={codesHeadingId}>
          <h3 id={codesHeadingId}>{FACTORS_TEXT.codesHeading}</h3>
          <p>{FACTORS_TEXT.codesIntro}</p>
          <ul className={styles.recoveryCodes} data-testid="recovery-codes">
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PasskeysPart passkeys={factors?.passkeys} onChanged={() => refresh()} />
    </section>
  );
}
