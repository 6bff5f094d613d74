/** Served HTML as a visitor without JavaScript gets it, parsed into a DOM (jsdom, no scripts). */
import type { APIRequestContext } from "@playwright/test";
import { JSDOM } from "jsdom";

export interface ServedPage {
  readonly path: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly html: string;
  readonly document: Document;
}

/** Collapses white space (including no-break spaces) the way a reader perceives text. */
export function normalizeText(text: string | null | undefined): string {
  return (text ?? "").replace(/[\s\u00a0]+/g, " ").trim();
}

export function parseHtml(html: string, url?: string): Document {
  return new JSDOM(html, url ? { url } : {}).window.document;
}

export async function fetchServed(request: APIRequestContext, path: string): Promise<ServedPage> {
  const response = await request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  return {
    path,
    status: response.status(),
    headers: response.headers(),
    html,
    document: parseHtml(html, response.url()),
  };
}

/** The `content` of `<meta name|property=key>`, or undefined. */
export function metaContent(document: Document, key: string): string | undefined {
  for (const meta of document.querySelectorAll("meta")) {
    if (meta.getAttribute("name") === key || meta.getAttribute("property") === key) {
      return meta.getAttribute("content") ?? undefined;
    }
  }
  return undefined;
}

/** The parsed JSON-LD blocks of a document; a block that is not JSON becomes an Error. */
export function jsonLdBlocks(document: Document): (unknown | Error)[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => {
    try {
      return JSON.parse(script.textContent ?? "") as unknown;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
}
