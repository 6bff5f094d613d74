import { useMemo } from "react";
import { Link } from "react-router";
import { StaffTime } from "~/components/staff";
import type { CollectionDefinition } from "#common/content/collections";
import type { ContentEntry } from "#common/content-api";
import { previewUrl, staffTimeZone } from "./entry-state";
import { EDITOR_TEXT } from "../messages";
import { Revisions } from "./Revisions";
import { describeField, type GroupField } from "../schema/schema-fields";
import { SchemaForm } from "../fields/SchemaForm";
import { backPath, entryTitle } from "../schema/editor-checks";
import { ConflictPanel } from "./ConflictPanel";
import { ScheduleControls } from "./ScheduleControls";
import { ActionBar, ENTRY_FORM_ID } from "./ActionBar";
import { ReminderSection } from "./ReminderSection";
import { useEntryActions } from "./use-entry-actions";
import styles from "../ContentEditor.module.css";
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
  const field = useMemo(() => describeField(definition.schema) as GroupField, [definition]);
  const {
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
  } = useEntryActions({ definition, field, initialEntry, initialNotice });

  const timeZone = staffTimeZone();

  return (
    <section aria-labelledby="entry-title">
      <h2 id="entry-title" className={styles.title}>
        {definition.label}
        {definition.kind === "list"
          ? `: ${entry ? entryTitle(value) : definition.itemLabel ? `new ${definition.itemLabel}` : EDITOR_TEXT.newEntry}`
          : ""}
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
          published={entry?.data !== null && entry?.data !== undefined}
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

      {definition.name === "events" && entry ? <ReminderSection eventId={entry.id} /> : null}
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
