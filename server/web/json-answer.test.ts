import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { jsonAnswer } from "./json-answer";

const listOf = (count: number) =>
  Buffer.from(
    JSON.stringify(
      Array.from({ length: count }, (_, i) => ({
        id: i,
        title: `Update ${i}`,
        summary: "Join the free community mural gathering on two Saturdays in October.",
      })),
    ),
  );

describe("jsonAnswer", () => {
  it("carries br and gzip copies of a list worth compressing, each decoding to the JSON", () => {
    const body = listOf(20);
    const answer = jsonAnswer(body, "no-cache");
    expect(answer.available).toEqual({ br: true, gzip: true });
    expect(brotliDecompressSync(answer.br!.body)).toEqual(body);
    expect(gunzipSync(answer.gzip!.body)).toEqual(body);
    expect(answer.br!.body.length).toBeLessThan(body.length / 4);
    expect(answer.br!.headers).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "content-encoding": "br",
      "content-length": String(answer.br!.body.length),
      "cache-control": "no-cache",
      vary: "Accept-Encoding",
    });
    expect(answer.identity.headers["content-encoding"]).toBeUndefined();
    expect(answer.identity.headers["content-security-policy"]).toBeUndefined();
  });

  it("sends a short answer as it is, without Vary", () => {
    const answer = jsonAnswer(Buffer.from("[]"), "no-cache");
    expect(answer.available).toEqual({ br: false, gzip: false });
    expect(answer.identity.headers.vary).toBeUndefined();
    expect(answer.identity.etag).toMatch(/^".+"$/);
  });
});
