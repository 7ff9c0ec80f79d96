"""A bankrupt's estate told in the story (issue 38): "Vera goes bankrupt to Anna" is followed by
what went to Anna, the deeds, the mortgaged ones with the 10 % she owes on them, and the Get out
of Jail Free card, in English and in Russian with the names declined; to the bank, the deeds
going back unmortgaged (to be auctioned) and the card back under its deck."""

from __future__ import annotations

from tests.web_support import Rig, play

FAMILY = {"players": ["Анна", "Вера", "Борис"], "seed": 1,
          "rules": {"shuffle": False, "physical_decks": True},
          "tokens": {"Анна": "car", "Вера": "dog", "Борис": "hat"},
          "genders": {"Анна": "she", "Вера": "she", "Борис": "he"}}


def story(rig: Rig, lang: str) -> list[str]:
    return [i["text"][lang] for i in rig.client().get("/api/feed").json["items"]]


def cash(rig: Rig, name: str) -> int:
    state = rig.client().get("/api/state").json
    return int(next(p["cash"] for p in state["players"] if p["name"] == name))


def vera_with_an_estate(rig: Rig) -> None:
    """Vera holds Old Kent Road, Whitechapel Road (mortgaged) and the Community Chest's Get out
    of Jail Free card, and £1."""
    rig.new_game(**FAMILY)
    play(rig, {"do": "roll", "dice": [1, 3]}, {"do": "end_turn"},  # Anna pays the Income Tax
         {"do": "place", "player": "Вера", "square": "northumberland-avenue"},
         {"do": "roll", "dice": [1, 2]},  # Vera on Community Chest: she draws its jail card
         {"do": "draw", "deck": "community_chest", "card": 2},
         {"do": "give_deed", "square": "old-kent-road", "to": "Вера"},
         {"do": "give_deed", "square": "whitechapel-road", "to": "Вера"},
         {"do": "mortgage", "player": "Вера", "square": "whitechapel-road"})
    play(rig, {"do": "adjust", "from": "Вера", "to": "bank", "amount": cash(rig, "Вера") - 1})


def test_a_bankrupts_deeds_mortgages_and_jail_card_are_told_going_to_the_creditor(rig: Rig) -> None:
    vera_with_an_estate(rig)
    play(rig, {"do": "give_deed", "square": "pall-mall", "to": "Анна"},
         {"do": "end_turn"}, {"do": "roll", "dice": [1, 2]}, {"do": "end_turn"},  # Boris
         {"do": "roll", "dice": [2, 4]}, {"do": "end_turn"},  # Anna, just visiting the jail
         {"do": "place", "player": "Вера", "square": "euston-road"},
         {"do": "roll", "dice": [1, 2]},  # Vera on Anna's Pall Mall, £10 rent with £1
         {"do": "bankrupt", "player": "Вера"})
    en, ru = story(rig, "en"), story(rig, "ru")
    at = en.index("Вера goes bankrupt to Анна")
    assert en[at + 1:at + 4] == [
        "Анна receives Вера's deeds: Old Kent Road",
        "Анна receives Вера's mortgaged deeds and owes the bank 10% on each: Whitechapel Road",
        "Анна receives Вера's Get out of Jail Free card"], en[at:]
    assert "Анна pays the bank £3: 10% on mortgaged Whitechapel Road received" in en[at:], en[at:]
    at = ru.index("Вера становится банкротом; всё получает Анна")
    assert ru[at + 1:at + 4] == [
        "Анна получает собственность Веры: Олд-Кент-роуд",
        "Анна получает заложенную собственность Веры и платит банку по 10\u00a0% за каждую: Уайтчепел-роуд",
        "Анна получает от Веры карточку освобождения из тюрьмы"], ru[at:]
    state = rig.client().get("/api/state").json
    anna = next(p for p in state["players"] if p["name"] == "Анна")
    assert anna["jail_cards"], anna  # what the story says is what happened
    assert {state["properties"][d]["owner"] for d in ("old-kent-road", "whitechapel-road")} == {"Анна"}


def test_a_bankrupts_deeds_and_jail_card_are_told_going_back_to_the_bank(rig: Rig) -> None:
    vera_with_an_estate(rig)
    play(rig, {"do": "end_turn"}, {"do": "roll", "dice": [1, 2]}, {"do": "end_turn"},  # Boris
         {"do": "roll", "dice": [2, 4]}, {"do": "end_turn"},  # Anna, just visiting the jail
         {"do": "place", "player": "Вера", "square": "old-kent-road"},
         {"do": "roll", "dice": [1, 2]},  # Vera on the Income Tax with £1: she owes the bank
         {"do": "bankrupt", "player": "Вера"})
    en, ru = story(rig, "en"), story(rig, "ru")
    at = en.index("Вера goes bankrupt to the bank")
    assert en[at + 1:at + 3] == [
        "Вера's deeds go back to the bank, unmortgaged: Old Kent Road, Whitechapel Road",
        "Вера's Get out of Jail Free card goes back to the bottom of its deck"], en[at:]
    at = ru.index("Вера становится банкротом; всё получает банк")
    assert ru[at + 1:at + 3] == [
        "Собственность Веры возвращается банку без залогов: Олд-Кент-роуд, Уайтчепел-роуд",
        "Карточка освобождения из тюрьмы Веры возвращается под низ колоды"], ru[at:]
    assert "Old Kent Road goes to auction" in en[at:]
