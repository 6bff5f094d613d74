// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "~/lib/test-fetch";
import type { MediaLibraryItem } from "#common/media";
import { posterFrom } from "./PosterInput";
import { installFakeContentApi } from "../test-fake-api";
import { LABEL, renderContent } from "../test-render";

const picture: MediaLibraryItem = {
  id: "m2",
  url: "/media/fedcba9876543210-2400.jpg",
  width: 2400,
  height: 1350,
  alt: "Soft teal waves",
  decorative: false,
  variants: [640, 1280].flatMap((width) => [
    { url: `/media/fedcba9876543210-${width}.avif`, width, format: "avif" as const },
    { url: `/media/fedcba9876543210-${width}.webp`, width, format: "webp" as const },
  ]),
  created_at: "2026-11-23T10:00:00.000Z",
  used_in: [],
};

describe("a video's poster chosen from the media library", () => {
  it("takes the widest WebP copy and its size, or the picture itself", () => {
    expect(posterFrom(picture)).toEqual({
      src: "/media/fedcba9876543210-1280.webp",
      width: 1280,
      height: 720,
    });
    expect(posterFrom({ ...picture, variants: [] })).toEqual({
      src: picture.url,
      width: 2400,
      height: 1350,
    });
  });

  it("fills in the poster's address and the video's width and height", async () => {
    const fake = installFakeContentApi();
    fake.intercept = (method, path) =>
      method === "GET" && path === "/api/media" ? jsonResponse(200, [picture]) : undefined;
    const { user } = renderContent("/admin/content/projects/projects-1");
    await screen.findByRole("heading", { level: 2, name: /^Featured projects: / });
    const media = screen.getByRole("group", { name: /^Media/ });
    await user.click(within(media).getByRole("button", { name: "Choose from library" }));
    const dialog = await screen.findByRole("dialog", { name: /Poster picture/ });
    await user.click(await within(dialog).findByRole("button", { name: /Soft teal waves/ }));
    expect((within(media).getByLabelText("Poster picture", LABEL) as HTMLInputElement).value).toBe(
      "/media/fedcba9876543210-1280.webp",
    );
    expect((within(media).getByLabelText("Width", LABEL) as HTMLInputElement).value).toBe("1280");
    expect((within(media).getByLabelText("Height", LABEL) as HTMLInputElement).value).toBe("720");
    expect(within(media).getByText(/width and height are now 1280 by 720 pixels/)).toBeTruthy();
  });
});
