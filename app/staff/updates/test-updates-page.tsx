// Shared set-up for the updates page's component tests: a fake staff API installed before each
// test, and finders for the page's fields and list rows.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { renderStaffPage } from "../shell/test-support";
import { AdminUpdatesPage } from "./AdminUpdatesPage";
import { FakeApi, makeUpdate } from "./test-support";

/** The fake API of the running test (a live binding: reassigned before each test). */
export let api: FakeApi;

/** Installs a fresh fake API before each test and restores timers, globals and mocks after it. */
export function installFakeUpdatesApi() {
  beforeEach(() => {
    api = new FakeApi().install();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** The updates page as the app shows it: inside the staff shell, which locks and unlocks it. */
export function renderPage() {
  return renderStaffPage("/admin/updates", <AdminUpdatesPage />);
}

/** Renders the page with a live session and waits for the list. */
export async function renderUnlocked(updates = [makeUpdate(1), makeUpdate(2)]) {
  api.loggedIn = true;
  api.updates = updates;
  const view = renderPage();
  await screen.findByRole("heading", { level: 2, name: "All updates" });
  await waitFor(() => expect(screen.queryByText("Loading updates...")).toBeNull());
  return view;
}

export function field(name: string) {
  return screen.getByLabelText(name) as HTMLInputElement;
}

export function listSection(): HTMLElement {
  return screen.getByRole("region", { name: "All updates" });
}

export function rowOf(title: string): HTMLElement {
  const heading = within(listSection()).getByRole("heading", { level: 3, name: title });
  return heading.closest("li")!;
}

export function rowTitles(): string[] {
  return within(listSection())
    .queryAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent ?? "");
}

export function lastRequest() {
  return api.adminRequests().at(-1)!;
}
