import { describe, expect, it } from "vitest";
import { countSegments, OPT_OUT_LINE, textAsItArrives } from "./sms-segments.js";

describe("countSegments", () => {
  it("counts GSM-7 as 160 in one segment, 153 each when split", () => {
    expect(countSegments("a".repeat(160))).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(countSegments("a".repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
    expect(countSegments("").segments).toBe(0);
  });

  it("counts an extension character (€, [, ]) as two", () => {
    expect(countSegments("€".repeat(80))).toMatchObject({ characters: 160, segments: 1 });
    expect(countSegments("€".repeat(81)).segments).toBe(2);
  });

  it("counts any other character as UCS-2: 70, or 67 each", () => {
    const curly = "It’s" + "a".repeat(66);
    expect(countSegments(curly)).toMatchObject({ encoding: "UCS-2", characters: 70, segments: 1 });
    expect(countSegments(curly + "a").segments).toBe(2);
    expect(countSegments("é".repeat(10)).encoding).toBe("GSM-7");
    expect(countSegments("ê".repeat(10)).encoding).toBe("UCS-2");
  });
});

describe("textAsItArrives", () => {
  it("puts the program name first and adds the opt-out words when missing", () => {
    expect(textAsItArrives(" Doors open at 6. ", "Commons")).toBe(
      `Commons: Doors open at 6. ${OPT_OUT_LINE}`,
    );
    expect(textAsItArrives("Commons: see you. Reply STOP to end", "Commons")).toBe(
      "Commons: see you. Reply STOP to end",
    );
  });
});
