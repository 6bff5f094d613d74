import { act, render, type RenderResult } from "@testing-library/react";
import { useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import { createMemoryRouter, Outlet, RouterProvider, type InitialEntry } from "react-router";
import { seedSnapshot, type ContentSnapshot } from "#common/content/snapshot";
import { allSlices } from "./slices";

/*
 * Component tests render with content as the site does: from a route's loader data, read by
 * `useContent`. A stub route holds every slice of a snapshot (the seed unless told).
 */

export interface RenderWithContentOptions {
  /** The history to start with; the last entry is shown ("/" unless told). */
  initialEntries?: InitialEntry[];
  /** The entry shown, when not the last. */
  initialIndex?: number;
  /** Screens at their own paths; `ui` is shown at every other path. */
  routes?: readonly { path: string; Component: ComponentType }[];
  snapshot?: ContentSnapshot;
  /** Which variant's courses the `courses` slice holds. */
  variant?: "desktop" | "mobile";
}

export interface RenderWithContentResult extends Omit<RenderResult, "rerender"> {
  /** The memory router, to read where navigation went. */
  router: ReturnType<typeof createMemoryRouter>;
  /** Shows other markup in place of `ui`, keeping the router and its content. */
  rerender: (ui: ReactNode) => void;
}

const CONTENT_ROUTE_ID = "content";

export function renderWithContent(
  ui: ReactNode,
  options: RenderWithContentOptions = {},
): RenderWithContentResult {
  let current = ui;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const read = () => current;
  function Shown() {
    return <>{useSyncExternalStore(subscribe, read, read)}</>;
  }

  const slices = allSlices(options.snapshot ?? seedSnapshot(), options.variant);
  const entries = options.initialEntries ?? ["/"];
  const router = createMemoryRouter(
    [
      {
        id: CONTENT_ROUTE_ID,
        Component: Outlet,
        loader: () => slices,
        children: [
          ...(options.routes ?? []).map(({ path, Component }) => ({ path, Component })),
          { path: "*", Component: Shown },
        ],
      },
    ],
    {
      initialEntries: entries,
      initialIndex: options.initialIndex ?? entries.length - 1,
      hydrationData: { loaderData: { [CONTENT_ROUTE_ID]: slices } },
    },
  );
  const result = render(<RouterProvider router={router} />);
  return {
    ...result,
    router,
    rerender(next) {
      act(() => {
        current = next;
        for (const listener of listeners) listener();
      });
    },
  };
}
