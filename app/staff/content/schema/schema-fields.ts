import type { Derivation } from "#common/derived-values";
import type { ShownLine } from "#common/event-dates";
import { z } from "#common/zod";

/*
 * The editor is generated from a collection's zod schema (docs/decisions/020): this module walks
 * the schema once and describes every field the way the form needs it (kind, label, help,
 * required, limits). The form components render these descriptions and never look at zod.
 */

interface FieldBase {
  label: string;
  /** What the editor shows under the field (without the schema's PLACEHOLDER note). */
  help?: string;
  /** The seeded value is a placeholder until launch ('Before launch' lists it while it stays). */
  placeholder?: true;
  /** The schema gives a default: a new entry's choice starts at it (an event's Status). */
  defaulted?: true;
  /** False for a field the schema marks optional: it may be left out. */
  required: boolean;
  /** Made by the editor from a neighbouring field (an anchor from the heading), shown read-only. */
  derived?: Derivation;
}

/**
 * `zoned-date-time`: an ISO time with offset, chosen as a date and a time in a named zone.
 * `media-path`: a picture's address, filled from the media library (a course icon).
 * `shown-line`: a date or time line written from an event's sessions unless staff write their own.
 * `poster-path`: a video's poster; chosen from the library, it gives the video's width and height.
 */
export type TextFormat =
  | "web-address"
  | "site-path"
  | "page-path"
  | "media-path"
  | "email"
  | "zoned-date-time"
  | "shown-line"
  | "poster-path";

export interface TextField extends FieldBase {
  kind: "text";
  multiline: boolean;
  maxLength?: number;
  /** The empty text is valid (e.g. a decorative picture's alt text). */
  allowEmpty: boolean;
  format?: TextFormat;
  /** For `shown-line`: which generated line it replaces. */
  line?: ShownLine;
}

export interface NumberField extends FieldBase {
  kind: "number";
  min?: number;
  max?: number;
  integer: boolean;
}

export interface ChoiceField extends FieldBase {
  kind: "choice";
  options: readonly string[];
  /** What staff read for each option (Desktop page for `desktop`); else the option itself. */
  optionLabels?: Readonly<Record<string, string>>;
}

/** A fixed value (the `type` of a media union): shown, not edited. */
export interface FixedField extends FieldBase {
  kind: "fixed";
  value: string | number | boolean;
}

export interface GroupField extends FieldBase {
  kind: "group";
  fields: readonly { key: string; field: Field }[];
  /** A picture (src, alt, width, height): gets Upload picture and Choose from library. */
  image: boolean;
  /** For a picture: the page width it serves (desktop, or the phone page). */
  servesWidth?: "desktop" | "mobile";
  /** For a picture: the other width's picture for the same place ("mobile.masthead"). */
  counterpart?: string;
}

export interface ListField extends FieldBase {
  kind: "list";
  item: Field;
  minItems: number;
  maxItems?: number;
}

/** A fixed number of values, each with its own label (e.g. a first and a second tagline). */
export interface TupleField extends FieldBase {
  kind: "tuple";
  items: readonly Field[];
}

/** One of several groups, told apart by one key (e.g. `type`: "video" or "image"). */
export interface VariantsField extends FieldBase {
  kind: "variants";
  discriminator: string;
  options: readonly { value: string; label: string; field: GroupField }[];
}

export type Field =
  | TextField
  | NumberField
  | ChoiceField
  | FixedField
  | GroupField
  | ListField
  | TupleField
  | VariantsField;

interface SchemaMeta {
  label?: string;
  help?: string;
  maxLength?: number;
  multiline?: boolean;
  /** Text that may be empty (fields.ts `allowEmpty`); zod's bag does not keep `.min` here. */
  allowEmpty?: boolean;
  format?: TextFormat;
  line?: ShownLine;
  derived?: Derivation;
  minItems?: number;
  maxItems?: number;
  optionLabels?: Readonly<Record<string, string>>;
  servesWidth?: "desktop" | "mobile";
  counterpart?: string;
}

