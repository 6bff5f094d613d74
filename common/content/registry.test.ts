import { describe, expect, it } from "vitest";
import { z } from "../zod.js";
import { COLLECTION_NAMES, collectionKind, isCollectionName } from "./collections.js";
import { courseSchema, duplicateCourseIds } from "./courses.js";
import { fieldMeta } from "./fields.js";
import {
  CONTENT_COLLECTIONS,
  collectionDefinition,
  buildSnapshot,
  listProblems,
  seedSnapshot,
} from "./registry.js";

/** Visit a schema and every field inside it (groups, lists, tuples, alternatives). */
function walkFields(
  schema: z.ZodType,
  path: string,
  visit: (field: z.ZodType, path: string) => void,
) {
  visit(schema, path);
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  if (inner instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(inner.shape))
      walkFields(field as z.ZodType, `${path}.${key}`, visit);
  } else if (inner instanceof z.ZodArray) {
    walkFields(inner.element as z.ZodType, `${path}[]`, visit);
  } else if (inner instanceof z.ZodTuple) {
    inner.def.items.forEach((item, index) =>
      walkFields(item as z.ZodType, `${path}.${index}`, visit),
    );
  } else if (inner instanceof z.ZodDiscriminatedUnion) {
    inner.options.forEach((option, index) =>
      walkFields(option as z.ZodType, `${path}|${index}`, visit),
    );
  }
}

describe("content collections", () => {
  it("defines every collection in the contract's order, with labels and kinds", () => {
    expect(CONTENT_COLLECTIONS.map((definition) => definition.name)).toEqual([...COLLECTION_NAMES]);
    for (const definition of CONTENT_COLLECTIONS) {
      expect(definition.label.length).toBeGreaterThan(0);
      expect(definition.kind).toBe(collectionKind(definition.name));
      expect(collectionDefinition(definition.name)).toBe(definition);
    }
  });

  it("knows its collection names", () => {
    expect(COLLECTION_NAMES.every(isCollectionName)).toBe(true);
    expect(isCollectionName("pages")).toBe(false);
    expect(isCollectionName("toString")).toBe(false);
  });

  it("gives a singleton exactly one seed entry and a list at least one", () => {
    for (const definition of CONTENT_COLLECTIONS) {
      if (definition.kind === "singleton") expect(definition.seed).toHaveLength(1);
      else expect(definition.seed.length).toBeGreaterThan(0);
    }
  });

  it.each(CONTENT_COLLECTIONS.map((definition) => [definition.name, definition] as const))(
    "every seed entry of %s parses with its schema, unchanged",
    (_name, definition) => {
      for (const entry of definition.seed) {
        const result = definition.schema.safeParse(entry);
        expect(result.error?.issues ?? []).toEqual([]);
        expect(result.data).toEqual(entry);
      }
    },
  );

  it("labels every field, at every depth, for the editor", () => {
    const unlabelled: string[] = [];
    for (const definition of CONTENT_COLLECTIONS) {
      walkFields(definition.schema, definition.name, (field, path) => {
        if (!fieldMeta(field)?.label) unlabelled.push(path);
      });
    }
    expect(unlabelled).toEqual([]);
  });
});

describe("the seed snapshot", () => {
  it("holds a singleton's data or a list's items for every collection", () => {
    const snapshot = seedSnapshot();
    expect(Object.keys(snapshot).sort()).toEqual([...COLLECTION_NAMES].sort());
    for (const definition of CONTENT_COLLECTIONS) {
      const value = snapshot[definition.name];
      if (definition.kind === "singleton") expect(value).toBe(definition.seed[0]);
      else expect(value).toEqual(definition.seed);
    }
  });

  it("has the counts of docs/product.md", () => {
    const snapshot = seedSnapshot();
    const desktop = snapshot.courses.filter((course) => course.variant !== "mobile");
    const mobile = snapshot.courses.filter((course) => course.variant !== "desktop");
    expect(desktop.map((course) => course.id)).toEqual([8, 1, 3, 6, 2, 11]);
    expect(mobile.map((course) => course.title)).toEqual([
      "Co-Designing for Adults",
      "AI for Creatives",
      "AI Foundations",
      "Games-Based Learning",
    ]);
    expect(snapshot.projects).toHaveLength(3);
    expect(snapshot.team).toHaveLength(4);
    expect(snapshot.publications).toHaveLength(5);
    expect(snapshot.conferences).toHaveLength(4);
    expect(snapshot.partners).toHaveLength(6);
    expect(snapshot.events[0]!.team?.participants).toHaveLength(5);
  });

  it("gives every course its own number", () => {
    expect(duplicateCourseIds(seedSnapshot().courses)).toEqual([]);
    expect(duplicateCourseIds([{ id: 8 }, { id: 1 }, { id: 8 }])).toEqual([8]);
    expect(listProblems("courses", seedSnapshot().courses)).toEqual([]);
    expect(listProblems("courses", [...seedSnapshot().courses, { id: 11 }])).toEqual([
      "Course number 11 is already used by another course",
    ]);
    expect(listProblems("team", [{ id: 1 }, { id: 1 }])).toEqual([]);
  });

  it("gives every event its own address name", () => {
    const events = seedSnapshot().events;
    expect(listProblems("events", events)).toEqual([]);
    expect(listProblems("events", [...events, { ...events[0]!, title: "Again" }])).toEqual([
      'Two events have the address name "currents-of-care"; each needs its own',
    ]);
  });
});

