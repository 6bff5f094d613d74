import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { MEDIA_ALT_MAX, MEDIA_MAX_BYTES, MEDIA_MESSAGES, mediaAltProblem } from "#common/media";
import { uploadMedia } from "./api";
import { MEDIA_TEXT } from "./media-text";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminMediaPage.module.css";

type Upload =
  | { state: "idle" }
  | { state: "sending"; percent: number }
  | { state: "processing" }
  | { state: "failed"; message: string };

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Upload an image: a file (chosen or dropped), its alt text or Decorative, and the upload with
 * its progress; the library is told when the image is stored.
 */
export function UploadForm({
  onUploaded,
  handleAuthError,
}: {
  onUploaded: (existing: boolean) => Promise<void>;
  handleAuthError: (error: unknown) => boolean;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [altError, setAltError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [dragging, setDragging] = useState(false);
  const announce = useAnnounce();
  const busy = upload.state === "sending" || upload.state === "processing";

  const fail = (message: string) => setUpload({ state: "failed", message });

  // Once the message is on the page, focus moves to it so it is read at once. An effect, not a
  // timer: a timer can fire before React has committed the message (seen on a loaded machine).
  useEffect(() => {
    if (upload.state === "failed") alertRef.current?.focus();
  }, [upload]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (upload.state === "failed") setUpload({ state: "idle" });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped || busy) return;
    choose(dropped);
    if (fileRef.current) fileRef.current.files = event.dataTransfer.files;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = decorative ? "" : alt.trim();
    const problem = mediaAltProblem(trimmed, decorative);
    setAltError(problem);
    if (problem) {
      altRef.current?.focus();
      return;
    }
    if (!file) return fail(MEDIA_MESSAGES.fileMissing);
    if (file.size > MEDIA_MAX_BYTES) return fail(MEDIA_MESSAGES.tooLarge);

    setUpload({ state: "sending", percent: 0 });
    try {
      const { created } = await uploadMedia(
        { file, alt: trimmed, decorative },
        ({ sent, total }) => {
          if (sent >= total) setUpload({ state: "processing" });
          else setUpload({ state: "sending", percent: Math.floor((sent / total) * 100) });
        },
      );
      const existing = !created;
      setUpload({ state: "idle" });
      setFile(null);
      setAlt("");
      setDecorative(false);
      if (fileRef.current) fileRef.current.value = "";
      announce(existing ? MEDIA_TEXT.alreadyThere : MEDIA_TEXT.uploaded);
      await onUploaded(existing);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      if (isApiError(caught) && caught.fields.alt) {
        setUpload({ state: "idle" });
        setAltError(caught.fields.alt);
        altRef.current?.focus();
        return;
      }
      fail(isApiError(caught) ? caught.message : String(caught));
    }
  };

  const helpId = `${id}-file-help`;
  const altHelpId = `${id}-alt-help`;
  const altErrorId = `${id}-alt-error`;

  return (
    <section aria-labelledby={`${id}-heading`} className={styles.uploadSection}>
      <h2 id={`${id}-heading`} className={styles.sectionHeading}>
        {MEDIA_TEXT.uploadHeading}
      </h2>
      <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
        <div
          className={dragging ? `${styles.dropZone} ${styles.dropZoneActive}` : styles.dropZone}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor={`${id}-file`} className={styles.label}>
            {MEDIA_TEXT.fileLabel}
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-describedby={helpId}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <p id={helpId} className={staff.muted}>
            {MEDIA_TEXT.fileHelp}
          </p>
          {file ? (
            <p className={styles.chosen}>
              {MEDIA_TEXT.chosen} {file.name} ({formatBytes(file.size)})
            </p>
          ) : null}
        </div>

        <div className={styles.field}>
          <label htmlFor={`${id}-alt`} className={styles.label}>
            {MEDIA_TEXT.altLabel}
            {decorative ? null : <span aria-hidden="true"> *</span>}
          </label>
          <input
            ref={altRef}
            id={`${id}-alt`}
            type="text"
            className={styles.input}
            value={decorative ? "" : alt}
            maxLength={MEDIA_ALT_MAX}
            disabled={decorative || busy}
            required={!decorative}
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? `${altErrorId} ${altHelpId}` : altHelpId}
            onChange={(event) => {
              setAlt(event.target.value);
              setAltError(null);
            }}
          />
          <p id={altHelpId} className={staff.muted}>
            {MEDIA_TEXT.altHelp} {alt.length}/{MEDIA_ALT_MAX}
          </p>
          {altError ? (
            <p id={altErrorId} className={styles.fieldError}>
              {altError}
            </p>
          ) : null}
        </div>

        <div className={styles.checkboxField}>
          <input
            id={`${id}-decorative`}
            type="checkbox"
            aria-describedby={`${id}-decorative-help`}
            checked={decorative}
            disabled={busy}
            onChange={(event) => {
              setDecorative(event.target.checked);
              setAltError(null);
            }}
          />
          <label htmlFor={`${id}-decorative`}>{MEDIA_TEXT.decorativeLabel}</label>
          <p id={`${id}-decorative-help`} className={styles.checkboxHelp}>
            {MEDIA_TEXT.decorativeHelp}
          </p>
        </div>

        {upload.state === "failed" ? (
          <p ref={alertRef} role="alert" tabIndex={-1} className={staff.alert}>
            {upload.message}
          </p>
        ) : null}

        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} aria-disabled={busy || undefined}>
            {MEDIA_TEXT.upload}
          </button>
          {upload.state === "sending" ? (
            <span className={styles.progress}>
              <progress max={100} value={upload.percent} aria-label={MEDIA_TEXT.progressLabel} />
              <span role="status">
                {MEDIA_TEXT.uploading} {upload.percent}%
              </span>
            </span>
          ) : null}
          {upload.state === "processing" ? (
            <span className={styles.progress}>
              <progress aria-label={MEDIA_TEXT.progressLabel} />
              <span role="status">{MEDIA_TEXT.processing}</span>
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
