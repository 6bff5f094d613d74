import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { CarouselDots, CarouselSlides } from "~/components/CarouselSlides";
import { apiJson } from "~/lib/api";
import { formatLongDate } from "~/lib/date-format";
import { useCarouselRotation } from "~/lib/use-carousel-rotation";
import { UPDATES_PATH } from "~/route-paths";
import {
  FEATURED_LIMIT_DEFAULT,
  UPDATE_TYPE_LABELS,
  isUpdateImageAddress,
  isWebUrl,
  type SiteUpdate,
} from "#common/updates";
import styles from "./FeaturedStrip.module.css";

// This component ships on public pages: keep it free of zod and of anything from the admin feature.

export const ROTATION_INTERVAL_MS = 6000;
export const STRIP_LABEL = "Featured Updates";
export const EMPTY_TEXT = "No featured updates yet.";
/** The strip's link to every published update (/updates). */
export const ALL_UPDATES_TEXT = "See all updates";

export interface FeaturedStripProps {
  /** How many updates to ask for (the API allows 1..20). */
  limit?: number;
  /** Change this value to fetch the list again (the admin page does after every write). */
  refreshKey?: string | number;
  /**
   * The list the server rendered the page with (the home pages' loader): shown at once, in the
   * HTML and after hydration, with no request and no loading skeleton.
   */
  initialUpdates?: readonly SiteUpdate[];
  className?: string;
}

type LoadState = { status: "loading" } | { status: "ready"; updates: readonly SiteUpdate[] };

function openInNewTab(url: string): void {
  window.open(url, "_blank", "noopener,noreferrer");
}

/** The link of an update, when it has a usable one (absolute http: or https:). */
function linkOf(update: SiteUpdate): string | null {
  const url = update.url?.trim();
  return url && isWebUrl(url) ? url : null;
}

function SlideBody({ update, linked }: { update: SiteUpdate; linked: boolean }) {
  const imageUrl = update.image_url?.trim();
  return (
    <>
      {imageUrl && isUpdateImageAddress(imageUrl) ? (
        <img
          className={styles.image}
          src={imageUrl}
          alt=""
          width={160}
          height={120}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className={styles.text}>
        <span className={styles.badge}>{UPDATE_TYPE_LABELS[update.type] ?? update.type}</span>
        <h3 className={styles.title}>{update.title}</h3>
        <p className={styles.summary}>
          {update.summary}
          {linked ? (
            <>
              <span className={styles.arrow} aria-hidden="true">
                {" →"}
              </span>
              <span className="visually-hidden"> (opens in a new tab)</span>
            </>
          ) : null}
        </p>
        <time className={styles.date} dateTime={update.published_at}>
          {formatLongDate(update.published_at)}
        </time>
      </div>
    </>
  );
}

function Slide({ update, hidden }: { update: SiteUpdate; hidden: boolean }) {
  const url = linkOf(update);
  if (!url) {
    return (
      <div className={styles.card}>
        <SlideBody update={update} linked={false} />
      </div>
    );
  }

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle modified clicks (new window, download, ...) itself.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    openInNewTab(url);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      // Space would scroll the page; Enter would also fire a click: handle both once, here.
      event.preventDefault();
      openInNewTab(url);
    }
  };

  return (
    <a
      className={`${styles.card} ${styles.linked}`}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={hidden ? -1 : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <SlideBody update={update} linked />
    </a>
  );
}

/**
 * The featured-updates strip: published and featured updates, one at a time, rotating every
 * 6 seconds (WAI-ARIA carousel pattern: pause control, no rotation while hovered, while focus is
 * inside, or when the user prefers reduced motion).
 */
export function FeaturedStrip({
  limit = FEATURED_LIMIT_DEFAULT,
  refreshKey,
  className,
  initialUpdates,
}: FeaturedStripProps) {
  const headingId = useId();
  const slidesId = useId();
  const [state, setState] = useState<LoadState>(
    initialUpdates ? { status: "ready", updates: initialUpdates } : { status: "loading" },
  );
  // The server's list is current (pages are rendered again when it changes): no first request.
  const fetchFirst = useRef(initialUpdates === undefined);

  useEffect(() => {
    if (!fetchFirst.current) {
      fetchFirst.current = true;
      return;
    }
    const controller = new AbortController();
    apiJson<unknown>(`/api/updates/featured?limit=${encodeURIComponent(limit)}`, {
      signal: controller.signal,
    })
      .then((data) => {
        if (!Array.isArray(data)) throw new Error("The featured updates answer is not a list");
        setState({ status: "ready", updates: data as SiteUpdate[] });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Failed to load featured updates", error);
        setState({ status: "ready", updates: [] });
      });
    return () => controller.abort();
  }, [limit, refreshKey]);

  const updates = state.status === "ready" ? state.updates : [];
  const count = updates.length;
  const { active, show, rotating, canRotate, userPaused, toggleRotation, regionProps } =
    useCarouselRotation({ count, intervalMs: ROTATION_INTERVAL_MS });

  const rootClass = className ? `${styles.strip} ${className}` : styles.strip;

  return (
    <section
      className={rootClass}
      aria-labelledby={headingId}
      aria-roledescription={count > 0 ? "carousel" : undefined}
      aria-busy={state.status === "loading" ? "true" : undefined}
      {...regionProps}
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {STRIP_LABEL}
        </h2>
        {canRotate ? (
          <button
            type="button"
            className={styles.rotation}
            aria-controls={slidesId}
            onClick={toggleRotation}
          >
            <span className={styles.rotationIcon} aria-hidden="true">
              {userPaused ? "▶" : "❚❚"}
            </span>
            {userPaused ? "Resume rotation" : "Pause rotation"}
          </button>
        ) : null}
      </div>

      {state.status === "loading" ? (
        <div className={styles.skeleton}>
          <span className="visually-hidden">Loading featured updates…</span>
          <div className={styles.skeletonImage} aria-hidden="true" />
          <div className={styles.skeletonText} aria-hidden="true">
            <div className={styles.skeletonLine} />
            <div className={styles.skeletonLine} />
            <div className={styles.skeletonLineShort} />
          </div>
        </div>
      ) : count === 0 ? (
        <p className={styles.empty}>{EMPTY_TEXT}</p>
      ) : (
        <>
          <CarouselSlides
            id={slidesId}
            items={updates}
            keyOf={(update) => update.id}
            active={active}
            rotating={rotating}
            labelOf={(i, total) => `${i + 1} of ${total}`}
            classNames={styles}
            renderSlide={(update, _i, hidden) => <Slide update={update} hidden={hidden} />}
          />
          {count > 1 ? (
            <CarouselDots
              controls={slidesId}
              items={updates}
              keyOf={(update) => update.id}
              active={active}
              labelOf={(i) => `Show update ${i + 1}`}
              onSelect={show}
              classNames={styles}
            />
          ) : null}
        </>
      )}
      <p className={styles.all}>
        <a href={UPDATES_PATH}>{ALL_UPDATES_TEXT}</a>
      </p>
    </section>
  );
}