describe("buildSnapshot", () => {
  it("takes a singleton's entry and a list's entries, in order", () => {
    const seed = seedSnapshot();
    const home = { ...seed.home, featuredProjectsHeading: "Our Projects" };
    const team = [seed.team[1]!, seed.team[0]!];
    const snapshot = buildSnapshot({ home: [home], team, partners: [] });
    expect(snapshot.home).toEqual(home);
    expect(snapshot.team).toEqual(team);
    expect(snapshot.partners).toEqual([]);
  });

  it("keeps the seed for a collection left out or a singleton with nothing published", () => {
    const seed = seedSnapshot();
    const snapshot = buildSnapshot({ site: [] });
    expect(snapshot).toEqual(seed);
  });
});

describe("course schema", () => {
  const course = seedSnapshot().courses[0]!;
  const messages = (data: unknown) =>
    courseSchema
      .safeParse(data)
      .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("accepts a title of 120 characters and refuses 121 with a message staff understand", () => {
    expect(messages({ ...course, title: "a".repeat(120) })).toBeUndefined();
    expect(messages({ ...course, title: "a".repeat(121) })).toEqual([
      ["title", "Title must be at most 120 characters"],
    ]);
  });

  it("requires a title, a description, a number and where it is shown", () => {
    const {
      title: _title,
      description: _description,
      id: _id,
      variant: _variant,
      ...rest
    } = course;
    expect(messages(rest)).toEqual([
      ["id", "Course number must be a whole number from 1 to 9999"],
      ["title", "Title is required"],
      ["description", "Description is required"],
      ["variant", "Shown on must be one of: desktop, mobile, both"],
    ]);
    expect(messages({ ...course, title: "" })).toEqual([["title", "Title is required"]]);
    expect(messages({ ...course, id: 2.5 })).toEqual([
      ["id", "Course number must be a whole number from 1 to 9999"],
    ]);
  });

  it("refuses tab and line breaks in a title but keeps them in a description", () => {
    for (const character of ["\t", "\n", "\r", "\u0000", "\u007f"]) {
      expect(messages({ ...course, title: `A${character}B` })).toEqual([
        [
          "title",
          "Title contains a control character (a text-direction control, for one) or invalid text",
        ],
      ]);
    }
    expect(messages({ ...course, description: "One.\n\tTwo.\r\n" })).toBeUndefined();
    expect(messages({ ...course, description: "One\u0000" })).toEqual([
      [
        "description",
        "Description contains a control character (a text-direction control, for one) or invalid text",
      ],
    ]);
  });

  it("refuses unknown fields", () => {
    expect(messages({ ...course, colour: "red" })).toEqual([
      ["", "Course has unknown fields: colour"],
    ]);
  });

  it("carries each field's label and help for the editor", () => {
    expect(fieldMeta(courseSchema.shape.title)).toEqual({ label: "Title", help: undefined });
    expect(fieldMeta(courseSchema.shape.variant)?.help).toMatch(/services page/);
    // "Shown on" reads Desktop page, Mobile page, Both (the stored values are unchanged).
    expect(courseSchema.shape.variant.meta()).toMatchObject({
      optionLabels: { desktop: "Desktop page", mobile: "Mobile page", both: "Both" },
    });
  });
});
