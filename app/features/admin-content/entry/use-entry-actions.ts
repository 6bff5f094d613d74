import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import type { CollectionDefinition } from "#common/content/collections";
import type { ContentEntry } from "#common/content-api";
import {
  cancelSchedule,
  conflictCurrent,
  createEntry,
  discardDraft,
  publishEntry,
  saveDraft,
} from "../api";
import type { Notice } from "./ActionBar";
import { fieldLinks, focusFirstInvalid, same, schemaErrors } from "../schema/editor-checks";
import { editableData, toLocalInput } from "./entry-state";
import { EDITOR_TEXT } from "../messages";
import { emptyValue, type GroupField } from "../schema/schema-fields";
import { withoutGeneratedLines } from "../schema/shown-lines";
import { useLeaveGuard } from "./use-leave-guard";
import { errorKey, setAt, type ValuePath } from "../schema/value-path";

/**
 * What one entry's editor does (EntryEditor.tsx renders it): the entry and the form's value,
 * field messages, the outcome notice, a version conflict, and the actions: Save draft, Publish
 * now, Schedule and its cancelling, Discard draft, loading or overwriting their version after a
 * conflict, and taking in a restored revision. Every action runs through `run`, which shows and
 * announces its outcome or routes its failure (sign-in, conflict, field messages, a message).
 */