function metaOf(schema: z.ZodType): SchemaMeta {
  return (schema.meta() as SchemaMeta | undefined) ?? {};
}

/** Limits zod keeps in a schema's bag (the checks of .min/.max/.int). */
function bagOf(schema: z.ZodType): Record<string, unknown> {
  return (schema._zod as { bag?: Record<string, unknown> }).bag ?? {};
}

const finite = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

const IMAGE_KEYS = ["src", "alt", "width", "height"];

const PLACEHOLDER_NOTES = [
  // "(PLACEHOLDER until launch)" inside a sentence.
  /\s*\(PLACEHOLDER[^)]*\)/g,
  // "PLACEHOLDER: the six seeded partners are fictional."
  /\s*PLACEHOLDER:[^.]*\.?/g,
  // "PLACEHOLDER address until launch: …", "PLACEHOLDER until launch. …"
  /\s*PLACEHOLDER[^.:()]*?until launch[.:]?/g,
];

/**
 * A schema's help without its PLACEHOLDER note (issue 29: no new entry says PLACEHOLDER; the
 * note marks seeded values, which 'Before launch' lists): "PLACEHOLDER until launch: the real
 * flyer." becomes "The real flyer."; undefined when nothing else is said.
 */
export function helpWithoutPlaceholder(help: string | undefined): {
  help?: string;
  placeholder: boolean;
} {
  if (help === undefined || !help.includes("PLACEHOLDER")) return { help, placeholder: false };
  let rest = help;
  for (const note of PLACEHOLDER_NOTES) rest = rest.replace(note, "");
  rest = rest.trim().replace(/^\((.*)\)(\.?)$/, "$1$2");
  if (rest === "") return { placeholder: true };
  return { help: rest.charAt(0).toUpperCase() + rest.slice(1), placeholder: true };
}

/** A field inside an optional or defaulted wrapper, with the wrapper's label and help if any. */
function wrapped(inner: Field, meta: SchemaMeta): Field {
  if (meta.help === undefined) return { ...inner, label: meta.label ?? inner.label };
  const note = helpWithoutPlaceholder(meta.help);
  const { help: _help, placeholder: _placeholder, ...rest } = inner;
  return {
    ...rest,
    label: meta.label ?? inner.label,
    ...(note.help !== undefined ? { help: note.help } : {}),
    ...(note.placeholder || inner.placeholder ? { placeholder: true as const } : {}),
  } as Field;
}

/**
 * Describe `schema` as a form field. `fallbackLabel` names a field whose schema has no label
 * (the key in its group). Throws on a zod type the editor cannot show, so a new kind of field in
 * common/content/ fails the editor's tests rather than silently vanishing from the form.
 */
