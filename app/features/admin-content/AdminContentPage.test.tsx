// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import type { AboutContent } from "#common/content/about";
import { installFakeContentApi } from "./test-fake-api";
import { LABEL, liveRegion, openAbout, renderContent } from "./test-render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the content overview", () => {
  it("lists every collection with links and what is published, drafted and scheduled", async () => {
    const fake = installFakeContentApi();
    const courses = fake.entries.get("courses")!;
    courses[0]!.draft = { data: courses[0]!.data };
    courses[1]!.draft = { data: courses[1]!.data };
    courses[1]!.publish_at = "2030-01-01T10:00:00.000Z";
    renderContent("/admin/content");
    const table = await screen.findByRole("table", { name: "Content collections" });
    const row = within(table).getByRole("row", { name: /Courses/ });
    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toEqual([`List of ${courses.length} entries`, String(courses.length), "1", "1"]);
    expect(within(table).getAllByRole("row")).toHaveLength(13);
    expect(within(table).getByRole("link", { name: "About page" }).getAttribute("href")).toBe(
      "/admin/content/about",
    );
    expect(screen.getByRole("link", { name: "Content" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says loudly which published entries the site cannot read, linking to each", async () => {
    const fake = installFakeContentApi();
    fake.problems = [
      { collection: "team", id: "team-2", message: "name: Required", keptLastValid: true },
      { collection: "home", id: "home-1", message: "hero: Required", keptLastValid: false },
    ];
    renderContent("/admin/content");
    const alert = await screen.findByRole("alert", {
      name: "Content this version of the site cannot read",
    });
    const items = within(alert).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("name: Required. The public pages show its last version"),
      expect.stringContaining("hero: Required. It is left out of the public pages"),
    ]);
    expect(within(alert).getByRole("link", { name: "Team" }).getAttribute("href")).toBe(
      "/admin/content/team/team-2",
    );
    expect(within(alert).getByRole("link", { name: "Home page" }).getAttribute("href")).toBe(
      "/admin/content/home",
    );
  });
});

