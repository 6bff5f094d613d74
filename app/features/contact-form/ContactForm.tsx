import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { ContentSlices } from "~/content/slices";
import { apiJson, isApiError } from "~/lib/api";
import {
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  aboutCourse,
  type ContactSubmission,
} from "#common/contact";
import type { ContactFormValues, ContactOutcome } from "#common/form-outcome";
import styles from "./ContactForm.module.css";

// Ships on public pages: it takes the limits from the zod-free common/contact.ts; the server's
// schema (common/contact-schemas.ts) applies the same limits. The linter keeps zod out of here.

/** The texts the form shows (the contact slice; passed in, as an island reads no router context). */
export type ContactFormContent = Pick<
  ContentSlices["contact"],
  "fields" | "failure" | "sending" | "submit" | "success"
>;

export interface ContactFormProps {
  content: ContactFormContent;
  /** Prefills Message (the Inquire flow from the services pages). */
  initialMessage?: string;
  /**
   * The course the visitor pressed Inquire on (its title): shown as "About: …" with a way to
   * remove it, and sent with the message (a hidden field without JavaScript).
   */
  course?: string | null;
  /** Where removing the course leads without JavaScript: the page, prefilled, without it. */
  removeCourseHref?: string;
  /**
   * The page the form posts to without JavaScript (or before it runs): its own path, whose POST
   * the server answers like the API and redirects back with the outcome (decision 023). Without
   * it the form posts to the document's own address, which is the same page.
   */
  action?: string;
  /** The outcome of that post, which the page after the redirect shows (the server sets it). */
  outcome?: ContactOutcome | null;
  className?: string;
}

type FieldName = Exclude<keyof ContactFormValues, "course">;

/** The control that takes the course off the message. */
export const REMOVE_COURSE_TEXT = "Remove";
const FIELD_NAMES: readonly FieldName[] = ["firstName", "lastName", "email", "message"];

type Status = {
  sending: boolean;
  error: string | null;
  success: boolean;
  /** The server's message for each field it refused (400), shown beside the field. */
  fields: Record<string, string>;
};

const IDLE: Status = { sending: false, error: null, success: false, fields: {} };

function statusOf(outcome: ContactOutcome | null | undefined, failure: string): Status {
  if (!outcome) return IDLE;
  if (outcome.sent) return { ...IDLE, success: true };
  return { sending: false, error: failure, success: false, fields: outcome.fields };
}

/**
 * The contact form (no heading: the screen has its h1). With JavaScript it posts to
 * /api/contact, which stores the message before answering 202; every failure, of the network or
 * of the server, shows the failure text with the fields kept.
 *
 * The fields are uncontrolled: what the visitor typed lives in the elements, is never replaced
 * by hydration (typed before the scripts arrived, it is what gets sent), and is read when the
 * form is submitted. Without JavaScript the same form is an ordinary POST to `action`.
 */
export function ContactForm({
  content: contact,
  initialMessage = "",
  course: initialCourse = null,
  removeCourseHref = "?inquire",
  action,
  outcome,
  className,
}: ContactFormProps) {
  const id = useId();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<Status>(() => statusOf(outcome, contact.failure));
  const [failure, setFailure] = useState(0);
  const lastPrefill = useRef(initialMessage);
  // Hydrating a textarea, React sets its value back to the text the server wrote (a prefilled
  // Message), which would drop what the visitor typed before the island's script arrived: read
  // it from the page before hydration changes anything, and put it back once hydrated.
  const [typedBeforeHydration] = useState(() =>
    typeof document === "undefined"
      ? null
      : ((document.getElementById(`${id}-message`) as HTMLTextAreaElement | null)?.value ?? null),
  );
  useLayoutEffect(() => {
    const element = messageRef.current;
    if (element && typedBeforeHydration !== null && element.value !== typedBeforeHydration) {
      element.value = typedBeforeHydration;
    }
  }, [typedBeforeHydration]);
  const typed = outcome && !outcome.sent ? outcome.values : undefined;
  const [course, setCourse] = useState<string | null>(typed?.course || initialCourse || null);

  // A later prefill (route state read after mounting, or another Inquire) replaces the message.
  useEffect(() => {
    if (initialMessage !== lastPrefill.current) {
      lastPrefill.current = initialMessage;
      if (initialMessage && messageRef.current) messageRef.current.value = initialMessage;
    }
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
    setStatus({ ...IDLE, sending: true });
    const body: ContactSubmission = {
      firstName: read("firstName"),
      lastName: read("lastName"),
      email: read("email"),
      message: read("message"),
      ...(course ? { course } : {}),
      [HONEYPOT_FIELD]: read(HONEYPOT_FIELD),
    };
    try {
      await apiJson<{ id: string }>("/api/contact", { method: "POST", json: body });
      // Cleared only now, after the server has stored the message.
      for (const name of [...FIELD_NAMES, HONEYPOT_FIELD]) {
        const element = form.elements.namedItem(name);
        if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
          element.value = "";
        }
      }
      setCourse(null);
      setStatus({ ...IDLE, success: true });
    } catch (error) {
      console.error("Failed to send the contact message", error);
      setFailure((count) => count + 1);
      const fields = isApiError(error) && error.status === 400 ? { ...error.fields } : {};
      setStatus({ sending: false, error: contact.failure, success: false, fields });
    }
  };

  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const fieldError = (name: FieldName) =>
    status.fields[name] ? (
      <p id={errorId(name)} className={styles.error}>
        {status.fields[name]}
      </p>
    ) : null;
  const invalid = (name: FieldName) =>
    status.fields[name]
      ? ({ "aria-invalid": true, "aria-describedby": errorId(name) } as const)
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
        defaultValue={typed?.[name] ?? ""}
        {...invalid(name)}
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
      {course ? (
        <p className={styles.about}>
          <span>{aboutCourse(course)}</span>
          <a
            className={styles.removeCourse}
            href={removeCourseHref}
            onClick={(event) => {
              // With JavaScript the typed words stay: only the course goes, and the address too.
              event.preventDefault();
              setCourse(null);
              window.history.replaceState(window.history.state, "", removeCourseHref);
            }}
          >
            {REMOVE_COURSE_TEXT} <span className="visually-hidden">{course}</span>
          </a>
          <input type="hidden" name="course" value={course} />
        </p>
      ) : null}
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
          defaultValue={typed?.message ?? initialMessage}
          {...invalid("message")}
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
