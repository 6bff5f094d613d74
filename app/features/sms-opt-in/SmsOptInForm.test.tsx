// @vitest-environment jsdom
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SMS_CONSENT_TEXT } from "#common/sms";
import { jsonResponse, stubFetch } from "~/lib/test-fetch";
import { SmsOptInForm } from "./SmsOptInForm";
import { renderWithContent } from "~/content/test-content";
import { seedSnapshot } from "#common/content/snapshot";

const SMS = seedSnapshot().site.sms;

const phoneInput = () => screen.getByRole("textbox", { name: "Phone number" }) as HTMLInputElement;

describe("SmsOptInForm", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a tel input named Phone number, the consent text and Subscribe", () => {
    renderWithContent(<SmsOptInForm content={SMS} />);
    expect(phoneInput().type).toBe("tel");
    expect(phoneInput().autocomplete).toBe("tel");
    expect(screen.getByText(SMS_CONSENT_TEXT)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
    // The consent text is part of the field's description.
    const describedBy = phoneInput().getAttribute("aria-describedby")!.split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      SMS_CONSENT_TEXT,
    );
  });

  it("links the privacy policy and the terms right after the consent text", () => {
    renderWithContent(
      <SmsOptInForm
        content={SMS}
        legalLinks={{ privacy: "Privacy Policy", terms: "Terms of Service" }}
      />,
    );
    const consent = screen.getByText(SMS_CONSENT_TEXT);
    const links = consent.nextElementSibling!.querySelectorAll("a");
    expect([...links].map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
    ]);
  });

  for (const [typed, message] of [
    ["", "Please enter a valid phone number"],
    ["   ", "Please enter a valid phone number"],
    ["555-0100", "Please enter a valid 10-digit phone number"],
    ["1 206 555 0100", "Please enter a valid 10-digit phone number"],
    ["abc", "Please enter a valid 10-digit phone number"],
  ] as const) {
    it(`refuses ${JSON.stringify(typed)} with '${message}', sending nothing`, async () => {
      const user = userEvent.setup();
      const fetchMock = stubFetch(jsonResponse(201, {}));
      renderWithContent(<SmsOptInForm content={SMS} />);
      if (typed) await user.type(phoneInput(), typed);
      await user.click(screen.getByRole("button", { name: "Subscribe" }));
      const alert = screen.getByRole("alert");
      expect(alert.textContent).toBe(message);
      expect(phoneInput().getAttribute("aria-invalid")).toBe("true");
      expect(phoneInput().getAttribute("aria-describedby")).toContain(alert.id);
      expect(document.activeElement).toBe(phoneInput());
      expect(fetchMock).not.toHaveBeenCalled();
    });
  }

  it("typing clears the error", async () => {
    const user = userEvent.setup();
    stubFetch(jsonResponse(201, {}));
    renderWithContent(<SmsOptInForm content={SMS} />);
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByRole("alert")).toBeTruthy();
    await user.type(phoneInput(), "2");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(phoneInput().getAttribute("aria-invalid")).toBeNull();
  });

  it("posts the 10 digits and the source page, then thanks the subscriber", async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(jsonResponse(201, { phone: "+12065550100", status: "subscribed" }));
    renderWithContent(<SmsOptInForm content={SMS} source="/sms-opt-in" />);
    await user.type(phoneInput(), "(206) 555-0100");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/sms/subscriptions");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(init?.body as string)).toEqual({
      phone: "2065550100",
      source: "/sms-opt-in",
    });

    const heading = await screen.findByRole("heading", { name: "Thank you!" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/subscribed/i).textContent).toMatch(/STOP/);
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("an already subscribed number (200) is thanked the same way", async () => {
    const user = userEvent.setup();
    stubFetch(jsonResponse(200, { phone: "+12065550100", status: "subscribed" }));
    renderWithContent(<SmsOptInForm content={SMS} />);
    await user.type(phoneInput(), "2065550100");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("heading", { name: "Thank you!" })).toBeTruthy();
  });

  for (const [label, answer] of [
    ["a network failure", new TypeError("Failed to fetch")],
    ["a 500 answer", jsonResponse(500, { error: { code: "internal_error", message: "x" } })],
    ["a 503 answer", new Response("down", { status: 503 })],
  ] as const) {
    it(`after ${label}, shows a retry message and keeps the number`, async () => {
      const user = userEvent.setup();
      stubFetch(answer);
      renderWithContent(<SmsOptInForm content={SMS} />);
      await user.type(phoneInput(), "2065550100");
      await act(async () => {
        await user.click(screen.getByRole("button", { name: "Subscribe" }));
      });
      expect((await screen.findByRole("alert")).textContent).toBe(
        "We could not save your number. Please try again.",
      );
      expect(phoneInput().value).toBe("2065550100");
      expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
      expect(console.error).toHaveBeenCalled();
    });
  }

  it("posts to its page without JavaScript, with the source as a hidden field", () => {
    const { container } = renderWithContent(<SmsOptInForm content={SMS} source="/sms-opt-in" />);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/sms-opt-in");
    expect((form.elements.namedItem("source") as HTMLInputElement).value).toBe("/sms-opt-in");
  });

  it("shows a refused post's outcome: the message beside the field, the number kept", () => {
    renderWithContent(
      <SmsOptInForm
        content={SMS}
        outcome={{
          form: "sms",
          status: 400,
          subscribed: false,
          phone: "555-01",
          error: "Please enter a valid 10-digit phone number",
          failed: false,
        }}
      />,
    );
    const phone = screen.getByRole("textbox", { name: "Phone number" }) as HTMLInputElement;
    expect(phone.value).toBe("555-01");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe(
      "Please enter a valid 10-digit phone number",
    );
  });

  it("shows a subscribed post's outcome: 'Thank you!'", () => {
    renderWithContent(
      <SmsOptInForm content={SMS} outcome={{ form: "sms", status: 201, subscribed: true }} />,
    );
    expect(screen.getByRole("heading", { name: "Thank you!" })).toBeTruthy();
  });
});
