import { SMTPServer } from "smtp-server";

/** One message as a real SMTP server on loopback received it. */
export interface ReceivedMail {
  /** SMTP envelope. */
  mailFrom: string;
  rcptTo: string[];
  /** Header names lowercased; folded lines unfolded. */
  headers: Map<string, string>;
  /** The text body, transfer-decoded (7bit or quoted-printable). */
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Resolves once `count` mails have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /**
   * While on, every message is held before acceptance (the client waits for the 250 reply);
   * `held()` counts them. Turning it off accepts the held messages whose client still waits.
   */
  hold(on: boolean): void;
  held(): number;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Splits a single-part message into headers and its decoded text body. */
export function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return { headers, text: decoded.replace(/\r\n/g, "\n") };
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps what it receives.
 * `port` 0 picks a free port; pass a fixed one to bring a "down" server back on the same address.
 * `delayMs` holds each message that long before accepting it (a slow server).
 */
export async function startTestSmtpServer(
  port = 0,
  options: { delayMs?: number } = {},
): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  // Sessions whose client hung up: a message they had not been answered for is not accepted
  // (as a real server discards it), so a client killed mid-send does not count as delivered.
  const closedSessions = new Set<string>();
  let holding = false;
  const heldAccepts = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Open pooled client connections must not hold close() for the default 30 s.
    closeTimeout: 1000,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { headers, text } = parseMail(raw);
        // Counted once accepted (after the delay of a slow server).
        const accept = () => {
          if (closedSessions.has(session.id)) return;
          mails.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            headers,
            text,
            raw,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        };
        if (holding) heldAccepts.add(accept);
        else if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  server.on("error", () => {});
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return mails;
    },
    hold(on) {
      holding = on;
      if (on) return;
      const released = [...heldAccepts];
      heldAccepts.clear();
      for (const accept of released) accept();
    },
    held: () => heldAccepts.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
