"""How honest the odds are: predictions at random points of recorded bot games against who won.

Run: .venv/bin/python bench/odds_calibration.py [--games 500] [--every 30] [--samples 300] [--edition us]
It records `--games` complete games of smart bots (2, 3 and 4 players in turn, seeds from `--seed`,
on the board of `--edition`, London's by default),
takes each turn end while the game runs as a prediction point with chance 1/`--every` (about four
a game), and works out the odds there as the table does (`companion/odds`, the compiled engine on
every core, `--samples` continuations each).
Every active player's chance is one prediction; its outcome is 1 if that player won, else 0 (a game
ended by the turn cap counts 1/k for each of the k players still in, as the odds count undecided
continuations). It prints the Brier score of the odds and of two simple predictors (equal chances
for the players still in; each one's share of their total net worth), the calibration table by
decile of predicted chance, and one JSON line with all of it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.compiled.choice import choose  # noqa: E402
from companion.compiled.loader import install  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--every", type=float, default=30,
                        help="each turn end is a prediction point with chance 1/EVERY")
    parser.add_argument("--samples", type=int, default=300, help="continuations per prediction")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--edition", default=None, help="a shipped edition (the default edition's board)")
    args = parser.parse_args()
    build = choose("compiled", say=lambda line: print(line, file=sys.stderr))
    install(build)  # this process replays the games on the same engine as the workers
    from companion.odds.estimate import estimate
    from companion.odds.position import replayed
    from companion.odds.script import ends_of
    from companion.simulate.play import play_game
    from companion.simulate.run import game_seeds
    from companion.simulate.workers import Pool, default_jobs

    pick = random.Random(args.seed)
    rows: list[tuple[float, float, float, float]] = []  # (odds, equal, worth share, outcome)
    started = time.perf_counter()
    capped = 0
    with Pool(args.jobs or default_jobs(), build) as pool:
        for number, seed in enumerate(game_seeds(args.seed, args.games)):
            players = 2 + number % 3
            result = play_game(players, seed, record=True, bots=("smart",) * players,
                               **({"edition": args.edition} if args.edition else {}))
            assert result.script is not None
            lines = [json.dumps(c) for c in result.script]
            ends = [end.length for end in ends_of(lines) if end.length < len(lines)]
            still: list[int] = []
            if result.winner is None:  # the players still in at the turn cap share the win
                capped += 1
                final = replayed(lines).game
                still = [s for s in range(players) if not final.bankrupt[s]]
            # Whether a turn end is a point is decided there and then, never from how the game went
            # on: picking a few of each game's turn ends would favour the turns of short games,
            # the ones the leader went on to win, and make the odds look too timid for leaders.
            for length in [length for length in ends if pick.random() < 1 / args.every]:
                position = replayed(lines[:length]).game
                active = [s for s in range(players) if not position.bankrupt[s]]
                odds = estimate(lines[:length], args.samples, pick.getrandbits(32), pool)
                assert odds is not None
                worths = {s: max(0, position.net_worth(s)) for s in active}
                total = sum(worths.values()) or 1
                for seat in active:
                    if result.winner is not None:
                        outcome = 1.0 if seat == result.winner else 0.0
                    else:
                        outcome = 1.0 / len(still) if seat in still else 0.0
                    rows.append((odds.chance(seat), 1 / len(active), worths[seat] / total, outcome))
            if (number + 1) % 50 == 0:
                elapsed = time.perf_counter() - started
                print(f"{number + 1} games, {len(rows)} predictions, {elapsed:.0f} s",
                      file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started

    def brier(column: int) -> float:
        return sum((row[column] - row[3]) ** 2 for row in rows) / len(rows)

    scores = {"odds": brier(0), "equal_chances": brier(1), "net_worth_share": brier(2)}
    table = []
    for decile in range(10):
        inside = [row for row in rows
                  if decile / 10 <= row[0] < (decile + 1) / 10 or (decile == 9 and row[0] == 1)]
        if not inside:
            table.append({"decile": f"{decile * 10}-{decile * 10 + 10} %", "n": 0})
            continue
        predicted = sum(row[0] for row in inside) / len(inside)
        observed = sum(row[3] for row in inside) / len(inside)
        table.append({"decile": f"{decile * 10}-{decile * 10 + 10} %", "n": len(inside),
                      "predicted": round(predicted, 4), "observed": round(observed, 4),
                      "difference": round(observed - predicted, 4),
                      "within_5_points": abs(observed - predicted) <= 0.05 if len(inside) >= 50 else None})
    board = f" on the {args.edition} board" if args.edition else ""
    print(f"{args.games} games (2-4 smart bots){board}, a point at each turn end with chance "
          f"1/{args.every:g}, {args.samples} continuations a point: {len(rows)} predictions in "
          f"{seconds:.0f} s ({capped} games ended by the turn cap)")
    print(f"Brier score: odds {scores['odds']:.4f}, equal chances {scores['equal_chances']:.4f}, "
          f"share of net worth {scores['net_worth_share']:.4f} (lower is better)")
    print("| predicted chance | predictions | mean predicted | observed win rate | difference |")
    print("|---|---|---|---|---|")
    for row in table:
        if row["n"]:
            print(f"| {row['decile']} | {row['n']} | {100 * row['predicted']:.1f} % | "
                  f"{100 * row['observed']:.1f} % | {100 * row['difference']:+.1f} |")
        else:
            print(f"| {row['decile']} | 0 | | | |")
    checked = [row for row in table if row.get("within_5_points") is not None]
    print(json.dumps({"games": args.games, "edition": args.edition, "every": args.every,
                      "samples": args.samples, "seed": args.seed, "predictions": len(rows),
                      "brier": {k: round(v, 5) for k, v in scores.items()},
                      "deciles": table, "capped_games": capped,
                      "beats_both": scores["odds"] < min(scores["equal_chances"], scores["net_worth_share"]),
                      "calibrated": all(row["within_5_points"] for row in checked),
                      "seconds": round(seconds, 1)}))


if __name__ == "__main__":
    main()
