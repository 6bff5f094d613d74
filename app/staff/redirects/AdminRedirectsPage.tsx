import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { Field, PagedList, StaffTable, useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { REDIRECT_PATH_MAX, type Redirect } from "#common/redirects";
import { addRedirect, listRedirects, removeRedirect } from "./api";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminRedirects.module.css";

export const REDIRECTS_TEXT = {
  loading: "Loading the redirects...",
  loadFailed: "Could not load the redirects. Please try again.",
  empty: "No redirects yet.",
  addHeading: "Add a redirect",
  from: "From (an address of this site that no longer exists)",
  to: "To (the page it should open instead)",
  add: "Add redirect",
  adding: "Adding...",
  remove: "Remove",
  saveFailed: "Could not save the redirect. Please try again.",
} as const;

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; list: Redirect[] };

/**
 * Redirects (docs/product.md 5.8): addresses of the site that answer 301 with another page,
 * how often each was followed, a form to add one (its From filled in when opened from a missing
 * page of the statistics: the target is all that is left to type) and Remove.
 */
export function AdminRedirectsPage() {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const askedFrom = params.get("from") ?? "";
  const [from, setFrom] = useState(askedFrom);
  const [to, setTo] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const failed = useCallback(
    (caught: unknown) => {
      if (handleAuthError(caught)) return;
      console.error(REDIRECTS_TEXT.loadFailed, caught);
      setLoad({ state: "failed" });
    },
    [handleAuthError],
  );

  useEffect(() => {
    const controller = new AbortController();
    listRedirects(controller.signal).then(
      (list) => setLoad({ state: "ready", list }),
      (caught: unknown) => {
        if (!controller.signal.aborted) failed(caught);
      },
    );
    return () => controller.abort();
  }, [failed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      const created = await addRedirect(from.trim(), to.trim());
      setLoad((current) =>
        current.state === "ready"
          ? {
              state: "ready",
              list: [...current.list, created].sort((a, b) => (a.from < b.from ? -1 : 1)),
            }
          : current,
      );
      setFrom("");
      setTo("");
      // Done with the missing page it was opened for: a reload starts with an empty form.
      if (askedFrom) setParams({}, { replace: true });
      announce(`${created.from} now leads to ${created.to}.`);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      if (isApiError(caught) && caught.status > 0 && caught.status < 500) {
        setFields(caught.fields);
        setMessage(caught.message);
      } else {
        setMessage(REDIRECTS_TEXT.saveFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async (redirect: Redirect) => {
    try {
      await removeRedirect(redirect.id);
      setLoad((current) =>
        current.state === "ready"
          ? { state: "ready", list: current.list.filter((row) => row.id !== redirect.id) }
          : current,
      );
      announce(`The redirect from ${redirect.from} was removed.`);
    } catch (caught) {
      if (handleAuthError(caught)) return;
      setMessage(isApiError(caught) ? caught.message : REDIRECTS_TEXT.saveFailed);
    }
  };

  return (
    <>
      <section aria-labelledby={`${id}-add`} className={styles.add}>
        <h2 id={`${id}-add`}>{REDIRECTS_TEXT.addHeading}</h2>
        <form onSubmit={submit} className={styles.form} noValidate>
          <Field
            className={styles.field}
            id={`${id}-from`}
            label={REDIRECTS_TEXT.from}
            value={from}
            maxLength={REDIRECT_PATH_MAX}
            placeholder="/old-page"
            autoComplete="off"
            onChange={(event) => setFrom(event.target.value)}
            error={fields["from"]}
          />
          <Field
            className={styles.field}
            id={`${id}-to`}
            label={REDIRECTS_TEXT.to}
            value={to}
            maxLength={REDIRECT_PATH_MAX}
            placeholder="/about-desktop"
            autoComplete="off"
            onChange={(event) => setTo(event.target.value)}
            error={fields["to"]}
          />
          <button type="submit" className={styles.submit} aria-disabled={busy || undefined}>
            {busy ? REDIRECTS_TEXT.adding : REDIRECTS_TEXT.add}
          </button>
        </form>
        {message && Object.keys(fields).length === 0 ? (
          <p role="alert" className={staff.alert}>
            {message}
          </p>
        ) : null}
      </section>

      <PagedList
        state={load.state}
        items={load.state === "ready" ? load.list : []}
        loading={REDIRECTS_TEXT.loading}
        failed={REDIRECTS_TEXT.loadFailed}
        empty={REDIRECTS_TEXT.empty}
      >
        {(redirects) => (
          <StaffTable
            label="Redirects table"
            caption="Redirects"
            columns={["From", "To", "Hits", "Action"]}
          >
            {redirects.map((redirect) => (
              <tr key={redirect.id}>
                <th scope="row">{redirect.from}</th>
                <td>{redirect.to}</td>
                <td>{redirect.hits}</td>
                <td>
                  <button
                    type="button"
                    className={staff.rowButton}
                    aria-label={`Remove the redirect from ${redirect.from}`}
                    onClick={() => void remove(redirect)}
                  >
                    {REDIRECTS_TEXT.remove}
                  </button>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </PagedList>
    </>
  );
}
