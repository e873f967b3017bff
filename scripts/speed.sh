#!/usr/bin/env bash
# Speed of the move generators in wall-clock time, interleaved: each round
# runs every perft once, in turn, so that a change in what else the machine
# does falls on all of them alike; the table gives each one's median and
# range over the rounds. Run it on an idle machine, on two commits, and
# compare (the one-model work, issue 26, is measured by it and by
# scripts/instructions.sh). Every leaf is played (`--every-leaf`), so that
# the cost per node compares across games and generators, but in the first
# three rows, the seed generators' perft as they count it.
#
#   scripts/speed.sh        # 5 rounds
#   scripts/speed.sh 9      # 9 rounds
#
# Builds the perft example in release as Cargo.toml sets it, without debug
# info, into target/instructions (as scripts/instructions.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "rounds: a whole number from 1, not '$rounds'" >&2; exit 1; }
export CARGO_TARGET_DIR=target/instructions CARGO_PROFILE_RELEASE_DEBUG=false
cargo build --release --quiet --example perft
perft=target/instructions/release/examples/perft

# Every game, the rule book's three too, is counted by the one model
# (`family`).
runs=(
    "Peralikatuma perft 6, the last ply counted in bulk|--variant peralikatuma --depth 6"
    "Alquerque perft 14, the last ply counted in bulk|--variant alquerque --depth 14"
    "Permainan perft 10, the last ply counted in bulk|--variant permainan --depth 10"
    "Peralikatuma perft 6|--variant peralikatuma --depth 6 --every-leaf"
    "Alquerque perft 14|--variant alquerque --depth 14 --every-leaf"
    "Permainan perft 10|--variant permainan --depth 10 --every-leaf"
    "Murray's Alquerque perft 9|--variant alquerque-murray --depth 9 --every-leaf"
    "Sixteen Soldiers perft 7|--variant sixteen-soldiers --depth 7 --every-leaf"
    "Zamma perft 7|--variant zamma --depth 7 --every-leaf"
    "Lau Kata Kati perft 12|--variant lau-kata-kati --depth 12 --every-leaf"
)

# The speed (millions of nodes a second) of the last depth a run printed.
speed() {
    local line
    # shellcheck disable=SC2086 # the arguments are split into words
    line=$("$perft" $1 | tail -n 1)
    [[ "$line" =~ ([0-9.]+)\ Mnodes/s ]] || { echo "no speed in: $line" >&2; return 1; }
    echo "${BASH_REMATCH[1]}"
}

declare -A seen
for ((round = 1; round <= rounds; round++)); do
    for run in "${runs[@]}"; do
        s=$(speed "${run#*|}") || exit 1
        seen[${run%%|*}]+="$s "
    done
done

echo "At $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with changes'), $rounds rounds:"
echo
echo "| perft | median M nodes/s | range |"
echo "| --- | ---: | --- |"
for run in "${runs[@]}"; do
    name=${run%%|*}
    # shellcheck disable=SC2086 # the figures are split into words
    sorted=$(printf '%s\n' ${seen[$name]} | sort -g)
    median=$(echo "$sorted" | sed -n "$(((rounds + 1) / 2))p")
    echo "| $name | $median | $(echo "$sorted" | head -n 1) to $(echo "$sorted" | tail -n 1) |"
done
