"""One authority: `legal_commands(p)` is exactly what the rules take from p, and `actor` says whose.

Over random games (several-deed trades with cash and cards both ways, every kind of decision,
house rules on and off): every command `legal_commands` lists is accepted by `apply`, given by
the player it was listed for; a large sample of commands outside it is refused with nothing
changed. The membership test below reads a listed entry the way a screen does: its fixed fields,
and the free fields within what `free` says.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.replay import replay
from companion.rules import COMMANDS, Game, Legal, Malformed, Rejected, new_game, snapshot
from companion.rules.taps import resolve
from tests.driver import blocking_candidates, side_candidates
from tests.examples import examples
from tests.test_invariants import RULES

SCRIPTS_03A = Path(__file__).parent / "scripts" / "03a-us-edition"

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = [pytest.mark.slow, pytest.mark.minutes]

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
PLAYER_OPTIONAL = {name for name, spec in COMMANDS.items() if "player" in spec[2]}


def fingerprint(game: Game) -> dict[str, Any]:
    """The whole game as plain data (snapshot's), for telling whether a refusal changed anything."""
    return snapshot(game)


# ---- reading a listed entry ---------------------------------------------------------------------

def _within(value: Any, bounds: list[int]) -> bool:
    return type(value) is int and bounds[0] <= value <= bounds[1]


def _side_within(side: Any, options: dict[str, Any]) -> bool:
    side = side or {}
    squares = side.get("squares", [])
    return (
        _within(side.get("cash", 0), options["cash"])
        and _within(side.get("jail_cards", 0), options["jail_cards"])
        and len(set(squares)) == len(squares) and set(squares) <= set(options["squares"])
    )


def admits(entry: Legal, command: dict[str, Any], name: str) -> bool:
    """Is `command` (given by `name`) one of the commands this entry stands for?"""
    fixed = dict(entry.command)
    if command.get("do") != fixed["do"]:
        return False
    if fixed["do"] in PLAYER_OPTIONAL and "player" not in command:
        command = {**command, "player": name}
    if any(command.get(key) != value for key, value in fixed.items()):
        return False
    free = entry.free
    do = fixed["do"]
    if do == "roll":
        return all(1 <= d <= 6 for d in command["dice"])
    if do == "bid":  # a deed's auction may name the deed itself, nothing else
        return _within(command["amount"], free["amount"]) and (
            "square" in fixed or command.get("square") in (None, entry.info.get("auctioned")))
    if do == "trade":
        partner = command.get("to")
        if partner not in free["to"]:
            return False
        give, take = command.get("give") or {}, command.get("take") or {}
        lift = command.get("lift") or []
        if not (_side_within(give, free["give"]) and _side_within(take, free["take"][partner])):
            return False
        if not any((give.get("cash"), give.get("squares"), give.get("jail_cards"),
                    take.get("cash"), take.get("squares"), take.get("jail_cards"))):
            return False
        return set(lift) <= set(free["lift"][partner]) and set(lift) <= set(take.get("squares", []))
    if do == "give_deed":
        return command.get("to") in free["square"].get(command.get("square"), [])
    if do == "accept":
        lift = command.get("lift") or []
        costs = free.get("lift", {}).get("costs", {})
        if not set(lift) <= set(costs):
            return False
        return not lift or sum(costs[s] for s in set(lift)) <= free["lift"]["budget"]
    # The banker's corrections: each free field one of the listed choices, or within its range.
    for key, choices in free.items():
        if isinstance(choices, list) and len(choices) == 2 and all(type(c) is int for c in choices):
            if not _within(command.get(key), choices):
                return False
        elif isinstance(choices, list) and command.get(key) not in choices:
            return False
    return True


def is_listed(game: Game, command: dict[str, Any]) -> bool:
    try:
        seat = game.actor(command)
    except Malformed:
        return False
    if command["do"] == "tap":  # the reader's: it stands for what the tag means now, or nothing
        try:
            meant = resolve(game, command["tag"])
        except Rejected:
            return False
        return meant is None or is_listed(game, meant)
    name = game.names[seat] if seat is not None else "banker"
    return any(admits(entry, command, name) for entry in game.legal_commands(seat))


# ---- making commands from an entry, and commands outside it ------------------------------------

def instances(entry: Legal, rng: random.Random) -> list[dict[str, Any]]:
    """A few concrete commands the entry stands for (its free fields filled in)."""
    command, free = dict(entry.command), entry.free
    do = command["do"]
    if do == "roll":
        return [{**command, "dice": [rng.randint(1, 6), rng.randint(1, 6)]} for _ in range(2)]
    if do == "bid":
        low, high = free["amount"]
        return [{**command, "amount": amount} for amount in {low, high, rng.randint(low, high)}]
    if do == "trade":
        out = []
        for _ in range(3):
            partner = rng.choice(free["to"])
            command = {**entry.command, "to": partner}
            sides = {}
            for key in ("give", "take"):
                options = free[key] if key == "give" else free["take"][partner]
                squares = [s for s in options["squares"] if rng.random() < 0.5]
                sides[key] = {"cash": rng.randint(*options["cash"]) if rng.random() < 0.5 else 0,
                              "squares": squares,
                              "jail_cards": rng.randint(*options["jail_cards"])}
            take_options = free["take"][partner]
            if not any((sides["give"]["cash"], sides["give"]["squares"], sides["give"]["jail_cards"],
                        sides["take"]["cash"], sides["take"]["squares"], sides["take"]["jail_cards"])):
                if free["give"]["squares"]:
                    sides["give"]["squares"] = free["give"]["squares"][:1]
                elif take_options["squares"]:
                    sides["take"]["squares"] = take_options["squares"][:1]
                elif free["give"]["cash"][1]:
                    sides["give"]["cash"] = 1
                elif take_options["cash"][1]:
                    sides["take"]["cash"] = 1
                elif free["give"]["jail_cards"][1]:
                    sides["give"]["jail_cards"] = 1
                else:
                    sides["take"]["jail_cards"] = 1
            lift = [s for s in sides["take"]["squares"] if s in free["lift"][partner] and rng.random() < 0.5]
            out.append({**command, **sides, **({"lift": lift} if lift else {})})
        return out
    if do == "give_deed":
        square = rng.choice(sorted(free["square"]))
        return [{**command, "square": square, "to": rng.choice(free["square"][square])}]
    if do in ("adjust", "place"):
        out = []
        for _ in range(2):
            filled = dict(command)
            for key, choices in free.items():
                if len(choices) == 2 and all(type(c) is int for c in choices):
                    filled[key] = rng.randint(*choices)
                else:
                    filled[key] = rng.choice(choices)
            out.append(filled)
        return out
    if do == "accept" and "lift" in free:
        costs, budget = free["lift"]["costs"], free["lift"]["budget"]
        chosen, spent = [], 0
        for square, cost in costs.items():
            if rng.random() < 0.6 and spent + cost <= budget:
                chosen.append(square)
                spent += cost
        return [command, {**command, "lift": chosen}]
    return [command]


def strangers(game: Game, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """Commands of every kind with fields drawn at random: mostly refused, some legal."""
    names = list(game.names) + ["Zed"]
    squares = [sq.id for sq in game.squares] + ["atlantis"]
    groups = list(game.edition.groups) + ["purple"]
    out = []
    for _ in range(count):
        do = rng.choice(sorted(COMMANDS))
        command: dict[str, Any] = {"do": do}
        if do == "roll":
            command["dice"] = [rng.randint(0, 7), rng.randint(1, 6)]
        if do in ("bid",):
            command["amount"] = rng.choice([0, 1, 10, 61, 150, 400, 3000, rng.randint(-5, 2000)])
            if rng.random() < 0.5:
                command["square"] = rng.choice(squares)
        if do in ("build", "sell_building", "mortgage", "unmortgage"):
            command["square"] = rng.choice(squares)
        if do == "sell_all_buildings":
            command["group"] = rng.choice(groups)
        if do == "choose":
            command["option"] = rng.choice(["pay", "chance", "fixed", "percent", "maybe"])
        if do == "draw":
            command["deck"] = rng.choice(["chance", "community_chest", "tarot"])
            command["card"] = rng.randint(0, 17)
        if do == "auction_building":
            command["kind"] = rng.choice(["house", "hotel"])
        if do == "tap":
            command["tag"] = rng.choice(["token:Ann", "deed:mayfair", "card:chance:7", "00ff00ff"])
        if do == "adjust":
            command["from"] = rng.choice([*names, "bank", "pot"])
            command["to"] = rng.choice([*names, "bank", "pot"])
            command["amount"] = rng.choice([0, 1, 50, 5000, 10**10, rng.randint(-5, 3000)])
        if do == "place":
            command["square"] = rng.choice(squares)
        if do == "give_deed":
            command["square"] = rng.choice(squares)
            command["to"] = rng.choice([*names, "bank"])
        if do == "trade":
            command["from"], command["to"] = rng.choice(names), rng.choice(names)
            for key in ("give", "take"):
                command[key] = {"cash": rng.choice([0, 0, 5, 500, 5000]),
                                "squares": rng.sample(squares, rng.choice([0, 0, 1, 2])),
                                "jail_cards": rng.choice([0, 0, 1, 2])}
            if rng.random() < 0.3:
                command["lift"] = rng.sample(squares, 1)
        if do == "accept" and rng.random() < 0.3:
            command["lift"] = rng.sample(squares, 1)
        spec = COMMANDS[do]
        if "player" in spec[1] or ("player" in spec[2] and rng.random() < 0.5):
            command["player"] = rng.choice(names)
        out.append(command)
    return out


def check_one_authority(game: Game, rng: random.Random) -> None:
    for seat in [*range(len(game.names)), None]:
        name = game.names[seat] if seat is not None else "banker"
        for entry in game.legal_commands(seat):
            for command in instances(entry, rng):
                assert game.actor(command) == seat, (command, seat)
                assert admits(entry, command, name), (entry, command)
                assert game.is_legal(command), f"listed for {name} but refused: {command}"
    pool = strangers(game, rng, 40) + blocking_candidates(game) + side_candidates(game)
    before = fingerprint(game)  # each refusal below must leave exactly this game
    for command in pool:
        if is_listed(game, command):
            assert game.is_legal(command), f"listed but refused: {command}"
            continue
        try:
            game.apply(command)
        except (Rejected, Malformed):
            assert fingerprint(game) == before, f"refused {command} changed the game"
        else:
            raise AssertionError(f"not listed for its actor, but accepted: {command}")


@settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
    rules=RULES,
)
def test_legal_commands_are_exactly_what_apply_takes(
    data: st.DataObject, players: int, seed: int, rules: dict[str, Any]
) -> None:
    game = new_game({"do": "new_game", "players": NAMES[:players], "seed": seed, "rules": rules})
    rng = random.Random(seed)
    for step in range(150):
        if game.over:
            break
        if step % 5 == 0 or game.decision().kind in ("trade", "auction", "debt", "choice", "draw"):
            check_one_authority(game, rng)
        pool = blocking_candidates(game)
        if data.draw(st.booleans(), label="side action"):
            pool = side_candidates(game)
        command = data.draw(st.sampled_from(pool), label="command")
        try:
            game.apply(command)
        except Rejected:
            pass


def test_the_current_player_is_always_offered_a_way_on() -> None:
    """In every decision, someone has a listed command that answers it (the game is never stuck)."""
    rng = random.Random(5)
    for seed in range(12):
        game = new_game({"do": "new_game", "players": NAMES[:4], "seed": seed,
                         "rules": {"physical_decks": seed % 2 == 1}})
        for _ in range(400):
            if game.over:
                break
            decision = game.decision()
            answers = [entry for seat in decision.seats for entry in game.legal_commands(seat)
                       if entry.do in decision.options]
            assert answers, f"{decision} has no listed answer"
            command = instances(rng.choice(answers), rng)[0]
            game.apply(command)


def test_a_utility_cards_roll_is_the_one_legal_move_of_its_player() -> None:
    """RULES.md 3a, Chance 7: the extra roll is a decision like any other (who, what, legal), and
    only the roll answers it: the turn cannot end, nobody deals, the banker cannot end the game."""
    script = SCRIPTS_03A / "chance-07-nearest-utility-owned-asks-a-roll.jsonl"
    lines = script.read_text(encoding="utf-8").splitlines()[:-1]  # without the refused end_turn
    game = replay(lines).game
    hal = game.seats["Hal"]
    decision = game.decision()
    assert decision is not None and decision.kind == "utility_roll" and decision.blocks
    assert game.answering() == hal == game.actor({"do": "roll", "dice": [1, 2]})
    assert [entry.do for entry in game.legal_commands(hal)] == ["roll"]
    assert game.legal_commands("Ann") == []  # no deals, building or mortgages while it waits
    assert all(entry.do != "end_game" for entry in game.legal_commands(None))
    assert not game.is_legal({"do": "end_turn"})
    assert game.is_legal({"do": "roll", "dice": [6, 6]})
