"""`companion odds`: from the position a table script reaches, bots play continuations and count
who wins. The same seed gives the same odds, a finished game is its winner's, a player who owns
the whole board all but wins, and an unreadable script is refused as `companion replay` does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.compiled.choice import choose
from companion.odds.estimate import wilson
from companion.odds.position import replayed
from companion.rules import Game, new_game
from companion.simulate.play import play_game

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

TIMING = ("seconds", "jobs", "engine")


@pytest.fixture(scope="module", autouse=True)
def compiled_engine() -> None:
    choose("auto", say=lambda line: None)


def write(path: Path, script: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(c) + "\n" for c in script), encoding="utf-8")
    return path


def odds(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    status = main(["odds", *args])
    out, err = capsys.readouterr()
    return status, (json.loads(out) if out.strip().startswith("{") else {"text": out}), err


def mid_game(tmp_path: Path) -> Path:
    """A 4-player game of smart bots cut after a third of its commands."""
    script = play_game(4, 2024, record=True, bots=("smart",) * 4).script
    assert script is not None
    return write(tmp_path / "mid.jsonl", script[: len(script) // 3])


def test_the_same_seed_gives_the_same_odds_with_any_number_of_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = mid_game(tmp_path)
    status, one, _ = odds(capsys, str(path), "--samples", "300", "--seed", "7", "--json", "--jobs", "1")
    assert status == 0
    status, two, _ = odds(capsys, str(path), "--samples", "300", "--seed", "7", "--json", "--jobs", "2")
    assert status == 0 and two["jobs"] == 2
    assert {k: v for k, v in one.items() if k not in TIMING} == \
        {k: v for k, v in two.items() if k not in TIMING}
    assert one["samples"] == 300 and set(one["chances"]) == {"Ann", "Bob", "Cat", "Dan"}
    assert sum(one["chances"].values()) == pytest.approx(1, abs=1e-3)
    for name, (lo, hi) in one["interval"].items():
        assert lo <= one["chances"][name] <= hi
    _, other, _ = odds(capsys, str(path), "--samples", "300", "--seed", "8", "--json")
    assert other["chances"] != one["chances"]  # another seed, other dice


def test_a_finished_game_is_the_winners(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = play_game(3, 11, record=True, bots=("smart",) * 3)
    assert result.script is not None and result.winner is not None
    winner = result.script[0]["players"][result.winner]
    status, shown, _ = odds(capsys, str(write(tmp_path / "over.jsonl", result.script)), "--json")
    assert status == 0
    assert shown["chances"] == {winner: 1.0}
    assert shown["interval"] == {winner: [1.0, 1.0]} and shown["undecided"] == 0


DICE = {3: [1, 2], 4: [1, 3], 5: [1, 4], 6: [1, 5], 7: [1, 6], 8: [2, 6], 9: [3, 6], 10: [4, 6], 11: [5, 6]}


def ann_buys_the_board() -> list[dict[str, Any]]:
    """Ann (6,000 to start) rolls onto every deed and buys it, Bob declines all he lands on and
    nobody bids; then Bob hands Ann all but 100 of his cash."""
    start = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 3,
             "rules": {"shuffle": False, "starting_cash": 6000}}
    game: Game = new_game(start)
    script = [start]

    def do(command: dict[str, Any]) -> None:
        game.apply(command)
        script.append(command)

    for _ in range(5000):
        if all(game.owner[i] == 0 for i in game.ownable):
            break
        kind = game.decision_kind()
        if kind == "buy":
            do({"do": "buy"} if game.offer.seat == 0 else {"do": "decline"})
        elif kind == "auction":
            auction = game.auctions[0]
            do({"do": "pass", "player": game.names[auction.bidders[0]]})
        elif kind == "choice":
            do({"do": "choose", "option": game.choice.options[0]})
        elif kind == "jail":
            do({"do": "pay_jail_fine"})
        elif kind == "end_turn":
            do({"do": "end_turn"})
        elif kind == "roll":
            at = game.position[game.current]
            wanted = [d for d in DICE
                      if game.owner[(at + d) % 40] < 0 and game.squares[(at + d) % 40].ownable]
            if game.current == 1:  # Bob keeps off Ann's deeds where he can
                wanted = [d for d in DICE if game.owner[(at + d) % 40] != 0] or [3]
            do({"do": "roll", "dice": DICE[(wanted or [7])[0]]})
        else:
            raise AssertionError(kind)
    assert all(game.owner[i] == 0 for i in game.ownable)
    while game.decision_kind() not in ("roll", "end_turn", "jail"):
        raise AssertionError(game.decision_kind())
    do({"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": game.cash[1] - 100}})
    do({"do": "accept", "player": "Ann"})
    return script


def test_a_player_who_owns_the_whole_board_all_but_wins(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "board.jsonl", ann_buys_the_board())
    assert replayed(path.read_text().splitlines()).rejected == 0
    status, shown, _ = odds(capsys, str(path), "--samples", "400", "--json")
    assert status == 0
    assert shown["chances"]["Ann"] > 0.99
    assert shown["net_worth"]["Ann"] > shown["net_worth"]["Bob"]


def test_the_report_names_chances_intervals_and_what_they_rest_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, shown, _ = odds(capsys, str(mid_game(tmp_path)), "--samples", "200")
    text = shown["text"]
    assert status == 0
    for words in ("Ann", "Dan", "Chance", "95 % interval", "Net worth", "Undecided", "200 continuations",
                  "as the bots do"):
        assert words in text


@pytest.mark.parametrize(("content", "said"), [
    (b'{"do": "new_game", "players": ["Ann", "Bob"]}\nnot json\n', "line 2: not JSON"),
    (b"", "line 1: the script is empty"),
    (b'{"do": "new_game", "players": ["Ann", "Bob"]}\n{"do": "fly"}\n', "line 2: unknown command"),
])
def test_an_unreadable_script_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, said: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    status = main(["odds", str(path)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and said in err and err.startswith("companion odds: ")


def test_the_interval_is_wilsons() -> None:
    lo, hi = wilson(0.5, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.404, 0.596)
    assert wilson(1.0, 400)[0] > 0.99 and wilson(0.0, 400) == (0.0, pytest.approx(0.0095, abs=1e-4))


def test_the_continuations_bots_remember_the_offers_made_so_far() -> None:
    """A smart bot that offered £120 for a lot comes back higher, not at its opening price again."""
    lines = [json.dumps(c) for c in (
        {"do": "new_game", "players": ["Ann", "Bob"], "seed": 3},
        {"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
        {"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 120},
         "take": {"squares": ["whitechapel-road"]}},
        {"do": "reject", "player": "Ann"},
        {"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 50},
         "take": {"squares": ["whitechapel-road"], "cash": 10}},
    )]
    position = replayed(lines)
    index = position.game.edition.square("whitechapel-road").index
    assert position.rejected == 0
    assert position.offers == {(1, index): 120}  # cash for one deed only: what the bot keeps track of


def test_a_worker_that_gives_way_plays_the_same_continuations(tmp_path: Path) -> None:
    """The table's workers yield their core every few commands (so the table's threads get it at
    once): the yields are made, and not one continuation comes out differently for them."""
    from companion.odds.jobs import Continuations
    from companion.odds.rollout import GIVE_WAY_EVERY, play_out

    lines = tuple(mid_game(tmp_path).read_text(encoding="utf-8").splitlines())
    plain = Continuations(lines, seed=5)
    giving = Continuations(lines, seed=5, give_way=True)
    assert giving.play((0, 12)) == plain.play((0, 12))

    game, saved, left, _meta, offers = plain.prepare()
    yields: list[int] = []
    ending = play_out(game, saved, 77, left, "smart", True, offers, give_way=lambda: yields.append(1))
    assert ending == play_out(game, saved, 77, left, "smart", True, offers)
    assert ending[3] > 0 and len(yields) >= ending[3] // GIVE_WAY_EVERY  # a turn is a command or more
