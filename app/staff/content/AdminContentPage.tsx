import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { StaffTime, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { isCollectionName } from "#common/content/collections";
import type { CollectionDefinition } from "#common/content/collections";
import { collectionDefinition, CONTENT_COLLECTIONS } from "#common/content/registry";
import type { ContentEntry, ContentProblem } from "#common/content-api";
import {
  createEntry,
  deleteEntry,
  getEntry,
  listEntries,
  listProblems,
  reorderEntries,
} from "./api";
import { duplicateData } from "./entry/duplicate";
import { countStates, editableData, entryState, STATE_TEXT } from "./entry/entry-state";
import { EntryEditor } from "./entry/EntryEditor";
import { EDITOR_TEXT } from "./messages";
import { shownOnField } from "./schema/shown-on";
import { summarise } from "./schema/schema-fields";
import { useFocusAfterMove } from "./fields/use-focus-after-move";
import styles from "./ContentEditor.module.css";
import { MoveButtons } from "./fields/MoveButtons";

/** Loads with the page's session: a 401 locks the shell, a 403 says why; either way it failed. */
function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const { handleAuthError } = useStaffSession();
  const [state, setState] = useState<
    { status: "loading" } | { status: "failed"; notFound: boolean } | { status: "ready"; data: T }
  >({ status: "loading" });
  const [reload, setReload] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    loadRef.current(controller.signal).then(
      (data) => setState({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        handleAuthError(error);
        setState({ status: "failed", notFound: isApiError(error) && error.status === 404 });
      },
    );
    return () => controller.abort();
  }, [key, reload, handleAuthError]);
  return { state, setState, reload: () => setReload((n) => n + 1) };
}

function Loading() {
  return <p role="status">{EDITOR_TEXT.loading}</p>;
}

function Failed({ text }: { text: string }) {
  return (
    <p className={styles.fieldError} role="alert">
      {text}
    </p>
  );
}

/**
 * The staff content pages (docs/product.md section 5.4), one route module for three addresses:
 * /admin/content (every collection and where its entries stand), /admin/content/:collection
 * (a single entry's editor, or a list's entries) and /admin/content/:collection/:id (one list
 * entry; `new` for a new one).
 */
export function AdminContentPage() {
  const { collection, id } = useParams();
  if (collection === undefined) return <ContentOverview />;
  if (!isCollectionName(collection)) {
    return (
      <>
        <Failed text={EDITOR_TEXT.unknownCollection} />
        <Link className={styles.back} to="/admin/content">
          {EDITOR_TEXT.backToAll}
        </Link>
      </>
    );
  }
  const definition = collectionDefinition(collection) as CollectionDefinition;
  if (definition.kind === "singleton") return <SingletonEditor definition={definition} />;
  if (id === undefined) return <CollectionEntries definition={definition} />;
  if (id === "new") return <EntryEditor key="new" definition={definition} entry={null} />;
  return <ListEntryEditor key={id} definition={definition} id={id} />;
}

/**
 * Published entries this version of the site cannot read (an incompatible schema change, or an
 * instance running newer code): said loudly, with what the pages show instead.
 */
