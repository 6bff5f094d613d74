// `npm run backup [FILE]` and `npm run restore FILE`: see server/db/backup.ts and the README.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const compiled = new URL("../build/api/server/db/backup-cli.js", import.meta.url).pathname;
if (!existsSync(compiled)) {
  const result = spawnSync("npx", ["tsc", "-p", "tsconfig.server.json"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { runDatabaseCopyCommand } = await import(compiled);
const [command, ...args] = process.argv.slice(2);
process.exitCode = await runDatabaseCopyCommand(command, args);
