// `npm run admin:hash`: prints an ADMIN_PASSWORD_HASH for a password typed at the prompt
// (or piped on standard input), so the password itself never has to sit in the environment.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";

const root = new URL("..", import.meta.url).pathname;
const compiled = new URL("../build/api/server/auth/password.js", import.meta.url).pathname;
if (!existsSync(compiled)) {
  const result = spawnSync("npx", ["tsc", "-p", "tsconfig.server.json"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { hashPassword } = await import(compiled);

async function readPassword() {
  if (process.argv[2]) return process.argv[2];
  const rl = createInterface({
    input: process.stdin,
    output: process.stderr,
    terminal: process.stdin.isTTY,
  });
  if (process.stdin.isTTY) process.stderr.write("Password: ");
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return "";
}

const password = (await readPassword()).trim();
if (password.length < 12) {
  console.error("Choose a password of at least 12 characters.");
  process.exit(1);
}
console.log(await hashPassword(password));
