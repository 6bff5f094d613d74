// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LABEL, openAbout } from "../test-render";

afterEach(() => vi.unstubAllGlobals());

describe("the Revisions list names who published each revision", () => {
  it("says 'published by <name> on <date>'; the original names nobody; older ones say 'before named accounts'", async () => {
    const { user, fake } = await openAbout();
    // A revision published before named accounts: no author recorded.
    const [entry] = fake.entries.get("about")!;
    fake.revisions.get(entry!.id)!.unshift({
      revision: 2,
      published_at: "2026-11-20T10:00:00.000Z",
      data: entry!.data,
      kind: "publish",
      restored_from: null,
      published_by: null,
    });
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.clear(heading);
    await user.type(heading, "Changed heading");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await screen.findByText(/Published. The public site/, { selector: "p" });

    await user.click(screen.getByRole("button", { name: "Revisions" }));
    const titles = (await screen.findAllByRole("heading", { name: /^Revision \d/ })).map(
      (element) => element.textContent?.replace(/ on .*$/, " on <date>"),
    );
    expect(titles).toEqual([
      "Revision 3, published by Olive Owner on <date>",
      "Revision 2, published before named accounts on <date>",
      "Revision 1, the original content on <date>",
    ]);
  });
});
