#!/usr/bin/env bash
# Installs everything amrgen needs on Debian 12: system packages (apt), the Python package in
# editable mode with its dev extras (pip), and KenLM's lmplz and build_binary in ./bin.
# Run it as root (or with sudo) from anywhere; running it again only re-checks.
set -euo pipefail

cd "$(dirname "$0")"
PYTHON=${PYTHON:-python3}

say() { echo "setup: $*"; }

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: error: run as root, e.g. 'sudo ./setup.sh' (apt-get needs it)" >&2
  exit 1
fi

say "apt packages (graphviz, WordNet 3.0, KenLM build tools, Xvfb and Qt's xcb libraries for the window's smoke run)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq \
  graphviz libgraphviz-dev wordnet-base wordnet-sense-index \
  cmake g++ make libboost-program-options-dev libboost-system-dev libboost-thread-dev \
  libboost-test-dev libeigen3-dev zlib1g-dev libbz2-dev liblzma-dev \
  xvfb xauth libxcb-cursor0 libxkbcommon-x11-0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 \
  libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 >/dev/null
say "apt packages: pdflatex with TikZ, for the application's LaTeX export's test (about 30 s and 160 MB)"
apt-get install -y -qq --no-install-recommends texlive-latex-base texlive-pictures >/dev/null

say "python package: $PYTHON -m pip install -e '.[dev]'"
"$PYTHON" -m pip install -q --root-user-action=ignore -e '.[dev]'

say "the WordNet table in ~/.cache/amrgen (built once, so that the generator loads in about a second)"
"$PYTHON" -c "from amrgen.lexicon.wordnet_cache import load_table; load_table()"

# lmplz and build_binary are not in the kenlm wheel; build them from the same release's source
# distribution. Only kenlm itself is taken as source (--no-binary kenlm): ':all:' would also
# build its build dependency cmake from source, which takes many minutes.
tools_work() {  # both tools exist and turn a two-line text into a binary LM
  [ -x bin/lmplz ] && [ -x bin/build_binary ] || return 1
  local t
  t=$(mktemp -d)
  printf 'a b c\na b\n' | bin/lmplz -o 2 --discount_fallback -S 100M -T "$t" >"$t/lm.arpa" 2>/dev/null \
    && bin/build_binary "$t/lm.arpa" "$t/lm.bin" >/dev/null 2>&1
  local ok=$?
  rm -rf "$t"
  return $ok
}
if tools_work; then
  say "KenLM tools already in bin/"
else
  version=$("$PYTHON" -c 'import importlib.metadata as m; print(m.version("kenlm"))')
  say "building KenLM $version lmplz and build_binary into bin/"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  "$PYTHON" -m pip download -q --no-deps --no-binary kenlm -d "$work" "kenlm==$version"
  tar -xzf "$work"/kenlm-*.tar.gz -C "$work"
  mkdir "$work/build"
  if ! (cd "$work/build" && cmake -DCMAKE_BUILD_TYPE=Release "$work"/kenlm-*/ \
        && make -j"$(nproc)" lmplz build_binary) >"$work/build.log" 2>&1; then
    tail -n 30 "$work/build.log" >&2
    echo "setup: error: building KenLM failed (log above)" >&2
    exit 1
  fi
  mkdir -p bin
  cp "$work/build/bin/lmplz" "$work/build/bin/build_binary" bin/
  tools_work || { echo "setup: error: the built KenLM tools do not run" >&2; exit 1; }
fi

say "done"
