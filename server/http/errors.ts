import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
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
      for (const key of issue.keys) fields[key] ??= `Unknown field: ${key}`;
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
