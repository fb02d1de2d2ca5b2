#!/usr/bin/env bash
# Cram and Chomp side by side with Beling's igsolve
# (github.com/beling/impartial-games), interleaved, median of the runs, peak
# memory beside each.
#
#   IGSOLVE=/path/to/igsolve GRUNDY=target/release/grundy \
#     crates/grundy/benches/side_by_side/igs.sh 3 cram:4x7 cram:5x6 chomp:8x8
#
# Building igsolve: `RUSTFLAGS="-C target-cpu=native" cargo build --release
# -p igsolve` in a clone of that repository. With today's registry its
# dependency csf 0.2.0-alpha.2 does not compile against ph 0.11 (a trait
# method became unsafe); `cargo update -p ph@0.11.0 --precise 0.10.0`
# first. Each board's value is checked to be the same from both.
set -euo pipefail
runs=${1:?runs}; shift
grundy=${GRUNDY:-target/release/grundy}
igsolve=${IGSOLVE:?set IGSOLVE to the igsolve binary}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for request in "$@"; do
    game=${request%%:*}; board=${request#*:}
    rows=${board%x*}; cols=${board#*x}
    : > /tmp/side_g; : > /tmp/side_i
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %M" -o /tmp/side_t "$grundy" seq "$game:${rows}xN" -n $((cols + 1)) --format json > /tmp/side_out
        g_value=$(python3 -c "import json; print(json.load(open('/tmp/side_out'))['values'][-1])")
        cat /tmp/side_t >> /tmp/side_g
        case $game in
            cram) /usr/bin/time -f "%e %M" -o /tmp/side_t "$igsolve" cram "$rows" "$cols" > /tmp/side_out ;;
            chomp) /usr/bin/time -f "%e %M" -o /tmp/side_t "$igsolve" chomp -r "$rows" -c "$cols" > /tmp/side_out ;;
            *) echo "igs solves cram and chomp, not $game" >&2; exit 2 ;;
        esac
        i_value=$(sed -n 's/^Nimber of initial position: //p' /tmp/side_out)
        cat /tmp/side_t >> /tmp/side_i
        [ "$g_value" = "$i_value" ] || { echo "$game $board: grundy $g_value, igs $i_value" >&2; exit 1; }
    done
    gt=$(cut -d' ' -f1 /tmp/side_g | median); gm=$(cut -d' ' -f2 /tmp/side_g | median)
    it=$(cut -d' ' -f1 /tmp/side_i | median); im=$(cut -d' ' -f2 /tmp/side_i | median)
    echo "$game $board = $g_value: grundy ${gt} s ${gm} KB, igs ${it} s ${im} KB, ratio $(python3 -c "print(round($gt/max($it,0.001),1))")x"
done
