import { useEffect, useRef } from "react";
import type { ContentEntry } from "#common/content-api";
import type { Notice } from "./ActionBar";
import { focusFirstInvalid } from "../schema/editor-checks";

/**
 * Where the entry editor moves focus: to the field named in the address (`#field-…`, from
 * 'Before launch'), to a version conflict when one appears, to an error notice that names no
 * field, and to the first field with a message each time `focusErrors` is bumped.
 */
export function useEditorFocus({
  conflict,
  notice,
  errors,
  focusErrors,
}: {
  conflict: ContentEntry | null;
  notice: Notice;
  errors: Record<string, string>;
  focusErrors: number;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id.startsWith("field-")) document.getElementById(id)?.focus();
  }, []);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  useEffect(() => {
    if (notice?.kind === "error" && !notice.fields) noticeRef.current?.focus();
  }, [notice]);

  // After the messages render, so that aria-describedby already points at them.
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  useEffect(() => {
    if (focusErrors > 0) focusFirstInvalid(formRef.current, errorsRef.current);
  }, [focusErrors]);

  return { formRef, conflictRef, noticeRef };
}
