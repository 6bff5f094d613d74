import type { CollectionDefinition } from "./collections.js";
import { choice, group, mediaPath, multiLine, singleLine } from "./fields.js";
import { coursesSeed } from "./seed/courses.js";
import { z } from "../zod.js";

export const COURSE_TITLE_MAX = 120;
export const COURSE_DESCRIPTION_MAX = 1000;
export const COURSE_VARIANTS = ["desktop", "mobile", "both"] as const;

const idMessage = "Course number must be a whole number from 1 to 9999";

/** A course card on the services pages. */
export const courseSchema = group(
  {
    id: z
      .number({ error: idMessage })
      .int({ error: idMessage })
      .min(1, { error: idMessage })
      .max(9999, { error: idMessage })
      .meta({
        label: "Course number",
        help: "Identifies the course; every course has its own. Keep it when you edit the course.",
      }),
    title: singleLine("Title", COURSE_TITLE_MAX),
    description: multiLine("Description", COURSE_DESCRIPTION_MAX),
    variant: choice(COURSE_VARIANTS, "Shown on", "Which services page lists the course.", {
      desktop: "Desktop page",
      mobile: "Mobile page",
      both: "Both",
    }),
    icon: mediaPath(
      "Icon",
      "Optional small picture shown beside the title: choose one from the media library.",
    ).optional(),
  },
  "Course",
);

export type Course = z.output<typeof courseSchema>;

/** The message when two courses share a number (checked across the whole list). */
export function duplicateCourseIdMessage(id: number): string {
  return `Course number ${id} is already used by another course`;
}

/** The numbers used by more than one course. */
export function duplicateCourseIds(courses: readonly Pick<Course, "id">[]): number[] {
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const { id } of courses) (seen.has(id) ? duplicates : seen).add(id);
  return [...duplicates];
}

export const coursesCollection: CollectionDefinition<Course> = {
  name: "courses",
  label: "Courses",
  itemLabel: "course",
  kind: "list",
  schema: courseSchema,
  seed: coursesSeed,
};
