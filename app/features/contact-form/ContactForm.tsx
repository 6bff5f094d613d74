import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useContent } from "~/content/use-content";
import { apiJson, isApiError } from "~/lib/api";
import { CONTACT_LIMITS, HONEYPOT_FIELD, type ContactSubmission } from "../../../common/contact";
import type { PublicFormState } from "../../../common/public-forms";
import styles from "./ContactForm.module.css";

// Ships on public pages: it takes the limits from the zod-free common/contact.ts; the server's
// schema (common/contact-schemas.ts) applies the same limits. The linter keeps zod out of here.

export interface ContactFormProps {
  /** The page the form posts to without JavaScript (its own path, e.g. "/contact-desktop"). */
  action: string;
  /** What the server rendered the form with: a post's outcome, or Inquire's message. */
  state?: PublicFormState | null;
  /** Prefills Message after a client-side Inquire (route state). */
  initialMessage?: string;
  className?: string;
}

type FieldName = "firstName" | "lastName" | "email" | "message";
const FIELD_NAMES: readonly FieldName[] = ["firstName", "lastName", "email", "message"];

type Status = {
  sending: boolean;
  error: string | null;
  success: boolean;
  fields: Readonly<Record<string, string>>;
};

const NO_FIELDS: Readonly<Record<string, string>> = {};

function initialStatus(state: PublicFormState | null | undefined, failure: string): Status {
  if (state?.kind === "sent") return { sending: false, error: null, success: true, fields: {} };
  if (state?.kind === "refused") {
    return { sending: false, error: failure, success: false, fields: state.fields };
  }
  return { sending: false, error: null, success: false, fields: NO_FIELDS };
}

function initialValue(state: PublicFormState | null | undefined, name: FieldName): string {
  if (state?.kind === "refused") return state.values[name] ?? "";
  if (state?.kind === "prefill" && name === "message") return state.message;
  return "";
}

/**
 * The contact form (no heading: the screen has its h1). It is an ordinary form that posts to
 * its page, so it works before and without JavaScript (the server answers with the same texts,
 * decision 023). Once hydrated it posts to /api/contact instead, which stores the message before
 * answering 202; every failure shows the failure text with the fields kept.
 *
 * The fields are uncontrolled: what a visitor typed before the scripts arrived stays in the
 * elements through hydration, and Submit reads the elements' current values.
 */
export function ContactForm({ action, state, initialMessage, className }: ContactFormProps) {
  const id = useId();
  const contact = useContent("contact");
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<Status>(() => initialStatus(state, contact.failure));
  const [failure, setFailure] = useState(0);
  const lastPrefill = useRef<string | undefined>(undefined);

  // An Inquire made with JavaScript (route state) replaces the message, each time it changes.
  useEffect(() => {
    if (initialMessage && initialMessage !== lastPrefill.current && messageRef.current) {
      messageRef.current.value = initialMessage;
    }
    lastPrefill.current = initialMessage;
  }, [initialMessage]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value : "";
    };
    const body: ContactSubmission = {
      firstName: read("firstName"),
      lastName: read("lastName"),
      email: read("email"),
      message: read("message"),
      [HONEYPOT_FIELD]: read(HONEYPOT_FIELD),
    };
    setStatus({ sending: true, error: null, success: false, fields: NO_FIELDS });
    try {
      await apiJson<{ id: string }>("/api/contact", { method: "POST", json: body });
      // Emptied only once the server has the message (its 202 means it is stored).
      for (const name of [...FIELD_NAMES, HONEYPOT_FIELD]) {
        const element = form.elements.namedItem(name);
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
          element.value = "";
        }
      }
      setStatus({ sending: false, error: null, success: true, fields: NO_FIELDS });
    } catch (error) {
      console.error("Failed to send the contact message", error);
      setFailure((count) => count + 1);
      const fields = isApiError(error) && error.status === 400 ? error.fields : NO_FIELDS;
      setStatus({ sending: false, error: contact.failure, success: false, fields });
    }
  };

  const fieldError = (name: FieldName) => {
    const message = status.fields[name];
    return message ? (
      <p id={`${id}-${name}-error`} className={styles.fieldError}>
        {message}
      </p>
    ) : null;
  };
  const invalidProps = (name: FieldName) =>
    status.fields[name]
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-${name}-error` }
      : {};

  const input = (name: Exclude<FieldName, "message">, type: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${id}-${name}`}>
        {contact.fields[name].label}
      </label>
      <input
        id={`${id}-${name}`}
        className={styles.input}
        name={name}
        type={type}
        autoComplete={contact.fields[name].autoComplete}
        maxLength={CONTACT_LIMITS[name]}
        defaultValue={initialValue(state, name)}
        {...invalidProps(name)}
      />
      {fieldError(name)}
    </div>
  );

  return (
    <form
      className={[styles.form, className].filter(Boolean).join(" ")}
      method="post"
      action={action}
      onSubmit={onSubmit}
    >
      <div className={styles.names}>
        {input("firstName", "text")}
        {input("lastName", "text")}
      </div>
      {input("email", "email")}
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-message`}>
          {contact.fields.message.label}
        </label>
        <textarea
          ref={messageRef}
          id={`${id}-message`}
          className={styles.textarea}
          name="message"
          rows={6}
          autoComplete={contact.fields.message.autoComplete}
          maxLength={CONTACT_LIMITS.message}
          defaultValue={initialValue(state, "message")}
          {...invalidProps("message")}
        />
        {fieldError("message")}
      </div>

      {/* Honeypot: invisible to people and to assistive technology; bots fill it in. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={status.sending}>
          {status.sending ? contact.sending : contact.submit}
        </button>
      </div>

      <div role="status" className={styles.status}>
        {status.success ? <p className={styles.success}>{contact.success}</p> : null}
      </div>
      {status.error ? (
        <p key={failure} role="alert" className={styles.error}>
          {status.error}
        </p>
      ) : null}
    </form>
  );
}
