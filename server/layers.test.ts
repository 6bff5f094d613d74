import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The server's import direction (SERVER_LAYERS in eslint.config.js, docs/architecture.md):
 * sources linted as if they were the named server modules.
 */
const eslint = new ESLint();

async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("server import layers", () => {
  it("refuse a room importing a room above it, or the app", async () => {
    const found = await refusals(
      "server/auth/probe.ts",
      'import { defaultAccess } from "../accounts/access.js";\n' +
        'import type { AppDeps } from "../app.js";\n' +
        "export const probe: [unknown, AppDeps?] = [defaultAccess];\n",
    );
    expect(found).toHaveLength(2);
    for (const message of found) {
      expect(message).toContain("server/auth/ is on layer 4 of SERVER_LAYERS");
      expect(message).toContain("never a room above it");
    }
  });

  it("refuse a room importing another room of its own layer", async () => {
    const found = await refusals(
      "server/outbox/probe.ts",
      'import { serve } from "../web/serve.js";\nexport const probe = serve;\n',
    );
    expect(found).toEqual([expect.stringContaining("server/outbox/ imports no other room")]);
  });

  it("refuse a root module importing the app, from a nested folder too", async () => {
    expect(
      await refusals("server/config.ts", 'import { buildApp } from "./app.js";\nbuildApp;\n'),
    ).toHaveLength(1);
    expect(
      await refusals(
        "server/db/migrations/probe.ts",
        'import { loadConfig } from "../../config.js";\nloadConfig;\n',
      ),
    ).toEqual([expect.stringContaining("server/db/ is on layer 1")]);
  });

  it("let a room import the layers below it, and tests and command-line entries anything", async () => {
    expect(
      await refusals(
        "server/accounts/probe.ts",
        'import { hashPassword } from "../auth/password.js";\n' +
          'import { toCsv } from "../shared/csv.js";\n' +
          'import { loadConfig } from "../config.js";\n' +
          "export const probe = [hashPassword, toCsv, loadConfig];\n",
      ),
    ).toEqual([]);
    const imports = 'import { buildApp } from "../app.js";\nexport const probe = buildApp;\n';
    expect(await refusals("server/auth/probe.test.ts", imports)).toEqual([]);
    expect(await refusals("server/db/probe-cli.ts", imports)).toEqual([]);
  });
});
