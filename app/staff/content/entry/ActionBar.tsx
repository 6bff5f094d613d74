import { useEffect, useRef, type RefObject } from "react";
import { StaffTime } from "~/components/staff";
import type { ContentEntry } from "#common/content-api";
import { focusField, type FieldLink } from "../schema/editor-checks";
import { entryState, STATE_TEXT } from "./entry-state";
import { EDITOR_TEXT } from "../messages";
import styles from "../ContentEditor.module.css";
import barStyles from "./ActionBar.module.css";

/**
 * `fields`: the message sums up field messages, and focus goes to the first field instead;
 * `links` names each of those fields with a link to it.
 */
export type Notice = {
  kind: "success" | "error";
  text: string;
  fields?: true;
  links?: readonly FieldLink[];
} | null;

/** The form the bar's Save draft submits (the bar sits outside it, to stay in view). */
export const ENTRY_FORM_ID = "entry-form";

/**
 * The editor's action bar, in view wherever staff are in the form (sticky at the top of the
 * editor): where the entry stands, Save draft, Preview, Publish now and Discard draft, and the
 * outcome of the last of them. The page keeps room for it when focus moves (scroll-padding), so
 * it never covers the field that has focus (WCAG 2.4.11).
 */
export function ActionBar({
  entry,
  dirty,
  busy,
  previewHref,
  notice,
  noticeRef,
  onPublish,
  onDiscard,
}: {
  entry: ContentEntry | null;
  dirty: boolean;
  busy: string | null;
  previewHref: string;
  notice: Notice;
  noticeRef: RefObject<HTMLParagraphElement | null>;
  onPublish: () => void;
  onDiscard: () => void;
}) {
  const barRef = useRef<HTMLDivElement>(null);
  useKeepClearOf(barRef);
  const state = entryState(entry);
  // Something to go back from, and a published version to go back to.
  const canDiscard = entry !== null && entry.data !== null && (entry.draft !== null || dirty);
  return (
    <div ref={barRef} className={barStyles.actionBar} role="region" aria-label="Save and publish">
      <p className={barStyles.barState}>
        <span className={barStyles.stateBadge} data-state={state}>
          {STATE_TEXT[state]}
          {entry?.publish_at ? (
            <>
              {" "}
              for <StaffTime iso={entry.publish_at} />
            </>
          ) : null}
        </span>
        {dirty ? <span className={barStyles.unsaved}>{EDITOR_TEXT.unsaved}</span> : null}
      </p>
      <div className={barStyles.barButtons}>
        <button
          type="submit"
          form={ENTRY_FORM_ID}
          className={styles.primary}
          disabled={busy !== null}
        >
          {busy === "save" ? EDITOR_TEXT.saving : EDITOR_TEXT.saveDraft}
        </button>
        <a
          className={styles.button}
          href={previewHref}
          target="_blank"
          rel="noopener"
          aria-describedby="preview-help"
        >
          {EDITOR_TEXT.preview}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <button
          type="button"
          className={styles.button}
          disabled={busy !== null}
          onClick={onPublish}
        >
          {busy === "publish" ? EDITOR_TEXT.publishing : EDITOR_TEXT.publishNow}
        </button>
        {canDiscard ? (
          <button
            type="button"
            className={styles.button}
            disabled={busy !== null}
            onClick={onDiscard}
          >
            {busy === "discard" ? EDITOR_TEXT.discarding : EDITOR_TEXT.discardDraft}
          </button>
        ) : null}
      </div>
      {notice ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          className={notice.kind === "error" ? barStyles.barError : barStyles.barSuccess}
          role={notice.kind === "error" ? "alert" : undefined}
        >
          {notice.text}
        </p>
      ) : null}
      {notice?.links && notice.links.length > 0 ? (
        <ul className={barStyles.fieldLinks} aria-label="Fields that need attention">
          {notice.links.map((link) => (
            <li key={link.id + link.message}>
              <a
                href={`#${link.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(link.id);
                }}
              >
                {link.label}
              </a>
              : {link.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Keeps the page's scroll-padding at the bar's height while the bar is shown. */
function useKeepClearOf(barRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = barRef.current;
    const root = document.documentElement;
    if (!bar || typeof ResizeObserver === "undefined") return;
    const update = () => {
      root.style.scrollPaddingTop = `${Math.ceil(bar.getBoundingClientRect().height) + 16}px`;
    };
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    update();
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = "";
    };
  }, [barRef]);
}
