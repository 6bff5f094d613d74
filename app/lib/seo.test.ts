import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { pageSeo } from "~/content/seo";
import { absoluteUrl, jsonLd, originOf, pageMeta } from "./seo";

function find(meta: MetaDescriptor[], predicate: (d: Record<string, unknown>) => boolean) {
  return meta.filter((d) => predicate(d as Record<string, unknown>)) as Record<string, unknown>[];
}
const links = (meta: MetaDescriptor[], rel: string) =>
  find(meta, (d) => d.tagName === "link" && d.rel === rel);
const prop = (meta: MetaDescriptor[], name: string) =>
  find(meta, (d) => d.property === name || d.name === name)[0]?.content;

describe("pageMeta", () => {
  it("gives title, description, Open Graph and Twitter card from the content", () => {
    const meta = pageMeta("/about-desktop");
    expect(meta).toContainEqual({ title: pageSeo["/about-desktop"].title });
    expect(prop(meta, "description")).toBe(pageSeo["/about-desktop"].description);
    expect(prop(meta, "og:title")).toBe(pageSeo["/about-desktop"].title);
    expect(prop(meta, "og:description")).toBe(pageSeo["/about-desktop"].description);
    expect(prop(meta, "og:type")).toBe("website");
    expect(prop(meta, "og:url")).toBe("https://www.example.org/about-desktop");
    expect(prop(meta, "og:image")).toBe("https://www.example.org/og-image.png");
    expect(prop(meta, "twitter:card")).toBe("summary_large_image");
  });

  it("makes a desktop page canonical and names its mobile twin as the small-screen alternate", () => {
    const meta = pageMeta("/services-desktop");
    expect(links(meta, "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: "https://www.example.org/services-desktop" },
    ]);
    expect(links(meta, "alternate")).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        media: "only screen and (max-width: 599px)",
        href: "https://www.example.org/services-mobile",
      },
    ]);
  });

  it("points a mobile page's canonical and og:url at its desktop twin", () => {
    const meta = pageMeta("/contact-mobile");
    expect(links(meta, "canonical")[0]?.href).toBe("https://www.example.org/contact-desktop");
    expect(prop(meta, "og:url")).toBe("https://www.example.org/contact-desktop");
    expect(links(meta, "alternate")).toEqual([]);
  });

  it("keeps pages without a twin canonical to themselves", () => {
    expect(links(pageMeta("/menu-mobile"), "canonical")[0]?.href).toBe(
      "https://www.example.org/menu-mobile",
    );
    expect(links(pageMeta("/sms-opt-in"), "canonical")[0]?.href).toBe(
      "https://www.example.org/sms-opt-in",
    );
    expect(links(pageMeta("/sms-opt-in"), "alternate")).toEqual([]);
  });

  it("describes the Organization on the home pages only", () => {
    const ld = (path: "/home-desktop" | "/home-mobile" | "/about-desktop") =>
      find(pageMeta(path), (d) => "script:ld+json" in d);
    for (const path of ["/home-desktop", "/home-mobile"] as const) {
      const [block] = ld(path);
      expect(block?.["script:ld+json"]).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Organization",
        url: "https://www.example.org/",
      });
    }
    expect(ld("/about-desktop")).toEqual([]);
  });

  it("adds extra JSON-LD and a custom og:type", () => {
    const event = { "@context": "https://schema.org", "@type": "Event", name: "Test" };
    const meta = pageMeta("/currents-of-care-desktop", { jsonLd: [event], ogType: "article" });
    expect(meta).toContainEqual({ "script:ld+json": event });
    expect(prop(meta, "og:type")).toBe("article");
  });
});

describe("helpers", () => {
  it("absoluteUrl joins paths to the site origin", () => {
    expect(absoluteUrl("/a/b")).toBe("https://www.example.org/a/b");
    expect(absoluteUrl("/")).toBe("https://www.example.org/");
  });
  it("jsonLd wraps an object as a meta descriptor", () => {
    expect(jsonLd({ a: 1 })).toEqual({ "script:ld+json": { a: 1 } });
  });

  it("takes the origin from the root loader's data (PUBLIC_ORIGIN), else the default address", () => {
    const matches = [{ id: "root", loaderData: { origin: "https://site.example" } }, undefined];
    expect(originOf(matches)).toBe("https://site.example");
    expect(originOf([{ id: "root", loaderData: undefined }])).toBe("https://www.example.org");
    const meta = pageMeta("/home-desktop", { origin: originOf(matches) });
    expect(links(meta, "canonical")[0]?.href).toBe("https://site.example/home-desktop");
    expect(prop(meta, "og:image")).toBe("https://site.example/og-image.png");
    expect(links(meta, "alternate")[0]?.href).toBe("https://site.example/home-mobile");
    expect(JSON.stringify(meta)).not.toContain("www.example.org");
  });
});
