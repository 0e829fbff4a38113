"""The Helm's Deep cards: Éowyn, Wormtongue, Éomer and the Riders of Rohan (and the repeats)."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import (
    NAZGUL_SYMBOL,
    SLOT_SYMBOLS,
    TRACK_START,
)
from ringbearer_engine.games.mount_doom.events import (
    BattleBegins,
    BattleEnded,
    BattleRolled,
    Boxed,
    EventSpace,
    NazgulIgnored,
    UrukRemoved,
    WitchKingFalls,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import event_space, new, of, play, state, tray

WITCH_KING_ROW = ["witch-king"] * 6


def test_eowyn_defeats_the_witch_king_right_after_his_dice_show_a_6() -> None:
    match = new(row=WITCH_KING_ROW, held=["eowyn"], nazgul=3, stage=4)
    match.script(rolls={"black": [6, 1, 3]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.ROLLED
    events = play(match, "use eowyn -")
    assert of(events, WitchKingFalls) == [WitchKingFalls()]
    assert Boxed("witch-king") in events
    s = state(match)
    assert s.witch_king_defeated
    assert s.resolve == TRACK_START  # his roll no longer hurts
    assert s.row[0] == ""  # his card leaves the row


def test_eowyn_is_not_offered_when_no_die_shows_a_6() -> None:
    match = new(row=WITCH_KING_ROW, held=["eowyn"], nazgul=3, stage=4)
    match.script(rolls={"black": [5, 1, 3]})
    tray(match, (1, "", 0))
    assert state(match).resolve == TRACK_START - 3
    with pytest.raises(IllegalActionError, match="Witch-king's dice show a 6"):
        match.play("use eowyn -")


def test_after_eowyns_victory_nazgul_are_no_threat_for_the_rest_of_the_game() -> None:
    """MD-A32: Nazgûl cards, Nazgûl spaces and Nazgûl symbols are all ignored."""
    slot = SLOT_SYMBOLS.index(NAZGUL_SYMBOL)
    row = ["nazgul-gondor"] * 6
    row[slot] = ""
    space = event_space("nazgul", 3)
    match = new(row=row, witch_king_defeated=True, nazgul=8, stage=3, pos=[0, 0, space - 1, 0, 0])
    other = 6 if slot != 5 else 5
    events = tray(match, (slot + 1, "blue", 1), (other, "", 0))
    assert len(of(events, NazgulIgnored)) == 2
    assert of(events, EventSpace) == [EventSpace(2, "nazgul", "ignored")]
    assert state(match).nazgul == 8
    assert match.outcome is None


def test_wormtongue_sends_the_chosen_friend_card_to_the_box() -> None:
    """MD-A30: any player's friend card, Boromir included, never a Gandalf card."""
    match = new(
        players=2,
        row=["wormtongue"] * 6,
        held=["elrond", "boromir", "power"],
        holder=[1, 1, 0],
        stage=2,
    )
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.WORMTONGUE
    assert [str(a) for a in match.actions()] == ["choose elrond", "choose boromir"]
    play(match, "choose boromir")
    s = state(match)
    assert s.held == ["elrond", "power"]
    assert "boromir" in s.box


def test_wormtongue_with_one_friend_card_takes_it_without_asking() -> None:
    match = new(row=["wormtongue"] * 6, held=["arwen", "vision"], stage=2)
    tray(match, (1, "", 0))
    assert state(match).held == ["vision"]


def test_wormtongue_without_friend_cards_does_nothing_and_stays() -> None:
    match = new(row=["wormtongue"] * 6, held=["vision"], stage=2)
    tray(match, (1, "", 0))
    s = state(match)
    assert s.held == ["vision"]
    assert s.row[0] == "wormtongue"


def test_eomer_is_used_instead_of_rolling_and_wins_that_battle() -> None:
    match = new(row=["orc-hordes-helms-deep"] * 6, held=["eomer"], stage=2)
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.BATTLE
    events = play(match, "use eomer -")
    assert not of(events, BattleRolled)
    assert of(events, BattleEnded) == [BattleEnded(True, "Éomer and the Riders of Rohan ride in")]
    assert state(match).resolve == TRACK_START


def test_eomer_wins_only_one_battle_of_an_encounter_with_several() -> None:
    match = new(row=["uruk-hai-helms-deep"] * 6, held=["eomer"], uruk=2, stage=2)
    match.script(rolls={"battle": ["sauron", "sauron"]})
    tray(match, (1, "", 0))
    events = play(match, "use eomer -")
    assert len(of(events, BattleBegins)) == 2
    assert [e.won for e in of(events, BattleEnded)] == [True, False, False]


def test_eomers_battle_counts_as_won_for_the_uruk_hai() -> None:
    """MD-A25."""
    match = new(row=["uruk-hai-helms-deep"] * 6, held=["eomer"], uruk=1, stage=2)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    events = play(match, "use eomer -")
    assert of(events, UrukRemoved) == [UrukRemoved(False, 0)]


def test_eomers_battle_counts_towards_sauron_mouths_two_in_a_row() -> None:
    """MD-A25."""
    match = new(row=["sauron-mouth"] * 6, held=["eomer"], stage=4)
    match.script(rolls={"battle": ["aragorn"]})
    tray(match, (1, "", 0))
    events = play(match, "use eomer -")
    assert len(of(events, BattleBegins)) == 1  # Éomer's win, then the Aragorn win in a row
    assert [e.won for e in of(events, BattleEnded)] == [True, True]


def test_eomer_is_not_offered_outside_a_battle() -> None:
    match = new(held=["eomer"])
    with pytest.raises(IllegalActionError, match="instead of rolling"):
        match.play("use eomer -")


def test_helms_deep_repeat_cards_work_as_everywhere() -> None:
    match = new(row=["saruman-helms-deep", "nazgul-helms-deep", "", "", "", ""], stage=2)
    tray(match, (1, "", 0), (2, "", 0))
    s = state(match)
    assert (s.uruk, s.nazgul) == (2, 2)
