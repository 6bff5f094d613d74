// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { COLLECTION_NAMES } from "../../../common/content/collections";
import { renderStaffPage } from "../admin-shell/test-support";
import { AdminContentPage, CONTENT_TEXT } from "./AdminContentPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

it("lists every content collection by name and kind, and says plainly that editing is not built", async () => {
  const fetchMock = vi.fn(async () => jsonResponse(200, { admin: true }));
  vi.stubGlobal("fetch", fetchMock);
  renderStaffPage("/admin/content", <AdminContentPage />);

  const table = await screen.findByRole("table", { name: "Content collections" });
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Content");
  expect(screen.getByText(CONTENT_TEXT.notYet)).toBeTruthy();
  const rows = within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent,
      within(row).getByRole("cell").textContent,
    ]);
  expect(rows.map(([name]) => name)).toEqual([...COLLECTION_NAMES]);
  expect(Object.fromEntries(rows)).toMatchObject({
    site: "Single entry",
    event: "Single entry",
    courses: "List of entries",
    team: "List of entries",
  });
  // Read-only: nothing to press or fill in besides the shell's own controls.
  const main = screen.getByRole("main");
  expect(within(main).queryAllByRole("textbox")).toEqual([]);
  expect(
    within(main)
      .getAllByRole("button")
      .map((button) => button.textContent),
  ).toEqual(["Logout"]);
  // It asks the server only about the session (there is no content API yet).
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