describe("the editor generated from a schema", () => {
  it("shows labels, help, required marks, groups with legends and live character counts", async () => {
    const { user } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0] as HTMLInputElement;
    expect(heading.getAttribute("aria-required")).toBe("true");
    const count = document.getElementById(`${heading.id}-count`)!;
    expect(heading.getAttribute("aria-describedby")).toContain(count.id);
    expect(count.textContent).toBe(`${heading.value.length} of 120 characters`);
    await user.clear(heading);
    await user.paste("x".repeat(125));
    expect(count.textContent).toBe("125 of 120 characters (5 too many)");

    const mission = screen.getByRole("group", { name: "Mission" });
    expect(within(mission).getByLabelText("Anchor name", LABEL)).toBeTruthy();
    expect(
      within(mission).getByText(
        "Names the section in the page; keep it unless you rename the section.",
      ),
    ).toBeTruthy();
    // Multi-line text is a textarea; a web address a URL input; an optional field says so.
    expect(within(mission).getByLabelText("Paragraph 1", LABEL).tagName).toBe("TEXTAREA");
    const links = screen.getByRole("group", { name: /Learn more links/ });
    expect(within(links).getAllByLabelText("Web address", LABEL)[0]!.getAttribute("type")).toBe(
      "url",
    );
    expect(within(links).getAllByText("(optional)").length).toBeGreaterThan(0);
  });

  it("adds, removes and reorders list items by keyboard, keeping focus and announcing", async () => {
    const { user } = await openAbout();
    const taglines = screen.getByRole("group", { name: "Taglines" });
    const values = () =>
      within(taglines)
        .getAllByRole("textbox")
        .map((input) => (input as HTMLInputElement).value);
    const before = values();
    expect(before.length).toBeGreaterThan(1);

    const down = within(taglines).getByRole("button", { name: "Move down: Tagline 1" });
    down.focus();
    await user.keyboard("{Enter}");
    expect(values()).toEqual([before[1], before[0], ...before.slice(2)]);
    // Focus stays on the moved item's control, now item 2.
    expect(document.activeElement?.textContent).toBe("Move down: Tagline 2");
    await waitFor(() =>
      expect(liveRegion().textContent).toBe(
        "Tagline moved from position 1 to 2 of " + before.length + ".",
      ),
    );

    await user.keyboard("{Shift>}{Tab}{/Shift}");
    expect(document.activeElement?.textContent).toBe("Move up: Tagline 2");
    await user.keyboard("{Enter}");
    expect(values()).toEqual(before);
    // Now first: Move up is disabled, so focus goes to its Move down.
    expect(document.activeElement?.textContent).toBe("Move down: Tagline 1");

    const add = within(taglines).getByRole("button", { name: "Add tagline" });
    add.focus();
    await user.keyboard("{Enter}");
    expect(values()).toEqual([...before, ""]);
    expect(document.activeElement).toBe(
      within(taglines).getByLabelText(`Tagline ${before.length + 1}`, LABEL),
    );
    await user.keyboard("New words");
    within(taglines)
      .getByRole("button", { name: `Remove: Tagline ${before.length + 1}` })
      .focus();
    await user.keyboard("{Enter}");
    expect(values()).toEqual(before);
    await waitFor(() => expect(liveRegion().textContent).toContain("removed"));
  });

  it("saves a draft with the version it loaded, and publishes it", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.clear(heading);
    await user.type(heading, "A new heading");
    expect(screen.getByText(/unsaved changes/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByText(/Draft saved/, { selector: "p" });
    const put = fake.calls.find((call) => call.method === "PUT")!;
    expect(put.path).toBe("/api/content/about/about-1");
    expect(put.body).toMatchObject({ version: 1, data: { heading: "A new heading" } });
    expect(screen.getByText("Draft changes")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await screen.findByText(/Published. The public site shows it now/, { selector: "p" });
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/api/content/about/about-1/publish",
      body: { version: 2 },
    });
    expect((fake.entries.get("about")![0]!.data as AboutContent).heading).toBe("A new heading");
    // Preview opens the public page with the drafts in a new tab.
    const preview = screen.getByRole("link", { name: /Preview/ });
    expect(preview.getAttribute("href")).toBe("/about-desktop?preview=about");
    expect(preview.getAttribute("target")).toBe("_blank");
  });

  it("schedules the draft at a time in the staff member's time zone", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.type(heading, "!");
    const at = screen.getByLabelText("Publish at", LABEL);
    expect(screen.getByText(/Times are in your time zone/)).toBeTruthy();
    await user.clear(at);
    await user.type(at, "2031-05-04T09:30");
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    await screen.findByText(/Scheduled: the draft goes live/, { selector: "p" });
    expect(fake.calls.at(-1)?.body).toEqual({
      version: 2,
      at: new Date("2031-05-04T09:30").toISOString(),
    });
    expect(screen.getByRole("button", { name: "Cancel schedule" })).toBeTruthy();
  });

  it("checks fields with the schema before saving: message beside the field, focus on it", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    await user.clear(heading);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(`${heading.id}-error`)!;
    expect(error.textContent).toBe("Heading is required");
    expect(heading.getAttribute("aria-describedby")).toContain(error.id);
    expect(fake.calls.some((call) => call.method === "PUT")).toBe(false);
    // Typing clears the field's message.
    await user.type(heading, "Back");
    expect(heading.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the server's field messages beside their fields", async () => {
    const { user, fake } = await openAbout();
    fake.intercept = (method) =>
      method === "PUT"
        ? jsonResponse(400, {
            error: {
              code: "invalid_input",
              message: "Caption is wrong (data.video.caption)",
              fields: { "data.video.caption": "Caption is wrong" },
            },
          })
        : undefined;
    await user.type(screen.getAllByLabelText("Heading", LABEL)[0]!, "!");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const caption = screen.getByLabelText("Caption", LABEL);
    await waitFor(() => expect(document.activeElement).toBe(caption));
    expect(caption.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Caption is wrong")).toBeTruthy();
  });

  it("on 409 keeps the staff member's text, names their version, and reloads or overwrites knowingly", async () => {
    const { user, fake } = await openAbout();
    // Someone else saves first.
    const entry = fake.entries.get("about")![0]!;
    entry.draft = { data: { ...(entry.data as AboutContent), heading: "Their heading" } };
    entry.version = 5;
    const heading = screen.getAllByLabelText("Heading", LABEL)[0] as HTMLInputElement;
    await user.clear(heading);
    await user.type(heading, "My heading");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const alert = await screen.findByRole("alert", { name: "Someone else saved this entry first" });
    expect(alert.textContent).toContain("changed since you opened it");
    expect(within(alert).getByText("Heading")).toBeTruthy();
    expect(document.activeElement).toBe(alert);
    expect(heading.value).toBe("My heading");

    await user.click(within(alert).getByRole("button", { name: "Save mine over theirs" }));
    await screen.findByText(/Your version is saved over theirs/, { selector: "p" });
    expect(fake.calls.at(-1)?.body).toMatchObject({ version: 5, data: { heading: "My heading" } });

    // And the other way: load theirs.
    entry.draft = { data: { ...(entry.data as AboutContent), heading: "Theirs again" } };
    entry.version = 9;
    await user.type(heading, "!");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const again = await screen.findByRole("alert", { name: "Someone else saved this entry first" });
    await user.click(within(again).getByRole("button", { name: /Load their version/ }));
    expect(heading.value).toBe("Theirs again");
    expect(screen.queryByText(/unsaved changes/)).toBeNull();
  });

  it("warns before leaving with unsaved changes, in the app and on unload", async () => {
    const { user, router } = await openAbout();
    await user.type(screen.getAllByLabelText("Heading", LABEL)[0]!, "!");
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false);
    await user.click(screen.getByRole("link", { name: "Messages" }));
    expect(confirm).toHaveBeenCalledWith(
      "You have unsaved changes. Leave this page and lose them?",
    );
    expect(router.state.location.pathname).toBe("/admin/content/about");

    const unload = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole("link", { name: "Messages" }));
    await screen.findByText("Messages page");
  });

  it("lists revisions newest first with what changed side by side, and restores one after confirming", async () => {
    const { user, fake } = await openAbout();
    const heading = screen.getAllByLabelText("Heading", LABEL)[0]!;
    const original = (fake.entries.get("about")![0]!.data as AboutContent).heading;
    await user.clear(heading);
    await user.type(heading, "Changed heading");
    await user.click(screen.getByRole("button", { name: "Publish now" }));
    await screen.findByText(/Published. The public site/, { selector: "p" });

    await user.click(screen.getByRole("button", { name: "Revisions" }));
    const changes = await screen.findByRole("table", { name: "Changes in revision 2" });
    const row = within(changes).getByRole("row", { name: /Heading/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([original, "Changed heading"]);
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    await user.click(screen.getByRole("button", { name: "Restore revision 1" }));
    await screen.findByText(/Revision 1 restored/, { selector: "p" });
    expect(confirm).toHaveBeenCalled();
    expect((heading as HTMLInputElement).value).toBe(original);
    await screen.findByRole("heading", { name: /Revision 3, restored from revision 1/ });
  });
});

