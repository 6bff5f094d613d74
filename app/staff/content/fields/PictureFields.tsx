import { useState, type ReactNode } from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { uploadImage } from "../api";
import { useForm } from "./form-context";
import { describeLibraryImage, MediaPicker } from "../media/MediaPicker";
import {
  fieldAt,
  imageFromUpload,
  type GroupField,
  type LibraryImage,
} from "../schema/schema-fields";
import { errorKey, fieldId, labelForPath, valueAt, type ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

/**
 * A picture's file fields, closed until opened, and opened by itself when one of them has an
 * error, so the message and the focus that goes to it are never hidden.
 */
export function FileDetails({
  path,
  keys,
  children,
}: {
  path: ValuePath;
  keys: readonly string[];
  children: ReactNode;
}) {
  const { errors } = useForm();
  const prefixes = keys.map((key) => errorKey([...path, key]));
  const hasError = Object.keys(errors).some((key) =>
    prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)),
  );
  // Open in the same render that shows the error (not from an effect): the editor moves focus
  // to the first field with an error right after that render.
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.details}
      open={open || hasError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={styles.summary}>File details: address, size and narrower copies</summary>
      {children}
    </details>
  );
}

/**
 * A picture's spot for the media library: the picture itself; Upload picture, which sends a
 * file to the media library (POST /api/media); and Choose from library (MediaPicker). Either
 * fills the fields below from the library's answer (`imageFromUpload`). The address can still
 * be typed in its field.
 */
export function MediaSlot({
  field,
  path,
  record,
}: {
  field: GroupField;
  path: ValuePath;
  record: Record<string, unknown>;
}) {
  const { onChange, root, rootField } = useForm();
  const { handleAuthError } = useStaffSession();
  // The picture just put here, offered to the other width's slot ("Use on phones too").
  const [offered, setOffered] = useState<LibraryImage | null>(null);
  const counterpartPath = field.counterpart?.split(".") ?? null;
  const counterpart =
    counterpartPath && rootField ? fieldAt(rootField, counterpartPath) : undefined;
  const announce = useAnnounce();
  const [status, setStatus] = useState<{ busy: boolean; message: string; error: boolean } | null>(
    null,
  );
  const src = record.src;
  const usable = typeof src === "string" && /^\/(?!\/)/.test(src);
  const inputId = `${fieldId(path)}-upload`;

  const upload = async (file: File) => {
    setStatus({ busy: true, message: "Uploading…", error: false });
    try {
      const alt = typeof record.alt === "string" ? record.alt : "";
      const uploaded = await uploadImage(file, alt);
      onChange(path, imageFromUpload(record, uploaded, field));
      setOffered(uploaded);
      const message = `Uploaded ${file.name}: the picture's file, size, alt text and narrower copies below are filled in.`;
      setStatus({ busy: false, message, error: false });
      announce(message);
    } catch (error) {
      handleAuthError(error);
      setStatus({
        busy: false,
        message: isApiError(error) ? error.message : "Failed to upload the picture.",
        error: true,
      });
    }
  };

  const useElsewhere =
    offered && counterpart?.kind === "group" && counterpartPath && rootField ? (
      <button
        type="button"
        className={styles.smallButton}
        aria-describedby={`${inputId}-other`}
        onClick={() => {
          const current = valueAt(root, counterpartPath);
          const record =
            typeof current === "object" && current !== null
              ? (current as Record<string, unknown>)
              : {};
          onChange(counterpartPath, imageFromUpload(record, offered, counterpart));
          setOffered(null);
          const message = `The same picture is now in ${labelForPath(rootField, field.counterpart!)} too.`;
          setStatus({ busy: false, message, error: false });
          announce(message);
        }}
      >
        {field.servesWidth === "desktop" ? "Use on phones too" : "Use on computers too"}
      </button>
    ) : null;

  return (
    <div className={styles.mediaSlot}>
      {usable ? <img src={src} alt="" className={styles.thumbnail} loading="lazy" /> : null}
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          Upload picture
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={`${field.servesWidth ? `${inputId}-width ` : ""}${inputId}-help${status ? ` ${inputId}-status` : ""}`}
          disabled={status?.busy === true}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        {field.servesWidth ? (
          <p id={`${inputId}-width`} className={styles.widthNote}>
            {field.servesWidth === "desktop"
              ? "Shown on the desktop page (screens 600 px wide and wider)."
              : "Shown on the phone page (screens narrower than 600 px)."}
            {counterpartPath && rootField ? (
              <span id={`${inputId}-other`}>
                {` ${field.servesWidth === "desktop" ? "Phones" : "Computers"} show ${labelForPath(rootField, field.counterpart!)} instead.`}
              </span>
            ) : null}
          </p>
        ) : null}
        <p id={`${inputId}-help`} className={styles.help}>
          JPEG, PNG, WebP or AVIF, at most 15 MB. Write the alt text first; with no alt text the
          picture is stored as decorative. Or choose a picture already in the media library, or type
          the picture&apos;s address under File details.
        </p>
        <MediaPicker
          fieldLabel={field.label}
          disabled={status?.busy === true}
          onChoose={(item) => {
            onChange(path, imageFromUpload(record, item, field));
            setOffered(item);
            const message = `Chose ${describeLibraryImage(item)}: the picture's file, size, alt text and narrower copies below are filled in.`;
            setStatus({ busy: false, message, error: false });
            announce(message);
          }}
        />
        {useElsewhere}
        {status ? (
          <p
            id={`${inputId}-status`}
            className={status.error ? styles.fieldError : styles.help}
            role={status.error ? "alert" : undefined}
          >
            {status.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