function SchemaProblems({ problems }: { problems: readonly ContentProblem[] }) {
  return (
    <section className={styles.problems} role="alert" aria-labelledby="content-problems">
      <h2 id="content-problems">{EDITOR_TEXT.problemsHeading}</h2>
      <ul>
        {problems.map((problem) => {
          const definition = isCollectionName(problem.collection)
            ? collectionDefinition(problem.collection)
            : undefined;
          const to =
            definition?.kind === "list"
              ? `/admin/content/${problem.collection}/${problem.id}`
              : `/admin/content/${problem.collection}`;
          return (
            <li key={problem.id}>
              <Link to={to}>{definition?.label ?? problem.collection}</Link>: {problem.message}.{" "}
              {problem.keptLastValid ? EDITOR_TEXT.problemKept : EDITOR_TEXT.problemLeftOut}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ContentOverview() {
  const { state } = useLoad(
    async (signal) =>
      Promise.all(
        CONTENT_COLLECTIONS.map(async (definition) => ({
          definition,
          entries: await listEntries(definition.name, signal),
        })),
      ),
    "overview",
  );
  const problems = useLoad(listProblems, "problems");
  return (
    <>
      <p className={styles.stateLine}>
        Every text, list and picture of the public site. Open a collection to edit it: changes are
        saved as drafts and reach the public site when published.
      </p>
      {problems.state.status === "ready" && problems.state.data.length > 0 ? (
        <SchemaProblems problems={problems.state.data} />
      ) : null}
      {state.status === "loading" ? <Loading /> : null}
      {state.status === "failed" ? <Failed text={EDITOR_TEXT.loadFailed} /> : null}
      {state.status === "ready" ? (
        <div className={styles.tableWrap}>
          <table className={styles.stackedTable}>
            <caption>Content collections</caption>
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Kind</th>
                <th scope="col">Published</th>
                <th scope="col">Unpublished drafts</th>
                <th scope="col">Scheduled</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map(({ definition, entries }) => {
                const counts = countStates(entries);
                const live = entries.filter((entry) => entry.status !== "deleted").length;
                return (
                  <tr key={definition.name}>
                    <th scope="row">
                      <Link to={`/admin/content/${definition.name}`}>{definition.label}</Link>
                    </th>
                    <td data-label="Kind">
                      {definition.kind === "singleton"
                        ? "Single entry"
                        : `List of ${live} ${live === 1 ? "entry" : "entries"}`}
                    </td>
                    <td data-label="Published">{counts.published}</td>
                    <td data-label="Unpublished drafts">{counts.drafts}</td>
                    <td data-label="Scheduled">{counts.scheduled}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function SingletonEditor({ definition }: { definition: CollectionDefinition }) {
  const { state } = useLoad((signal) => listEntries(definition.name, signal), definition.name);
  if (state.status === "loading") return <Loading />;
  if (state.status === "failed") return <Failed text={EDITOR_TEXT.loadFailed} />;
  const entry = state.data[0];
  if (!entry) return <Failed text={EDITOR_TEXT.unknownEntry} />;
  return <EntryEditor key={entry.id} definition={definition} entry={entry} />;
}

function ListEntryEditor({ definition, id }: { definition: CollectionDefinition; id: string }) {
  const { state } = useLoad((signal) => getEntry(definition.name, id, signal), id);
  const arrival = useLocation().state as {
    created?: boolean;
    notice?: string;
    duplicatedFrom?: string;
  } | null;
  const created = arrival?.created === true;
  const duplicatedFrom = arrival?.duplicatedFrom;
  if (state.status === "loading") return <Loading />;
  if (state.status === "failed") {
    return <Failed text={state.notFound ? EDITOR_TEXT.unknownEntry : EDITOR_TEXT.loadFailed} />;
  }
  return (
    <EntryEditor
      definition={definition}
      entry={state.data}
      initialNotice={
        duplicatedFrom !== undefined
          ? EDITOR_TEXT.duplicated(duplicatedFrom)
          : created
            ? (arrival?.notice ?? EDITOR_TEXT.draftSaved)
            : undefined
      }
    />
  );
}

/** A list's entries in their public order: open, move and delete each; add a new one. */
function CollectionEntries({ definition }: { definition: CollectionDefinition }) {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const { state, setState } = useLoad(
    (signal) => listEntries(definition.name, signal),
    definition.name,
  );
  const [error, setError] = useState<string | null>(null);
  const [duplicating, setDuplicating] = useState<string | null>(null);
  const navigate = useNavigate();
  const { register: registerControl, focusAfter: setFocusAfter } = useFocusAfterMove({
    removeControl: "delete",
  });

  if (state.status === "loading") return <Loading />;
  if (state.status === "failed") return <Failed text={EDITOR_TEXT.loadFailed} />;
  const entries = state.data;
  const live = entries.filter((entry) => entry.status !== "deleted");
  const nameOf = (entry: ContentEntry, index: number) =>
    summarise(editableData(entry)) || `Entry ${index + 1}`;
  const shownOn = shownOnField(definition);

  const failed = (caught: unknown, text: string) => {
    if (!handleAuthError(caught))
      setError(isApiError(caught) && caught.status !== 0 ? caught.message : text);
  };

  const move = async (from: number, to: number) => {
    const ids = live.map((entry) => entry.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    setError(null);
    try {
      const next = await reorderEntries(definition.name, ids);
      setState({ status: "ready", data: next });
      setFocusAfter({ key: moved!, control: to < from ? "up" : "down" });
      announce(`${nameOf(live[from]!, from)} moved to position ${to + 1} of ${live.length}.`);
    } catch (caught) {
      failed(caught, EDITOR_TEXT.reorderFailed);
    }
  };

  // Copied into a new draft (its draft's data when it has one), then opened in its editor.
  const duplicate = async (entry: ContentEntry, index: number) => {
    setError(null);
    setDuplicating(entry.id);
    try {
      const data = duplicateData(
        definition,
        editableData(entry),
        entries.map((other) => editableData(other)),
      );
      const copy = await createEntry(definition.name, data);
      announce(EDITOR_TEXT.duplicated(nameOf(entry, index)));
      void navigate(`/admin/content/${definition.name}/${copy.id}`, {
        state: { duplicatedFrom: nameOf(entry, index) },
      });
    } catch (caught) {
      failed(caught, EDITOR_TEXT.duplicateFailed);
    } finally {
      setDuplicating(null);
    }
  };

  const remove = async (entry: ContentEntry, index: number) => {
    const name = nameOf(entry, index);
    if (!window.confirm(EDITOR_TEXT.confirmDelete(name))) return;
    setError(null);
    try {
      await deleteEntry(definition.name, entry.id);
      const next = await listEntries(definition.name);
      setState({ status: "ready", data: next });
      const neighbour = live[index + 1] ?? live[index - 1];
      if (neighbour) setFocusAfter({ key: neighbour.id, control: "delete" });
      announce(EDITOR_TEXT.deleted(name));
    } catch (caught) {
      failed(caught, EDITOR_TEXT.deleteFailed);
    }
  };

  return (
    <section aria-labelledby="collection-title">
      <h2 id="collection-title" className={styles.title}>
        {definition.label}
      </h2>
      <div className={styles.toolbar}>
        <Link className={styles.primary} to={`/admin/content/${definition.name}/new`}>
          {EDITOR_TEXT.newItem(definition.itemLabel)}
        </Link>
        <Link className={styles.button} to="/admin/content">
          {EDITOR_TEXT.backToAll}
        </Link>
      </div>
      {error ? <Failed text={error} /> : null}
      <div className={styles.tableWrap}>
        <table className={styles.stackedTable}>
          <caption>Entries, in the order the public site shows them</caption>
          <thead>
            <tr>
              <th scope="col">Entry</th>
              {shownOn ? <th scope="col">{shownOn.label}</th> : null}
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const index = live.indexOf(entry);
              const name = nameOf(entry, index === -1 ? entries.indexOf(entry) : index);
              const register = (control: string) => registerControl(entry.id, control);
              return (
                <tr key={entry.id}>
                  <th scope="row">
                    <Link to={`/admin/content/${definition.name}/${entry.id}`}>{name}</Link>
                  </th>
                  {shownOn ? (
                    <td data-label={shownOn.label}>{shownOn.text(editableData(entry))}</td>
                  ) : null}
                  <td data-label="State">
                    {STATE_TEXT[entryState(entry)]}
                    {entry.publish_at ? (
                      <>
                        {" "}
                        for <StaffTime iso={entry.publish_at} />
                      </>
                    ) : null}
                  </td>
                  <td data-label="Actions">
                    {index === -1 ? null : (
                      <div className={styles.rowActions}>
                        <MoveButtons
                          index={index}
                          count={live.length}
                          name={name}
                          register={register}
                          move={move}
                        />
                        <button
                          type="button"
                          className={styles.smallButton}
                          disabled={duplicating !== null}
                          onClick={() => void duplicate(entry, index)}
                        >
                          {duplicating === entry.id ? EDITOR_TEXT.duplicating : "Duplicate"}
                          <span className="visually-hidden">: {name}</span>
                        </button>
                        <button
                          type="button"
                          ref={register("delete")}
                          className={styles.smallButton}
                          onClick={() => void remove(entry, index)}
                        >
                          Delete<span className="visually-hidden">: {name}</span>
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
