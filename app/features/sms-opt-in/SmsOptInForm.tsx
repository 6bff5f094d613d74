import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { SmsOutcome } from "#common/form-outcome";
import type { ContentSlices } from "~/content/slices";
import { apiJson, isApiError } from "~/lib/api";
import { PRIVACY_PATH, TERMS_PATH } from "~/route-paths";
import { checkPhone } from "#common/phone";
import {
  SMS_CONSENT_TEXT,
  type SmsSubscriptionInput,
  type SmsSubscriptionResult,
} from "#common/sms";
import styles from "./SmsOptInForm.module.css";

// Ships on a public page: it checks the number with common/phone.ts, the zod-free rule that the
// server's zod schema (common/sms-schemas.ts) is built on, so the two can never disagree.

export interface SmsOptInFormProps {
  /** The texts the form shows (passed in, as an island reads no router context). */
  content: ContentSlices["sms"];
  /**
   * The page the form is on, stored with the consent record; without JavaScript (or before it
   * runs) the form posts to it, and the server redirects back with the outcome (decision 023).
   */
  source?: string;
  /** The outcome of that post, which the page after the redirect shows (the server sets it). */
  outcome?: SmsOutcome | null;
  /** The privacy policy's and terms' links shown beside the consent text (their labels). */
  legalLinks?: { privacy: string; terms: string };
  className?: string;
}

function stateOf(outcome: SmsOutcome | null | undefined, failed: string): State {
  if (outcome?.subscribed) return { step: "subscribed" };
  return {
    step: "entering",
    error: outcome?.error ?? null,
    failure: outcome?.failed ? failed : null,
    sending: false,
  };
}

type State =
  | { step: "entering"; error: string | null; failure: string | null; sending: boolean }
  | { step: "subscribed" };

/**
 * The SMS opt-in: Phone number, the consent text, Subscribe; then 'Thank you!'. The number is
 * checked as docs/product.md section 8 says before anything is sent; the server checks it again and
 * stores it with the consent record.
 */
export function SmsOptInForm({
  content: sms,
  source = "/sms-opt-in",
  outcome,
  legalLinks,
  className,
}: SmsOptInFormProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  // The number stays in the element (uncontrolled): hydration never replaces what was typed
  // before the scripts arrived, and Subscribe reads it from there.
  const [state, setState] = useState<State>(() => stateOf(outcome, sms.errors.failed));
  const [alertKey, setAlertKey] = useState(0);

  const subscribed = state.step === "subscribed";
  useEffect(() => {
    if (subscribed) thanksRef.current?.focus();
  }, [subscribed]);

  if (state.step === "subscribed") {
    return (
      <div className={[styles.thanks, className].filter(Boolean).join(" ")} role="status">
        <h2 ref={thanksRef} tabIndex={-1} className={styles.thanksHeading}>
          {sms.success.heading}
        </h2>
        <p>{sms.success.text}</p>
      </div>
    );
  }

  const { error, failure, sending } = state;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const consentId = `${id}-consent`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = checkPhone(inputRef.current?.value ?? "");
    if (!checked.ok) {
      setAlertKey((key) => key + 1);
      setState({ step: "entering", error: checked.message, failure: null, sending: false });
      inputRef.current?.focus();
      return;
    }
    setState({ step: "entering", error: null, failure: null, sending: true });
    const body: SmsSubscriptionInput = { phone: checked.digits, source };
    try {
      await apiJson<SmsSubscriptionResult>("/api/sms/subscriptions", {
        method: "POST",
        json: body,
      });
      setState({ step: "subscribed" });
    } catch (caught) {
      console.error("SMS subscription failed", caught);
      // A 400 carries the server's own reading of the number; anything else is worth a retry.
      const message =
        isApiError(caught) && caught.status === 400 && caught.message
          ? caught.message
          : sms.errors.failed;
      setAlertKey((key) => key + 1);
      setState({ step: "entering", error: null, failure: message, sending: false });
    }
  };

  const describedBy = [hintId, error ? errorId : null, consentId].filter(Boolean).join(" ");

  return (
    <form
      className={[styles.form, className].filter(Boolean).join(" ")}
      method="post"
      action={source}
      noValidate
      onSubmit={onSubmit}
    >
      <input type="hidden" name="source" value={source} />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-phone`}>
          {sms.phoneLabel}
        </label>
        <p id={hintId} className={styles.hint}>
          {sms.phoneHint}
        </p>
        <input
          ref={inputRef}
          id={`${id}-phone`}
          className={styles.input}
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          placeholder={sms.phonePlaceholder}
          aria-invalid={error ? "true" : undefined}
          aria-describedby={describedBy}
          defaultValue={outcome && !outcome.subscribed ? outcome.phone : ""}
          onChange={() => {
            // Typing clears a shown error.
            if (error || failure)
              setState({ step: "entering", error: null, failure: null, sending });
          }}
        />
        {error ? (
          <p key={alertKey} id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
      <p id={consentId} className={styles.consent}>
        {SMS_CONSENT_TEXT}
      </p>
      {legalLinks ? (
        <p className={styles.legal}>
          <a href={PRIVACY_PATH}>{legalLinks.privacy}</a>
          <span aria-hidden="true"> · </span>
          <a href={TERMS_PATH}>{legalLinks.terms}</a>
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={sending}>
          {sending ? sms.subscribing : sms.subscribe}
        </button>
      </div>
      {failure ? (
        <p key={alertKey} role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
    </form>
  );
}