export function describeField(schema: z.ZodType, fallbackLabel = "Value"): Field {
  if (schema instanceof z.ZodOptional) {
    const inner = describeField(schema.unwrap() as z.ZodType, fallbackLabel);
    return { ...wrapped(inner, metaOf(schema)), required: false };
  }
  // A field with a default (one added after entries were stored, or words the site supplies):
  // edited like the field itself but optional; an entry saved without it reads the default.
  if (schema instanceof z.ZodDefault) {
    const inner = describeField(schema.unwrap() as z.ZodType, fallbackLabel);
    return { ...wrapped(inner, metaOf(schema)), required: false, defaulted: true };
  }
  const meta = metaOf(schema);
  const label = meta.label ?? fallbackLabel;
  const note = helpWithoutPlaceholder(meta.help);
  const base = {
    label,
    help: note.help,
    ...(note.placeholder ? { placeholder: true as const } : {}),
    required: true,
    ...(meta.derived ? { derived: meta.derived } : {}),
  };
  const bag = bagOf(schema);

  if (schema instanceof z.ZodString) {
    return {
      ...base,
      kind: "text",
      multiline: meta.multiline === true,
      maxLength: meta.maxLength ?? finite(bag.maximum),
      allowEmpty: meta.allowEmpty === true,
      format: meta.format,
      ...(meta.line ? { line: meta.line } : {}),
    };
  }
  if (schema instanceof z.ZodNumber) {
    return {
      ...base,
      kind: "number",
      min: finite(schema.minValue),
      max: finite(schema.maxValue),
      integer: schema.isInt === true,
    };
  }
  if (schema instanceof z.ZodEnum) {
    return {
      ...base,
      kind: "choice",
      options: schema.options.map(String),
      ...(meta.optionLabels ? { optionLabels: meta.optionLabels } : {}),
    };
  }
  if (schema instanceof z.ZodLiteral) {
    const value = schema.value;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      throw new Error(`describeField: the fixed value of ${label} cannot be shown`);
    }
    return { ...base, kind: "fixed", value };
  }
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, field]) => ({ key, field: describeField(field, key) }),
    );
    const keys = fields.map((entry) => entry.key);
    return {
      ...base,
      kind: "group",
      fields,
      image: IMAGE_KEYS.every((key) => keys.includes(key)),
      ...(meta.servesWidth ? { servesWidth: meta.servesWidth } : {}),
      ...(meta.counterpart ? { counterpart: meta.counterpart } : {}),
    };
  }
  if (schema instanceof z.ZodArray) {
    return {
      ...base,
      kind: "list",
      item: describeField(schema.element as z.ZodType, "Item"),
      minItems: meta.minItems ?? finite(bag.minimum) ?? 0,
      maxItems: meta.maxItems ?? finite(bag.maximum),
    };
  }
  if (schema instanceof z.ZodTuple) {
    const items = (schema._zod.def.items as z.ZodType[]).map((item, index) =>
      describeField(item, `${label} ${index + 1}`),
    );
    return { ...base, kind: "tuple", items };
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const discriminator = (schema._zod.def as { discriminator: string }).discriminator;
    const options = (schema.options as z.ZodType[]).map((option) => {
      const field = describeField(option);
      if (field.kind !== "group") throw new Error(`describeField: ${label} mixes non-groups`);
      const fixed = field.fields.find((entry) => entry.key === discriminator)?.field;
      if (fixed?.kind !== "fixed" || typeof fixed.value !== "string") {
        throw new Error(`describeField: ${label} has an option without a fixed ${discriminator}`);
      }
      return { value: fixed.value, label: field.label, field };
    });
    return { ...base, kind: "variants", discriminator, options };
  }
  throw new Error(
    `describeField: ${label} is a zod ${schema._zod.def.type}, which the editor cannot show`,
  );
}

/** The value a new, empty field starts with (a new list item, a new entry). */
export function emptyValue(field: Field): unknown {
  switch (field.kind) {
    case "text":
      return "";
    case "number":
      return undefined;
    case "choice":
      return field.options[0];
    case "fixed":
      return field.value;
    case "group":
      return Object.fromEntries(
        field.fields
          // A choice with a default starts at it, rather than at "Choose…".
          .filter(
            (entry) =>
              entry.field.required || (entry.field.defaulted && entry.field.kind === "choice"),
          )
          .map((entry) => [entry.key, emptyValue(entry.field)]),
      );
    case "tuple":
      return field.items.map(emptyValue);
    case "list":
      return Array.from({ length: field.minItems }, () => emptyValue(field.item));
    case "variants": {
      const first = field.options[0];
      return first ? emptyValue(first.field) : {};
    }
  }
}

/** An image of the media library as POST /api/media and GET /api/media answer it. */
export interface LibraryImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  variants: { url: string; width: number; format: string }[];
}

/** The MIME type of a picture file, from its name (the library names files by format). */
function formatOf(src: string): string | undefined {
  const extension = /\.(\w+)$/.exec(src)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    webp: "image/webp",
    avif: "image/avif",
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
  };
  return extension ? types[extension] : undefined;
}

