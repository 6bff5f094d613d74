import { describe, expect, it } from "vitest";
import { CONTENT_COLLECTIONS } from "#common/content/registry";
import { aboutSchema } from "#common/content/about";
import { courseSchema } from "#common/content/courses";
import { projectSchema } from "#common/content/projects";
import { z } from "#common/zod";
import { describeField, emptyValue, type Field, type GroupField } from "./schema-fields";
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
