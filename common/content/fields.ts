import { controlCharacterMessage, isCleanText } from "../text.js";
import { type Derivation, videoTypeOf } from "../derived-values.js";
import { isWebUrl } from "../updates.js";
import { z } from "../zod.js";

/*
 * Building blocks of the content schemas. Every field carries its label and help text in zod's
 * metadata (`.meta({ label, help })`), so the staff editor can be generated from a schema, and
 * every message names the field the way staff see it ("Title must be at most 120 characters").
 */

/** What the editor shows next to a field. */
export interface FieldMeta {
  label: string;
  help?: string;
}

/** Read a field's label and help back (the editor and the tests use this). */
export function fieldMeta(schema: z.ZodType): FieldMeta | undefined {
  const meta = schema.meta() as Partial<FieldMeta> | undefined;
  if (meta?.label !== undefined) return { label: meta.label, help: meta.help };
  // An optional or defaulted field keeps its label on the field inside.
  return schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
    ? fieldMeta(schema.unwrap() as z.ZodType)
    : undefined;
}

const required = (label: string) => `${label} is required`;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

interface TextOptions {
  help?: string;
  /** Empty text is accepted (for example the alt text of a decorative picture). */
  allowEmpty?: boolean;
}

function text(label: string, max: number, multiline: boolean, options: TextOptions) {
  const base = z.string({ error: required(label) });
  const checked = (options.allowEmpty ? base : base.min(1, { error: required(label) }))
    .max(max, { error: tooLong(label, max) })
    .refine((value) => multiline || value.trim() === value, {
      error: `${label} must not start or end with spaces`,
    })
    .refine((value) => isCleanText(value, { multiline }), {
      error: controlCharacterMessage(label),
    });
  return checked.meta({
    label,
    help: options.help,
    maxLength: max,
    multiline,
    allowEmpty: options.allowEmpty === true,
  });
}

/** One line of text: no tab, line feed or carriage return. */
export function singleLine(label: string, max: number, options: TextOptions = {}) {
  return text(label, max, false, options);
}

/** A paragraph or more: tab, line feed and carriage return are allowed. */
export function multiLine(label: string, max: number, options: TextOptions = {}) {
  return text(label, max, true, options);
}

export const URL_MAX = 2048;

/** An address on another site: http: or https: only. */
export function webAddress(label: string, help?: string) {
  return z
    .string({ error: required(label) })
    .min(1, { error: required(label) })
    .max(URL_MAX, { error: tooLong(label, URL_MAX) })
    .refine((value) => isCleanText(value), { error: controlCharacterMessage(label) })
    .refine(isWebUrl, {
      error: `${label} must be a web address starting with https:// or http://`,
    })
    .meta({ label, help, format: "web-address" });
}

/** A path on this site, such as "/contact-desktop" or "/images/logo.svg". */
export function sitePath(
  label: string,
  help?: string,
  format: "site-path" | "page-path" | "media-path" | "poster-path" = "site-path",
) {
  return z
    .string({ error: required(label) })
    .min(1, { error: required(label) })
    .max(URL_MAX, { error: tooLong(label, URL_MAX) })
    .refine((value) => isCleanText(value), { error: controlCharacterMessage(label) })
    .refine((value) => /^\/(?!\/)[^\s\\]*$/.test(value), {
      error: `${label} must be a path on this site, starting with a single / and without spaces`,
    })
    .meta({ label, help, format });
}

/** One picture's address on this site: the editor offers the media library (decision 034). */
export function mediaPath(label: string, help?: string) {
  return sitePath(label, help, "media-path");
}

/** A page of this site a link leads to: the editor offers the site's pages by name. */
export function pagePath(label: string, help?: string) {
  return sitePath(label, help, "page-path");
}

/** An email address (a simple check: something@domain.tld, no spaces). */
export function emailAddress(label: string, help?: string) {
  return z
    .string({ error: required(label) })
    .min(1, { error: required(label) })
    .max(254, { error: tooLong(label, 254) })
    .refine((value) => isCleanText(value), { error: controlCharacterMessage(label) })
    .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      error: `${label} must be an email address, e.g. name@example.org`,
    })
    .meta({ label, help, format: "email" });
}

/** A whole number of pixels, e.g. an image's width. */
export function pixels(label: string, help?: string) {
  const message = `${label} must be a whole number of pixels from 1 to 10000`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(10_000, { error: message })
    .meta({ label, help });
}

/** A year such as 2024. */
export function year(label: string, help?: string) {
  const message = `${label} must be a year from 1900 to 2100`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1900, { error: message })
    .max(2100, { error: message })
    .meta({ label, help });
}

/** A list with limits on how many items it holds. */
export function list<T extends z.ZodType>(
  item: T,
  label: string,
  limits: { min?: number; max: number; help?: string },
) {
  const min = limits.min ?? 0;
  const range =
    min === limits.max
      ? `exactly ${min}`
      : min > 0
        ? `from ${min} to ${limits.max}`
        : `at most ${limits.max}`;
  return z
    .array(item, { error: `${label} must be a list` })
    .min(min, { error: `${label} must have ${range} items` })
    .max(limits.max, { error: `${label} must have ${range} items` })
    .meta({ label, help: limits.help, minItems: min, maxItems: limits.max });
}

/** One of a fixed set of choices; `optionLabels` names each the way staff say it. */
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  label: string,
  help?: string,
  optionLabels?: Readonly<Record<T[number], string>>,
) {
  return z
    .enum(values, { error: `${label} must be one of: ${values.join(", ")}` })
    .meta({ label, help, ...(optionLabels ? { optionLabels } : {}) });
}

