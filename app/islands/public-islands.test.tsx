// @vitest-environment jsdom
import { act, createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { seedSnapshot } from "../../common/content/snapshot";
import { hydrateIslands } from "./hydrate";
import { Island } from "./Island";
import { islandRegistry } from "./registry";

// Every island the public pages carry, rendered by the server's Island from seed-like props and
// hydrated in the browser's way (the real registry, a root per island): each adopts the server's
// elements without a mismatch. The `*Island` wrappers pass exactly these kinds of props.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seed = seedSnapshot();
const update = {
  id: "u1",
  type: "news",
  title: "An update",
  summary: "What happened.",
  url: "https://example.org/news",
  image_url: null,
  published_at: "2026-11-01T12:00:00.000Z",
};
const video = seed.home.mobile.vrBlock.video;

const ISLANDS: Record<keyof typeof islandRegistry, { props: object; control: string }> = {
  "contact-form": {
    props: { content: seed.site.contact, action: "/contact-desktop" },
    control: "Submit",
  },
  "featured-strip": {
    props: { initialUpdates: [update, { ...update, id: "u2" }] },
    control: "Pause rotation",
  },
  gallery: { props: { gallery: seed.events[0]!.gallery, priority: true }, control: "Pause" },
  "looping-video": {
    props: { video, labels: { pauseVideo: "Pause video", playVideo: "Play video" } },
    control: "Play video",
  },
  "partner-carousel": {
    props: { heading: seed.home.partners, logos: seed.partners, pauseLabel: "Pause animation" },
    control: "Pause animation",
  },
  "sms-opt-in-form": {
    props: { content: seed.site.sms, source: "/sms-opt-in" },
    control: "Subscribe",
  },
};

const hydrate = (
  container: Element,
  node: React.ReactNode,
  options: { identifierPrefix: string },
) => hydrateRoot(container, node, options);

beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it("hydrates every public island from its serialised props, adopting the server's elements", async () => {
  const errors = vi.spyOn(console, "error");
  const names = Object.keys(ISLANDS) as (keyof typeof ISLANDS)[];
  const components = await Promise.all(names.map((name) => islandRegistry[name]()));
  document.body.innerHTML = renderToString(
    <main>
      {names.map((name, index) => (
        <Island
          key={name}
          name={name}
          component={components[index] as ComponentType<object>}
          props={ISLANDS[name].props}
        />
      ))}
    </main>,
  );
  const buttons = [...document.querySelectorAll("button")];

  let hydrated: string[] = [];
  await act(async () => {
    hydrated = await hydrateIslands(document, islandRegistry, hydrate, createElement);
  });
  expect(hydrated).toEqual(names);
  expect([...document.querySelectorAll("button")]).toEqual(buttons);
  for (const name of names) {
    const island = document.querySelector(`[data-island="${name}"]`)!;
    const control = [...island.querySelectorAll("button")].find((button) =>
      button.textContent?.includes(ISLANDS[name].control),
    );
    expect(control, `${name}: ${ISLANDS[name].control}`).toBeTruthy();
    expect(
      Object.keys(control!).some((key) => key.startsWith("__reactFiber$")),
      name,
    ).toBe(true);
  }
  // React renders no `muted` attribute on the server (the property is set on the client), and its
  // development build reports that as a difference; production does not check attributes.
  const mismatches = errors.mock.calls.filter(
    (call) =>
      !/^\s*\+\s*muted=\{true\}\s*\n\s*-\s*muted=\{false\}/m.test(call.map(String).join("\n")),
  );
  expect(mismatches).toEqual([]);
});

it("keeps what a visitor typed into a form before its island hydrated", async () => {
  const { ContactForm } = await import("~/features/contact-form/ContactForm");
  document.body.innerHTML = renderToString(
    <Island name="contact-form" component={ContactForm} props={{ content: seed.site.contact }} />,
  );
  const message = document.querySelector("textarea")!;
  message.value = "Typed before the scripts arrived";
  await act(async () => {
    await hydrateIslands(document, islandRegistry, hydrate, createElement);
  });
  expect(document.querySelector("textarea")).toBe(message);
  expect(message.value).toBe("Typed before the scripts arrived");
});
