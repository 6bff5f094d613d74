import { describe, expect, it } from "vitest";
import { ifNoneMatchMatches, ifRangeAllows, parseRange } from "./conditional.js";

describe("ifNoneMatchMatches", () => {
  const etag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ["*", true],
    ['"abd"', false],
    ['"abc-gz"', false],
    ["", false],
  ])("%s → %s", (header, expected) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(expected);
  });
});

describe("parseRange", () => {
  it.each([
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-", { kind: "partial", start: 100, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=990-5000", { kind: "partial", start: 990, end: 999 }],
    ["bytes=999-999", { kind: "partial", start: 999, end: 999 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=5-3", { kind: "full" }],
    ["bytes=0-1,5-6", { kind: "full" }],
    ["items=0-1", { kind: "full" }],
    ["bytes=-", { kind: "full" }],
  ])("%s", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe("ifRangeAllows", () => {
  it("honours the range only when the strong validator still matches", () => {
    expect(ifRangeAllows(undefined, '"a"')).toBe(true);
    expect(ifRangeAllows('"a"', '"a"')).toBe(true);
    expect(ifRangeAllows('W/"a"', '"a"')).toBe(false);
    expect(ifRangeAllows("Wed, 21 Oct 2015 07:28:00 GMT", '"a"')).toBe(false);
  });
});
