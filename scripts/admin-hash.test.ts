import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "../server/auth/password.js";

const root = new URL("..", import.meta.url).pathname;
const PASSWORD = "long enough passphrase 42";

/** Runs the command with `input` on stdin, sent once `prompt` shows (at once without one). */
function run(command: string, args: string[], input: string, prompt?: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      child.stdin.end(input);
    };
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (prompt && output.includes(prompt)) send();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("exit", (code) => resolve({ code, output }));
    if (!prompt) send();
  });
}

const HASH = /scrypt\$17\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+/;

describe("npm run admin:hash", () => {
  it("hashes a password piped on standard input and never prints it", async () => {
    const { code, output } = await run("node", ["scripts/admin-hash.mjs"], `${PASSWORD}\n`);
    expect(code).toBe(0);
    expect(output).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, HASH.exec(output)![0])).toBe(true);
  });

  it("refuses the password as an argument, without printing it", async () => {
    const { code, output } = await run("node", ["scripts/admin-hash.mjs", PASSWORD], "");
    expect(code).not.toBe(0);
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toMatch(HASH);
    expect(output).toContain("takes no arguments");
  });

  it("refuses a password under 12 characters", async () => {
    const { code, output } = await run("node", ["scripts/admin-hash.mjs"], "short pass\n");
    expect(code).toBe(1);
    expect(output).toContain("at least 12 characters");
  });

  it.skipIf(!existsSync("/usr/bin/script"))(
    "reads from a terminal without echoing what is typed",
    async () => {
      // util-linux `script` runs the command on a pseudo-terminal and copies everything the
      // terminal shows to its output: an echoed password would appear there (`--echo never`
      // stops script itself from echoing its piped input).
      const { code, output } = await run(
        "script",
        [
          "-qe",
          "--echo",
          "never",
          "-c",
          `${JSON.stringify(process.execPath)} scripts/admin-hash.mjs`,
          "/dev/null",
        ],
        `${PASSWORD}\r`,
        "Password",
      );
      expect(output).not.toContain(PASSWORD);
      expect(output).toContain("Password (not shown):");
      expect(code).toBe(0);
      expect(await verifyPassword(PASSWORD, HASH.exec(output)![0])).toBe(true);
    },
  );
});
