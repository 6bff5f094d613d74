import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  ArrivingText,
  Field,
  measureText,
  recipientCounts,
  StaffTable,
  StaffTime,
  TEXT_STATUS_LABELS,
  TextCounts,
  useStaffSession,
} from "~/components/staff";
import { isApiError } from "~/lib/api";
import { formatPhone } from "#common/phone";
import { MAX_SEGMENTS, segmentsLabel, subscribersLabel } from "#common/sms-segments";
import type { SmsReply, TextList, TextSummary } from "#common/texts";
import { cancelText, createText, listReplies, listTexts } from "./api";
import { SendingHours } from "./SendingHours";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminTexts.module.css";

export const TEXTS_TEXT = {
  loading: "Loading texts...",
  loadFailed: "Could not load the texts. Please try again.",
  noTexts: "No texts yet.",
  noReplies: "No replies yet.",
  sent: (count: number) => `Text sent to ${subscribersLabel(count)}.`,
  scheduled: (count: number) => `Text scheduled for ${subscribersLabel(count)}.`,
  waiting: (count: number) =>
    `Text stored for ${subscribersLabel(count)}: it goes when the sending hours open.`,
  cancelled: "Text cancelled.",
} as const;

const KIND_LABELS: Readonly<Record<TextSummary["kind"], string>> = {
  staff: "Staff text",
  confirmation: "Opt-in confirmation",
  opt_out_confirmation: "Opt-out confirmation",
  reminder: "Event reminder",
};

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; list: TextList };

interface Message {
  text: string;
  error: boolean;
  key: number;
}

/** Write a text, see it as it arrives, send it now or schedule it, after a confirmation. */
function Compose({
  subscribers,
  programName,
  onDone,
  handleAuthError,
}: {
  subscribers: number;
  programName: string;
  onDone: (message: Message) => void;
  handleAuthError: (error: unknown) => boolean;
}) {
  const id = useId();
  const [body, setBody] = useState("");
  const [when, setWhen] = useState<"now" | "later">("now");
  const [sendAt, setSendAt] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ field: "body" | "sendAt"; text: string } | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const { arrives, counted, tooLong } = measureText(body, programName);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (body.trim() === "") {
      setError({ field: "body", text: "Write the text to send." });
      bodyRef.current?.focus();
      return;
    }
    if (tooLong) {
      setError({
        field: "body",
        text: `The text is ${segmentsLabel(counted.segments)}; at most ${MAX_SEGMENTS} are allowed.`,
      });
      bodyRef.current?.focus();
      return;
    }
    if (when === "later" && (sendAt === "" || Number.isNaN(Date.parse(sendAt)))) {
      setError({ field: "sendAt", text: "Choose the day and time to send it." });
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const send = async () => {
    setSaving(true);
    try {
      const created = await createText({
        body,
        ...(when === "later" ? { sendAt: new Date(sendAt).toISOString() } : {}),
      });
      setBody("");
      setSendAt("");
      setWhen("now");
      setConfirming(false);
      onDone({
        text:
          created.status === "scheduled"
            ? TEXTS_TEXT.scheduled(created.recipients)
            : created.status === "waiting"
              ? TEXTS_TEXT.waiting(created.recipients)
              : TEXTS_TEXT.sent(created.recipients),
        error: false,
        key: Date.now(),
      });
    } catch (caught) {
      if (handleAuthError(caught)) return;
      setConfirming(false);
      const fields = isApiError(caught) ? caught.fields : undefined;
      const field = fields?.sendAt ? "sendAt" : "body";
      setError({
        field,
        text:
          fields?.[field] ??
          (caught instanceof Error ? caught.message : "Could not send the text."),
      });
    } finally {
      setSaving(false);
    }
  };

  const bodyId = `${id}-body`;
  const countsId = `${id}-counts`;
  const errorId = `${id}-error`;
  const sendAtId = `${id}-send-at`;
  const action = when === "now" ? "Send" : "Schedule";

  return (
    <form className={styles.form} onSubmit={review} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={bodyId}>
          Text
        </label>
        <textarea
          id={bodyId}
          ref={bodyRef}
          className={styles.textarea}
          value={body}
          onChange={(event) => {
            setBody(event.target.value);
            setConfirming(false);
          }}
          aria-invalid={error?.field === "body" ? "true" : undefined}
          aria-describedby={[countsId, ...(error?.field === "body" ? [errorId] : [])].join(" ")}
        />
        <TextCounts id={countsId} counted={counted} />
        {error?.field === "body" ? (
          <p id={errorId} className={styles.fieldError}>
            {error.text}
          </p>
        ) : null}
      </div>
      <ArrivingText arrives={arrives}>
        Goes to {subscribersLabel(subscribers)}. Texts reach phones between the sending hours;
        outside them a text waits.
      </ArrivingText>
      <fieldset className={styles.choices}>
        <legend>When</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-when`}
            checked={when === "now"}
            onChange={() => {
              setWhen("now");
              setConfirming(false);
            }}
          />
          Send now
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-when`}
            checked={when === "later"}
            onChange={() => {
              setWhen("later");
              setConfirming(false);
            }}
          />
          Schedule
        </label>
      </fieldset>
      {when === "later" ? (
        <Field
          id={sendAtId}
          label="Send at (your time)"
          type="datetime-local"
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
          error={error?.field === "sendAt" ? error.text : undefined}
          errorId={errorId}
        />
      ) : null}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {when === "now"
              ? `Send this text to ${subscribersLabel(subscribers)} now?`
              : `Schedule this text for ${subscribersLabel(subscribers)}?`}
          </p>
          <div className={styles.actions}>
            <button
              ref={confirmRef}
              type="button"
              className={styles.primaryButton}
              aria-disabled={saving ? "true" : undefined}
              onClick={() => {
                if (!saving) void send();
              }}
            >
              {`Yes, ${action.toLowerCase()} to ${subscribersLabel(subscribers)}`}
            </button>
            <button
              type="button"
              className={styles.outlineButton}
              onClick={() => {
                setConfirming(false);
                bodyRef.current?.focus();
              }}
            >
              Go back
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton}>
            {`${action}...`}
          </button>
        </div>
      )}
    </form>
  );
}

