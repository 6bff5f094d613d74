// @vitest-environment jsdom
import { act, createElement, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";
import { hydrateIslands, type IslandLoader } from "./hydrate";
import { Island } from "./Island";
import { islandPropsJson } from "./serialize";

function Counter({ label, start }: { label: string; start: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      {label} {count}
    </button>
  );
}

const counter: IslandLoader = () =>
  Promise.resolve(Counter as unknown as Awaited<ReturnType<IslandLoader>>);

function Page({ label }: { label: string }) {
  return (
    <main>
      <h1>Static heading</h1>
      <Island name="counter" component={Counter} props={{ label, start: 2 }} />
      <p>Static text</p>
    </main>
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

const hydrate = (container: Element, node: React.ReactNode) => hydrateRoot(container, node);

it("escapes what could end the data block, and JSON.parse gives the props back", () => {
  const props = { text: "</script><!-- & \u2028 >", n: 1 };
  const json = islandPropsJson(props);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(props);
  expect(() => islandPropsJson(() => 1)).toThrow(/JSON/);
});

it("hydrates only the island, from its serialised props, without a mismatch", async () => {
  const errors = vi.spyOn(console, "error");
  const label = "Clicks </script> & more";
  document.body.innerHTML = renderToString(<Page label={label} />);
  const button = document.querySelector("button")!;
  const heading = document.querySelector("h1")!;

  let names: string[] = [];
  await act(async () => {
    names = await hydrateIslands(document, { counter }, hydrate, createElement);
  });
  expect(names).toEqual(["counter"]);
  // The server's elements were adopted, not replaced; the rest of the page is untouched.
  expect(document.querySelector("button")).toBe(button);
  expect(document.querySelector("h1")).toBe(heading);
  expect(button.textContent).toBe(`${label} 2`);
  await act(async () => button.click());
  expect(button.textContent).toBe(`${label} 3`);
  expect(errors).not.toHaveBeenCalled();

  // A second pass finds nothing new to hydrate.
  await act(async () => {
    names = await hydrateIslands(document, { counter }, hydrate, createElement);
  });
  expect(names).toEqual([]);
});

it("leaves the server's HTML alone for an unknown island or a missing props block", async () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  document.body.innerHTML =
    '<div data-island="nope"><button>a</button></div><script type="application/json" data-island-props="">{}</script>' +
    '<div data-island="counter"><button>b</button></div>' +
    '<div data-island="counter"><button>c</button></div><script type="application/json" data-island-props="">[1]</script>';
  const names = await hydrateIslands(document, { counter }, hydrate, createElement);
  expect(names).toEqual([]);
  expect(errors).toHaveBeenCalledTimes(3);
  expect(document.querySelectorAll("[data-island-hydrated]")).toHaveLength(0);
});
