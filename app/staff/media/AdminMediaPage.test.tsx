// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaInUseMessage,
  type MediaLibraryItem,
} from "#common/media";
import { jsonResponse } from "~/lib/test-fetch";
import { renderStaffPage } from "../shell/test-support";
import { AdminMediaPage } from "./AdminMediaPage";
import { MEDIA_TEXT } from "./media-text";

const image = (overrides: Partial<MediaLibraryItem>): MediaLibraryItem => ({
  id: "m1",
  url: "/media/0123456789abcdef-800.jpg",
  width: 800,
  height: 600,
  alt: "The river at dusk",
  decorative: false,
  variants: [
    { url: "/media/0123456789abcdef-320.avif", width: 320, format: "avif" },
    { url: "/media/0123456789abcdef-320.webp", width: 320, format: "webp" },
  ],
  created_at: "2025-06-01T12:00:00.000Z",
  used_in: [],
  ...overrides,
});

/** Answers GET /api/session, GET /api/media (the current `library`) and DELETE /api/media/:id. */
function stubApi(library: { items: MediaLibraryItem[] }, deleteStatus = 204) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === "/api/session") return jsonResponse(200, { admin: true });
    if (url === "/api/media" && (init?.method ?? "GET") === "GET") {
      return jsonResponse(200, library.items);
    }
    if (url.startsWith("/api/media/") && init?.method === "DELETE") {
      if (deleteStatus !== 204) {
        return jsonResponse(deleteStatus, {
          error: {
            code: "in_use",
            message: mediaInUseMessage(["Home page"]),
          },
        });
      }
      library.items = library.items.filter((item) => `/api/media/${item.id}` !== url);
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected ${init?.method ?? "GET"} ${url}`);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A stand-in for XMLHttpRequest: records the form sent, then answers as `answer` says. */
function stubUpload(answer: { status: number; body: unknown }, onSend?: () => void) {
  const sent: FormData[] = [];
  class FakeRequest {
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push(form);
      onSend?.();
      // Half sent, all sent (the server now makes the copies), then the answer.
      setTimeout(() => {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 50,
          total: 100,
        } as ProgressEvent);
      }, 5);
      setTimeout(() => {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 100,
          total: 100,
        } as ProgressEvent);
      }, 300);
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 600);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  return sent;
}

function renderPage() {
  return renderStaffPage("/admin/media", <AdminMediaPage />);
}

const png = (name = "river.png", size = 2048) =>
  new File([new Uint8Array(size)], name, { type: "image/png" });

describe("media library page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists the images with their alt text and where each is used; an image in use cannot be deleted", async () => {
    stubApi({
      items: [
        image({ id: "m2", alt: "", decorative: true, used_in: ["Home page", "Team: Ana"] }),
        image({}),
      ],
    });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Images (2)" })).toBeTruthy();
    const cards = within(screen.getByRole("list", { name: "Images (2)" })).getAllByRole("listitem");
    expect(within(cards[0]!).getByText(MEDIA_TEXT.decorative)).toBeTruthy();
    expect(within(cards[0]!).getByText(/Used in: Home page, Team: Ana\./)).toBeTruthy();
    // Focusable while used: pressing it explains why it cannot delete, without asking the server.
    const usedDelete = within(cards[0]!).getByRole("button", { name: "Delete" });
    expect(usedDelete.getAttribute("aria-disabled")).toBe("true");
    expect(usedDelete.getAttribute("aria-describedby")).toMatch(/-usage$/);
    const confirm = vi.spyOn(window, "confirm");
    const requests = (fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    await userEvent.setup().click(usedDelete);
    expect((await screen.findByRole("alert")).textContent).toBe(
      mediaInUseMessage(["Home page", "Team: Ana"]),
    );
    expect(confirm).not.toHaveBeenCalled();
    expect((fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBe(requests);
    expect(
      within(cards[1]!).getByRole("img", { name: "The river at dusk" }).getAttribute("src"),
    ).toBe("/media/0123456789abcdef-320.webp");
    expect(within(cards[1]!).getByText(MEDIA_TEXT.notUsed)).toBeTruthy();
    expect(
      (within(cards[1]!).getByRole("button", { name: "Delete" }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it("uploads with the keyboard: file, alt text, Upload; shows progress, then lists the new image", async () => {
    const library = { items: [] as MediaLibraryItem[] };
    stubApi(library);
    const sent = stubUpload({ status: 201, body: image({ id: "new" }) }, () => {
      library.items = [image({ id: "new" })];
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(MEDIA_TEXT.empty);

    await user.upload(screen.getByLabelText(MEDIA_TEXT.fileLabel), png());
    expect(screen.getByText(/Chosen: river\.png \(2 KB\)/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: MEDIA_TEXT.upload }));
    // No alt text and not decorative: the field says so, and nothing is sent.
    const alt = screen.getByRole("textbox", { name: /Alt text/ });
    expect(document.activeElement).toBe(alt);
    const altError = screen.getByText(MEDIA_MESSAGES.altRequired);
    expect(alt.getAttribute("aria-describedby")).toContain(altError.id);
    expect(sent).toHaveLength(0);

    await user.type(alt, "The river at dusk{Enter}");
    expect(await screen.findByText(`${MEDIA_TEXT.uploading} 50%`)).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: MEDIA_TEXT.progressLabel })).toBeTruthy();
    expect(await screen.findByText(MEDIA_TEXT.processing)).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Images (1)" })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("alt")).toBe("The river at dusk");
    expect(sent[0]!.get("decorative")).toBeNull();
    expect((sent[0]!.get("file") as File).name).toBe("river.png");
    expect((screen.getByRole("textbox", { name: /Alt text/ }) as HTMLInputElement).value).toBe("");
  });

  it("sends a decorative image without alt text", async () => {
    stubApi({ items: [] });
    const sent = stubUpload({ status: 201, body: image({ alt: "", decorative: true }) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(MEDIA_TEXT.empty);
    await user.upload(screen.getByLabelText(MEDIA_TEXT.fileLabel), png());
    await user.click(screen.getByRole("checkbox", { name: MEDIA_TEXT.decorativeLabel }));
    expect((screen.getByRole("textbox", { name: /Alt text/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole("button", { name: MEDIA_TEXT.upload }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get("decorative")).toBe("true");
    expect(sent[0]!.get("alt")).toBeNull();
  });

  it("shows the server's 415 and refuses a file over 15 MB before sending it", async () => {
    stubApi({ items: [] });
    const sent = stubUpload({
      status: 415,
      body: { error: { code: "not_an_image", message: MEDIA_MESSAGES.notAnImage } },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(MEDIA_TEXT.empty);
    await user.upload(screen.getByLabelText(MEDIA_TEXT.fileLabel), png("notes.png"));
    await user.type(screen.getByRole("textbox", { name: /Alt text/ }), "Notes");
    await user.click(screen.getByRole("button", { name: MEDIA_TEXT.upload }));
    expect((await screen.findByRole("alert")).textContent).toContain(MEDIA_MESSAGES.notAnImage);
    expect(sent).toHaveLength(1);

    const huge = png("huge.png", 1);
    Object.defineProperty(huge, "size", { value: MEDIA_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText(MEDIA_TEXT.fileLabel), huge);
    await user.click(screen.getByRole("button", { name: MEDIA_TEXT.upload }));
    expect((await screen.findByRole("alert")).textContent).toContain(MEDIA_MESSAGES.tooLarge);
    expect(sent).toHaveLength(1);
  });

  it("deletes an unused image after confirming, and reports a 409", async () => {
    const library = { items: [image({})] };
    stubApi(library);
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    expect(confirm).toHaveBeenCalledWith(MEDIA_TEXT.confirmDelete);
    expect(await screen.findByText(MEDIA_TEXT.empty)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Images (0)" }));

    vi.unstubAllGlobals();
    stubApi({ items: [image({})] }, 409);
    renderPage();
    const buttons = await screen.findAllByRole("button", { name: "Delete" });
    await user.click(buttons[buttons.length - 1]!);
    expect((await screen.findByRole("alert")).textContent).toContain(
      mediaInUseMessage(["Home page"]),
    );
  });
});