/** A group of fields shown together in the editor. Unknown fields are refused. */
export function group<S extends z.core.$ZodLooseShape>(shape: S, label: string, help?: string) {
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${label} has unknown fields: ${issue.keys.join(", ")}`
          : issue.input === undefined
            ? `${label} is required`
            : `${label} must be a group of fields`,
    })
    .meta({ label, help });
}

const ALT_HELP =
  "What the picture shows, for people who cannot see it. Leave empty only for a purely decorative picture, which screen readers then skip.";

/** A narrower copy of a picture, offered in its srcset. */
const imageVariant = group(
  {
    width: pixels("Width"),
    src: sitePath("Picture file (WebP)"),
    avifSrc: sitePath("Picture file (AVIF)").optional(),
  },
  "Narrower copy",
);

/** Which page width a picture serves, and the other width's slot for the same place. */
export interface PictureWidth {
  /** desktop: the page for screens 600 px and wider; mobile: the phone page. */
  servesWidth: "desktop" | "mobile";
  /** The other width's picture in the same entry ("mobile.masthead"), offered "… too". */
  counterpart?: string;
}

/** A picture: its files, alt text and real size in pixels (ImageAsset in app/content/types.ts). */
export function image(label: string, help?: string, width?: PictureWidth) {
  const picture = group(
    {
      src: sitePath("Picture file", "Address of the picture on this site, e.g. /images/hero.webp."),
      avifSrc: sitePath(
        "AVIF file",
        "Optional smaller AVIF version of the same picture, offered first.",
      ).optional(),
      alt: singleLine("Alt text", 400, { help: ALT_HELP, allowEmpty: true }),
      width: pixels("Width", "The picture's real width in pixels."),
      height: pixels("Height", "The picture's real height in pixels."),
      variants: list(imageVariant, "Narrower copies", {
        max: 8,
        help: "Made automatically for uploaded pictures; a phone downloads the one that fits.",
      }).optional(),
    },
    label,
    help,
  );
  return width ? picture.meta({ ...picture.meta(), ...width }) : picture;
}

const SIZE_FROM_POSTER =
  "Filled in from the poster picture when you choose it from the library; the video has the same size.";

/** A short, silent, looping video in public/video/. */
export function video(label: string, help?: string) {
  return group(
    {
      src: sitePath("MP4 file", "The H.264 MP4 file, which plays everywhere."),
      sources: list(
        group(
          {
            src: sitePath("File", "A .webm or .mp4 file."),
            // Made from the file's name by the editor (decision 035); still stored, as before.
            type: z
              .enum(["video/webm", "video/mp4"], { error: "Format must be WebM or MP4" })
              .meta({
                label: "Format",
                optionLabels: { "video/webm": "WebM video", "video/mp4": "MP4 video" },
                derived: { kind: "video-type", from: "src" },
              }),
          },
          "Encoding",
        ).refine((encoding) => videoTypeOf(encoding.src) === encoding.type, {
          error: "File must be a .webm or .mp4 file that matches its format",
          path: ["src"],
        }),
        "Encodings",
        { min: 1, max: 4, help: "Every encoding, best first: WebM, then MP4." },
      ),
      // The editor offers the media library for the poster and takes the size from it (decision 035).
      poster: sitePath(
        "Poster picture",
        "Still picture shown before the video plays.",
        "poster-path",
      ),
      width: pixels("Width", SIZE_FROM_POSTER),
      height: pixels("Height", SIZE_FROM_POSTER),
      label: singleLine("Description", 300, {
        help: "What the video shows, for people who cannot see it (the videos have no sound).",
      }),
    },
    label,
    help,
  );
}

/** A link to another site; it opens in a new tab. */
export function externalLink(label: string, help?: string) {
  return group(
    {
      label: singleLine("Link text", 80),
      url: webAddress("Web address"),
      accessibleLabel: singleLine("Longer accessible name", 200, {
        help: 'Read by screen readers instead of the link text when that alone ("Learn More") would not say where the link goes.',
      }).optional(),
    },
    label,
    help,
  );
}

/** A link to a page of this site. */
export function internalLink(label: string, help?: string) {
  return group({ label: singleLine("Link text", 80), to: pagePath("Page") }, label, help);
}

/** A link to a page that exists as a desktop and a mobile variant. */
export function responsiveLink(label: string, help?: string) {
  return group(
    {
      label: singleLine("Link text", 80),
      toDesktop: pagePath("Desktop page"),
      toMobile: pagePath("Mobile page"),
    },
    label,
    help,
  );
}

/**
 * A name used in page addresses and element ids: lowercase letters, digits and hyphens. With
 * `derived`, the editor makes it from another field (an anchor from the heading) and shows it.
 */
export function slug(label: string, help?: string, derived?: Derivation) {
  return z
    .string({ error: required(label) })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: `${label} must be lowercase letters, digits and single hyphens, e.g. co-design`,
    })
    .max(60, { error: tooLong(label, 60) })
    .meta({ label, help, ...(derived ? { derived } : {}) });
}

/** A heading with one or more paragraphs. */
export function textSection(label: string, help?: string) {
  return group(
    {
      id: slug(
        "Anchor name",
        "Names the section in the page; keep it unless you rename the section.",
        { kind: "anchor", from: "heading" },
      ),
      heading: singleLine("Heading", 120),
      paragraphs: list(multiLine("Paragraph", 1500), "Paragraphs", { min: 1, max: 10 }),
    },
    label,
    help,
  );
}

/** A title with a short description (features, benefits, steps). */
export function titledText(label: string, titleMax = 120, descriptionMax = 600) {
  return group(
    {
      title: singleLine("Title", titleMax),
      description: multiLine("Description", descriptionMax),
    },
    label,
  );
}
