// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import { installFakeContentApi } from "./test-fake-api";
import { LABEL, liveRegion, renderContent } from "./test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a picture field", () => {
  it("shows a picked kind of media (a union) with its own fields", async () => {
    installFakeContentApi();
    const { user } = renderContent("/admin/content/projects/projects-1");
    const media = await screen.findByRole("group", { name: /^Media/ });
    const kind = within(media).getByLabelText("Kind of media", LABEL) as HTMLSelectElement;
    const wasVideo = kind.value === "video";
    await user.selectOptions(kind, wasVideo ? "image" : "video");
    expect(
      within(media).queryAllByLabelText(wasVideo ? "Alt text" : "MP4 file", LABEL),
    ).toHaveLength(1);
    // A picture has its media spot: Upload picture and Choose from library.
    await act(async () => {
      await user.selectOptions(kind, "image");
    });
    expect(within(media).getByLabelText("Upload picture")).toBeTruthy();
  });

  it("marks a picture's file as required but not its alt text, which a decorative picture leaves empty", async () => {
    installFakeContentApi();
    renderContent("/admin/content/events/events-1");
    const flyer = await screen.findByRole("group", { name: /^Flyer/ });
    const file = within(flyer).getByLabelText("Picture file", LABEL);
    expect(file.getAttribute("aria-required")).toBe("true");
    expect(file.closest("div")!.querySelector("label")!.textContent).toBe("Picture file *");
    const alt = within(flyer).getByLabelText("Alt text", LABEL);
    expect(alt.getAttribute("aria-required")).toBeNull();
    expect(alt.closest("div")!.querySelector("label")!.textContent).toBe("Alt text");
  });

  it("keeps a picture's file fields behind File details, opened by itself when one has an error", async () => {
    installFakeContentApi();
    const { user } = renderContent("/admin/content/events/events-1");
    const flyer = await screen.findByRole("group", { name: /^Flyer/ });
    const file = within(flyer).getByLabelText("Picture file", LABEL) as HTMLInputElement;
    const details = file.closest("details")!;
    expect(details.open).toBe(false);
    expect(within(flyer).getByLabelText("Alt text", LABEL).closest("details")).toBeNull();
    expect(details.querySelector("summary")!.textContent).toBe(
      "File details: address, size and narrower copies",
    );

    await user.click(details.querySelector("summary")!);
    expect(details.open).toBe(true);
    await user.click(details.querySelector("summary")!);
    expect(details.open).toBe(false);

    // An emptied address is refused before publishing: the details open and the field takes focus.
    fireEvent.change(file, { target: { value: "" } });
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await waitFor(() => expect(document.activeElement).toBe(file));
    expect(details.open).toBe(true);
    expect(document.getElementById(`${file.id}-error`)!.textContent).toBe(
      "Picture file is required",
    );
  });

  it("uploads a picture to the media library and fills its fields from the answer", async () => {
    const fake = installFakeContentApi();
    const uploads: FormData[] = [];
    fake.intercept = (method, path) => {
      if (method !== "POST" || path !== "/api/media") return undefined;
      return jsonResponse(201, {
        id: "m1",
        url: "/media/0123456789abcdef-1600.png",
        width: 1600,
        height: 900,
        alt: "A river",
        decorative: false,
        variants: [
          { url: "/media/0123456789abcdef-320.avif", width: 320, format: "avif" },
          { url: "/media/0123456789abcdef-320.webp", width: 320, format: "webp" },
          { url: "/media/0123456789abcdef-1600.avif", width: 1600, format: "avif" },
          { url: "/media/0123456789abcdef-1600.webp", width: 1600, format: "webp" },
        ],
        created_at: "2026-11-23T09:00:00.000Z",
      });
    };
    const original = fake.fetchMock.getMockImplementation() as unknown as (
      input: RequestInfo | URL,
      init?: RequestInit,
    ) => Promise<Response>;
    fake.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body instanceof FormData) uploads.push(init.body);
      return original(input, init);
    });
    const { user } = renderContent("/admin/content/events/events-1");
    const flyer = await screen.findByRole("group", { name: /^Flyer/ });
    const alt = within(flyer).getByLabelText("Alt text", LABEL);
    await user.clear(alt);
    await user.type(alt, "A river");
    const file = new File([new Uint8Array([137, 80, 78, 71])], "river.png", { type: "image/png" });
    await user.upload(within(flyer).getByLabelText("Upload picture"), file);
    await within(flyer).findByText(/Uploaded river.png/);
    expect(uploads[0]?.get("alt")).toBe("A river");
    expect(uploads[0]?.get("file")).toBeInstanceOf(File);
    // The widest WebP copy is the file (never the uploaded PNG), the AVIF of that width beside it.
    expect(within(flyer).getByLabelText("Picture file", LABEL)).toHaveProperty(
      "value",
      "/media/0123456789abcdef-1600.webp",
    );
    expect(within(flyer).getAllByLabelText("Width", LABEL)[0]).toHaveProperty("value", "1600");
    expect(within(flyer).getAllByLabelText("Height", LABEL)[0]).toHaveProperty("value", "900");
    expect(within(flyer).getByLabelText("Alt text", LABEL)).toHaveProperty("value", "A river");
    expect(within(flyer).getByLabelText("AVIF file (optional)", LABEL)).toHaveProperty(
      "value",
      "/media/0123456789abcdef-1600.avif",
    );
    const copies = within(flyer).getByRole("group", { name: /Narrower copies/ });
    expect(within(copies).getAllByRole("listitem")).toHaveLength(1);
    expect(within(copies).getByLabelText("Picture file (WebP)", LABEL)).toHaveProperty(
      "value",
      "/media/0123456789abcdef-320.webp",
    );
  });
});

