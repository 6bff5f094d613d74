import { describe, expect, it } from "vitest";
import { CONTENT_COLLECTIONS } from "#common/content/registry";
import { aboutSchema } from "#common/content/about";
import { courseSchema } from "#common/content/courses";
import { projectSchema } from "#common/content/projects";
import { z } from "#common/zod";
import { eventSchema } from "#common/content/event";
import {
  describeField,
  emptyValue,
  helpWithoutPlaceholder,
  type Field,
  type GroupField,
} from "./schema-fields";
import { changedPaths, labelForPath, setAt } from "./value-path";

const group = (schema: z.ZodType) => describeField(schema) as GroupField;
const fieldOf = (field: GroupField, key: string): Field =>
  field.fields.find((entry) => entry.key === key)!.field;

describe("describeField", () => {
  it("describes every collection's schema (a new kind of field fails here, not in the form)", () => {
    for (const definition of CONTENT_COLLECTIONS) {
      expect(describeField(definition.schema).kind).toBe("group");
    }
  });

  it("reads labels, help, required marks and limits from the schema", () => {
    const about = group(aboutSchema);
    expect(fieldOf(about, "heading")).toMatchObject({
      kind: "text",
      label: "Heading",
      required: true,
      maxLength: 120,
      multiline: false,
    });
    expect(fieldOf(about, "taglines")).toMatchObject({
      kind: "list",
      minItems: 1,
      maxItems: 5,
      help: "Short words shown above the heading.",
      item: { kind: "text", label: "Tagline", maxLength: 40 },
    });
    const howWeWork = fieldOf(about, "howWeWork") as GroupField;
    expect(fieldOf(howWeWork, "intro")).toMatchObject({ multiline: true, maxLength: 600 });
    const course = group(courseSchema);
    expect(fieldOf(course, "id")).toMatchObject({
      kind: "number",
      min: 1,
      max: 9999,
      integer: true,
    });
    expect(fieldOf(course, "variant")).toMatchObject({
      kind: "choice",
      options: ["desktop", "mobile", "both"],
    });
    expect(fieldOf(course, "icon")).toMatchObject({ kind: "text", required: false, label: "Icon" });
    const project = group(projectSchema);
    const media = fieldOf(project, "media");
    expect(media).toMatchObject({ kind: "variants", discriminator: "type" });
    if (media.kind !== "variants") throw new Error("media");
    expect(media.options.map((option) => [option.value, option.field.image])).toEqual([
      ["video", false],
      ["image", true],
    ]);
    expect(fieldOf(project, "link")).toMatchObject({ kind: "text", format: "web-address" });
  });

  it("refuses a zod type it cannot show", () => {
    expect(() => describeField(z.object({ when: z.date() }))).toThrow(/cannot show/);
  });

  it("starts a new entry with every required field, which the schema then checks", () => {
    const empty = emptyValue(group(courseSchema));
    expect(empty).toEqual({ title: "", description: "", variant: "desktop" });
    const filled = setAt(setAt(setAt(empty, ["id"], 7), ["title"], "T"), ["description"], "D");
    expect(courseSchema.safeParse(filled).success).toBe(true);
  });
});

describe("comparing versions", () => {
  it("names changed fields by their labels, list items by their number", () => {
    const about = group(aboutSchema);
    expect(labelForPath(about, "howWeWork.steps.1.title")).toBe("How we work › Steps › 2 › Title");
    expect(changedPaths({ a: ["x", "y"], b: 1 }, { a: ["x", "z"], b: 1, c: 2 })).toEqual([
      "a.1",
      "c",
    ]);
  });
});

/** Every value a new entry starts with that staff must give (texts, numbers, choices). */
function requiredLeaves(field: Field, path: string, out: string[] = []): string[] {
  if (field.kind === "group") {
    for (const entry of field.fields) {
      if (entry.field.required) requiredLeaves(entry.field, `${path}.${entry.key}`, out);
    }
  } else if (field.kind === "list") {
    for (let index = 0; index < field.minItems; index += 1) {
      requiredLeaves(field.item, `${path}.${index}`, out);
    }
  } else if (field.kind === "tuple") {
    field.items.forEach((item, index) => requiredLeaves(item, `${path}.${index}`, out));
  } else if (field.kind !== "variants" && field.kind !== "fixed") out.push(path);
  return out;
}

/** Every field's help anywhere in a description. */
function helpTexts(field: Field, out: string[] = []): string[] {
  if (field.help !== undefined) out.push(field.help);
  if (field.kind === "group") for (const entry of field.fields) helpTexts(entry.field, out);
  else if (field.kind === "list") helpTexts(field.item, out);
  else if (field.kind === "tuple") for (const item of field.items) helpTexts(item, out);
  else if (field.kind === "variants")
    for (const option of field.options) helpTexts(option.field, out);
  return out;
}

