import { useEffect, useId, useState, type FormEvent } from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { FACTOR_GRACE_DAYS } from "#common/second-factors";
import { loadFactors, setFactorPolicy } from "./factors-api";
import styles from "./StaffPages.module.css";
import { SectionMessage, type SectionMessageValue } from "./SectionMessage";

export const FACTOR_POLICY_TEXT = {
  heading: "Second factor",
  intro: `Owners and administrators must add a second factor within ${FACTOR_GRACE_DAYS} days.`,
  everyone: "Require a second factor of everyone, editors and contributors too",
  save: "Save",
  saved: (on: boolean) =>
    on
      ? `Saved: every role must add a second factor within ${FACTOR_GRACE_DAYS} days.`
      : "Saved: only owners and administrators must add a second factor.",
  failed: "Could not save. Please try again.",
} as const;

/** The owner's setting on the Staff page: a second factor required of every role (decision 032). */
export function FactorPolicySection() {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const headingId = useId();
  const checkboxId = useId();
  const [everyone, setEveryone] = useState<boolean | null>(null);
  const [message, setMessage] = useState<SectionMessageValue | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadFactors(controller.signal).then(
      (factors) => setEveryone(factors.requiredOfEveryone),
      (caught: unknown) => {
        if (!controller.signal.aborted && !handleAuthError(caught)) {
          console.error("Loading the second-factor setting failed", caught);
        }
      },
    );
    return () => controller.abort();
  }, [handleAuthError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (everyone === null) return;
    try {
      const saved = await setFactorPolicy(everyone);
      const text = FACTOR_POLICY_TEXT.saved(saved.requiredOfEveryone);
      setMessage({ text, error: false, key: Date.now() });
      announce(text);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      const text =
        isApiError(caught) && caught.status !== 0 ? caught.message : FACTOR_POLICY_TEXT.failed;
      setMessage({ text, error: true, key: Date.now() });
    }
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {FACTOR_POLICY_TEXT.heading}
      </h2>
      <p>{FACTOR_POLICY_TEXT.intro}</p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <div className={styles.checkboxField}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={everyone ?? false}
            disabled={everyone === null}
            onChange={(event) => setEveryone(event.target.checked)}
          />
          <label htmlFor={checkboxId}>{FACTOR_POLICY_TEXT.everyone}</label>
        </div>
        <SectionMessage message={message} />
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton}>
            {FACTOR_POLICY_TEXT.save}
          </button>
        </div>
      </form>
    </section>
  );
}
