import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useContent } from "~/content/use-content";
import { apiJson } from "~/lib/api";
import { CONTACT_LIMITS, HONEYPOT_FIELD, type ContactSubmission } from "../../../common/contact";
import styles from "./ContactForm.module.css";

// Ships on public pages: it takes the limits from the zod-free common/contact.ts; the server's
// schema (common/contact-schemas.ts) applies the same limits. The linter keeps zod out of here.

export interface ContactFormProps {
  /** Prefills Message (the Inquire flow from the services pages). */
  initialMessage?: string;
  className?: string;
}

type Fields = Pick<ContactSubmission, "firstName" | "lastName" | "email" | "message">;
type Status = { sending: boolean; error: string | null; success: boolean };

const IDLE: Status = { sending: false, error: null, success: false };

/**
 * The contact form (no heading: the screen has its h1). Posts to /api/contact, which stores the
 * message before answering 202; every failure, of the network or of the server, shows the
 * failure text with the fields kept.
 */
export function ContactForm({ initialMessage = "", className }: ContactFormProps) {
  const id = useId();
  const contact = useContent("contact");
  const [fields, setFields] = useState<Fields>({
    firstName: "",
    lastName: "",
    email: "",
    message: initialMessage,
  });
  const [honeypot, setHoneypot] = useState("");
  const [status, setStatus] = useState<Status>(IDLE);
  const [failure, setFailure] = useState(0);
  const lastPrefill = useRef(initialMessage);

  // A later prefill (navigating here again with another Inquire) replaces the message.
  useEffect(() => {
    if (initialMessage !== lastPrefill.current) {
      lastPrefill.current = initialMessage;
      if (initialMessage) setFields((current) => ({ ...current, message: initialMessage }));
    }
  }, [initialMessage]);

  const change =
    (name: keyof Fields) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setFields((current) => ({ ...current, [name]: value }));
    };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.sending) return;
    setStatus({ sending: true, error: null, success: false });
    const body: ContactSubmission = { ...fields, [HONEYPOT_FIELD]: honeypot };
    try {
      await apiJson<{ id: string }>("/api/contact", { method: "POST", json: body });
      setFields({ firstName: "", lastName: "", email: "", message: "" });
      setHoneypot("");
      setStatus({ sending: false, error: null, success: true });
    } catch (error) {
      console.error("Failed to send the contact message", error);
      setFailure((count) => count + 1);
      setStatus({ sending: false, error: contact.failure, success: false });
    }
  };

  const input = (name: Exclude<keyof Fields, "message">, type: string) => (
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
        value={fields[name]}
        onChange={change(name)}
      />
    </div>
  );

  return (
    <form className={[styles.form, className].filter(Boolean).join(" ")} onSubmit={onSubmit}>
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
          id={`${id}-message`}
          className={styles.textarea}
          name="message"
          rows={6}
          autoComplete={contact.fields.message.autoComplete}
          maxLength={CONTACT_LIMITS.message}
          value={fields.message}
          onChange={change("message")}
        />
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
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
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
