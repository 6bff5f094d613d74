/** Content types of the files a client build and `public/` contain, by lower-case extension. */
const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".webm": "video/webm",
  ".ogv": "video/ogg",
  ".mov": "video/quicktime",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".ogg": "audio/ogg",
  ".oga": "audio/ogg",
  ".wav": "audio/wav",
  ".vtt": "text/vtt; charset=utf-8",
  ".pdf": "application/pdf",
  ".wasm": "application/wasm",
  ".gz": "application/gzip",
  // React Router's single-fetch loader data (turbo-stream), as its own server labels it.
  ".data": "text/x-script",
};

const FALLBACK = "application/octet-stream";

/** The lower-case extension of a file name including the dot, or "" when it has none. */
export function extensionOf(fileName: string): string {
  const slash = fileName.lastIndexOf("/");
  const dot = fileName.lastIndexOf(".");
  return dot > slash + 1 ? fileName.slice(dot).toLowerCase() : "";
}

/** The Content-Type header for a file name; unknown types are served as octet streams. */
export function contentTypeFor(fileName: string): string {
  return TYPES[extensionOf(fileName)] ?? FALLBACK;
}

/** True for audio and video, which browsers fetch with `Range` requests. */
export function isMediaType(contentType: string): boolean {
  return contentType.startsWith("video/") || contentType.startsWith("audio/");
}

/** True for HTML documents, which get a page-specific Content-Security-Policy. */
export function isHtmlType(contentType: string): boolean {
  return contentType.startsWith("text/html");
}
