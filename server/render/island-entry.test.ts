import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { islandEntryUrl, readIslandEntryUrl, withIslandEntry } from "./island-entry";

const manifest = {
  "app/islands/entry.client.ts": { file: "assets/entry.client-AbC1.js", isEntry: true },
  "app/islands/start.ts": { file: "assets/start-XyZ2.js" },
  "app/features/featured-strip/FeaturedStrip.tsx": { file: "assets/FeaturedStrip-Q3.js" },
};

it("finds the one entry of the island build, under its base", () => {
  expect(islandEntryUrl(manifest, "/islands/")).toBe("/islands/assets/entry.client-AbC1.js");
  expect(islandEntryUrl(manifest, "/islands")).toBe("/islands/assets/entry.client-AbC1.js");
});

it("refuses a manifest with no entry or with several", () => {
  expect(() => islandEntryUrl({ a: { file: "a.js" } }, "/islands/")).toThrow(/0 entries/);
  expect(() =>
    islandEntryUrl({ a: { file: "a.js", isEntry: true }, b: { file: "b.js", isEntry: true } }, "/"),
  ).toThrow(/2 entries/);
});

it("names the entry in a data block at the end of the head of a page with an island, never as a module script", () => {
  const page =
    '<!DOCTYPE html><html><head><title>t</title></head><body><div class="x" data-island="featured-strip"></div></body></html>';
  expect(withIslandEntry(page, "/islands/assets/e.js")).toBe(
    '<!DOCTYPE html><html><head><title>t</title><script type="application/json" data-island-entry="">"/islands/assets/e.js"</script></head><body><div class="x" data-island="featured-strip"></div></body></html>',
  );
  // Nothing in the URL can end the element.
  expect(withIslandEntry(page, "/islands/</script>.js")).toContain('>"/islands//script.js"<');
});

it("leaves a page without an island without any script", () => {
  const page = "<html><head></head><body><p>data-island=&quot;x&quot;</p></body></html>";
  expect(withIslandEntry(page, "/islands/assets/e.js")).toBe(page);
});

it("reads the entry from the island build's manifest, and nothing from a build without one", async () => {
  const clientDir = await mkdtemp(path.join(tmpdir(), "island-entry-"));
  try {
    expect(await readIslandEntryUrl(clientDir)).toBeUndefined();
    await mkdir(path.join(clientDir, "islands", ".vite"), { recursive: true });
    await writeFile(
      path.join(clientDir, "islands", ".vite", "manifest.json"),
      JSON.stringify(manifest),
    );
    expect(await readIslandEntryUrl(clientDir)).toBe("/islands/assets/entry.client-AbC1.js");
    await writeFile(path.join(clientDir, "islands", ".vite", "manifest.json"), "{not json");
    await expect(readIslandEntryUrl(clientDir)).rejects.toThrow(SyntaxError);
  } finally {
    await rm(clientDir, { recursive: true, force: true });
  }
});