function TextsTable({
  texts,
  onCancel,
}: {
  texts: TextSummary[];
  onCancel: (text: TextSummary) => void;
}) {
  if (texts.length === 0) return <p className={staff.muted}>{TEXTS_TEXT.noTexts}</p>;
  return (
    <StaffTable
      label="Texts table"
      caption="Texts, newest first"
      columns={["Text", "When", "Status", "Recipients", "Action"]}
    >
      {texts.map((text) => (
        <tr key={text.id}>
          <th scope="row">
            <span className={styles.hint}>{KIND_LABELS[text.kind]}</span>
            <br />
            {text.body}
          </th>
          <td>
            <StaffTime iso={text.sendAt} />
          </td>
          <td>
            {TEXT_STATUS_LABELS[text.status]}
            {text.waitingUntil ? (
              <>
                {" "}
                until <StaffTime iso={text.waitingUntil} />
              </>
            ) : null}
          </td>
          <td>
            {subscribersLabel(text.recipients)}: {recipientCounts(text.counts)}
          </td>
          <td className={styles.actionCell}>
            {text.kind !== "reminder" &&
            (text.status === "scheduled" || text.status === "waiting") ? (
              <button
                type="button"
                className={staff.rowButton}
                onClick={() => onCancel(text)}
                aria-label={`Cancel the text "${text.body.slice(0, 40)}"`}
              >
                Cancel
              </button>
            ) : null}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

function Replies({ replies }: { replies: SmsReply[] }) {
  if (replies.length === 0) return <p className={staff.muted}>{TEXTS_TEXT.noReplies}</p>;
  return (
    <ul className={staff.list}>
      {replies.map((reply) => (
        <li key={reply.id} className={staff.item}>
          <p className={staff.meta}>
            <a href={`tel:${reply.phone}`}>{formatPhone(reply.phone)}</a>,{" "}
            <StaffTime iso={reply.receivedAt} />
          </p>
          <p className={staff.messageBody}>{reply.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** Staff texts (design 13): write and send or schedule, the list with counts, the replies. */
export function AdminTextsPage() {
  const { handleAuthError } = useStaffSession();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [replies, setReplies] = useState<SmsReply[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  const id = useId();

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [list, received] = await Promise.all([listTexts(signal), listReplies(signal)]);
        setLoad({ state: "ready", list });
        setReplies(received);
      } catch (caught) {
        if (signal?.aborted || handleAuthError(caught)) return;
        console.error(TEXTS_TEXT.loadFailed, caught);
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

  const done = (next: Message) => {
    setMessage(next);
    void refresh();
  };

  const cancel = async (text: TextSummary) => {
    try {
      await cancelText(text.id);
      done({ text: TEXTS_TEXT.cancelled, error: false, key: Date.now() });
    } catch (caught) {
      if (handleAuthError(caught)) return;
      setMessage({
        text: caught instanceof Error ? caught.message : "Could not cancel the text.",
        error: true,
        key: Date.now(),
      });
      void refresh();
    }
  };

  return (
    <>
      {message ? (
        <p
          key={message.key}
          className={message.error ? styles.alert : styles.status}
          role={message.error ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
      <section className={styles.section} aria-labelledby={`${id}-write`}>
        <h2 id={`${id}-write`} className={styles.sectionHeading}>
          Write a text
        </h2>
        {load.state === "ready" ? (
          <Compose
            subscribers={load.list.subscribers}
            programName={load.list.programName}
            onDone={done}
            handleAuthError={handleAuthError}
          />
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby={`${id}-texts`}>
        <h2 id={`${id}-texts`} className={styles.sectionHeading}>
          Texts
        </h2>
        <div className={staff.toolbar}>
          <button type="button" className={staff.secondaryButton} onClick={() => void refresh()}>
            Refresh
          </button>
        </div>
        {load.state === "loading" ? (
          <p role="status" className={staff.muted}>
            {TEXTS_TEXT.loading}
          </p>
        ) : null}
        {load.state === "failed" ? (
          <p role="alert" className={staff.alert}>
            {TEXTS_TEXT.loadFailed}
          </p>
        ) : null}
        {load.state === "ready" ? (
          <TextsTable texts={load.list.texts} onCancel={(text) => void cancel(text)} />
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby={`${id}-hours`}>
        <h2 id={`${id}-hours`} className={styles.sectionHeading}>
          Sending hours
        </h2>
        {load.state === "ready" ? (
          <SendingHours
            hours={load.list.sendHours}
            onSaved={(sendHours) =>
              setLoad((current) =>
                current.state === "ready"
                  ? { state: "ready", list: { ...current.list, sendHours } }
                  : current,
              )
            }
          />
        ) : null}
      </section>
      <section className={styles.section} aria-labelledby={`${id}-replies`}>
        <h2 id={`${id}-replies`} className={styles.sectionHeading}>
          Replies
        </h2>
        <Replies replies={replies} />
      </section>
    </>
  );
}