describe("a list collection", () => {
  it("lists entries, reorders by keyboard, deletes after confirming, and creates a new entry", async () => {
    const fake = installFakeContentApi();
    const { user, router } = renderContent("/admin/content/courses");
    const table = await screen.findByRole("table", { name: /Entries/ });
    const titles = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
    const before = titles();
    // Each course says which services page lists it, in staff's words.
    expect(within(table).getByRole("columnheader", { name: "Shown on" })).toBeTruthy();
    const shown = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]!.textContent);
    expect(new Set(shown)).toEqual(new Set(["Desktop page", "Mobile page"]));
    const down = within(table).getByRole("button", { name: `Move down: ${before[0]}` });
    down.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(titles()).toEqual([before[1], before[0], ...before.slice(2)]));
    expect(document.activeElement?.textContent).toBe(`Move down: ${before[0]}`);
    expect(fake.calls.at(-1)).toMatchObject({ method: "PUT", path: "/api/content/courses/order" });

    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(true);
    await user.click(within(table).getByRole("button", { name: `Delete: ${before[2]}` }));
    await waitFor(() =>
      expect(within(table).getByText("Deleted (off the public site)")).toBeTruthy(),
    );

    await user.click(screen.getByRole("link", { name: "New entry" }));
    await screen.findByRole("heading", { level: 2, name: "Courses: new entry" });
    const shownOn = screen.getByLabelText("Shown on", LABEL) as HTMLSelectElement;
    expect(shownOn.value).toBe("desktop");
    expect([...shownOn.options].map((option) => option.textContent)).toEqual([
      "Desktop page",
      "Mobile page",
      "Both",
    ]);
    await user.type(screen.getByLabelText("Course number", LABEL), "77");
    await user.type(screen.getByLabelText("Title", LABEL), "A new course");
    await user.type(screen.getByLabelText("Description", LABEL), "What it teaches.");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await screen.findByRole("heading", { level: 2, name: "Courses: A new course" });
    await screen.findByText(/Draft saved/, { selector: "p" });
    // Moving to the new entry's own address is not leaving with unsaved changes.
    expect(confirm).toHaveBeenCalledTimes(1);
    const post = fake.calls.find((call) => call.method === "POST")!;
    expect(post.body).toEqual({
      data: { id: 77, title: "A new course", description: "What it teaches.", variant: "desktop" },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/admin\/content\/courses\/courses-\d+$/),
    );
  });

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

    // An emptied address is refused before saving: the details open and the field takes focus.
    fireEvent.change(file, { target: { value: "" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
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
