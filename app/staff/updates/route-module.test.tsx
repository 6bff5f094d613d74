// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import AdminShellRoute from "~/routes/admin-shell";
import AdminUpdatesRoute, { meta } from "~/routes/admin-updates";
import { FakeApi } from "./test-support";

afterEach(() => {
  vi.unstubAllGlobals();
});

it("gives the admin route a title and keeps it out of search engines", () => {
  const descriptors = meta({} as Parameters<typeof meta>[0]);
  expect(descriptors).toContainEqual({ title: "Site updates · Admin" });
  expect(descriptors).toContainEqual({ name: "robots", content: "noindex" });
});

it("renders the admin page inside the staff shell route", async () => {
  new FakeApi().install();
  render(
    <MemoryRouter initialEntries={["/admin/updates"]}>
      <Routes>
        <Route element={<AdminShellRoute />}>
          <Route path="/admin/updates" element={<AdminUpdatesRoute />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByLabelText("Password")).toBeTruthy();
  expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Site updates");
});

it("switches zod to jitless before any schema is built (no eval under the site's CSP)", async () => {
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
});
