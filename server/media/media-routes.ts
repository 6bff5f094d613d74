import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  MEDIA_CONTENT_TYPES,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaAltProblem,
  mediaInUseMessage,
  type MediaItem,
  type MediaLibraryItem,
} from "../../common/media.js";
import { HttpError } from "../http/errors.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import { ifNoneMatchMatches } from "../web/conditional.js";
import { imageTypeOf } from "./image-type.js";
import { ImageRejected } from "./image-processing.js";
import { createImageProcessor, type ImageProcessor } from "./image-processor.js";
import type { MediaRepository } from "./media-repository.js";
import type { MediaReference, MediaUsage } from "./media-usage.js";
import type { UploadGate } from "./upload-gate.js";
import { defaultAccess } from "../accounts/access.js";

export interface MediaRoutesOptions {
  repository: MediaRepository;
  /** MEDIA_RATE_LIMIT: uploads per client address per 10 minutes. */
  limiter: RateLimiter;
  gate: UploadGate;
  usage: MediaUsage;
  /** Where images are decoded and encoded: a child process per image unless told. */
  processImage?: ImageProcessor;
}

/** The window of MEDIA_RATE_LIMIT. */
export const MEDIA_RATE_WINDOW_MS = 10 * 60 * 1000;

/** Room for the form's boundaries, part headers and the alt text around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** An alt text of MEDIA_ALT_MAX characters fits in this many UTF-8 bytes. */
const FIELD_MAX_BYTES = 4 * 1024;

const FILE_NAME = /^[0-9a-f]{16}-[1-9][0-9]{0,4}\.(?:jpg|png|webp|avif)$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

const idParams = z.object({ id: z.uuid() });

function parseId(params: unknown): string {
  const result = idParams.safeParse(params);
  if (!result.success) throw new HttpError(404, "not_found", MEDIA_MESSAGES.notFound);
  return result.data.id;
}

function referenceOf(item: MediaItem): MediaReference {
  return { id: item.id, urls: [item.url, ...item.variants.map((variant) => variant.url)] };
}

function invalid(field: string, message: string): HttpError {
  return new HttpError(400, "invalid_input", message, { [field]: message });
}

const tooLarge = () => new HttpError(413, "file_too_large", MEDIA_MESSAGES.tooLarge);
const notAnImage = (message: string) => new HttpError(415, "not_an_image", message);

/** `decorative` as an HTML checkbox or a script sends it. */
function parseDecorative(value: string): boolean {
  const text = value.trim().toLowerCase();
  if (text === "true" || text === "on" || text === "1") return true;
  if (text === "false" || text === "0" || text === "") return false;
  throw invalid("decorative", MEDIA_MESSAGES.invalidDecorative);
}

interface Upload {
  alt: string;
  decorative: boolean;
  bytes: Buffer;
}

/**
 * Reads the form: `alt` and/or `decorative`, and `file`. The whole body is read even after a
 * problem is found (a file being refused is read and dropped), so that a browser still sending
 * gets the answer instead of a reset connection; busboy's limits keep what is held to at most
 * MEDIA_MAX_BYTES of file and a few small fields.
 */
async function readUpload(request: FastifyRequest, declaredLength: number): Promise<Upload> {
  let alt: string | undefined;
  let decorative: boolean | undefined;
  let file: Buffer | undefined;
  let problem: HttpError | undefined;
  const fieldsProblem = () => mediaAltProblem(alt ?? "", decorative ?? false);

  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      "unsupported_media_type",
      "Send the image as multipart/form-data with the fields alt (or decorative) and file",
    );
  }

  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file") {
          problem ??= invalid(part.fieldname, `Unknown field: ${part.fieldname}`);
        } else if (alt !== undefined || decorative !== undefined) {
          // The fields came first, as they should: a refused alt text spares the processing.
          const message = fieldsProblem();
          if (message) problem ??= invalid("alt", message);
        }
        if (problem) {
          part.file.resume();
          continue;
        }
        file = await readFile(part, declaredLength);
        if (!file) problem = tooLarge();
        continue;
      }
      if (part.valueTruncated && part.fieldname === "alt") {
        problem ??= invalid("alt", MEDIA_MESSAGES.altTooLong);
        continue;
      }
      const value = typeof part.value === "string" ? part.value : String(part.value);
      if (part.fieldname === "alt" && alt === undefined) alt = value.trim();
      else if (part.fieldname === "decorative" && decorative === undefined) {
        try {
          decorative = parseDecorative(value);
        } catch (error) {
          problem ??= error as HttpError;
        }
      } else problem ??= invalid(part.fieldname, `Unknown or repeated field: ${part.fieldname}`);
    }
  } catch {
    // busboy's verdicts (no boundary, a truncated body, too many parts) and a client that
    // went away: none of them is a well-formed upload.
    throw new HttpError(
      400,
      "malformed_multipart",
      "The upload is not a well-formed multipart/form-data body with the fields alt (or decorative) and file",
    );
  }
  if (problem) throw problem;
  const message = fieldsProblem();
  if (message) throw invalid("alt", message);
  if (!file) throw invalid("file", MEDIA_MESSAGES.fileMissing);
  return { alt: alt ?? "", decorative: decorative ?? false, bytes: file };
}

