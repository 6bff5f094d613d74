import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodError, ZodType, z } from "zod";
import type { ApiErrorBody } from "../../common/api-error.js";

/** An error with an HTTP status that is safe to show to the client as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Collects zod issues into one message per field, the first issue of each field winning. */
export function fieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      // Named at the group that holds it (data.gallery.slides.0.variants), not at the top.
      for (const key of issue.keys)
        fields[[...issue.path, key].join(".")] ??= `Unknown field: ${key}`;
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses `input` with `schema` or throws a 400 whose message names the first problem. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldMessages(result.error);
  const message = Object.values(fields)[0] ?? "Invalid input";
  throw new HttpError(400, "invalid_input", message, fields);
}

const DATABASE_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02",
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_READONLY",
  "SQLITE_FULL",
]);

/** True when the error means the database cannot be reached right now (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && DATABASE_DOWN_CODES.has(code)) return true;
  if (typeof code === "string" && code.startsWith("SQLITE_IOERR")) return true;
  return (
    typeof message === "string" &&
    /(Connection terminated|connection timeout|database connection is not open|driver has already been destroyed|Client has encountered a connection error|timeout exceeded when trying to connect)/i.test(
      message,
    )
  );
}

function send(
  reply: FastifyReply,
  status: number,
  body: ApiErrorBody,
  headers?: Record<string, string>,
) {
  if (headers) void reply.headers(headers);
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** One error handler for the whole app: clear JSON bodies, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return send(
        reply,
        error.statusCode,
        errorBody(error.code, error.message, error.fields),
        error.headers,
      );
    }
    const fastifyError = error as FastifyError;
    switch (fastifyError.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE": {
        // The route's own limit (content entries allow more than the app's 16 KiB).
        const limit = request.routeOptions.bodyLimit ?? 16 * 1024;
        return send(
          reply,
          413,
          errorBody(
            "body_too_large",
            `Request body is too large (limit ${Math.floor(limit / 1024)} KiB)`,
          ),
        );
      }
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return send(
          reply,
          415,
          errorBody(
            "unsupported_media_type",
            "Send the request body as JSON (Content-Type: application/json)",
          ),
        );
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return send(
          reply,
          400,
          errorBody("invalid_json", "The request body is empty; send a JSON object"),
        );
      case "FST_ERR_CTP_INVALID_JSON_BODY":
        return send(reply, 400, errorBody("invalid_json", "The request body is not valid JSON"));
      default:
        break;
    }
    if (fastifyError.statusCode === 429) {
      return send(
        reply,
        429,
        errorBody("too_many_requests", fastifyError.message || "Too many requests"),
      );
    }
    if (
      fastifyError.statusCode &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Fastify's own client errors (bad JSON, bad params): their messages carry no internals.
      return send(reply, fastifyError.statusCode, errorBody("bad_request", fastifyError.message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return send(
        reply,
        503,
        errorBody(
          "database_unavailable",
          "The service is temporarily unavailable; please try again shortly",
        ),
        { "Retry-After": "5" },
      );
    }
    request.log.error({ err: error }, "unhandled error");
    return send(
      reply,
      500,
      errorBody("internal_error", "Something went wrong on our side; please try again"),
    );
  });
}

/** Bad URLs, over-long path parameters and the like: answered before any route or hook runs. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: "bad_url", message: "The address is not valid" },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: "url_too_long",
    message: "The address is too long",
  },
};

/** A page for errors that happen before routing: no script, no style, nothing from the request. */
export function plainErrorPage(status: number, message: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status}: ${message}</title></head><body><main><h1>${message}</h1><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/**
 * Fastify's `frameworkErrors`: the errors it raises before routing (a malformed percent-encoding,
 * a path parameter over `maxParamLength`). No hook has run, so the security headers are set here;
 * the answer is JSON under /api and a plain error page elsewhere, and never repeats the path
 * (Fastify's own answer echoed it).
 */
export function frameworkErrorHandler(headers: Readonly<Record<string, string>>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = FRAMEWORK_ERRORS[error.code] ?? {
      status: 400,
      code: "bad_request",
      message: "The request is not valid",
    };
    void reply.headers(headers);
    const path = (request.raw.url ?? "").split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/")) {
      return send(reply, known.status, errorBody(known.code, known.message));
    }
    return reply
      .code(known.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(plainErrorPage(known.status, known.message));
  };
}

/**
 * The `clientError` answer of the HTTP server (a request it could not parse, headers too large,
 * a request that took too long): Fastify's default, plus the security headers.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, code, message] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", "The request took too long to arrive"]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "headers_too_large", "The request headers are too large"]
          : [400, "bad_request", "The request could not be read"];
    const body = JSON.stringify(errorBody(code, message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`,
      );
    }
    socket.destroy();
  };
}
