import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
} from "react";
import { StaffTime, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import {
  MEDIA_ALT_MAX,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaAltProblem,
  mediaInUseMessage,
  type MediaLibraryItem,
} from "#common/media";
import { deleteMedia, listMedia, uploadMedia } from "./api";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminMediaPage.module.css";

export const MEDIA_TEXT = {
  uploadHeading: "Upload an image",
  fileLabel: "Image file",
  fileHelp: "JPEG, PNG, WebP or AVIF, at most 15 MB. You can also drop a file on this box.",
  chosen: "Chosen:",
  altLabel: "Alt text",
  altHelp: "What the picture shows, for people who cannot see it.",
  decorativeLabel: "Decorative",
  decorativeHelp: "Screen readers skip a decorative image, so it has no alt text.",
  upload: "Upload",
  uploading: "Uploading",
  processing: "Making the smaller copies…",
  uploaded: "Image uploaded.",
  alreadyThere: "This image was already in the library; it is listed below.",
  progressLabel: "Upload progress",
  listHeading: "Images",
  loading: "Loading images...",
  empty: "No images yet.",
  loadFailed: "Could not load the media library. Please try again.",
  confirmDelete: "Delete this image? This cannot be undone.",
  deleted: "Image deleted.",
  deleteFailed: "Could not delete the image. Please try again.",
  delete: "Delete",
  decorative: "Decorative image (no alt text)",
  usedIn: "Used in:",
  notUsed: "Not used on the site.",
  inUse: "Remove it from these places before deleting it.",
} as const;

type Load =
  { state: "loading" } | { state: "failed" } | { state: "ready"; items: MediaLibraryItem[] };

type Upload =
  | { state: "idle" }
  | { state: "sending"; percent: number }
  | { state: "processing" }
  | { state: "failed"; message: string };

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The smallest WebP copy (every browser shows WebP), else the whole image. */
function thumbnailOf(item: MediaLibraryItem): string {
  return item.variants.find((variant) => variant.format === "webp")?.url ?? item.url;
}

function UploadForm({
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

function MediaCard({
  item,
  onDelete,
}: {
  item: MediaLibraryItem;
  onDelete: (item: MediaLibraryItem) => void;
}) {
  const id = useId();
  const used = item.used_in.length > 0;
  // The thumbnail fits a 160 px box with the image's own proportions (no layout shift).
  const scale = Math.min(1, 160 / Math.max(item.width, item.height));
  return (
    <li className={styles.card}>
      <img
        src={thumbnailOf(item)}
        alt={item.alt}
        width={Math.max(1, Math.round(item.width * scale))}
        height={Math.max(1, Math.round(item.height * scale))}
        loading="lazy"
        decoding="async"
        className={styles.thumbnail}
      />
      <div className={styles.cardText}>
        <p className={styles.altText} id={`${id}-alt`}>
          {item.decorative ? MEDIA_TEXT.decorative : item.alt}
        </p>
        <p className={staff.meta}>
          {item.width} × {item.height} px · <StaffTime iso={item.created_at} />
        </p>
        <p className={staff.meta}>
          <a href={item.url} target="_blank" rel="noopener noreferrer">
            {item.url}
          </a>
        </p>
        {used ? (
          <p className={styles.usage} id={`${id}-usage`}>
            {MEDIA_TEXT.usedIn} {item.used_in.join(", ")}. {MEDIA_TEXT.inUse}
          </p>
        ) : (
          <p className={staff.meta}>{MEDIA_TEXT.notUsed}</p>
        )}
        <div className={staff.rowActions}>
          {/* Not disabled while used: it stays focusable and says why it cannot delete. */}
          <button
            type="button"
            className={staff.rowButton}
            aria-disabled={used ? true : undefined}
            aria-describedby={used ? `${id}-alt ${id}-usage` : `${id}-alt`}
            onClick={() => onDelete(item)}
          >
            {MEDIA_TEXT.delete}
          </button>
        </div>
      </div>
    </li>
  );
}

function Library({ handleAuthError }: { handleAuthError: (error: unknown) => boolean }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const announce = useAnnounce();
  const id = useId();

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLoad({ state: "ready", items: await listMedia(signal) });
      } catch (caught) {
        if (signal?.aborted) return;
        if (handleAuthError(caught)) return;
        console.error(MEDIA_TEXT.loadFailed, caught);
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

  const remove = async (item: MediaLibraryItem) => {
    if (item.used_in.length > 0) {
      // Refused before asking: the same words as the server's 409.
      setDeleteError(mediaInUseMessage(item.used_in));
      return;
    }
    if (!window.confirm(MEDIA_TEXT.confirmDelete)) return;
    setDeleteError(null);
    try {
      await deleteMedia(item.id);
      announce(MEDIA_TEXT.deleted);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      // 409: content started using it meanwhile; the server says where.
      setDeleteError(
        isApiError(caught) && caught.status === 409 ? caught.message : MEDIA_TEXT.deleteFailed,
      );
    }
    await refresh();
    // The deleted card's button is gone: continue from the list's heading.
    headingRef.current?.focus();
  };

  return (
    <>
      <UploadForm onUploaded={() => refresh()} handleAuthError={handleAuthError} />
      <section aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className={styles.sectionHeading}>
          {MEDIA_TEXT.listHeading}
          {load.state === "ready" ? ` (${load.items.length})` : ""}
        </h2>
        {deleteError ? (
          <p role="alert" className={staff.alert}>
            {deleteError}
          </p>
        ) : null}
        {load.state === "loading" ? (
          <p role="status" className={staff.muted}>
            {MEDIA_TEXT.loading}
          </p>
        ) : null}
        {load.state === "failed" ? (
          <p role="alert" className={staff.alert}>
            {MEDIA_TEXT.loadFailed}
          </p>
        ) : null}
        {load.state === "ready" && load.items.length === 0 ? (
          <p className={staff.muted}>{MEDIA_TEXT.empty}</p>
        ) : null}
        {load.state === "ready" && load.items.length > 0 ? (
          <ul className={styles.grid} aria-labelledby={`${id}-heading`}>
            {load.items.map((item) => (
              <MediaCard key={item.id} item={item} onDelete={(chosen) => void remove(chosen)} />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

/** Staff page: upload images (alt text required unless decorative), see where each is used, delete unused ones. */
export function AdminMediaPage() {
  const { handleAuthError } = useStaffSession();
  return <Library handleAuthError={handleAuthError} />;
}
