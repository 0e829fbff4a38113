"""What happens in a match of Adventure to Mount Doom, as events that read as sentences."""

from __future__ import annotations

from typing import Final

from ringbearer_engine import Event

from .content import (
    CARDS,
    FIGURE_NAMES,
    GOALS,
    MORGUL,
    MOUNT_DOOM,
    NAZGUL_SPACES,
    RALLY,
    RIVENDELL,
    STAGE_NAMES,
    TRACK_TOP,
)


def place_name(pos: int) -> str:
    """A route position in words: a goal's name, or the stage and the space on it."""
    if pos == RALLY:
        return "the rally space"
    if pos == RIVENDELL:
        return "Rivendell"
    if pos == MOUNT_DOOM:
        return "Mount Doom"
    if pos in GOALS:
        return STAGE_NAMES[GOALS.index(pos)]
    if pos > MORGUL:
        return f"step {pos - MORGUL} after Minas Morgul"
    start = max((g for g in (RIVENDELL, *GOALS) if g < pos), default=RIVENDELL)
    stage = 0 if start == RIVENDELL else GOALS.index(start) + 1
    return f"space {pos - start} towards {STAGE_NAMES[stage]}"


def card_name(card: str) -> str:
    return CARDS[card].name if card in CARDS else card


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


class TurnBegan(Event, frozen=True, tag="turn"):
    seat: int
    turn: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {seat_name(self.seat)} takes the dice tray."


class Rolled(Event, frozen=True, tag="rolled"):
    dice: tuple[str, ...]
    faces: tuple[int, ...]

    def __str__(self) -> str:
        shown = ", ".join(f"{d} {f}" for d, f in zip(self.dice, self.faces, strict=True))
        return f"Rolled {shown}."


class Kept(Event, frozen=True, tag="kept"):
    side: int
    black: int
    die: str
    pips: int

    def __str__(self) -> str:
        return f"Side {self.side}: black {self.black} and {self.die} {self.pips}."


class CardUsed(Event, frozen=True, tag="card-used"):
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} uses {card_name(self.card)}."


class DieSet(Event, frozen=True, tag="die-set"):
    die: str
    old: int
    new: int

    def __str__(self) -> str:
        return f"The {self.die} die changes from {self.old} to {self.new}."


class Revealed(Event, frozen=True, tag="revealed"):
    slot: int
    card: str

    def __str__(self) -> str:
        return f"Slot {self.slot + 1} is turned face up: {card_name(self.card)}."


class Encounter(Event, frozen=True, tag="encounter"):
    slot: int
    card: str

    def __str__(self) -> str:
        return f"Black {self.slot + 1} meets {card_name(self.card)}."


class FriendTaken(Event, frozen=True, tag="friend-taken"):
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} takes {card_name(self.card)} from the row."


class Boxed(Event, frozen=True, tag="boxed"):
    card: str

    def __str__(self) -> str:
        return f"{card_name(self.card)} leaves the game."


class Symbol(Event, frozen=True, tag="symbol"):
    slot: int
    figure: int
    """-1 for a Nazgûl symbol."""

    def __str__(self) -> str:
        what = "Nazgûl" if self.figure < 0 else FIGURE_NAMES[self.figure]
        return f"Slot {self.slot + 1} is empty: its {what} symbol applies."


class Moved(Event, frozen=True, tag="moved"):
    figure: int
    steps: int
    start: int
    end: int

    def __str__(self) -> str:
        word = "space" if self.steps == 1 else "spaces"
        return (
            f"{FIGURE_NAMES[self.figure]} moves {self.steps} {word} from "
            f"{place_name(self.start)} to {place_name(self.end)}."
        )


class GoalReached(Event, frozen=True, tag="goal"):
    figure: int
    goal: int
    exact: bool

    def __str__(self) -> str:
        how = "exactly" if self.exact else "without the exact number"
        return f"{FIGURE_NAMES[self.figure]} reaches {STAGE_NAMES[self.goal]} {how}."


class EventSpace(Event, frozen=True, tag="event-space"):
    figure: int
    kind: str
    outcome: str
    """``strikes``, ``protected`` (another figure stands there) or ``ignored`` (Arwen,
    Éowyn's victory)."""

    def __str__(self) -> str:
        what = "dark-heart" if self.kind == "dark" else "Nazgûl"
        says = {
            "strikes": "strikes",
            "protected": "is covered by another figure and does nothing",
            "ignored": "does nothing this time",
        }[self.outcome]
        return f"{FIGURE_NAMES[self.figure]} stops on a {what} space, which {says}."


class ResolveChanged(Event, frozen=True, tag="resolve"):
    delta: int
    value: int

    def __str__(self) -> str:
        way = "bright" if self.delta > 0 else "dark"
        steps = abs(self.delta)
        word = "circle" if steps == 1 else "circles"
        return (
            f"The One Ring moves {steps} {word} towards the {way} heart ({self.value}/{TRACK_TOP})."
        )


class NazgulPlaced(Event, frozen=True, tag="nazgul"):
    count: int

    def __str__(self) -> str:
        return f"A Nazgûl reaches Minas Morgul ({self.count} of {NAZGUL_SPACES})."


