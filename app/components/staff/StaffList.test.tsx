// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PagedList, StaffTable, type ListState } from "./StaffList";

afterEach(cleanup);

const TEXT = { loading: "Loading the list…", failed: "Could not load.", empty: "Nothing yet." };

function List({
  state,
  items,
  onShowMore,
}: {
  state: ListState;
  items: string[];
  onShowMore?: () => Promise<void>;
}) {
  return (
    <PagedList
      state={state}
      items={items}
      {...TEXT}
      more={onShowMore ? { label: "Show more", loadingLabel: "Loading…", onShowMore } : null}
    >
      {(shown) => (
        <StaffTable label="Things table" caption="Things, newest first" columns={["Name", "Size"]}>
          {shown.map((item) => (
            <tr key={item}>
              <th scope="row">{item}</th>
              <td>1</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </PagedList>
  );
}

describe("PagedList and StaffTable", () => {
  it("says the list is loading, then that it failed, each in its own live role", () => {
    const { rerender } = render(<List state="loading" items={[]} />);
    expect(screen.getByRole("status").textContent).toBe(TEXT.loading);
    expect(screen.queryByRole("table")).toBeNull();
    rerender(<List state="failed" items={[]} />);
    expect(screen.getByRole("alert").textContent).toBe(TEXT.failed);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says an empty list is empty, without a table or a show-more button", () => {
    render(<List state="ready" items={[]} onShowMore={async () => {}} />);
    expect(screen.getByText(TEXT.empty)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the rows in a named, focusable region with a caption and column headers", () => {
    render(<List state="ready" items={["Alpha", "Beta"]} />);
    const region = screen.getByRole("region", { name: "Things table" });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole("table", { name: "Things, newest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Size"]);
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Alpha", "Beta"]);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers the next page while there is one, saying it is loading while it comes", async () => {
    let finish: () => void = () => {};
    const pending = new Promise<void>((resolve) => (finish = resolve));
    render(<List state="ready" items={["Alpha"]} onShowMore={() => pending} />);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(screen.getByRole("button", { name: "Loading…" }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    finish();
    expect(await screen.findByRole("button", { name: "Show more" })).toBeTruthy();
  });
});
