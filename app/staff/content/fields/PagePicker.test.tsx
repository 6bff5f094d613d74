// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { group, internalLink, responsiveLink } from "#common/content/fields";
import { describeField, type GroupField } from "../schema/schema-fields";
import { SchemaForm } from "./SchemaForm";
import { SITE_PAGES } from "../schema/site-pages";
import { setAt } from "../schema/value-path";

const schema = group(
  { button: internalLink("Button"), footer: responsiveLink("Footer link") },
  "Page",
);

let latest: { button: { to: string }; footer: { toDesktop: string; toMobile: string } };

function Form({ initial }: { initial: typeof latest & Record<string, unknown> }) {
  const [value, setValue] = useState<unknown>(initial);
  latest = value as typeof latest;
  return (
    <SchemaForm
      field={describeField(schema) as GroupField}
      value={value}
      errors={{}}
      onChange={(path, next) => setValue((current: unknown) => setAt(current, path, next))}
    />
  );
}

const initial = {
  button: { label: "Contact", to: "/contact-desktop" },
  footer: { label: "About", toDesktop: "/about-desktop", toMobile: "/home-mobile#about" },
};

describe("the link picker", () => {
  it("offers the site's pages by name and stores the same paths as before", async () => {
    const user = userEvent.setup();
    render(<Form initial={initial} />);
    const page = screen.getByRole("combobox", { name: "Page" }) as HTMLSelectElement;
    expect(page.selectedOptions[0]!.textContent).toBe("Contact: Desktop page");
    await user.selectOptions(page, "Services: Mobile page");
    expect(latest.button.to).toBe("/services-mobile");
    await user.selectOptions(page, "Home (fits the visitor's screen)");
    expect(latest.button.to).toBe("/");
    // Every page of the route table is offered, each path once.
    const values = [...page.options].map((option) => option.value);
    for (const { path } of SITE_PAGES) expect(values).toContain(path);
    expect(new Set(values).size).toBe(values.length);
  });

  it("keeps an address that is not a page (a section of one) in a text field", async () => {
    const user = userEvent.setup();
    render(<Form initial={initial} />);
    const mobile = screen.getByRole("combobox", { name: "Mobile page" }) as HTMLSelectElement;
    expect(mobile.value).toBe("other");
    const address = screen.getByRole("textbox", { name: "Address on this site" });
    expect((address as HTMLInputElement).value).toBe("/home-mobile#about");
    await user.clear(address);
    await user.type(address, "/about-mobile#team");
    expect(latest.footer.toMobile).toBe("/about-mobile#team");
    await user.selectOptions(mobile, "About: Mobile page");
    expect(latest.footer.toMobile).toBe("/about-mobile");
    expect(screen.queryByRole("textbox", { name: "Address on this site" })).toBeNull();
    expect(latest.footer.toDesktop).toBe("/about-desktop");
  });
});