export function useEntryActions({
  definition,
  field,
  initialEntry,
  initialNotice,
}: {
  definition: CollectionDefinition;
  field: GroupField;
  initialEntry: ContentEntry | null;
  initialNotice?: string;
}) {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const [entry, setEntry] = useState(initialEntry);
  // What the form edits: the entry's data, less the date lines the times would write anyway.
  const dataOf = useCallback(
    (from: ContentEntry) => withoutGeneratedLines(field, editableData(from)),
    [field],
  );
  const [value, setValue] = useState<unknown>(() =>
    initialEntry ? dataOf(initialEntry) : emptyValue(field),
  );
  const [savedValue, setSavedValue] = useState<unknown>(() =>
    initialEntry ? dataOf(initialEntry) : undefined,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(
    initialNotice ? { kind: "success", text: initialNotice } : null,
  );
  const [conflict, setConflict] = useState<ContentEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Bumped to move focus to the first field with a message, once the messages are shown.
  const [focusErrors, setFocusErrors] = useState(0);
  const [publishAt, setPublishAt] = useState(() =>
    toLocalInput(new Date(Date.now() + 60 * 60 * 1000)),
  );
  const formRef = useRef<HTMLFormElement>(null);
  /** The id of the entry the current action created (a new entry's first save). */
  const created = useRef<string | null>(null);
  const conflictRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const dirty = !same(value, savedValue);

  const leavingSaved = useLeaveGuard(dirty);

  // Opened at a field (`#field-…`, from 'Before launch'): focus goes to it.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id.startsWith("field-")) document.getElementById(id)?.focus();
  }, []);

  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  const onChange = useCallback((path: ValuePath, next: unknown) => {
    setValue((current: unknown) => setAt(current, path, next));
    const key = errorKey(path);
    setErrors((current) => {
      if (!Object.keys(current).some((name) => name === key || name.startsWith(`${key}.`))) {
        return current;
      }
      return Object.fromEntries(
        Object.entries(current).filter(([name]) => name !== key && !name.startsWith(`${key}.`)),
      );
    });
  }, []);

  /** Marks the fields and names each in the bar with a link to it (before `action`). */
  const showErrors = (next: Record<string, string>, action: "publishing" | "scheduling") => {
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

  /** Handles a refused call; returns true when it was dealt with here. */
  const handleFailure = (
    error: unknown,
    failedText: string,
    action: "publishing" | "scheduling" = "publishing",
  ) => {
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

  /**
   * Saves the draft when there is something to save, whatever its state (decision 044: the
   * checks run on Publish and Schedule); returns the entry as saved.
   */
  const save = async (version?: number): Promise<ContentEntry> => {
    if (entry && !dirty && version === undefined) return entry;
    const saved = entry
      ? await saveDraft(definition.name, entry.id, value, version ?? entry.version)
      : await createEntry(definition.name, value);
    setEntry(saved);
    setSavedValue(value);
    setErrors({});
    setConflict(null);
    // A new entry has an address now: its editor opens there once the action is done (`run`).
    if (!entry) created.current = saved.id;
    return saved;
  };

  /** The checks before going live: false (and every field named) when something is missing. */
  const readyToPublish = (action: "publishing" | "scheduling"): boolean => {
    const problems = schemaErrors(definition, value);
    if (Object.keys(problems).length === 0) return true;
    showErrors(problems, action);
    return false;
  };

  const run = async (
    name: string,
    action: () => Promise<string | null>,
    failedText: string,
    checking: "publishing" | "scheduling" = "publishing",
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
    const id = created.current;
    if (id !== null) {
      // The new entry's editor opens at its address, with nothing unsaved to warn of, saying
      // how the action went (a publish of a new entry is the draft's creation, then the publish).
      created.current = null;
      leavingSaved.current = true;
      void navigate(`/admin/content/${definition.name}/${id}`, {
        replace: true,
        state: { created: true, notice: outcome ?? undefined },
      });
    }
  };

  const onSaveDraft = (event: FormEvent) => {
    event.preventDefault();
    void run(
      "save",
      async () => {
        await save();
        // Saved as it is; what publishing still needs stays marked until it is filled in.
        setErrors({});
        return EDITOR_TEXT.draftSaved;
      },
      EDITOR_TEXT.saveFailed,
    );
  };

  const onPublish = () =>
    run(
      "publish",
      async () => {
        if (!readyToPublish("publishing")) return null;
        const saved = await save();
        const published = await publishEntry(definition.name, saved.id, saved.version);
        setEntry(published);
        setSavedValue(dataOf(published));
        setValue(dataOf(published));
        return EDITOR_TEXT.published;
      },
      EDITOR_TEXT.publishFailed,
    );

  const onSchedule = () =>
    run(
      "schedule",
      async () => {
        const at = new Date(publishAt);
        if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
          setNotice({ kind: "error", text: EDITOR_TEXT.scheduleInPast });
          return null;
        }
        if (!readyToPublish("scheduling")) return null;
        const saved = await save();
        const scheduled = await publishEntry(
          definition.name,
          saved.id,
          saved.version,
          at.toISOString(),
        );
        setEntry(scheduled);
        return EDITOR_TEXT.scheduled(at);
      },
      EDITOR_TEXT.publishFailed,
      "scheduling",
    );

  const onDiscard = () => {
    if (!entry || !window.confirm(EDITOR_TEXT.confirmDiscard)) return;
    return run(
      "discard",
      async () => {
        // Changes never saved have no draft on the server: the form just goes back.
        const current = entry.draft
          ? await discardDraft(definition.name, entry.id, entry.version)
          : entry;
        const published = current.data;
        setEntry(current);
        setValue(published);
        setSavedValue(published);
        setErrors({});
        return EDITOR_TEXT.draftDiscarded;
      },
      EDITOR_TEXT.discardFailed,
    );
  };

  const onCancelSchedule = () =>
    run(
      "cancel",
      async () => {
        if (!entry) return null;
        setEntry(await cancelSchedule(definition.name, entry.id));
        return EDITOR_TEXT.scheduleCancelled;
      },
      EDITOR_TEXT.saveFailed,
    );

  const loadTheirs = () => {
    if (!conflict) return;
    const theirs = dataOf(conflict);
    setEntry(conflict);
    setValue(theirs);
    setSavedValue(theirs);
    setConflict(null);
    setErrors({});
    setNotice({ kind: "success", text: EDITOR_TEXT.loadedTheirs });
  };

  const overwrite = () => {
    if (!conflict) return;
    const theirVersion = conflict.version;
    void run(
      "save",
      async () => (await save(theirVersion), EDITOR_TEXT.overwritten),
      EDITOR_TEXT.saveFailed,
    );
  };

  const onRestored = (restored: ContentEntry, revision: number) => {
    setEntry(restored);
    if (!dirty) {
      const data = dataOf(restored);
      setValue(data);
      setSavedValue(data);
    }
    const text = EDITOR_TEXT.restored(revision);
    setNotice({ kind: "success", text });
    announce(text);
  };

  useEffect(() => {
    if (notice?.kind === "error" && !notice.fields) noticeRef.current?.focus();
  }, [notice]);
  // After the messages render, so that aria-describedby already points at them.
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  useEffect(() => {
    if (focusErrors > 0) focusFirstInvalid(formRef.current, errorsRef.current);
  }, [focusErrors]);

  return {
    entry,
    value,
    dirty,
    errors,
    notice,
    conflict,
    busy,
    publishAt,
    setPublishAt,
    formRef,
    conflictRef,
    noticeRef,
    handleAuthError,
    onChange,
    onSaveDraft,
    onPublish,
    onSchedule,
    onDiscard,
    onCancelSchedule,
    loadTheirs,
    overwrite,
    onRestored,
  };
}
