import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUpdate } from "./test-support";
import {
  defaultFormValues,
  fieldErrorsFromServer,
  formValuesFromUpdate,
  localInputToIso,
  toLocalInputValue,
  validateUpdateForm,
} from "./form-values";

// A zone with an offset, so local time and UTC differ (Node reads TZ on change).
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/Los_Angeles";
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("datetime-local conversions", () => {
  it("formats a date in local time to the minute", () => {
    // 19:05 UTC on 11 October 2025 is 12:05 in Los Angeles (PDT, UTC-7).
    expect(toLocalInputValue(new Date("2025-10-11T19:05:59.000Z"))).toBe("2025-10-11T12:05");
  });

  it("reads a local datetime-local value as ISO UTC", () => {
    expect(localInputToIso("2025-10-11T12:00")).toBe("2025-10-11T19:00:00.000Z");
    expect(localInputToIso("2025-12-01T09:30")).toBe("2025-12-01T17:30:00.000Z");
  });

  it("leaves empty and unreadable values for the schema to refuse", () => {
    expect(localInputToIso("")).toBe("");
    expect(localInputToIso("not a date")).toBe("not a date");
  });
});

describe("defaults and edit values", () => {
  it("defaults to news, published, not featured, now", () => {
    const now = new Date("2025-10-11T19:05:00.000Z");
    expect(defaultFormValues(now)).toEqual({
      type: "news",
      title: "",
      summary: "",
      url: "",
      image_url: "",
      status: "published",
      featured: false,
      published_at: "2025-10-11T12:05",
    });
  });

  it("turns a stored update into form values", () => {
    const update = makeUpdate(1, {
      url: "https://example.org",
      image_url: null,
      published_at: "2025-10-11T19:05:00.000Z",
    });
    expect(formValuesFromUpdate(update)).toMatchObject({
      url: "https://example.org",
      image_url: "",
      published_at: "2025-10-11T12:05",
    });
  });
});

describe("validateUpdateForm", () => {
  const valid = { ...defaultFormValues(), title: "Title", summary: "Summary" };

  it("returns the schema's output for valid values", () => {
    const result = validateUpdateForm({
      ...valid,
      title: "  Title  ",
      url: " https://example.org/a ",
      published_at: "2025-10-11T12:00",
    });
    expect(result).toEqual({
      ok: true,
      input: {
        type: "news",
        title: "Title",
        summary: "Summary",
        url: "https://example.org/a",
        image_url: null,
        status: "published",
        featured: false,
        published_at: "2025-10-11T19:00:00.000Z",
      },
    });
  });

  it("sends the stored published_at when the input still shows it", () => {
    const original = "2025-10-11T19:05:42.123Z";
    const same = validateUpdateForm({ ...valid, published_at: "2025-10-11T12:05" }, original);
    expect(same.ok && same.input.published_at).toBe(original);
    const changed = validateUpdateForm({ ...valid, published_at: "2025-10-11T12:06" }, original);
    expect(changed.ok && changed.input.published_at).toBe("2025-10-11T19:06:00.000Z");
  });

  it("collects one message per field and each distinct message once, in field order", () => {
    const result = validateUpdateForm({
      ...valid,
      title: " ",
      summary: "",
      image_url: "ftp://example.org",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        title: "Title and summary are required",
        summary: "Title and summary are required",
        image_url: "Enter a full web address starting with http:// or https://",
      },
      messages: [
        "Title and summary are required",
        "Enter a full web address starting with http:// or https://",
      ],
    });
  });

  it("refuses a summary over 240 characters", () => {
    const result = validateUpdateForm({ ...valid, summary: "x".repeat(241) });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.messages).toEqual(["Summary must be 240 characters or less"]);
    expect(validateUpdateForm({ ...valid, summary: "x".repeat(240) }).ok).toBe(true);
  });
});

describe("fieldErrorsFromServer", () => {
  it("keeps only the form's fields", () => {
    expect(fieldErrorsFromServer({ url: "Bad", id: "Unknown field: id", _: "x" })).toEqual({
      url: "Bad",
    });
  });
});
