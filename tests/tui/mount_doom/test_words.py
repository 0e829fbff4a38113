"""Mount Doom in the app's words: players by name, dice by figure, names capitalised."""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.actions import Keep, Use
from ringbearer_engine.games.mount_doom.content import CARDS, RIVENDELL
from ringbearer_engine.games.mount_doom.events import (
    BattleRolled,
    CardUsed,
    DieSet,
    FriendTaken,
    GandalfDrawn,
    Moved,
    Rolled,
    TurnBegan,
)
from ringbearer_engine.games.mount_doom.state import MountDoomState
from ringbearer_engine.games.mount_doom.view import MountDoomView
from ringbearer_tui.games.mount_doom.board import figures_line
from ringbearer_tui.games.mount_doom.look import MountDoomLook
from ringbearer_tui.games.mount_doom.words import LETTERS, card_gist, describe, tell

from . import positions

PLAYERS = ("Ann", "Bo")


def test_the_log_names_players_not_seats() -> None:
    assert tell(TurnBegan(seat=1, turn=3), PLAYERS) == "Turn 3: Bo takes the dice tray."
    assert tell(FriendTaken(seat=0, card="elrond"), PLAYERS) == "Ann takes Elrond from the row."
    assert tell(CardUsed(seat=1, card="elrond"), PLAYERS) == "Bo uses Elrond."
    assert tell(GandalfDrawn(seat=0, card="elrond"), PLAYERS) == "Ann draws Elrond."


def test_the_log_names_companion_dice_by_their_figure_as_the_board_does() -> None:
    rolled = Rolled(dice=("black", "orange", "purple"), faces=(6, 2, 5))
    assert tell(rolled, PLAYERS) == "Rolled black 6, Frodo 2, Merry 5."
    assert tell(DieSet(die="blue", old=1, new=4), PLAYERS) == "Aragorn's die changes from 1 to 4."


def test_the_battle_die_face_is_a_capitalised_name() -> None:
    assert tell(BattleRolled(face="gandalf"), PLAYERS) == "The battle die shows Gandalf."


def test_a_card_choice_naming_a_figure_capitalises_it() -> None:
    match = rb.Match.new("mount-doom", PLAYERS, seed=1)
    assert describe(match, Use("theoden", "merry")) == "Use King Théoden: Merry"


def test_the_end_summary_counts_the_turns_the_board_showed() -> None:
    match = positions.reach(positions.lost, seeds=range(2, 3))
    view = match.view(None)
    assert isinstance(view, MountDoomView)
    assert f"Turns: {view.turn}\n" in MountDoomLook().summary(match)


def test_figures_on_a_crowded_space_are_all_listed_under_the_route() -> None:
    match = rb.Match.new("mount-doom", PLAYERS, seed=1)
    view = match.view(None)
    assert isinstance(view, MountDoomView)
    at_rivendell = [f for f in view.figures if f.place == "Rivendell"]
    assert len(at_rivendell) > 3  # more than a 4-wide cell has room for
    letters = "".join(LETTERS[view.figures.index(f)] for f in at_rivendell)
    assert f"+Rivendell: {letters}" in str(figures_line(view, width=4, room=80))
    narrow = str(figures_line(view, width=4, room=40))
    assert f"+Rivendell: {letters}" in narrow
    assert len(narrow) <= 40


def meets_a_face_up_card(state: MountDoomState, match: rb.Match) -> bool:
    view = match.view(match.to_move)
    assert isinstance(view, MountDoomView)
    return any(
        isinstance(action, Keep) and view.row[action.black - 1].card for action in match.actions()
    )


def test_a_choice_that_meets_a_face_up_card_says_what_the_card_does() -> None:
    match = positions.reach(meets_a_face_up_card)
    view = match.view(match.to_move)
    assert isinstance(view, MountDoomView)
    look = MountDoomLook()
    for action in match.actions():
        card = view.row[action.black - 1].card if isinstance(action, Keep) else None
        if card:
            assert look.gist(match, action) == CARDS[card].text.split(". ")[0].rstrip(".") + "."
        else:
            assert look.gist(match, action) == ""
    assert card_gist("balrog") == "Three dark hearts at once."


def test_a_pair_of_hobbits_move_in_the_plural() -> None:
    moved = Moved(figure=1, steps=4, start=RIVENDELL, end=RIVENDELL + 4)
    assert tell(moved, PLAYERS).startswith("Merry & Pippin move 4 spaces from Rivendell")
    alone = Moved(figure=2, steps=1, start=RIVENDELL, end=RIVENDELL + 1)
    assert tell(alone, PLAYERS).startswith("Aragorn moves 1 space")
