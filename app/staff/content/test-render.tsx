import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { LiveRegionProvider } from "~/lib/live-region";
import { StaffShell } from "../shell";
import { AdminContentPage } from "./AdminContentPage";
import { ContentToDo } from "./overview/ContentToDo";
import { installFakeContentApi } from "./test-fake-api";

/** The content pages inside the real staff shell, in a data router (for useBlocker). */
export function renderContent(start: string) {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      {
        element: (
          <LiveRegionProvider>
            <StaffShell />
          </LiveRegionProvider>
        ),
        children: [
          { path: "/admin", element: <ContentToDo /> },
          { path: "/admin/content", element: <AdminContentPage /> },
          { path: "/admin/content/:collection", element: <AdminContentPage /> },
          { path: "/admin/content/:collection/:id", element: <AdminContentPage /> },
          { path: "/admin/messages", element: <p>Messages page</p> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return { user, router };
}

/** Labels as read aloud: the required mark is hidden from screen readers, "(optional)" is not. */
export const LABEL = {
  normalizer: (text: string) => text.trim().replace(/\s+/g, " ").replace(/ \*$/, ""),
};

export const liveRegion = () => document.querySelector<HTMLElement>("[aria-live='polite']")!;

export async function openAbout() {
  const fake = installFakeContentApi();
  const view = renderContent("/admin/content/about");
  await screen.findByRole("heading", { level: 2, name: "About page" });
  return { fake, ...view };
}
