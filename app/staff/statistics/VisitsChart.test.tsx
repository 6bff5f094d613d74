// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VisitsChart } from "./VisitsChart";

/** The values written beside the chart's gridlines, bottom first. */
function axisLabels(container: HTMLElement): string[] {
  return [...container.querySelectorAll("g > text")].map((text) => text.textContent ?? "");
}

describe("the visits chart's scale", () => {
  it("writes each gridline's own value: an empty period reads 0, 1, 2, never 1 twice", () => {
    const { container } = render(
      <VisitsChart
        days={[
          { date: "2026-11-27", visitors: 0, views: 0 },
          { date: "2026-11-28", visitors: 0, views: 0 },
        ]}
      />,
    );
    expect(axisLabels(container)).toEqual(["0", "1", "2"]);
  });

  it("writes a half that is not whole as it is, and rounds the top up to 1, 2 or 5 times a power of ten", () => {
    const five = render(
      <VisitsChart
        days={[
          { date: "2026-11-27", visitors: 2, views: 3 },
          { date: "2026-11-28", visitors: 4, views: 5 },
        ]}
      />,
    );
    expect(axisLabels(five.container)).toEqual(["0", "2.5", "5"]);
    const many = render(<VisitsChart days={[{ date: "2026-11-28", visitors: 90, views: 130 }]} />);
    expect(axisLabels(many.container)).toEqual(["0", "100", "200"]);
  });
});
