import { useEffect, useId, useRef, useState } from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import type { MediaLibraryItem } from "#common/media";
import { listLibraryImages } from "../api";
import styles from "./MediaPicker.module.css";

type Library =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "ready"; items: MediaLibraryItem[] };

/** The smallest WebP copy (the thumbnail), or the image itself. */
function thumbnailOf(item: MediaLibraryItem): string {
  const webp = item.variants
    .filter((variant) => variant.format === "webp")
    .sort((a, b) => a.width - b.width)[0];
  return webp?.url ?? item.url;
}

/** What a picture is called in the list: its alt text, or that it has none. */
export function describeLibraryImage(item: MediaLibraryItem): string {
  return item.decorative || item.alt === "" ? "Decorative picture (no alt text)" : item.alt;
}

/**
 * 'Choose from library': a button that opens a modal dialog (the native <dialog>, so the rest of
 * the page is inert while it is open) listing the media library's pictures, each a button with
 * its thumbnail, alt text and size. Choosing one, Cancel or Escape closes it, and focus goes
 * back to the button that opened it.
 */
export function MediaPicker({
  fieldLabel,
  disabled,
  onChoose,
}: {
  /** The picture field's label ("Photo"), named in the dialog's title. */
  fieldLabel: string;
  disabled?: boolean;
  onChoose: (item: MediaLibraryItem) => void;
}) {
  const { handleAuthError } = useStaffSession();
  const [open, setOpen] = useState(false);
  const [library, setLibrary] = useState<Library>({ state: "loading" });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const helpId = useId();

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (dialog && !dialog.hasAttribute("open")) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    headingRef.current?.focus();
    const controller = new AbortController();
    setLibrary({ state: "loading" });
    listLibraryImages(controller.signal).then(
      (items) => setLibrary({ state: "ready", items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        handleAuthError(error);
        setLibrary({
          state: "failed",
          message: isApiError(error) ? error.message : "Failed to load the media library.",
        });
      },
    );
    return () => controller.abort();
  }, [open, handleAuthError]);

  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.hasAttribute("open")) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
    setOpen(false);
    openerRef.current?.focus();
  };

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className={styles.opener}
        disabled={disabled}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Choose from library
      </button>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={titleId}
        aria-describedby={helpId}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            close();
          }
        }}
        // Closed by the browser some other way (a close request): keep the state in step.
        onClose={() => {
          if (open) close();
        }}
      >
        {open ? (
          <div className={styles.body}>
            <div className={styles.header}>
              <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
                Choose a picture for {fieldLabel}
              </h2>
              <button type="button" className={styles.close} onClick={close}>
                Cancel
              </button>
            </div>
            <p id={helpId} className={styles.help}>
              Choosing a picture fills in its file, size, alt text and narrower copies. Press Escape
              or Cancel to keep the picture as it is.
            </p>
            {library.state === "loading" ? (
              <p role="status" className={styles.help}>
                Loading the media library…
              </p>
            ) : library.state === "failed" ? (
              <p role="alert" className={styles.error}>
                {library.message}
              </p>
            ) : library.items.length === 0 ? (
              <p role="status" className={styles.help}>
                The media library has no pictures yet. Close this and use Upload picture instead.
              </p>
            ) : (
              <ul className={styles.choices} aria-label="Pictures in the media library">
                {library.items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={styles.choice}
                      onClick={() => {
                        onChoose(item);
                        close();
                      }}
                    >
                      <img
                        src={thumbnailOf(item)}
                        alt=""
                        className={styles.thumbnail}
                        width={160}
                        height={Math.max(1, Math.round((160 * item.height) / item.width))}
                        loading="lazy"
                      />
                      <span className={styles.alt}>{describeLibraryImage(item)}</span>
                      <span className={styles.meta}>
                        {item.width} × {item.height} px
                        {item.used_in.length > 0 ? `, used in ${item.used_in.join(", ")}` : ""}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </dialog>
    </>
  );
}