describe("a picture slot for one width (issue 29)", () => {
  it("says which width it serves and offers the picture to the other width's slot", async () => {
    const fake = installFakeContentApi();
    fake.intercept = (method, path) =>
      method === "POST" && path === "/api/media"
        ? jsonResponse(201, {
            id: "m3",
            url: "/media/00112233aabbccdd-1600.png",
            width: 1600,
            height: 800,
            alt: "",
            decorative: true,
            variants: [
              { url: "/media/00112233aabbccdd-640.webp", width: 640, format: "webp" },
              { url: "/media/00112233aabbccdd-1600.avif", width: 1600, format: "avif" },
              { url: "/media/00112233aabbccdd-1600.webp", width: 1600, format: "webp" },
            ],
            created_at: "2026-11-28T09:00:00.000Z",
          })
        : undefined;
    const { user } = renderContent("/admin/content/home");
    const hero = await screen.findByRole("group", { name: /^Background picture/ });
    expect(within(hero).getByText(/^Shown on the desktop page/).textContent).toBe(
      "Shown on the desktop page (screens 600 px wide and wider). Phones show Mobile home page › Masthead instead.",
    );
    const masthead = screen.getByRole("group", { name: /^Masthead/ });
    expect(within(masthead).getByText(/^Shown on the phone page/).textContent).toContain(
      "Computers show Hero (desktop) › Background picture instead.",
    );
    expect(within(hero).queryByRole("button", { name: "Use on phones too" })).toBeNull();
    await user.upload(
      within(hero).getByLabelText("Upload picture"),
      new File([new Uint8Array([137, 80, 78, 71])], "hero.png", { type: "image/png" }),
    );
    await within(hero).findByText(/Uploaded hero.png/);
    const mastheadFile = within(masthead).getByLabelText("Picture file", LABEL);
    expect(mastheadFile).not.toHaveProperty("value", "/media/00112233aabbccdd-1600.webp");
    await user.click(within(hero).getByRole("button", { name: "Use on phones too" }));
    expect(mastheadFile).toHaveProperty("value", "/media/00112233aabbccdd-1600.webp");
    expect(
      within(hero).getByText("The same picture is now in Mobile home page › Masthead too."),
    ).toBeTruthy();
    expect(within(hero).queryByRole("button", { name: "Use on phones too" })).toBeNull();
  });
});

