import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { StaffTime, useStaffSession } from "~/components/staff";
import type { CollectionDefinition } from "#common/content/collections";
import { CONTENT_COLLECTIONS } from "#common/content/registry";
import type { ContentEntry } from "#common/content-api";
import { listEntries } from "../api";
import { BeforeLaunch } from "./BeforeLaunch";
import { EDITOR_TEXT } from "../messages";
import { findPlaceholders, seededPlaceholderCount } from "./placeholders";
import { summarise } from "../schema/schema-fields";
import { editableData, entryState } from "../entry/entry-state";
import styles from "../ContentEditor.module.css";
import parts from "../EditorParts.module.css";

/** One entry with unpublished work: a draft (changes or never published) or a schedule. */
export interface PendingEntry {
  label: string;
  href: string;
  /** When it goes live, for a scheduled entry. */
  publishAt: string | null;
  /** When the draft was last saved. */
  savedAt: string;
}

type Loaded = ReadonlyArray<{ definition: CollectionDefinition; entries: ContentEntry[] }>;

/** Entries with a draft or a schedule, scheduled first (soonest first), then newest drafts. */
export function pendingEntries(collections: Loaded): PendingEntry[] {
  const found: PendingEntry[] = [];
  for (const { definition, entries } of collections) {
    for (const entry of entries) {
      const state = entryState(entry);
      if (state !== "scheduled" && state !== "draft" && state !== "changed") continue;
      const name =
        definition.kind === "list"
          ? `${definition.label}: ${summarise(editableData(entry)) || "entry"}`
          : definition.label;
      found.push({
        label: name,
        href:
          definition.kind === "list"
            ? `/admin/content/${definition.name}/${entry.id}`
            : `/admin/content/${definition.name}`,
        publishAt: entry.publish_at ?? null,
        savedAt: entry.updated_at,
      });
    }
  }
  return found.sort((a, b) => {
    if (a.publishAt && b.publishAt) return a.publishAt < b.publishAt ? -1 : 1;
    if (a.publishAt || b.publishAt) return a.publishAt ? -1 : 1;
    return a.savedAt < b.savedAt ? 1 : -1;
  });
}

function PendingList({ pending }: { pending: readonly PendingEntry[] }) {
  return (
    <section className={parts.homeBlock} aria-labelledby="pending-content">
      <h2 id="pending-content" className={styles.title}>
        Drafts and scheduled changes
      </h2>
      {pending.length === 0 ? (
        <p>No drafts or scheduled changes: everything saved is published.</p>
      ) : (
        <ul>
          {pending.map((entry) => (
            <li key={entry.href}>
              <Link to={entry.href}>{entry.label}</Link>
              {entry.publishAt ? (
                <>
                  {": scheduled for "}
                  <StaffTime iso={entry.publishAt} />
                </>
              ) : (
                <>
                  {": draft saved "}
                  <StaffTime iso={entry.savedAt} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The staff home's content part (docs/product.md 5.6): the drafts and scheduled changes, each a
 * link to its editor, then `between` (the newest messages), then 'Before launch' (decision 030,
 * grouped in issue 29): what changes day to day first. Read from the content API the editors
 * use (GET /api/content/:collection for each collection).
 */
export function ContentToDo({ between }: { between?: ReactNode }) {
  const { handleAuthError } = useStaffSession();
  const [state, setState] = useState<
    { status: "loading" } | { status: "failed" } | { status: "ready"; data: Loaded }
  >({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      CONTENT_COLLECTIONS.map(async (definition) => ({
        definition: definition as CollectionDefinition,
        entries: await listEntries(definition.name, controller.signal),
      })),
    ).then(
      (data) => setState({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        handleAuthError(error);
        setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [handleAuthError]);

  if (state.status === "loading") return <p role="status">{EDITOR_TEXT.loading}</p>;
  if (state.status === "failed") {
    return (
      <p className={styles.fieldError} role="alert">
        {EDITOR_TEXT.loadFailed}
      </p>
    );
  }
  return (
    <>
      <PendingList pending={pendingEntries(state.data)} />
      {between}
      <BeforeLaunch
        placeholders={state.data.flatMap(({ definition, entries }) =>
          findPlaceholders(definition, entries),
        )}
        seeded={seededPlaceholderCount(state.data.map(({ definition }) => definition))}
      />
    </>
  );
}
