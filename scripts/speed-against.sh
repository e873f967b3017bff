#!/usr/bin/env bash
# Wall-clock speed of the move generators against an earlier commit,
# interleaved: each round runs every perft once with the earlier commit's
# perft example and once with this checkout's, in turn, so that what else
# the machine does falls on both alike; the table gives the medians and
# their ratio. Every leaf is played. Run it on an idle machine.
#
#   scripts/speed-against.sh 85277a9        # 5 rounds
#   scripts/speed-against.sh 85277a9 9      # 9 rounds
#
# Builds the earlier commit in a worktree under target/speed-against (its
# own target directory there) and this checkout into target/instructions,
# both in release as Cargo.toml sets it, without debug info.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/speed-against.sh COMMIT [ROUNDS]}
rounds=${2:-5}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "rounds: a whole number from 1, not '$rounds'" >&2; exit 1; }
commit=$(git rev-parse --short "$base^{commit}")
tree=target/speed-against/$commit
export CARGO_PROFILE_RELEASE_DEBUG=false
if [ ! -d "$tree" ]; then
    git worktree add --detach "$tree" "$commit" >/dev/null
fi
(cd "$tree" && CARGO_TARGET_DIR=target cargo build --release --quiet --example perft)
CARGO_TARGET_DIR=target/instructions cargo build --release --quiet --example perft
before=$tree/target/release/examples/perft
after=target/instructions/release/examples/perft

# The rule book's games are counted by the one model (`family`), as every
# game is since the seed model went; a commit before that counts them by
# the seed model, so their rows compare the two generators.
runs=(
    "Peralikatuma 6|--variant peralikatuma --depth 6"
    "Alquerque 14|--variant alquerque --depth 14"
    "Permainan 10|--variant permainan --depth 10"
    "Murray's Alquerque 9|--variant alquerque-murray --depth 9"
    "Sixteen Soldiers 7|--variant sixteen-soldiers --depth 7"
    "Zamma 7|--variant zamma --depth 7"
    "Lau Kata Kati 12|--variant lau-kata-kati --depth 12"
)

# The speed (millions of nodes a second) of the last depth a run printed.
speed() {
    local line
    # shellcheck disable=SC2086 # the arguments are split into words
    line=$("$1" $2 --every-leaf | tail -n 1)
    [[ "$line" =~ ([0-9.]+)\ Mnodes/s ]] || { echo "no speed in: $line" >&2; return 1; }
    echo "${BASH_REMATCH[1]}"
}

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A seen
for ((round = 1; round <= rounds; round++)); do
    for run in "${runs[@]}"; do
        seen[before ${run%%|*}]+="$(speed "$before" "${run#*|}") "
        seen[after ${run%%|*}]+="$(speed "$after" "${run#*|}") "
    done
done

echo "At $commit (before) and $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' with changes') (after), $rounds rounds:"
echo
echo "| perft, every leaf | before M nodes/s | after M nodes/s | ratio |"
echo "| --- | ---: | ---: | ---: |"
for run in "${runs[@]}"; do
    name=${run%%|*}
    # shellcheck disable=SC2086 # the speeds are split into words
    b=$(median ${seen[before $name]})
    # shellcheck disable=SC2086
    a=$(median ${seen[after $name]})
    echo "| $name | $b | $a | $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", a / b }') |"
done
