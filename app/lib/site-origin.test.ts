import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loader as icsLoader } from "~/routes/currents-of-care-ics";
import { loader as robotsLoader } from "~/routes/robots-txt";
import { SITEMAP_PATHS, loader as sitemapLoader } from "~/routes/sitemap-xml";
import { siteOriginContext } from "./site-origin";

function context(origin: string | null) {
  const provider = new RouterContextProvider();
  if (origin) provider.set(siteOriginContext, origin);
  return provider;
}

// The loaders only read the context; the rest of their arguments is not used.
type Args = Parameters<typeof sitemapLoader>[0];
const args = (origin: string | null) => ({ context: context(origin) }) as unknown as Args;

describe("files rendered at the site's public origin", () => {
  it("lists every canonical page in sitemap.xml at PUBLIC_ORIGIN", async () => {
    const response = sitemapLoader(args("https://site.example"));
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    for (const path of SITEMAP_PATHS) {
      expect(xml).toContain(`<loc>https://site.example${path}</loc>`);
    }
    expect(SITEMAP_PATHS).toContain("/home-desktop");
    expect(SITEMAP_PATHS).toContain("/sms-opt-in");
    expect(SITEMAP_PATHS).toEqual(expect.arrayContaining(["/privacy", "/terms"]));
    expect(SITEMAP_PATHS.some((path) => path.endsWith("-mobile"))).toBe(false);
  });

  it("names the sitemap in robots.txt and keeps crawlers out of /admin", async () => {
    const text = await robotsLoader(args("https://site.example") as never).text();
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain("Sitemap: https://site.example/sitemap.xml");
  });

  it("falls back to the default address without PUBLIC_ORIGIN", async () => {
    expect(await robotsLoader(args(null) as never).text()).toContain(
      "Sitemap: https://www.example.org/sitemap.xml",
    );
    expect(await icsLoader(args("https://site.example") as never).text()).toContain(
      "https://site.example/currents-of-care",
    );
  });
});
