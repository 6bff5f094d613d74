// @vitest-environment jsdom
import { act, createElement, useId, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";
import { hydrateIslands, type IslandLoader } from "./hydrate";
import { Island } from "./Island";
import { islandPropsJson } from "./serialize";

function Counter({ label, start }: { label: string; start: number }) {
  const [count, setCount] = useState(start);
  const id = useId();
  return (
    <>
      <span id={id}>{label}</span>
      <button type="button" aria-describedby={id} onClick={() => setCount((value) => value + 1)}>
        {label} {count}
      </button>
    </>
  );
}

const counter: IslandLoader = () =>
  Promise.resolve(Counter as unknown as Awaited<ReturnType<IslandLoader>>);

function Heading() {
  return <h1 id={useId()}>Static heading</h1>;
}

function Page({ label }: { label: string }) {
  return (
    <main>
      <Heading />
      <Island name="counter" component={Counter} props={{ label: "first", start: 0 }} />
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

const hydrate = (
  container: Element,
  node: React.ReactNode,
  options: { identifierPrefix: string },
) => hydrateRoot(container, node, options);

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
  const button = document.querySelectorAll("button")[1]!;
  const heading = document.querySelector("h1")!;

  let names: string[] = [];
  await act(async () => {
    names = await hydrateIslands(document, { counter }, hydrate, createElement);
  });
  expect(names).toEqual(["counter", "counter"]);
  // The server's elements were adopted, not replaced; the rest of the page is untouched.
  expect(document.querySelectorAll("button")[1]).toBe(button);
  // Ids made by useId are unique across the page's islands and match the server's.
  const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
  expect(new Set(ids).size).toBe(3);
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

it("renders the same island markup inside the streaming renderer the server uses", async () => {
  const html = await new Promise<string>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page label="streamed" />, {
      onAllReady() {
        const sink = new PassThrough();
        let text = "";
        sink.on("data", (chunk: Buffer) => (text += chunk.toString()));
        sink.on("end", () => resolve(text));
        pipe(sink);
      },
      onError: reject,
    });
  });
  expect(html).toBe(renderToString(<Page label="streamed" />));
});