/**
 * A picture's fields from an image of the media library (just uploaded or chosen): the widest
 * WebP copy as its file with the AVIF copy of that width beside it, that copy's size, the alt
 * text the library holds (empty for a decorative image), and every narrower copy for the
 * srcset. The whole image in its uploaded format (often a large JPEG or PNG) is never used: the
 * copies are what a page should serve. Only the fields `field` has are filled (a gallery slide
 * keeps no narrower copies, a link-preview picture no AVIF file but its format): a key the
 * group does not know would make the entry unsavable (issue 29). Its other fields are kept.
 */
export function imageFromUpload(
  current: Record<string, unknown>,
  uploaded: LibraryImage,
  field: GroupField,
): Record<string, unknown> {
  const inner = (key: string) => field.fields.find((entry) => entry.key === key)?.field;
  const variantsField = inner("variants");
  const maxVariants = variantsField?.kind === "list" ? (variantsField.maxItems ?? 8) : 0;
  const typeField = inner("type");
  const acceptedTypes = typeField?.kind === "choice" ? typeField.options : undefined;
  const byWidth = new Map<number, { width: number; src?: string; avifSrc?: string }>();
  for (const variant of uploaded.variants) {
    const entry = byWidth.get(variant.width) ?? { width: variant.width };
    if (variant.format === "webp") entry.src = variant.url;
    if (variant.format === "avif") entry.avifSrc = variant.url;
    byWidth.set(variant.width, entry);
  }
  const copies = [...byWidth.values()]
    .filter((entry): entry is { width: number; src: string; avifSrc?: string } => !!entry.src)
    .sort((a, b) => a.width - b.width);
  const widest = copies.pop();
  // No WebP copy (not made by this server), or a field whose formats exclude WebP: the whole
  // image, as it is.
  const whole = { width: uploaded.width, src: uploaded.url };
  const webpAccepted = !acceptedTypes || acceptedTypes.includes("image/webp");
  const main = widest && webpAccepted ? widest : whole;
  const next: Record<string, unknown> = {
    ...current,
    src: main.src,
    alt: uploaded.alt,
    width: main.width,
    height: Math.max(1, Math.round((uploaded.height * main.width) / uploaded.width)),
  };
  const avifSrc = "avifSrc" in main ? main.avifSrc : undefined;
  if (avifSrc && inner("avifSrc")) next.avifSrc = avifSrc;
  else delete next.avifSrc;
  const narrower = main === widest ? copies.slice(-maxVariants) : [];
  if (narrower.length > 0 && maxVariants > 0) next.variants = narrower;
  else delete next.variants;
  const format = formatOf(main.src);
  if (acceptedTypes && format && acceptedTypes.includes(format)) next.type = format;
  return next;
}

/** A short text naming an item of a list: its first non-empty line of text, if any. */
export function summarise(value: unknown, depth = 0): string {
  if (typeof value === "string") return value.trim().split("\n")[0]?.slice(0, 60) ?? "";
  if (typeof value === "number") return String(value);
  if (depth > 2 || typeof value !== "object" || value === null) return "";
  const record = value as Record<string, unknown>;
  for (const key of ["title", "name", "label", "heading", "caption"]) {
    const text = summarise(record[key], depth + 1);
    if (text) return text;
  }
  for (const item of Object.values(record)) {
    if (typeof item === "string" && item.trim() && !item.startsWith("/")) {
      return summarise(item, depth + 1);
    }
  }
  return "";
}

/** The field at `path` (keys and indexes) inside `root`, or undefined. */
export function fieldAt(root: Field, path: readonly (string | number)[]): Field | undefined {
  let field: Field | undefined = root;
  for (const step of path) {
    if (!field) return undefined;
    if (field.kind === "group") field = field.fields.find((entry) => entry.key === step)?.field;
    else if (field.kind === "list") field = field.item;
    else if (field.kind === "tuple") field = field.items[Number(step)];
    else return undefined;
  }
  return field;
}
