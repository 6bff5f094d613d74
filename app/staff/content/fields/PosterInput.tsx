import { useState } from "react";
import { useAnnounce } from "~/lib/live-region";
import type { MediaLibraryItem } from "#common/media";
import { useForm } from "./form-context";
import { describeLibraryImage, MediaPicker } from "../media/MediaPicker";
import type { TextField } from "../schema/schema-fields";
import { TextInput } from "./ValueInputs";
import type { ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

/**
 * The file and size a video's poster gives: its widest WebP copy (what every browser shows), or
 * the picture itself, with that file's width and height (the video shares its size).
 */
export function posterFrom(item: MediaLibraryItem): { src: string; width: number; height: number } {
  const widest = item.variants
    .filter((variant) => variant.format === "webp")
    .sort((a, b) => b.width - a.width)[0];
  if (!widest) return { src: item.url, width: item.width, height: item.height };
  return {
    src: widest.url,
    width: widest.width,
    height: Math.max(1, Math.round((item.height * widest.width) / item.width)),
  };
}

/**
 * A video's poster picture: its address, and 'Choose from library', which fills in the address
 * and the video's width and height from the picture (decision 035), so nobody measures it.
 */
export function PosterInput({
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
  const [status, setStatus] = useState<string | null>(null);
  const group = path.slice(0, -1);
  const choose = (item: MediaLibraryItem) => {
    const poster = posterFrom(item);
    onChange(path, poster.src);
    onChange([...group, "width"], poster.width);
    onChange([...group, "height"], poster.height);
    const message = `Chose ${describeLibraryImage(item)} as the poster: the video's width and height are now ${poster.width} by ${poster.height} pixels.`;
    setStatus(message);
    announce(message);
  };
  return (
    <div>
      <TextInput field={field} path={path} value={value} />
      <MediaPicker fieldLabel={field.label} onChoose={choose} />
      {status ? <p className={styles.help}>{status}</p> : null}
    </div>
  );
}
