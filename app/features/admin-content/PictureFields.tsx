import { useState, type ReactNode } from "react";
import { useStaffSession } from "~/components/staff";
import { isApiError } from "~/lib/api";
import { useAnnounce } from "~/lib/live-region";
import { uploadImage } from "./api";
import { useForm } from "./form-context";
import { describeLibraryImage, MediaPicker } from "./MediaPicker";
import { imageFromUpload, type GroupField } from "./schema-fields";
import { errorKey, fieldId, type ValuePath } from "./value-path";
import styles from "./ContentEditor.module.css";

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
  const { onChange } = useForm();
  const { handleAuthError } = useStaffSession();
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
          aria-describedby={`${inputId}-help${status ? ` ${inputId}-status` : ""}`}
          disabled={status?.busy === true}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
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
            const message = `Chose ${describeLibraryImage(item)}: the picture's file, size, alt text and narrower copies below are filled in.`;
            setStatus({ busy: false, message, error: false });
            announce(message);
          }}
        />
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
