"""Mount Doom's actions and events in words, for the list of choices and the log."""

from __future__ import annotations

from collections.abc import Sequence

import ringbearer_engine as rb
from ringbearer_engine.games.mount_doom.actions import Add, Choose, Keep, Pass, Roll, Spend, Use
from ringbearer_engine.games.mount_doom.content import CARDS, COLOURS, FIGURE_NAMES, FIGURES
from ringbearer_engine.games.mount_doom.events import (
    BattleRolled,
    CardUsed,
    DieSet,
    FriendTaken,
    GandalfDrawn,
    Kept,
    Rolled,
    TurnBegan,
)
from ringbearer_engine.games.mount_doom.view import MountDoomView

LETTERS = ("F", "M", "A", "L", "G")
SHORT_NAMES = ("Frodo", "Merry", "Aragorn", "Legolas", "Gimli")
"""One letter per figure, so the board reads without colour."""
STYLES = (
    "bold dark_orange",
    "bold medium_purple1",
    "bold dodger_blue1",
    "bold green3",
    "bold red1",
)


def figure_of(colour: str) -> int:
    return COLOURS.index(colour)


def die_label(colour: str) -> str:
    """A companion die by the figure it moves: "Aragorn's die (blue)"."""
    return f"{SHORT_NAMES[figure_of(colour)]} ({colour})"


def die_name(die: str) -> str:
    """A die as the board names it: a companion die by its figure, else "the black die"."""
    if die in COLOURS:
        return f"{SHORT_NAMES[figure_of(die)]}'s die"
    return f"the {die} die"


def card_name(card: str) -> str:
    found = CARDS.get(card)
    return found.name if found else card


def card_gist(card: str) -> str:
    """What a card does, in its text's first sentence ("Three dark hearts at once.")."""
    found = CARDS.get(card)
    if found is None:
        return ""
    first = found.text.split(". ")[0].rstrip(".")
    return f"{first}."


def card_of(view: MountDoomView, action: rb.Action) -> str | None:
    """The card a choice takes, meets or uses, if any."""
    if isinstance(action, Use | Spend):
        return action.card
    if isinstance(action, Keep):
        return view.row[action.black - 1].card
    if isinstance(action, Choose) and action.option in CARDS:
        return action.option
    return None


def gist(match: rb.Match, action: rb.Action) -> str:
    """What a choice that meets a face-up encounter card lets that card do ("" otherwise)."""
    if not isinstance(action, Keep):
        return ""
    view = match.view(match.to_move)
    assert isinstance(view, MountDoomView)
    card = card_of(view, action)
    return card_gist(card) if card else ""


def _pips(view: MountDoomView, colour: str) -> str:
    for rolled in view.rolled:
        if rolled.die == colour:
            return rolled.face
    return "?"


def describe(match: rb.Match, action: rb.Action) -> str:
    view = match.view(match.to_move)
    assert isinstance(view, MountDoomView)
    return describe_in(view, action)


def describe_in(view: MountDoomView, action: rb.Action) -> str:
    if isinstance(action, Roll):
        if action.dice == ("black",):
            return "Roll the black die"
        dice = " + ".join(SHORT_NAMES[figure_of(colour)] for colour in action.dice)
        return f"Roll {dice}"
    if isinstance(action, Keep):
        slot = view.row[action.black - 1]
        target = (
            card_name(slot.card)
            if slot.card
            else ("a face-down card" if slot.occupied else "the empty slot")
        )
        pips = _pips(view, action.die)
        figure = SHORT_NAMES[figure_of(action.die)]
        return f"Keep ⬛{action.black} {target} + {figure} {pips}"
    if isinstance(action, Add):
        return f"Add {die_label(action.die)}"
    if isinstance(action, Use):
        how = f": {_choice_words(action.choice)}" if action.choice else ""
        return f"Use {card_name(action.card)}{how}"
    if isinstance(action, Spend):
        return f"Give up {card_name(action.card)} to win the battle"
    if isinstance(action, Choose):
        return _choice_words(action.option)
    if isinstance(action, Pass):
        return "Go on (use no card)"
    return str(action)


def _choice_words(option: str) -> str:
    if option.isdigit():
        steps = int(option)
        return f"Move {steps} space{'s' if steps != 1 else ''}" if steps else "Stay put"
    if option in ("left", "right"):
        return f"To the {option}"
    if option in COLOURS:
        return die_label(option)
    if option in FIGURES:
        return SHORT_NAMES[FIGURES.index(option)]
    if option.startswith("black") and option[5:].isdigit():
        return f"the black {option[5:]}"
    colour, _, face = option.partition(":")
    if colour in COLOURS and face.isdigit():
        return f"{SHORT_NAMES[figure_of(colour)]}'s die to {face}"
    if option in CARDS:
        return card_name(option)
    return option.replace("-", " ")


def tell(event: rb.Event, players: Sequence[str]) -> str:
    """An event for the log: players by name and dice by figure, as the board shows them.

    The engine's own sentences (``str(event)``) name seats and die colours, which suits its
    replays and golden files but not a table of named players.
    """

    def who(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else f"Seat {seat + 1}"

    if isinstance(event, TurnBegan):
        return f"Turn {event.turn}: {who(event.seat)} takes the dice tray."
    if isinstance(event, CardUsed):
        return f"{who(event.seat)} uses {card_name(event.card)}."
    if isinstance(event, FriendTaken):
        return f"{who(event.seat)} takes {card_name(event.card)} from the row."
    if isinstance(event, GandalfDrawn):
        return f"{who(event.seat)} draws {card_name(event.card)}."
    if isinstance(event, Rolled):
        shown = ", ".join(
            f"{_die_short(die)} {face}" for die, face in zip(event.dice, event.faces, strict=True)
        )
        return f"Rolled {shown}."
    if isinstance(event, Kept):
        return f"Side {event.side}: black {event.black} and {_die_short(event.die)} {event.pips}."
    if isinstance(event, DieSet):
        name = die_name(event.die)
        return f"{name[0].upper()}{name[1:]} changes from {event.old} to {event.new}."
    if isinstance(event, BattleRolled):
        return f"The battle die shows {event.face.capitalize()}."
    return _plural_pairs(str(event))


PAIRS = tuple(name for name in FIGURE_NAMES if " & " in name)
"""Figures that are two hobbits ("Frodo & Sam"), who move, not moves."""
PLURAL = {"moves": "move", "reaches": "reach", "stops": "stop"}
"""The verbs the engine's sentences give a figure, and their plural."""


def _plural_pairs(sentence: str) -> str:
    for pair in PAIRS:
        for one, two in PLURAL.items():
            sentence = sentence.replace(f"{pair} {one} ", f"{pair} {two} ")
    return sentence


def _die_short(die: str) -> str:
    return SHORT_NAMES[figure_of(die)] if die in COLOURS else die
