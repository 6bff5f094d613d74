import { Writable } from "node:stream";
import pino from "pino";
import { logSerializers } from "../http/request-log.js";

/** A pino logger with the server's serializers that keeps every line it writes, parsed. */
export function capturingLogger(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString("utf8").split("\n")) {
        if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: pino({ level, serializers: logSerializers }, stream), lines };
}