describe("Choose from library", () => {
  const library = [
    {
      id: "m2",
      url: "/media/fedcba9876543210-2400.jpg",
      width: 2400,
      height: 1600,
      alt: "Robin at the workshop",
      decorative: false,
      variants: [320, 640, 960, 1280, 1920].flatMap((width) => [
        { url: `/media/fedcba9876543210-${width}.avif`, width, format: "avif" },
        { url: `/media/fedcba9876543210-${width}.webp`, width, format: "webp" },
      ]),
      created_at: "2026-11-23T10:00:00.000Z",
      used_in: ["Home page"],
    },
    {
      id: "m1",
      url: "/media/0123456789abcdef-300.png",
      width: 300,
      height: 200,
      alt: "",
      decorative: true,
      variants: [
        { url: "/media/0123456789abcdef-300.avif", width: 300, format: "avif" },
        { url: "/media/0123456789abcdef-300.webp", width: 300, format: "webp" },
      ],
      created_at: "2026-11-23T09:00:00.000Z",
      used_in: [],
    },
  ];

  async function openPhoto(answer: () => Response) {
    const fake = installFakeContentApi();
    fake.intercept = (method, path) =>
      method === "GET" && path === "/api/media" ? answer() : undefined;
    const view = renderContent("/admin/content/team/team-1");
    await screen.findByRole("heading", { level: 2, name: /^Team: / });
    await view.user.click(screen.getByRole("button", { name: "Add Photo" }));
    const photo = screen.getByRole("group", { name: /^Photo/ });
    const opener = within(photo).getByRole("button", { name: "Choose from library" });
    return { ...view, fake, photo, opener };
  }

  it("opens a dialog listing the library with thumbnails and alt text; Escape closes it and focus returns", async () => {
    const { user, opener } = await openPhoto(() => jsonResponse(200, library));
    expect(opener.getAttribute("aria-haspopup")).toBe("dialog");
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Choose a picture for Photo" });
    expect(document.activeElement).toBe(
      within(dialog).getByRole("heading", { name: "Choose a picture for Photo" }),
    );
    const list = await within(dialog).findByRole("list", { name: "Pictures in the media library" });
    const choices = within(list).getAllByRole("button");
    expect(choices.map((choice) => choice.textContent)).toEqual([
      "Robin at the workshop2400 × 1600 px, used in Home page",
      "Decorative picture (no alt text)300 × 200 px",
    ]);
    // Thumbnails are the smallest WebP copies, with their proportions; the button names them.
    const thumbnail = choices[0]!.querySelector("img")!;
    expect(thumbnail.getAttribute("src")).toBe("/media/fedcba9876543210-320.webp");
    expect(thumbnail.getAttribute("alt")).toBe("");
    expect(thumbnail.getAttribute("height")).toBe("107");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("fills the picture's fields from the chosen image and returns focus to the button", async () => {
    const { user, photo, opener } = await openPhoto(() => jsonResponse(200, library));
    await user.click(opener);
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: /Robin at the workshop/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(within(photo).getByLabelText("Picture file", LABEL)).toHaveProperty(
      "value",
      "/media/fedcba9876543210-1920.webp",
    );
    expect(within(photo).getByLabelText("AVIF file (optional)", LABEL)).toHaveProperty(
      "value",
      "/media/fedcba9876543210-1920.avif",
    );
    expect(within(photo).getAllByLabelText("Width", LABEL)[0]).toHaveProperty("value", "1920");
    expect(within(photo).getAllByLabelText("Height", LABEL)[0]).toHaveProperty("value", "1280");
    expect(within(photo).getByLabelText("Alt text", LABEL)).toHaveProperty(
      "value",
      "Robin at the workshop",
    );
    const copies = within(photo).getByRole("group", { name: /Narrower copies/ });
    expect(within(copies).getAllByRole("listitem")).toHaveLength(4);
    expect(within(photo).getByText(/Chose Robin at the workshop/)).toBeTruthy();
    await waitFor(() => expect(liveRegion().textContent).toMatch(/Chose Robin at the workshop/));

    // Cancel leaves the fields as they are.
    await user.click(opener);
    const again = await screen.findByRole("dialog");
    await within(again).findByRole("list");
    await user.click(within(again).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(within(photo).getByLabelText("Picture file", LABEL)).toHaveProperty(
      "value",
      "/media/fedcba9876543210-1920.webp",
    );
  });

  it("says so when the library is empty or cannot be read", async () => {
    let answer = () => jsonResponse(200, []);
    const { user, opener } = await openPhoto(() => answer());
    await user.click(opener);
    expect(
      await within(screen.getByRole("dialog")).findByText(/The media library has no pictures yet/),
    ).toBeTruthy();
    await user.keyboard("{Escape}");
    answer = () =>
      jsonResponse(500, { error: { code: "internal", message: "Something went wrong" } });
    await user.click(opener);
    const alert = await within(screen.getByRole("dialog")).findByRole("alert");
    expect(alert.textContent).toBe("Something went wrong");
  });
});