/**
 * The file's bytes, or undefined when it is larger than MEDIA_MAX_BYTES (then read to its end).
 * With a Content-Length (which bounds the file, and which Node's parser holds the body to) the
 * bytes are copied into one buffer as they come, so an upload is held once rather than as
 * chunks and then their concatenation (decision 031).
 */
async function readFile(part: MultipartFile, declaredLength: number): Promise<Buffer | undefined> {
  const whole =
    declaredLength > 0 ? Buffer.allocUnsafe(Math.min(declaredLength, MEDIA_MAX_BYTES)) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  // Never `break`: ending the iteration early would stop busboy mid-body (see readUpload).
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (size + chunk.length > MEDIA_MAX_BYTES) over = true;
    else if (whole) chunk.copy(whole, size);
    else chunks.push(chunk);
    size += chunk.length;
  }
  // busboy cuts the file at fileSize and marks it truncated: one byte over is over.
  if (over || part.file.truncated) return undefined;
  return whole ? whole.subarray(0, size) : Buffer.concat(chunks, size);
}

export function registerMediaRoutes(app: FastifyInstance, options: MediaRoutesOptions): void {
  const { repository, limiter, gate, usage } = options;
  const processImage = options.processImage ?? createImageProcessor();

  // The files, for anyone: immutable, since each name carries its image's hash.
  app.get("/media/:name", async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const found = FILE_NAME.test(name) ? await repository.file(name) : undefined;
    if (!found) return reply.callNotFound();
    const etag = `"${name}"`;
    void reply.headers({
      "cache-control": IMMUTABLE,
      etag,
      "x-content-type-options": "nosniff",
    });
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, etag)) {
      return reply.code(304).send();
    }
    return reply.type(MEDIA_CONTENT_TYPES[found.format]).send(found.data);
  });

  app.register(async (admin) => {
    // Multipart bodies are understood in this scope only; everywhere else they stay 415.
    await admin.register(multipart, {
      limits: {
        fileSize: MEDIA_MAX_BYTES,
        files: 1,
        fields: 2,
        parts: 3,
        fieldSize: FIELD_MAX_BYTES,
        fieldNameSize: 100,
        headerPairs: 20,
      },
      // A file over the limit is reported by readFile (413), not as a parse error.
      throwFileSizeLimit: false,
    });
    defaultAccess(admin, "drafts");
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    admin.post("/api/media", { config: { audit: "media.upload" } }, async (request, reply) => {
      const declared = Number(request.headers["content-length"]);
      if (declared > MEDIA_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();

      const verdict = await limiter.hit(request.ip);
      if (!verdict.allowed) {
        const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
        throw new HttpError(
          429,
          "too_many_requests",
          `Too many uploads. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          undefined,
          { "Retry-After": String(verdict.retryAfterSeconds) },
        );
      }
      const ticket = gate.tryEnter();
      if (!ticket) {
        throw new HttpError(503, "busy", MEDIA_MESSAGES.busy, undefined, { "Retry-After": "5" });
      }
      try {
        const upload = await readUpload(request, Number.isFinite(declared) ? declared : 0);
        const format = imageTypeOf(upload.bytes);
        if (!format) throw notAnImage(MEDIA_MESSAGES.notAnImage);
        const image = await ticket.process(async () => {
          try {
            return await processImage(upload.bytes, format);
          } catch (error) {
            if (error instanceof ImageRejected) {
              throw error.status === 415
                ? notAnImage(error.message)
                : new HttpError(422, "image_too_large", error.message);
            }
            throw error;
          }
        });
        const { created, item } = await repository.add({
          image,
          alt: upload.alt,
          decorative: upload.decorative,
        });
        return reply.code(created ? 201 : 200).send(item);
      } finally {
        ticket.leave();
      }
    });

    admin.get("/api/media", async (): Promise<MediaLibraryItem[]> => {
      const items = await repository.list();
      const used = await usage.usedIn(items.map(referenceOf));
      return items.map((item) => ({ ...item, used_in: [...(used.get(item.id) ?? [])] }));
    });

    admin.delete(
      "/api/media/:id",
      { config: { access: "publishing", audit: "media.delete" } },
      async (request, reply) => {
        const id = parseId(request.params);
        const item = await repository.get(id);
        if (!item) throw new HttpError(404, "not_found", MEDIA_MESSAGES.notFound);
        const places = (await usage.usedIn([referenceOf(item)])).get(id) ?? [];
        if (places.length > 0) {
          throw new HttpError(409, "in_use", mediaInUseMessage(places));
        }
        if (!(await repository.remove(id))) {
          throw new HttpError(404, "not_found", MEDIA_MESSAGES.notFound);
        }
        return reply.code(204).send();
      },
    );
  });
}