class NazgulIgnored(Event, frozen=True, tag="nazgul-ignored"):
    def __str__(self) -> str:
        return "The Witch-king has fallen: the Nazgûl no longer come."


class UrukArrived(Event, frozen=True, tag="uruk-arrived"):
    count: int
    total: int

    def __str__(self) -> str:
        return f"{self.count} Uruk-hai warriors march to Isengard ({self.total} warriors there)."


class UrukRemoved(Event, frozen=True, tag="uruk-removed"):
    leader: bool
    total: int

    def __str__(self) -> str:
        if self.leader:
            return "The Uruk-hai leader falls: Isengard is freed."
        return f"An Uruk-hai warrior leaves Isengard ({self.total} warriors there)."


class TokenPlaced(Event, frozen=True, tag="token"):
    token: str

    def __str__(self) -> str:
        where = "Helm's Deep" if self.token == "gandalf" else "Isengard"
        return f"The {self.token.capitalize()} token goes to {where}."


class TokenRemoved(Event, frozen=True, tag="token-removed"):
    token: str

    def __str__(self) -> str:
        return f"The {self.token.capitalize()} token is lifted: Gandalf cards work again."


class BattleBegins(Event, frozen=True, tag="battle"):
    card: str
    number: int
    of: int
    """Battles this encounter fights (0 when it goes on until two wins in a row)."""
    supporters: tuple[int, ...]

    def __str__(self) -> str:
        count = f" of {self.of}" if self.of else ""
        helpers = ", ".join(FIGURE_NAMES[f] for f in self.supporters) or "nobody"
        return f"Battle {self.number}{count} against {card_name(self.card)}; supporting: {helpers}."


class BattleRolled(Event, frozen=True, tag="battle-rolled"):
    face: str

    def __str__(self) -> str:
        return f"The battle die shows {self.face}."


class BattleEnded(Event, frozen=True, tag="battle-ended"):
    won: bool
    how: str

    def __str__(self) -> str:
        return f"The battle is {'won' if self.won else 'lost'} ({self.how})."


class GandalfDrawn(Event, frozen=True, tag="gandalf-drawn"):
    seat: int
    card: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} draws {card_name(self.card)}."


class GandalfLost(Event, frozen=True, tag="gandalf-lost"):
    def __str__(self) -> str:
        return "The top Gandalf card goes to the box unseen."


class StageEnded(Event, frozen=True, tag="stage-ended"):
    stage: int

    def __str__(self) -> str:
        return f"The stage to {STAGE_NAMES[self.stage]} is over."


class StageLaidOut(Event, frozen=True, tag="stage-laid-out"):
    stage: int
    face_up: tuple[str, ...]

    def __str__(self) -> str:
        shown = ", ".join(card_name(c) for c in self.face_up)
        return f"The {STAGE_NAMES[self.stage]} cards are laid out; face up: {shown}."


class VisionSeen(Event, frozen=True, tag="vision"):
    card: str

    def __str__(self) -> str:
        return f"Gandalf's Vision shows the top card: {card_name(self.card)}."


class ArmyMoved(Event, frozen=True, tag="army-moved"):
    start: int
    end: int
    covers: str
    """The covered card, or ``""`` when it lies face down."""

    def __str__(self) -> str:
        what = card_name(self.covers) if self.covers else "a face-down card"
        return (
            f"The Army of the Dead moves from slot {self.start + 1} to slot {self.end + 1}, "
            f"covering {what}."
        )


class MorgulSteps(Event, frozen=True, tag="morgul-steps"):
    helpers: tuple[int, ...]

    def __str__(self) -> str:
        if not self.helpers:
            return "The Ring-bearer goes on alone; no companion stands at Minas Morgul to help."
        names = ", ".join(FIGURE_NAMES[f] for f in self.helpers)
        steps = len(self.helpers)
        word = "step" if steps == 1 else "steps"
        return f"The Ring-bearer goes on alone; {names} at Minas Morgul give {steps} free {word}."


class FriendsInNeed(Event, frozen=True, tag="friends-in-need"):
    cards: int

    def __str__(self) -> str:
        return f"Friends in need: {self.cards} unused cards lend their strength."


class HeldInPlace(Event, frozen=True, tag="held"):
    def __str__(self) -> str:
        return "Shelob's webs hold the Ring-bearer in place this turn."


class WitchKingFalls(Event, frozen=True, tag="witch-king-falls"):
    def __str__(self) -> str:
        return "Éowyn defeats the Witch-king of Angmar."


class GameOver(Event, frozen=True, tag="game-over"):
    won: bool
    reason: str

    def __str__(self) -> str:
        return SUMMARIES[self.reason]


SUMMARIES: Final = {
    "ring-destroyed": "The Ring-bearer reaches the crater of Mount Doom: the Ring is destroyed.",
    "resolve-broken": "The One Ring is pulled past the last circle: the Ring-bearer's will breaks.",
    "nazgul-gathered": "The ninth Nazgûl gathers at Minas Morgul: the quest fails.",
}
