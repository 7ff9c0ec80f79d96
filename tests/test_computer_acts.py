"""What the people are asked to move for a computer player (companion/table/computer_acts.py):
the difference between the board before and after a command, for the computer's things alone,
worded in English and Russian (names declined as the new-game form keeps them), on both boards."""

from __future__ import annotations

from typing import Any

import pytest

from companion.i18n.grammar import forms_for
from companion.rules import Game, new_game
from companion.table.computer_acts import Act, Board, acts, words_all


def start(players: list[str], computer: str, edition: str = "london", **rules: Any) -> Game:
    return new_game({"do": "new_game", "players": players, "computer": {computer: "smart"}, "seed": 7,
                     "edition": edition, "forms": forms_for(players), "rules": {"shuffle": False, **rules}})


def step(game: Game, command: dict[str, Any]) -> list[Act]:
    before = Board.of(game)
    outcome = game.apply(command)
    return acts(before, Board.of(game), outcome.story)


def said(game: Game, found: list[Act], pieces: dict[str, str] | None = None) -> list[dict[str, str]]:
    return [words_all(act, game.edition, game.forms, pieces or {}) for act in found]


def computer_to_move(game: Game) -> None:
    """Ann's quiet first turn (3 + 4 reaches Chance's 'Advance to GO' in this seed): Robo's turn next."""
    game.apply({"do": "roll", "dice": [1, 2]})
    if game.offer is not None:
        game.apply({"do": "decline"})
        while game.auctions:
            for name in game.names:
                if game.auctions and name in [game.names[s] for s in game.auctions[0].bidders]:
                    game.apply({"do": "pass", "player": name})
    game.apply({"do": "end_turn"})


def test_the_computers_roll_asks_for_its_piece_moved_and_its_deed_given() -> None:
    game = start(["Ann", "Robo"], "Robo")
    computer_to_move(game)
    moved = step(game, {"do": "roll", "dice": [1, 2]})
    assert [a.kind for a in moved] == ["move"]
    assert said(game, moved, {"Robo": "car"}) == [{
        "en": "Move Robo's car to Whitechapel Road",
        "ru": "Передвиньте машину игрока Robo на клетку «Уайтчепел-роуд»"}]
    bought = step(game, {"do": "buy"})
    assert said(game, bought) == [{
        "en": "Give Robo the Whitechapel Road deed",
        "ru": "Дайте игроку Robo карточку собственности «Уайтчепел-роуд» из банка"}]


def test_a_persons_moves_ask_nothing() -> None:
    game = start(["Ann", "Robo"], "Robo")
    assert step(game, {"do": "roll", "dice": [1, 2]}) == []
    assert step(game, {"do": "buy"}) == []


def test_without_a_piece_the_name_alone_and_russian_names_declined() -> None:
    game = start(["Анна", "Вася"], "Вася", edition="us")
    computer_to_move(game)
    moved = step(game, {"do": "roll", "dice": [1, 2]})
    assert said(game, moved) == [{"en": "Move Вася to Baltic Avenue",
                                  "ru": "Передвиньте фишку Васи на клетку «Балтик-авеню»"}]
    bought = step(game, {"do": "buy"})
    assert said(game, bought)[0]["ru"] == "Дайте Васе карточку собственности «Балтик-авеню» из банка"
    assert said(game, bought)[0]["en"] == "Give Вася the Baltic Avenue deed"


def test_a_card_drawn_on_the_way_reads_the_card_after_the_square_it_reached() -> None:
    game = start(["Ann", "Robo"], "Robo")
    computer_to_move(game)
    found = step(game, {"do": "roll", "dice": [3, 4]})  # Chance: "Advance to GO" (unshuffled)
    assert [a.kind for a in found] == ["move", "card", "move"]
    words = said(game, found, {"Robo": "dog"})
    assert words[0]["en"] == "Move Robo's dog to Chance"
    assert words[1] == {"en": "Robo draws Chance: Advance to GO.", "ru": "Robo берёт карточку «Случай»: "
                        "Фишка ставится на «Старт»."}
    assert words[2] == {"en": "Move Robo's dog to GO",
                        "ru": "Передвиньте собаку игрока Robo на клетку «Старт»"}