describe("a new entry asks only for what a person knows (issue 29)", () => {
  it("a new event needs its title, its session's times and its place: 6 fields at most", () => {
    const event = group(eventSchema);
    expect(requiredLeaves(event, "data")).toEqual([
      "data.slug",
      "data.title",
      "data.timezone",
      "data.sessions.0.start",
      "data.sessions.0.end",
      "data.location.name",
    ]);
    // The address name is made from the title, the time zone chosen already: typed are four.
    expect(fieldOf(event, "slug").derived).toEqual({ kind: "address", from: "title" });
    expect(emptyValue(event)).toEqual({
      slug: "",
      status: "scheduled",
      title: "",
      timezone: "America/Los_Angeles",
      sessions: [{ start: "", end: "" }],
      location: { name: "" },
    });
    // Filled in, it publishes: every other block is optional and the labels are the site's.
    const parsed = eventSchema.parse({
      slug: "spring-workshop",
      title: "Spring workshop",
      timezone: "America/Los_Angeles",
      sessions: [{ start: "2027-04-10T10:00:00-07:00", end: "2027-04-10T12:00:00-07:00" }],
      location: { name: "Community hall" },
    });
    expect(parsed.card).toEqual({
      heading: "Join Us",
      dateLabel: "Dates",
      timeLabel: "Time",
      locationLabel: "Location",
    });
    expect(parsed.gallery).toBeUndefined();
    expect(parsed.team).toBeUndefined();
    expect(parsed.status).toBe("scheduled");
  });

  it("the site supplies control words: optional overrides, never required", () => {
    const event = group(eventSchema);
    const gallery = fieldOf(event, "gallery") as GroupField;
    expect(gallery.required).toBe(false);
    const controls = fieldOf(gallery, "controls") as GroupField;
    expect(controls.required).toBe(false);
    expect(controls.fields.every((entry) => !entry.field.required)).toBe(true);
    expect(fieldOf(controls, "previous").help).toBe('Leave empty for "Previous slide".');
    const card = fieldOf(event, "card") as GroupField;
    expect(card.fields.map((entry) => entry.field.required)).toEqual([false, false, false, false]);
    const footnote = fieldOf(event, "footnote") as GroupField;
    expect(footnote.required).toBe(false);
    expect(fieldOf(footnote, "marker").required).toBe(false);
    for (const key of ["register", "social", "about", "artMap", "team", "joinTheMovement"]) {
      expect(fieldOf(event, key).required, key).toBe(false);
    }
  });

  it("no help text says PLACEHOLDER; the fields it marked are still known as placeholders", () => {
    for (const definition of CONTENT_COLLECTIONS) {
      const texts = helpTexts(describeField(definition.schema));
      expect(
        texts.filter((text) => text.includes("PLACEHOLDER")),
        definition.name,
      ).toEqual([]);
    }
    const location = fieldOf(group(eventSchema), "location") as GroupField;
    expect(fieldOf(location, "name")).toMatchObject({ placeholder: true });
    expect(fieldOf(location, "name").help).toBeUndefined();
    expect(fieldOf(location, "city").placeholder).toBeUndefined();
  });

  it("takes the PLACEHOLDER note out of a help text and keeps the rest", () => {
    const cases: [string, string | undefined][] = [
      ["PLACEHOLDER until launch.", undefined],
      ["PLACEHOLDER until launch: the real flyer.", "The real flyer."],
      ["PLACEHOLDER address until launch: the ticketing page.", "The ticketing page."],
      ["PLACEHOLDER until launch (may be left out).", "May be left out."],
      ["PLACEHOLDER until launch. Opens in a new tab.", "Opens in a new tab."],
      [
        "Shown in the browser tab and search results; about 60 characters reads best. PLACEHOLDER organisation name until launch.",
        "Shown in the browser tab and search results; about 60 characters reads best.",
      ],
      [
        "For dark backgrounds. Its alt text is the organisation name (PLACEHOLDER until launch).",
        "For dark backgrounds. Its alt text is the organisation name.",
      ],
      [
        "Use a logo only with the organisation's permission. PLACEHOLDER: the six seeded partners are fictional.",
        "Use a logo only with the organisation's permission.",
      ],
    ];
    for (const [help, shown] of cases) {
      expect(helpWithoutPlaceholder(help), help).toEqual({
        ...(shown === undefined ? {} : { help: shown }),
        placeholder: true,
      });
    }
    expect(helpWithoutPlaceholder("Two letters, e.g. US.")).toEqual({
      help: "Two letters, e.g. US.",
      placeholder: false,
    });
  });
});
