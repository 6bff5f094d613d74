import { describe, expect, it } from "vitest";
import { EncodingNegotiator, parseAcceptEncoding } from "./accept-encoding.js";

describe("parseAcceptEncoding", () => {
  it.each([
    [undefined, { br: false, gzip: false }],
    ["", { br: false, gzip: false }],
    ["gzip, deflate, br, zstd", { br: true, gzip: true }],
    ["gzip", { br: false, gzip: true }],
    ["x-gzip", { br: false, gzip: true }],
    ["BR;q=0.5", { br: true, gzip: false }],
    ["br;q=0, gzip", { br: false, gzip: true }],
    ["br;q=0.0, gzip;q=0", { br: false, gzip: false }],
    ["*", { br: true, gzip: true }],
    ["*;q=0", { br: false, gzip: false }],
    ["gzip;q=0, *", { br: true, gzip: false }],
    ["identity", { br: false, gzip: false }],
    ["br;q=abc", { br: false, gzip: false }],
  ])("%j", (header, expected) => {
    expect(parseAcceptEncoding(header)).toEqual(expected);
  });
});

describe("EncodingNegotiator", () => {
  const negotiator = new EncodingNegotiator();
  const both = { br: true, gzip: true };

  it("prefers br, then gzip, then identity", () => {
    expect(negotiator.choose("gzip, br", both)).toBe("br");
    expect(negotiator.choose("gzip", both)).toBe("gzip");
    expect(negotiator.choose("deflate", both)).toBe("identity");
    expect(negotiator.choose(undefined, both)).toBe("identity");
  });

  it("only picks codings the file has", () => {
    expect(negotiator.choose("br, gzip", { br: false, gzip: true })).toBe("gzip");
    expect(negotiator.choose("br", { br: false, gzip: true })).toBe("identity");
    expect(negotiator.choose("br", { br: false, gzip: false })).toBe("identity");
  });

  it("answers the same from its cache and stays bounded", () => {
    for (let i = 0; i < 1000; i++) negotiator.choose(`gzip;q=0.${i % 10}, x${i}`, both);
    expect(negotiator.choose("gzip, br", both)).toBe("br");
    expect(negotiator.choose("gzip;q=0, br;q=0", both)).toBe("identity");
  });
});