def test_houses_hotels_and_mortgages_on_the_computers_deeds() -> None:
    game = start(["Ann", "Robo"], "Robo")
    for square in ("old-kent-road", "whitechapel-road"):
        game.apply({"do": "give_deed", "square": square, "to": "Robo"})
    computer_to_move(game)
    built = step(game, {"do": "build", "player": "Robo", "square": "old-kent-road"})
    assert said(game, built) == [{"en": "Put a house on Robo's Old Kent Road",
                                  "ru": "Поставьте дом на Олд-Кент-роуд игрока Robo"}]
    for square in ["whitechapel-road", "old-kent-road", "whitechapel-road", "old-kent-road",
                   "whitechapel-road", "old-kent-road", "whitechapel-road"]:
        game.apply({"do": "build", "player": "Robo", "square": square})
    hotel = step(game, {"do": "build", "player": "Robo", "square": "old-kent-road"})
    assert said(game, hotel) == [{
        "en": "Put a hotel on Robo's Old Kent Road and give its 4 houses back to the bank",
        "ru": "Поставьте отель на Олд-Кент-роуд игрока Robo, а 4 дома верните в банк"}]
    sold = step(game, {"do": "sell_building", "player": "Robo", "square": "old-kent-road"})
    assert [a.kind for a in sold] == ["hotel_off", "houses_on"]
    assert said(game, sold)[1]["en"] == "Put 4 houses on Robo's Old Kent Road"
    sold = step(game, {"do": "sell_building", "player": "Robo", "square": "whitechapel-road"})
    assert said(game, sold) == [{"en": "Take a house off Robo's Whitechapel Road, back to the bank",
                                 "ru": "Снимите дом с Уайтчепел-роуд игрока Robo и верните в банк"}]


def test_a_mortgage_turns_the_deed_over() -> None:
    game = start(["Ann", "Robo"], "Robo")
    game.apply({"do": "give_deed", "square": "kings-cross-station", "to": "Robo"})
    computer_to_move(game)
    down = step(game, {"do": "mortgage", "player": "Robo", "square": "kings-cross-station"})
    assert said(game, down) == [{
        "en": "Turn Robo's King's Cross Station deed face down (mortgaged)",
        "ru": "Переверните карточку «Станция Кингс Кросс» игрока Robo рубашкой вверх (заложена)"}]
    up = step(game, {"do": "unmortgage", "player": "Robo", "square": "kings-cross-station"})
    assert [a.kind for a in up] == ["face_up"]


@pytest.mark.parametrize(("edition", "square", "en", "ru"), [
    ("london", "mayfair", "Give Robo's Mayfair deed to Анна",
     "Заберите у игрока Robo карточку «Мейфэр» и отдайте Анне"),
    ("us", "boardwalk", "Give Robo's Boardwalk deed to Анна",
     "Заберите у игрока Robo карточку «Бордуолк» и отдайте Анне"),
])
def test_a_deed_given_away_in_a_trade(edition: str, square: str, en: str, ru: str) -> None:
    game = start(["Анна", "Robo"], "Robo", edition=edition)
    game.apply({"do": "give_deed", "square": square, "to": "Robo"})
    game.apply({"do": "trade", "from": "Анна", "to": "Robo", "give": {"cash": 500},
                "take": {"squares": [square]}})
    traded = step(game, {"do": "accept", "player": "Robo"})
    assert said(game, traded) == [{"en": en, "ru": ru}]


def test_jail_and_out_again() -> None:
    game = start(["Ann", "Robo"], "Robo")
    computer_to_move(game)
    game.apply({"do": "place", "player": "Robo", "square": "free-parking"})  # the banker's correction
    jailed = step(game, {"do": "roll", "dice": [6, 4]})  # 20 + 10: Go To Jail
    assert said(game, jailed, {"Robo": "hat"}) == [{"en": "Put Robo's hat in jail",
                                                    "ru": "Поставьте шляпу игрока Robo в тюрьму"}]
    game.apply({"do": "end_turn"})
    computer_to_move(game)
    out = step(game, {"do": "pay_jail_fine"})
    assert said(game, out, {"Robo": "hat"}) == [{
        "en": "Move Robo's hat out of jail to Just Visiting",
        "ru": "Выведите шляпу игрока Robo из тюрьмы на «Только визит»"}]
