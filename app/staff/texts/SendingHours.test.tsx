// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffRole } from "#common/staff-access";
import type { TextList } from "#common/texts";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminTextsPage } from "./AdminTextsPage";

const LIST: TextList = {
  texts: [],
  subscribers: 3,
  programName: "Commons Learning Design",
  sendHours: { from: "09:00", to: "20:00" },
};

function stubApi(role: StaffRole) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/session") {
        return jsonResponse(200, {
          admin: true,
          user: { id: "u1", email: "staff@example.org", name: "Sam", role },
        });
      }
      if (url === "/api/texts") return jsonResponse(200, LIST);
      if (url === "/api/texts/replies") return jsonResponse(200, { replies: [] });
      if (url === "/api/sms/settings" && init?.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { sendHours: unknown };
        saved.push(body);
        return jsonResponse(200, body);
      }
      throw new Error(`unexpected ${init?.method ?? "GET"} ${url}`);
    }),
  );
  return saved;
}

describe("Sending hours on /admin/texts", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("the owner changes them: From before To, a clear error, then a saved confirmation", async () => {
    const saved = stubApi("owner");
    const { user } = renderStaffPage("/admin/texts", <AdminTextsPage />);
    const from = (await screen.findByLabelText("From")) as HTMLInputElement;
    const to = screen.getByLabelText("To") as HTMLInputElement;
    expect(from.value).toBe("09:00");
    expect(to.value).toBe("20:00");

    await user.clear(to);
    await user.type(to, "08:30");
    await user.click(screen.getByRole("button", { name: "Save sending hours" }));
    expect(screen.getByText("From must be before To.")).toBeTruthy();
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(to.getAttribute("aria-describedby")).toContain(
      screen.getByText("From must be before To.").id,
    );
    expect(document.activeElement).toBe(to);
    expect(saved).toEqual([]);

    await user.clear(to);
    await user.type(to, "18:30");
    await user.click(screen.getByRole("button", { name: "Save sending hours" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Sending hours saved: 09:00 to 18:30."),
    );
    expect(saved).toEqual([{ sendHours: { from: "09:00", to: "18:30" } }]);
    expect(to.getAttribute("aria-invalid")).toBeNull();
  });

  it("an editor reads them and cannot change them", async () => {
    stubApi("editor");
    renderStaffPage("/admin/texts", <AdminTextsPage />);
    expect(
      await screen.findByText(
        "Texts reach phones between 09:00 and 20:00. The owner and administrators change these hours.",
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText("From")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save sending hours" })).toBeNull();
  });
});
