import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadClientFiles } from "./load-client-files.js";
import {
  APP_JS,
  type Fixture,
  INDEX_HTML,
  STYLE_CSS,
  createClientFixture,
} from "./test-fixture.js";

describe("loadClientFiles", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await createClientFixture();
  });
  afterAll(() => fixture.cleanup());

  it("reads every file once, attaching .br and .gz siblings to their original", async () => {
    const { files } = await loadClientFiles(fixture.dir);
    expect(files.map((file) => file.relativePath)).toEqual([
      "__spa-fallback.html",
      "about-desktop/index.html",
      "assets/app-abc123.js",
      "assets/stale.js",
      "assets/style-def456.css",
      "data.bin.gz",
      "favicon.svg",
      "index.html",
      "media/clip.mp4",
      "robots.txt",
    ]);
    const byPath = new Map(files.map((file) => [file.relativePath, file]));
    expect(byPath.get("index.html")?.body.toString()).toBe(INDEX_HTML);
    expect(byPath.get("index.html")?.br).toBeInstanceOf(Buffer);
    expect(byPath.get("assets/app-abc123.js")?.body.toString()).toBe(APP_JS);
    expect(byPath.get("assets/app-abc123.js")?.gzip).toBeInstanceOf(Buffer);
    const css = byPath.get("assets/style-def456.css");
    expect(css?.body.toString()).toBe(STYLE_CSS);
    expect(css?.gzip).toBeDefined();
    expect(css?.br).toBeUndefined();
    expect(byPath.get("media/clip.mp4")?.body.equals(fixture.video)).toBe(true);
  });

  it("ignores a sibling that does not decompress to its original, with a warning", async () => {
    const { files, warnings } = await loadClientFiles(fixture.dir);
    const stale = files.find((file) => file.relativePath === "assets/stale.js");
    expect(stale?.gzip).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining("assets/stale.js.gz")]);
  });

  it("skips dot-files", async () => {
    const { files } = await loadClientFiles(fixture.dir);
    expect(files.some((file) => file.relativePath.includes(".env"))).toBe(false);
  });
});
