import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { seedSnapshot } from "#common/content/snapshot";
import { layoutContent, type SeoPage } from "~/content/slices";
import {
  SITE_URL,
  absoluteUrl,
  jsonLd,
  metaContent,
  originOf,
  pageMeta,
  type PublicRoute,
} from "./seo";

const snapshot = seedSnapshot();
const pageSeo = snapshot.site.seo.pages;

/** The metadata of a page, with its content as its route's meta function gets it. */
function metaOf(path: PublicRoute, seoPage: SeoPage, options?: Parameters<typeof pageMeta>[2]) {
  const matches = [
    { loaderData: { layout: layoutContent(snapshot) } },
    { loaderData: { pageSeo: pageSeo[seoPage] } },
  ];
  return pageMeta(path, metaContent(matches), options);
}

function find(meta: MetaDescriptor[], predicate: (d: Record<string, unknown>) => boolean) {
  return meta.filter((d) => predicate(d as Record<string, unknown>)) as Record<string, unknown>[];
}
const links = (meta: MetaDescriptor[], rel: string) =>
  find(meta, (d) => d.tagName === "link" && d.rel === rel);
const prop = (meta: MetaDescriptor[], name: string) =>
  find(meta, (d) => d.property === name || d.name === name)[0]?.content;

describe("pageMeta", () => {
  it("gives title, description, Open Graph and Twitter card from the content", () => {
    const meta = metaOf("/about-desktop", "about");
    expect(meta).toContainEqual({ title: pageSeo.about.title });
    expect(prop(meta, "description")).toBe(pageSeo.about.description);
    expect(prop(meta, "og:title")).toBe(pageSeo.about.title);
    expect(prop(meta, "og:description")).toBe(pageSeo.about.description);
    expect(prop(meta, "og:type")).toBe("website");
    expect(prop(meta, "og:url")).toBe("https://www.example.org/about-desktop");
    expect(prop(meta, "og:image")).toBe("https://www.example.org/og-image.png");
    expect(prop(meta, "twitter:card")).toBe("summary_large_image");
  });

  it("makes a desktop page canonical and names its mobile twin as the small-screen alternate", () => {
    const meta = metaOf("/services-desktop", "services");
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
    const meta = metaOf("/contact-mobile", "contact");
    expect(links(meta, "canonical")[0]?.href).toBe("https://www.example.org/contact-desktop");
    expect(prop(meta, "og:url")).toBe("https://www.example.org/contact-desktop");
    expect(links(meta, "alternate")).toEqual([]);
  });

  it("keeps pages without a twin canonical to themselves", () => {
    expect(links(metaOf("/menu-mobile", "menu"), "canonical")[0]?.href).toBe(
      "https://www.example.org/menu-mobile",
    );
    expect(links(metaOf("/sms-opt-in", "smsOptIn"), "canonical")[0]?.href).toBe(
      "https://www.example.org/sms-opt-in",
    );
    expect(links(metaOf("/sms-opt-in", "smsOptIn"), "alternate")).toEqual([]);
  });

  it("describes the Organization on the home pages only", () => {
    const ld = (path: "/home-desktop" | "/home-mobile" | "/about-desktop") =>
      find(
        metaOf(path, path === "/about-desktop" ? "about" : "home"),
        (d) => "script:ld+json" in d,
      );
    for (const path of ["/home-desktop", "/home-mobile"] as const) {
      const [block] = ld(path);
      expect(block?.["script:ld+json"]).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Organization",
        url: "https://www.example.org/",
        name: "Commons Learning Design",
        email: "hello@example.org",
        telephone: "(206) 555-0142",
      });
      // The seed's social profiles are example addresses: not claimed as the organisation's.
      expect(block?.["script:ld+json"]).not.toHaveProperty("sameAs");
    }
    expect(ld("/about-desktop")).toEqual([]);
  });

  it("fails loudly when a route did not load its title and description", () => {
    expect(() => metaContent([{ loaderData: { layout: layoutContent(snapshot) } }])).toThrow(
      /pageSeo/,
    );
  });

  it("adds extra JSON-LD and a custom og:type", () => {
    const event = { "@context": "https://schema.org", "@type": "Event", name: "Test" };
    const meta = metaOf("/currents-of-care-desktop", "event", {
      jsonLd: [event],
      ogType: "article",
    });
    expect(meta).toContainEqual({ "script:ld+json": event });
    expect(prop(meta, "og:type")).toBe("article");
  });
});

describe("origin", () => {
  it("builds every absolute URL on the origin the root loader gave (PUBLIC_ORIGIN)", () => {
    const origin = "https://learning.example.net";
    const meta = metaOf("/home-desktop", "home", { origin });
    expect(links(meta, "canonical")[0]?.href).toBe(`${origin}/home-desktop`);
    expect(prop(meta, "og:image")).toBe(`${origin}/og-image.png`);
    const [block] = find(meta, (d) => "script:ld+json" in d);
    expect(block?.["script:ld+json"]).toMatchObject({ url: `${origin}/` });
  });

  it("originOf reads the root's loader data, else SITE_URL", () => {
    expect(originOf([{ id: "root", loaderData: { origin: "https://a.example" } }])).toBe(
      "https://a.example",
    );
    expect(originOf([{ id: "root", loaderData: {} }])).toBe(SITE_URL);
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
});
