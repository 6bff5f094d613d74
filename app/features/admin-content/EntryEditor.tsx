import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { StaffTime, useStaffSession } from "~/components/staff";
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
} from "./api";
import { editableData, previewUrl, staffTimeZone, toLocalInput } from "./entry-state";
import { EDITOR_TEXT } from "./messages";
import { Revisions } from "./Revisions";
import { describeField, emptyValue, type GroupField } from "./schema-fields";
import { SchemaForm } from "./SchemaForm";
import { errorKey, setAt, type ValuePath } from "./value-path";
import { backPath, entryTitle, focusFirstInvalid, same, schemaErrors } from "./editor-checks";
import { ConflictPanel } from "./ConflictPanel";
import { ScheduleControls } from "./ScheduleControls";
import { ActionBar, ENTRY_FORM_ID, type Notice } from "./ActionBar";
import { useLeaveGuard } from "./use-leave-guard";
import styles from "./ContentEditor.module.css";

/**
 * One entry's editor: the form generated from the collection's schema, and Save draft, Preview,
 * Publish now, Schedule and Revisions. `entry` is null for a list's new entry (created on the
 * first save).
 */
export function EntryEditor({
  definition,
  entry: initialEntry,
  initialNotice,
}: {
  definition: CollectionDefinition;
  entry: ContentEntry | null;
  /** Said when the editor opens (a new entry's editor, reopened at its own address). */
  initialNotice?: string;
}) {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const field = useMemo(() => describeField(definition.schema) as GroupField, [definition]);
  const [entry, setEntry] = useState(initialEntry);
  const [value, setValue] = useState<unknown>(() =>
    initialEntry ? editableData(initialEntry) : emptyValue(field),
  );
  const [savedValue, setSavedValue] = useState<unknown>(() =>
    initialEntry ? editableData(initialEntry) : undefined,
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

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const count = Object.keys(next).length;
    setNotice({
      kind: "error",
      text: count === 1 ? EDITOR_TEXT.oneFieldError : EDITOR_TEXT.fieldErrors(count),
      fields: true,
    });
    setFocusErrors((n) => n + 1);
  };

  /** Handles a refused call; returns true when it was dealt with here. */
  const handleFailure = (error: unknown, failedText: string) => {
    if (handleAuthError(error)) return;
    const current = conflictCurrent(error);
    if (current && isApiError(error) && error.code === "stale_version") {
      setConflict(current);
      setNotice(null);
      return;
    }
    if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) {
      showErrors({ ...error.fields });
      return;
    }
    setNotice({
      kind: "error",
      text: isApiError(error) && error.status !== 0 ? error.message : failedText,
    });
  };

  /** Saves the draft when there is something to save; returns the entry as saved, or null. */
  const save = async (version?: number): Promise<ContentEntry | null> => {
    const problems = schemaErrors(definition, value);
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return null;
    }
    if (entry && !dirty && version === undefined) return entry;
    const saved = entry
      ? await saveDraft(definition.name, entry.id, value, version ?? entry.version)
      : await createEntry(definition.name, value);
    setEntry(saved);
    setSavedValue(value);
    setErrors({});
    setConflict(null);
    if (!entry) {
      // A new entry has an address now: its editor opens there, with nothing unsaved to warn of.
      leavingSaved.current = true;
      void navigate(`/admin/content/${definition.name}/${saved.id}`, {
        replace: true,
        state: { created: true },
      });
    }
    return saved;
  };

  const run = async (name: string, action: () => Promise<string | null>, failedText: string) => {
    setBusy(name);
    setNotice(null);
    try {
      const text = await action();
      if (text) {
        setNotice({ kind: "success", text });
        announce(text);
      }
    } catch (error) {
      handleFailure(error, failedText);
    } finally {
      setBusy(null);
    }
  };

  const onSaveDraft = (event: FormEvent) => {
    event.preventDefault();
    void run(
      "save",
      async () => ((await save()) ? EDITOR_TEXT.draftSaved : null),
      EDITOR_TEXT.saveFailed,
    );
  };

  const onPublish = () =>
    run(
      "publish",
      async () => {
        const saved = await save();
        if (!saved) return null;
        const published = await publishEntry(definition.name, saved.id, saved.version);
        setEntry(published);
        setSavedValue(editableData(published));
        setValue(editableData(published));
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
        const saved = await save();
        if (!saved) return null;
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
    const theirs = editableData(conflict);
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
      async () => ((await save(theirVersion)) ? EDITOR_TEXT.overwritten : null),
      EDITOR_TEXT.saveFailed,
    );
  };

  const onRestored = (restored: ContentEntry, revision: number) => {
    setEntry(restored);
    if (!dirty) {
      const data = editableData(restored);
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

  const timeZone = staffTimeZone();

  return (
    <section aria-labelledby="entry-title">
      <h2 id="entry-title" className={styles.title}>
        {definition.label}
        {definition.kind === "list" ? `: ${entry ? entryTitle(value) : EDITOR_TEXT.newEntry}` : ""}
      </h2>
      {entry?.published_at ? (
        <p className={styles.stateLine}>
          {EDITOR_TEXT.lastPublished} <StaffTime iso={entry.published_at} />
        </p>
      ) : null}
      <ActionBar
        entry={entry}
        dirty={dirty}
        busy={busy}
        previewHref={previewUrl(
          definition.name,
          definition.kind === "list" ? entry?.id : undefined,
        )}
        notice={notice}
        noticeRef={noticeRef}
        onPublish={() => void onPublish()}
        onDiscard={() => void onDiscard()}
      />

      {conflict ? (
        <ConflictPanel
          conflict={conflict}
          field={field}
          value={value}
          panelRef={conflictRef}
          onLoadTheirs={loadTheirs}
          onOverwrite={overwrite}
        />
      ) : null}

      <form
        id={ENTRY_FORM_ID}
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={onSaveDraft}
      >
        <SchemaForm
          field={field}
          value={value}
          errors={errors}
          onChange={onChange}
          withRevisions={entry !== null}
        />
        <ScheduleControls
          busy={busy}
          publishAt={publishAt}
          onPublishAtChange={setPublishAt}
          scheduled={!!entry?.publish_at}
          timeZone={timeZone}
          onSchedule={() => void onSchedule()}
          onCancelSchedule={() => void onCancelSchedule()}
        />
      </form>

      {entry ? (
        <Revisions
          definition={definition}
          field={field}
          entry={entry}
          onRestored={onRestored}
          handleAuthError={handleAuthError}
        />
      ) : null}
      <p>
        <Link className={styles.back} to={backPath(definition)}>
          {definition.kind === "list"
            ? EDITOR_TEXT.backToList(definition.label)
            : EDITOR_TEXT.backToAll}
        </Link>
      </p>
    </section>
  );
}
