import { useCallback, useEffect, useRef, useState } from "react";
import { FeaturedStrip } from "~/features/featured-strip";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import type { SiteUpdate } from "#common/updates";
import { createUpdate, deleteUpdate, listUpdates, patchUpdate } from "./api";
import {
  FIELD_NAMES,
  defaultFormValues,
  fieldErrorsFromServer,
  formValuesFromUpdate,
  validateUpdateForm,
  type FieldErrors,
  type UpdateFieldName,
  type UpdateFormValues,
} from "./form-values";
import { TEXT } from "./messages";
import { UpdateForm } from "./UpdateForm";
import { UpdatesList } from "./UpdatesList";
import styles from "./AdminUpdates.module.css";

export interface UpdatesManagerProps {
  /** The staff shell's handler of 401 and 403 answers (StaffSession.handleAuthError). */
  handleAuthError: (error: unknown) => boolean;
}

type Editing = { id: string; publishedAt: string } | null;

/** The unlocked view: the form, the list of all updates and the public strip preview. */
export function UpdatesManager({ handleAuthError }: UpdatesManagerProps) {
  const announce = useAnnounce();
  const titleRef = useRef<HTMLInputElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const alertKey = useRef(0);
  const nextAlertKey = () => (alertKey.current += 1);

  const [updates, setUpdates] = useState<SiteUpdate[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const [listAlert, setListAlert] = useState<{ message: string; key: number } | null>(null);

  const [values, setValues] = useState<UpdateFormValues>(() => defaultFormValues());
  const [editing, setEditing] = useState<Editing>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formAlert, setFormAlert] = useState<{ messages: string[]; key: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusTitle, setFocusTitle] = useState(0);

  const [stripKey, setStripKey] = useState(0);
  const refreshStrip = () => setStripKey((key) => key + 1);

  useEffect(() => {
    const controller = new AbortController();
    listUpdates(controller.signal)
      .then((list) => setUpdates(list))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (handleAuthError(error)) return;
        // docs/product.md section 5.1: a list-load failure is logged only.
        console.error("Failed to load updates", error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [handleAuthError]);

  useEffect(() => {
    if (focusTitle > 0) titleRef.current?.focus();
  }, [focusTitle]);

  const resetForm = useCallback(() => {
    setValues(defaultFormValues());
    setEditing(null);
    setFieldErrors({});
    setFormAlert(null);
  }, []);

  const onChange = <K extends UpdateFieldName>(name: K, value: UpdateFormValues[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setFieldErrors((previous) => {
      if (!previous[name]) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  };

  const focusFirstInvalid = (errors: FieldErrors) => {
    const first = FIELD_NAMES.find((name) => errors[name]);
    if (!first) return;
    const field = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    field?.focus();
  };

  const onSubmit = async () => {
    setListAlert(null);
    const validation = validateUpdateForm(values, editing?.publishedAt);
    if (!validation.ok) {
      setFieldErrors(validation.fieldErrors);
      setFormAlert({ messages: validation.messages, key: nextAlertKey() });
      focusFirstInvalid(validation.fieldErrors);
      return;
    }
    setSaving(true);
    setFormAlert(null);
    try {
      if (editing) {
        const saved = await patchUpdate(editing.id, validation.input);
        setUpdates((list) => list?.map((item) => (item.id === saved.id ? saved : item)) ?? list);
        announce("Changes saved");
      } else {
        const created = await createUpdate(validation.input);
        setUpdates((list) => [created, ...(list ?? []).filter((item) => item.id !== created.id)]);
        announce("Update created");
      }
      resetForm();
      refreshStrip();
    } catch (error) {
      if (handleAuthError(error)) return;
      console.error("Failed to save update", error);
      const serverFields = isApiError(error) ? fieldErrorsFromServer(error.fields) : {};
      setFieldErrors(serverFields);
      setFormAlert({ messages: [TEXT.saveFailed], key: nextAlertKey() });
    } finally {
      setSaving(false);
    }
  };

  const onCancel = () => {
    resetForm();
    setFocusTitle((n) => n + 1);
  };

  const onEdit = (update: SiteUpdate) => {
    setValues(formValuesFromUpdate(update));
    setEditing({ id: update.id, publishedAt: update.published_at });
    setFieldErrors({});
    setFormAlert(null);
    setFocusTitle((n) => n + 1);
  };

  /** Runs one row action with its busy flag, 401/403 handling and failure message. */
  const runRowAction = async (
    update: SiteUpdate,
    failure: string,
    work: () => Promise<void>,
  ): Promise<void> => {
    setListAlert(null);
    setFormAlert(null);
    setBusyIds((ids) => new Set(ids).add(update.id));
    try {
      await work();
      refreshStrip();
    } catch (error) {
      if (handleAuthError(error)) return;
      console.error(failure, error);
      setListAlert({ message: failure, key: nextAlertKey() });
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(update.id);
        return next;
      });
    }
  };

  const replace = (saved: SiteUpdate) =>
    setUpdates((list) => list?.map((item) => (item.id === saved.id ? saved : item)) ?? list);

  const onToggleStatus = (update: SiteUpdate) =>
    runRowAction(update, TEXT.statusFailed, async () => {
      const status = update.status === "published" ? "draft" : "published";
      replace(await patchUpdate(update.id, { status }));
      announce(status === "published" ? "Update published" : "Update unpublished");
    });

  const onToggleFeatured = (update: SiteUpdate) =>
    runRowAction(update, TEXT.featuredFailed, async () => {
      const featured = !update.featured;
      replace(await patchUpdate(update.id, { featured }));
      announce(featured ? "Update featured" : "Update no longer featured");
    });

  const onDelete = (update: SiteUpdate) => {
    if (!window.confirm(TEXT.confirmDelete)) return;
    return runRowAction(update, TEXT.deleteFailed, async () => {
      await deleteUpdate(update.id);
      setUpdates((list) => list?.filter((item) => item.id !== update.id) ?? list);
      if (editing?.id === update.id) resetForm();
      announce("Update deleted");
      // The row and its buttons are gone: keep focus in a sensible place.
      listHeadingRef.current?.focus();
    });
  };

  return (
    <div className={styles.workspace}>
      <div className={styles.sideColumn}>
        <div ref={formRef}>
          <UpdateForm
            mode={editing ? "edit" : "create"}
            values={values}
            fieldErrors={fieldErrors}
            alert={formAlert}
            saving={saving}
            titleRef={titleRef}
            onChange={onChange}
            onSubmit={onSubmit}
            onCancel={onCancel}
          />
        </div>
        <div className={styles.preview}>
          <p className={styles.previewNote}>What visitors see on the home page:</p>
          <FeaturedStrip refreshKey={stripKey} />
        </div>
      </div>
      <UpdatesList
        updates={updates}
        loading={loading}
        busyIds={busyIds}
        editingId={editing?.id ?? null}
        alert={listAlert}
        headingRef={listHeadingRef}
        onEdit={onEdit}
        onDelete={onDelete}
        onToggleStatus={onToggleStatus}
        onToggleFeatured={onToggleFeatured}
      />
    </div>
  );
}
