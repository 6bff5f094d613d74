// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { group, singleLine } from "#common/content/fields";
import { describeField, type GroupField } from "../schema/schema-fields";
import { REVISIONS_BUTTON_ID } from "../entry/Revisions";
import { SchemaForm } from "./SchemaForm";

const section = (label: string) => group({ heading: singleLine("Heading", 80) }, label);

function renderForm(count: number, withRevisions = false) {
  const names = ["Hero", "About", "Steps", "Partners", "Footer"].slice(0, count);
  const schema = group(
    Object.fromEntries(names.map((name) => [name.toLowerCase(), section(name)])),
    "Page",
  );
  const value = Object.fromEntries(names.map((name) => [name.toLowerCase(), { heading: name }]));
  render(
    <SchemaForm
      field={describeField(schema) as GroupField}
      value={value}
      errors={{}}
      onChange={() => {}}
      withRevisions={withRevisions}
    />,
  );
}

describe("the contents of a long entry", () => {
  it("links every section and moves focus to the one followed", async () => {
    const user = userEvent.setup();
    renderForm(5);
    const nav = screen.getByRole("navigation", { name: "Sections" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "Hero",
      "About",
      "Steps",
      "Partners",
      "Footer",
    ]);
    await user.click(within(nav).getByRole("link", { name: "Partners" }));
    expect(document.activeElement?.id).toBe("field-partners");
  });

  it("leads to a saved entry's Revisions button last", async () => {
    const user = userEvent.setup();
    renderForm(4, true);
    const revisions = document.createElement("button");
    revisions.id = REVISIONS_BUTTON_ID;
    document.body.append(revisions);
    const nav = screen.getByRole("navigation", { name: "Sections" });
    const last = within(nav).getAllByRole("link").at(-1)!;
    expect(last.textContent).toBe("Revisions");
    await user.click(last);
    expect(document.activeElement).toBe(revisions);
    revisions.remove();
  });

  it("is left out of a short entry", () => {
    renderForm(3);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
