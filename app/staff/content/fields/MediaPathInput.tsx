import { useState } from "react";
import { useAnnounce } from "~/lib/live-region";
import type { MediaLibraryItem } from "#common/media";
import { useForm } from "./form-context";
import { describeLibraryImage, MediaPicker } from "../media/MediaPicker";
import type { TextField } from "../schema/schema-fields";
import { TextInput } from "./ValueInputs";
import type { ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

/** A small picture (an icon) shows at most this wide; twice that for sharp screens. */
const ICON_PIXELS = 64;

/**
 * The address a small picture (a course icon) takes from a library item: its SVG or whole file
 * when it has no copies, else its narrowest WebP copy at least ICON_PIXELS wide (an icon needs
 * no more), else its widest. Site-relative, as the library gives it (decision 034).
 */
export function mediaPathOf(item: MediaLibraryItem): string {
  const webp = item.variants
    .filter((variant) => variant.format === "webp")
    .sort((a, b) => a.width - b.width);
  if (webp.length === 0) return item.url;
  return (webp.find((variant) => variant.width >= ICON_PIXELS) ?? webp[webp.length - 1]!).url;
}

/**
 * A field holding one picture's address (`media-path`, e.g. a course icon): 'Choose from
 * library' fills it; the address can still be typed.
 */
export function MediaPathInput({
  field,
  path,
  value,
}: {
  field: TextField;
  path: ValuePath;
  value: unknown;
}) {
  const { onChange } = useForm();
  const announce = useAnnounce();
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div>
      <TextInput field={field} path={path} value={value} />
      <MediaPicker
        fieldLabel={field.label}
        onChoose={(item) => {
          onChange(path, mediaPathOf(item));
          const message = `Chose ${describeLibraryImage(item)} for ${field.label}.`;
          setChosen(message);
          announce(message);
        }}
      />
      {chosen ? <p className={styles.help}>{chosen}</p> : null}
    </div>
  );
}
