// `npm run account:reset-factors -- EMAIL`: see server/factors/reset-factors-cli.ts and the README.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const compiled = new URL("../build/api/server/factors/reset-factors-cli.js", import.meta.url)
  .pathname;
if (!existsSync(compiled)) {
  const result = spawnSync("npx", ["tsc", "-p", "tsconfig.server.json"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { runResetFactorsCommand } = await import(compiled);
process.exitCode = await runResetFactorsCommand(process.argv.slice(2));
