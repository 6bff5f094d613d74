// `npm run admin:hash`: prints an ADMIN_PASSWORD_HASH for a password typed at the prompt (not
// echoed) or piped on standard input. Never from the command line (it would stay in the shell
// history and in `ps`), and the password itself is never printed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const compiled = (path) => new URL(`../build/api/server/${path}`, import.meta.url).pathname;
if (!existsSync(compiled("auth/password.js")) || !existsSync(compiled("config.js"))) {
  const result = spawnSync("npx", ["tsc", "-p", "tsconfig.server.json"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { hashPassword } = await import(compiled("auth/password.js"));
const { ADMIN_PASSWORD_MIN } = await import(compiled("config.js"));

if (process.argv.length > 2) {
  console.error(
    "admin:hash takes no arguments: type the password at the prompt, or pipe it on standard input.",
  );
  process.exit(2);
}

/** Reads one line from the terminal in raw mode, echoing nothing. */
function readHidden() {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    process.stderr.write("Password (not shown): ");
    stdin.setRawMode(true);
    stdin.setEncoding("utf8");
    let typed = "";
    const finish = (value) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stderr.write("\n");
      resolve(value);
    };
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return finish(typed);
        if (char === "\u0003") {
          stdin.setRawMode(false);
          process.stderr.write("\n");
          process.exit(130);
        }
        if (char === "\u0004") return finish(typed);
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on("data", onData);
    stdin.resume();
  });
}

/** The first line of standard input. */
async function readPiped() {
  let text = "";
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/, 1)[0] ?? "";
}

const password = (process.stdin.isTTY ? await readHidden() : await readPiped()).trim();
if (password.length < ADMIN_PASSWORD_MIN) {
  console.error(`Choose a password of at least ${ADMIN_PASSWORD_MIN} characters.`);
  process.exit(1);
}
console.log(await hashPassword(password));
