import { describe, expect, it } from "vitest";
import { inquiredCourse } from "./form-outcome.js";

describe("the course an Inquire names", () => {
  it("is a course number of 1 to 6 digits, else none", () => {
    expect(inquiredCourse("8")).toBe(8);
    expect(inquiredCourse("123456")).toBe(123456);
    for (const value of [null, undefined, "", "0", "08", "1234567", "-1", "1.5", "8 ", "x"]) {
      expect(inquiredCourse(value), String(value)).toBeUndefined();
    }
  });
});
