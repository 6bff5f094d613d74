import { useCallback, useEffect, useId, useRef, useState } from "react";
import { PagedList, StaffTime, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { mediaInUseMessage, type MediaLibraryItem } from "#common/media";
import { deleteMedia, listMedia } from "./api";
import { MEDIA_TEXT } from "./media-text";
import { UploadForm } from "./UploadForm";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminMediaPage.module.css";

type Load =
  { state: "loading" } | { state: "failed" } | { state: "ready"; items: MediaLibraryItem[] };

/** The smallest WebP copy (every browser shows WebP), else the whole image. */
function thumbnailOf(item: MediaLibraryItem): string {
  return item.variants.find((variant) => variant.format === "webp")?.url ?? item.url;
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
        <PagedList
          state={load.state}
          items={load.state === "ready" ? load.items : []}
          loading={MEDIA_TEXT.loading}
          failed={MEDIA_TEXT.loadFailed}
          empty={MEDIA_TEXT.empty}
        >
          {(items) => (
            <ul className={styles.grid} aria-labelledby={`${id}-heading`}>
              {items.map((item) => (
                <MediaCard key={item.id} item={item} onDelete={(chosen) => void remove(chosen)} />
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </>
  );
}

/** Staff page: upload images (alt text required unless decorative), see where each is used, delete unused ones. */
export function AdminMediaPage() {
  const { handleAuthError } = useStaffSession();
  return <Library handleAuthError={handleAuthError} />;
}
