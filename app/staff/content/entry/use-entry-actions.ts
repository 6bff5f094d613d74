import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { CollectionDefinition } from "#common/content/collections";
import type { ContentEntry } from "#common/content-api";
import { cancelSchedule, createEntry, discardDraft, publishEntry, saveDraft } from "../api";
import { schemaErrors } from "../schema/editor-checks";
import { toLocalInput } from "./entry-state";
import { EDITOR_TEXT } from "../messages";
import type { GroupField } from "../schema/schema-fields";
import { useActionRunner, type Checking } from "./use-action-runner";
import { useEditorFocus } from "./use-editor-focus";
import { useEntryValue } from "./use-entry-value";
import { useLeaveGuard } from "./use-leave-guard";

/**
 * What one entry's editor does (EntryEditor.tsx renders it): the entry and the form's value,
 * field messages, the outcome notice, a version conflict, and the actions: Save draft, Publish
 * now, Schedule and its cancelling, Discard draft, loading or overwriting their version after a
 * conflict, and taking in a restored revision. Every action runs through `run`, which shows and
 * announces its outcome or routes its failure (sign-in, conflict, field messages, a message).
 * The entry's value (use-entry-value.ts), how actions report (use-action-runner.ts) and where
 * focus goes (use-editor-focus.ts) are hooks of their own; this one holds the actions.
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
  const navigate = useNavigate();
  const held = useEntryValue(field, initialEntry);
  const { entry, setEntry, dataOf, value, showSaved, setErrors, dirty } = held;
  const [conflict, setConflict] = useState<ContentEntry | null>(null);
  const [publishAt, setPublishAt] = useState(() =>
    toLocalInput(new Date(Date.now() + 60 * 60 * 1000)),
  );
  /** The id of the entry the current action created (a new entry's first save). */
  const created = useRef<string | null>(null);
  const leavingSaved = useLeaveGuard(dirty);

  /** After every action: a new entry's editor opens at its address. */
  const openCreated = (outcome: string | null) => {
    const id = created.current;
    if (id === null) return;
    // The new entry's editor opens at its address, with nothing unsaved to warn of, saying
    // how the action went (a publish of a new entry is the draft's creation, then the publish).
    created.current = null;
    leavingSaved.current = true;
    void navigate(`/admin/content/${definition.name}/${id}`, {
      replace: true,
      state: { created: true, notice: outcome ?? undefined },
    });
  };

  const runner = useActionRunner({
    field,
    initialNotice,
    setErrors,
    setConflict,
    afterRun: openCreated,
  });
  const { run, setNotice, announce } = runner;
  const focus = useEditorFocus({
    conflict,
    notice: runner.notice,
    errors: held.errors,
    focusErrors: runner.focusErrors,
  });

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
    held.setSavedValue(value);
    setErrors({});
    setConflict(null);
    // A new entry has an address now: its editor opens there once the action is done (`run`).
    if (!entry) created.current = saved.id;
    return saved;
  };

  /** The checks before going live: false (and every field named) when something is missing. */
  const readyToPublish = (action: Checking): boolean => {
    const problems = schemaErrors(definition, value);
    if (Object.keys(problems).length === 0) return true;
    runner.showErrors(problems, action);
    return false;
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
        showSaved(dataOf(published));
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
        setEntry(current);
        showSaved(current.data);
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
    setEntry(conflict);
    showSaved(dataOf(conflict));
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
    if (!dirty) showSaved(dataOf(restored));
    const text = EDITOR_TEXT.restored(revision);
    setNotice({ kind: "success", text });
    announce(text);
  };

  return {
    entry,
    value,
    dirty,
    errors: held.errors,
    notice: runner.notice,
    conflict,
    busy: runner.busy,
    publishAt,
    setPublishAt,
    formRef: focus.formRef,
    conflictRef: focus.conflictRef,
    noticeRef: focus.noticeRef,
    handleAuthError: runner.handleAuthError,
    onChange: held.onChange,
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
