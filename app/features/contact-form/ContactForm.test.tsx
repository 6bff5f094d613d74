// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { ContactForm } from "./ContactForm";
import { renderWithContent } from "~/content/test-content";
import { seedSnapshot } from "#common/content/snapshot";

const CONTACT = seedSnapshot().site.contact;
/** The spec's prefilled Message (services' inquireMessage), word for word. */
const PREFILL = "We will be happy to help you! Please tell us what class you are interested in.";

/** A fetch whose answer the test releases when it wants (to see the sending state). */
function deferredFetch() {
  let release!: (response: Response | Error) => void;
  const fetchMock = vi.fn(
    (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        release = (response) => (response instanceof Error ? reject(response) : resolve(response));
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, release: (response: Response | Error) => release(response) };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("First name"), "Avery");
  await user.type(screen.getByLabelText("Last name"), "Quill");
  await user.type(screen.getByLabelText("Email"), "avery@example.org");
  await user.type(screen.getByLabelText("Message"), "Hello there");
}

describe("ContactForm", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("has the four labelled fields, an email input and Submit; no heading", () => {
    renderWithContent(<ContactForm content={CONTACT} />);
    expect(screen.getByRole("textbox", { name: "First name" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Last name" })).toBeTruthy();
    const email = screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
    expect(email.type).toBe("email");
    expect(screen.getByRole("textbox", { name: "Message" }).tagName).toBe("TEXTAREA");
    expect(screen.getByRole("button", { name: "Submit" })).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
    expect((screen.getByLabelText("First name") as HTMLInputElement).maxLength).toBe(100);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).maxLength).toBe(5000);
  });

  it("says which course the message is about, sends it, and lets the visitor remove it", async () => {
    const user = userEvent.setup();
    const { fetchMock, release } = deferredFetch();
    renderWithContent(
      <ContactForm
        content={CONTACT}
        initialMessage={PREFILL}
        course="AI for Everyone"
        removeCourseHref="/contact-desktop?inquire"
      />,
    );
    expect(screen.getByText("About: AI for Everyone")).toBeTruthy();
    const remove = screen.getByRole("link", { name: "Remove AI for Everyone" });
    // Without JavaScript: the page again, prefilled, without the course; the hidden field sends it.
    expect(remove.getAttribute("href")).toBe("/contact-desktop?inquire");
    const hidden = document.querySelector<HTMLInputElement>('input[type="hidden"][name="course"]');
    expect(hidden?.value).toBe("AI for Everyone");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(PREFILL);

    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toMatchObject({
      message: PREFILL,
      course: "AI for Everyone",
    });
    await act(async () => release(jsonResponse(400, { error: { code: "invalid_input" } })));

    // With JavaScript, removing keeps every typed word and only drops the course.
    await user.type(screen.getByLabelText("Message"), " AI for Creatives, please.");
    await user.click(screen.getByRole("link", { name: "Remove AI for Everyone" }));
    expect(screen.queryByText("About: AI for Everyone")).toBeNull();
    expect(document.querySelector('input[name="course"]')).toBeNull();
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(
      `${PREFILL} AI for Creatives, please.`,
    );
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(fetchMock.mock.calls[1]![1]?.body as string)).not.toHaveProperty("course");
  });

  it("posts the exact JSON, shows 'Sending...' disabled, then the success message and clears", async () => {
    const user = userEvent.setup();
    const { fetchMock, release } = deferredFetch();
    renderWithContent(<ContactForm content={CONTACT} />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));

    const sending = screen.getByRole("button", { name: "Sending..." }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(init?.body as string)).toEqual({
      firstName: "Avery",
      lastName: "Quill",
      email: "avery@example.org",
      message: "Hello there",
      website: "",
    });

    await act(async () =>
      release(jsonResponse(202, { id: "00000000-0000-4000-8000-000000000001" })),
    );
    expect(screen.getByRole("status").textContent).toBe("Message sent successfully!");
    for (const name of ["First name", "Last name", "Email", "Message"]) {
      expect((screen.getByLabelText(name) as HTMLInputElement).value, name).toBe("");
    }
    expect((screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  for (const [label, answer] of [
    ["a network failure", new TypeError("Failed to fetch")],
    [
      "a 400 answer",
      jsonResponse(400, {
        error: { code: "invalid_input", message: "Email must be a valid email address" },
      }),
    ],
    [
      "a 429 answer",
      jsonResponse(429, { error: { code: "too_many_requests", message: "Too many" } }),
    ],
    ["a 403 answer", jsonResponse(403, { error: { code: "forbidden", message: "Forbidden" } })],
    ["a 500 answer", jsonResponse(500, { error: { code: "internal_error", message: "x" } })],
    ["a 503 without a JSON body", new Response("down", { status: 503 })],
  ] as const) {
    it(`shows the failure text after ${label}, keeps the fields and logs the error`, async () => {
      const user = userEvent.setup();
      const { release } = deferredFetch();
      renderWithContent(<ContactForm content={CONTACT} />);
      await fill(user);
      await user.click(screen.getByRole("button", { name: "Submit" }));
      await act(async () => release(answer));
      expect(screen.getByRole("alert").textContent).toBe(
        "Failed to send message. Please try again.",
      );
      expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Avery");
      expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Hello there");
      expect(console.error).toHaveBeenCalled();
      expect(screen.getByRole("status").textContent).toBe("");
    });
  }

  it("submitting again resets to sending (the error disappears)", async () => {
    const user = userEvent.setup();
    const first = deferredFetch();
    renderWithContent(<ContactForm content={CONTACT} />);
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await act(async () => first.release(new TypeError("offline")));
    expect(screen.getByRole("alert")).toBeTruthy();

    const second = deferredFetch();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Sending..." })).toBeTruthy();
    await act(async () => second.release(jsonResponse(202, { id: "x" })));
    expect(screen.getByRole("status").textContent).toBe("Message sent successfully!");
  });

  it("prefills Message from initialMessage (the Inquire flow)", () => {
    const text = "We will be happy to help you! Please tell us what class you are interested in.";
    const { rerender } = renderWithContent(<ContactForm content={CONTACT} initialMessage={text} />);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe(text);
    rerender(<ContactForm content={CONTACT} initialMessage="Another course" />);
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Another course");
  });

  it("allows an entirely empty submission (no required fields)", async () => {
    const user = userEvent.setup();
    const { fetchMock, release } = deferredFetch();
    renderWithContent(<ContactForm content={CONTACT} />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({
      firstName: "",
      lastName: "",
      email: "",
      message: "",
      website: "",
    });
    await act(async () => release(jsonResponse(202, { id: "x" })));
  });

  it("hides the honeypot from people and assistive technology, and sends what a bot types there", async () => {
    const { fetchMock, release } = deferredFetch();
    const { container } = renderWithContent(<ContactForm content={CONTACT} />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /empty/i })).toBeNull();
    fireEvent.change(trap, { target: { value: "http://spam.example" } });
    fireEvent.submit(container.querySelector("form")!);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string).website).toBe(
      "http://spam.example",
    );
    await act(async () => release(jsonResponse(202, { id: "x" })));
  });

  it("posts to its page without JavaScript: method post, the given action", () => {
    const { container } = renderWithContent(
      <ContactForm content={CONTACT} action="/contact-mobile" />,
    );
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/contact-mobile");
  });

  it("shows a refused post's outcome: each message beside its field, the typed values kept", () => {
    renderWithContent(
      <ContactForm
        content={CONTACT}
        outcome={{
          form: "contact",
          status: 400,
          sent: false,
          values: { firstName: "Avery", lastName: "", email: "avery@localhost", message: "Hi" },
          fields: { email: "Email must be a valid email address" },
        }}
      />,
    );
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(email.value).toBe("avery@localhost");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Email must be a valid email address",
    );
    expect((screen.getByLabelText("First name") as HTMLInputElement).value).toBe("Avery");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Hi");
    expect(screen.getByRole("alert").textContent).toBe("Failed to send message. Please try again.");
  });

  it("shows a sent post's outcome: the success text and empty fields", () => {
    renderWithContent(
      <ContactForm content={CONTACT} outcome={{ form: "contact", status: 202, sent: true }} />,
    );
    expect(screen.getByRole("status").textContent).toBe("Message sent successfully!");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
  });
});
