// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SiteUpdate } from "#common/updates";
import { renderWithContent } from "~/content/test-content";
import { UpdatesPage } from "./UpdatesPage";
import { updatesPage } from "./updates-archive";

const at = "2026-11-01T17:00:00.000Z";
const update = (id: string, title: string, url: string | null): SiteUpdate => ({
  id,
  type: "news",
  title,
  summary: `About ${title}.`,
  url,
  image_url: null,
  status: "published",
  featured: false,
  published_at: at,
  created_at: at,
  updated_at: at,
});

describe("/updates", () => {
  it("opens every update's link when it has one, in a new tab; the others are plain titles", () => {
    renderWithContent(
      <UpdatesPage
        page={updatesPage(
          [
            update("a", "A report", "https://reports.example.org/2026"),
            update("b", "A note", null),
            update("c", "Not a web address", "javascript:alert(1)"),
          ],
          1,
        )}
      />,
    );
    const link = screen.getByRole("link", { name: /^A report/ });
    expect(link.getAttribute("href")).toBe("https://reports.example.org/2026");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.queryByRole("link", { name: /A note/ })).toBeNull();
    expect(screen.getByRole("heading", { name: "A note" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Not a web address/ })).toBeNull();
  });
});
