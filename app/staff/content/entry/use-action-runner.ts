import { useState } from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import type { ContentEntry } from "#common/content-api";
import { conflictCurrent } from "../api";
import type { Notice } from "./ActionBar";
import { fieldLinks } from "../schema/editor-checks";
import { EDITOR_TEXT } from "../messages";
import type { GroupField } from "../schema/schema-fields";

/** What a refused publish or schedule was about to do, for the message naming the fields. */
export type Checking = "publishing" | "scheduling";

/**
 * How the entry editor's actions run and report: one at a time by name (`busy`), the outcome
 * shown in the notice and announced, and a failure routed to sign-in, to the version conflict,
 * to the fields' messages, or to the notice. `afterRun` follows every action, whatever its
 * outcome (a new entry's editor opens at its address then).
 */
export function useActionRunner({
  field,
  initialNotice,
  setErrors,
  setConflict,
  afterRun,
}: {
  field: GroupField;
  initialNotice?: string;
  setErrors: (errors: Record<string, string>) => void;
  setConflict: (current: ContentEntry) => void;
  afterRun: (outcome: string | null) => void;
}) {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const [notice, setNotice] = useState<Notice>(
    initialNotice ? { kind: "success", text: initialNotice } : null,
  );
  const [busy, setBusy] = useState<string | null>(null);
  // Bumped to move focus to the first field with a message, once the messages are shown.
  const [focusErrors, setFocusErrors] = useState(0);

  /** Marks the fields and names each in the bar with a link to it (before `action`). */
  const showErrors = (next: Record<string, string>, action: Checking) => {
    setErrors(next);
    const count = Object.keys(next).length;
    setNotice({
      kind: "error",
      text: EDITOR_TEXT.fieldErrors(count, action),
      fields: true,
      links: fieldLinks(field, next),
    });
    setFocusErrors((n) => n + 1);
  };

  /** Says why a call was refused, in the place that fits the refusal. */
  const handleFailure = (error: unknown, failedText: string, action: Checking) => {
    if (handleAuthError(error)) return;
    const current = conflictCurrent(error);
    if (current && isApiError(error) && error.code === "stale_version") {
      setConflict(current);
      setNotice(null);
      return;
    }
    if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) {
      showErrors({ ...error.fields }, action);
      return;
    }
    setNotice({
      kind: "error",
      text: isApiError(error) && error.status !== 0 ? error.message : failedText,
    });
  };

  const run = async (
    name: string,
    action: () => Promise<string | null>,
    failedText: string,
    checking: Checking = "publishing",
  ) => {
    setBusy(name);
    setNotice(null);
    let outcome: string | null = null;
    try {
      outcome = await action();
      if (outcome) {
        setNotice({ kind: "success", text: outcome });
        announce(outcome);
      }
    } catch (error) {
      handleFailure(error, failedText, checking);
    } finally {
      setBusy(null);
    }
    afterRun(outcome);
  };

  return { handleAuthError, announce, notice, setNotice, busy, focusErrors, showErrors, run };
}
