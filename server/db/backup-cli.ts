import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "../config.js";
import { backupDatabase, BackupError, restoreDatabase } from "./backup.js";
import { DatabaseInUseError } from "./server-lock.js";

/**
 * `npm run backup [FILE]` and `npm run restore FILE` on the database DATABASE_URL names (the
 * same environment as the server). Returns the exit code; messages go to the given streams.
 */
export async function runDatabaseCopyCommand(
  command: string | undefined,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<number> {
  try {
    const { DATABASE_URL: url } = loadConfig(env);
    if (command === "backup") {
      const { file, bytes } = await backupDatabase(url, args[0]);
      out(`Backup written: ${file} (${bytes} bytes)`);
      return 0;
    }
    if (command === "restore") {
      if (!args[0]) {
        err("Usage: npm run restore FILE   (a file written by npm run backup)");
        return 2;
      }
      await restoreDatabase(url, args[0]);
      out(
        `Restored ${args[0]} into ${url.startsWith("sqlite:") ? url : "the PostgreSQL database"}`,
      );
      return 0;
    }
    err("Usage: npm run backup [FILE] | npm run restore FILE");
    return 2;
  } catch (error) {
    if (
      error instanceof BackupError ||
      error instanceof DatabaseInUseError ||
      error instanceof ConfigError
    ) {
      err(`${command === "restore" ? "Restore" : "Backup"} refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, ...args] = process.argv.slice(2);
  process.exitCode = await runDatabaseCopyCommand(command, args);
}
