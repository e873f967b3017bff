#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind) of the move generators: the
# runs the one-model work (issue 26) is measured by, before and after. The
# counts do not depend on how busy the machine is, unlike times; run it on
# two commits and compare the tables.
#
#   scripts/instructions.sh            # a table in Markdown on stdout
#   scripts/instructions.sh --quick    # the three seed games only
#
# Needs valgrind and GNU sed. Builds the perft and engine examples in
# release as Cargo.toml sets it (thin LTO, one codegen unit) but without
# debug info, into target/instructions.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
export CARGO_TARGET_DIR=target/instructions CARGO_PROFILE_RELEASE_DEBUG=false
cargo build --release --quiet --example perft --example engine
perft=target/instructions/release/examples/perft
engine=target/instructions/release/examples/engine

# The instructions a command runs, from callgrind's summary line; fails
# with valgrind's output when the command fails or no count is printed.
count() {
    local out n
    out=$(mktemp)
    if ! valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>"$out" >/dev/null; then
        cat "$out" >&2
        rm -f "$out"
        return 1
    fi
    n=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out")
    rm -f "$out"
    [ -n "$n" ] || { echo "no instruction count for: $*" >&2; return 1; }
    echo "$n"
}

# Every game, the rule book's three too, is counted by the one model
# (`family`).
runs=(
    "Peralikatuma perft 5|$perft --variant peralikatuma --depth 5"
    "Alquerque perft 11|$perft --variant alquerque --depth 11"
    "Permainan perft 7|$perft --variant permainan --depth 7"
    "Peralikatuma, 300 random games|$perft --variant peralikatuma --random-games 300 --seed 1"
    "Alquerque, 300 random games|$perft --variant alquerque --random-games 300 --seed 1"
    "Permainan, 300 random games|$perft --variant permainan --random-games 300 --seed 1"
)
if [ "${1:-}" != "--quick" ]; then
    runs+=(
        "engine bench|$engine bench"
        "Murray's Alquerque perft 8|$perft --variant alquerque-murray --depth 8"
        "Sixteen Soldiers perft 6|$perft --variant sixteen-soldiers --depth 6"
        "Zamma perft 5|$perft --variant zamma --depth 5"
        "Lau Kata Kati perft 10|$perft --variant lau-kata-kati --depth 10"
        "Murray's Alquerque perft 8, every leaf|$perft --variant alquerque-murray --depth 8 --every-leaf"
    )
fi

echo "At $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with changes'):"
echo
echo "| run | instructions |"
echo "| --- | ---: |"
for run in "${runs[@]}"; do
    name=${run%%|*}
    # shellcheck disable=SC2086 # the command is split into its words
    n=$(count ${run#*|}) || { echo "failed: $name" >&2; exit 1; }
    echo "| $name | $(echo "$n" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') |"
done
