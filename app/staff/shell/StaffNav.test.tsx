// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { StaffNav } from "./StaffNav";

function renderNav() {
  const router = createMemoryRouter(
    [{ path: "*", element: <StaffNav current="/admin/content" /> }],
    { initialEntries: ["/admin/content"] },
  );
  render(<RouterProvider router={router} />);
}

describe("the staff navigation's compact menu", () => {
  it("opens and closes by keyboard; Escape closes it and returns focus to Menu", async () => {
    const user = userEvent.setup();
    renderNav();
    const menu = screen.getByRole("button", { name: "Menu, staff pages" });
    const list = document.getElementById(menu.getAttribute("aria-controls")!)!;
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(list.dataset.open).toBe("false");
    menu.focus();
    await user.keyboard("{Enter}");
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    expect(list.dataset.open).toBe("true");
    await user.tab();
    expect(document.activeElement?.getAttribute("href")).toBe("/admin");
    await user.keyboard("{Escape}");
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menu);
    expect(screen.getByRole("link", { name: "Content" }).getAttribute("aria-current")).toBe("page");
  });
});
