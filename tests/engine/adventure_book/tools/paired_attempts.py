"""Play the same seeded chapter attempts with several bots and log each result as it comes.

For comparisons too slow to wait for a whole row (``hint`` plays every decision as the app's
hint ranks it): every line is one attempt, so a run stopped early still counts. Attempt ``i`` of
chapter ``C`` with ``K`` players uses ``derive_seed(seed, C, K, i)``, as ``calibrate.py`` does,
so its figures sit beside the calibration's rows.

    .venv/bin/python tests/engine/adventure_book/tools/paired_attempts.py \\
        --bots hint,search --chapters 3,8 --games 40 --out attempts.tsv
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[4] / "packages" / "engine" / "src"))
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import ringbearer_engine as rb
from adventure_book.tools.calibrate import attempt
from ringbearer_engine import derive_seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="hint,search")
    parser.add_argument("--chapters", default="3,8")
    parser.add_argument("--players", default="2", help="seat counts, e.g. 1,3,4")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first attempt's index")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    rb.list_games()
    chapters = [int(c) for c in args.chapters.split(",")]
    with args.out.open("a") as out:
        for index in range(args.first, args.first + args.games):
            for players in (int(p) for p in args.players.split(",")):
                for chapter in chapters:
                    seed = derive_seed(args.seed, chapter, players, index)
                    for bot in args.bots.split(","):
                        began = time.process_time()
                        won, corruption, turns, reason = attempt(bot, players, chapter, seed)
                        seconds = time.process_time() - began
                        out.write(
                            f"{bot}\t{chapter}\t{players}\t{index}\t{int(won)}\t{corruption}"
                            f"\t{turns}\t{reason}\t{seconds:.2f}\n"
                        )
                        out.flush()


if __name__ == "__main__":
    main()
