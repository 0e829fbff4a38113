"""What a seat may see, and the sentence that says what is being decided.

Nobody in this game has a private hand, so every seat sees the same thing. Hidden from all of
them: the cards lying face down on the row (slots 1 and 6 until rolled, and what the Army of
the Dead covers face down), the order and content of the decks still to come, the Gandalf stack,
and whatever went to the box unseen. Only counts of those are shown.
"""

from __future__ import annotations

import msgspec

from .content import (
    ARMY,
    BATTLE_FACES,
    CARDS,
    COLOURS,
    DECKS,
    FIGURE_NAMES,
    FIGURES,
    GALADRIEL_SPACE,
    NAZGUL_SPACES,
    NAZGUL_SYMBOL,
    SAURON_EYE_SPACE,
    SLOT_SYMBOLS,
    STAGE_NAMES,
    STAGES,
    TRACK_TOP,
    URUK_WARRIORS,
)
from .events import card_name, place_name, seat_name
from .rules.encounters import wormtongue_targets
from .rules.movement import EVENT_DARK
from .rules.windows import RK_BATTLE, RK_BOROMIR, RK_DENETHOR, RK_FINAL, RK_WITCH_KING
from .state import Ask, MountDoomState


class FigureView(msgspec.Struct, frozen=True):
    id: str
    name: str
    colour: str
    position: int
    place: str


class SlotView(msgspec.Struct, frozen=True):
    slot: int
    """1 to 6, the number a black die must show."""
    card: str | None
    """The card's id when everybody knows it; ``None`` for an empty slot or a hidden card."""
    face_up: bool
    occupied: bool
    symbol: str
    """What the board shows under the slot: ``nazgul`` or a figure id."""
    covers: str | None = None
    """The card the Army of the Dead lies on, when it was face up."""
    covers_hidden: bool = False


class HeldView(msgspec.Struct, frozen=True):
    card: str
    name: str
    seat: int
    text: str


class TrayView(msgspec.Struct, frozen=True):
    side: int
    black: int
    """0 once resolved."""
    die: str | None
    """The companion die's colour; ``None`` once resolved."""
    pips: int


class RolledView(msgspec.Struct, frozen=True):
    die: str
    face: str


class MountDoomView(msgspec.Struct, frozen=True):
    seat: int | None
    players: tuple[str, ...]
    to_move: int | None
    turn: int
    stage: str
    stage_name: str
    figures: list[FigureView]
    resolve: int
    track_top: int
    sauron_eye_space: int
    galadriel_space: int
    nazgul: int
    nazgul_spaces: int
    witch_king_defeated: bool
    uruk_warriors: int
    uruk_supply: int
    uruk_leader: bool
    treebeard_token: bool
    gandalf_token: bool
    row: list[SlotView]
    held: list[HeldView]
    gandalf_stack: int
    decks: list[int]
    """Cards left in the deck of each stage still to come (Rohan ... Mount Doom)."""
    box: list[str]
    unseen: int
    tray: list[TrayView]
    rolled: list[RolledView]
    pending: str
    prompt: str
    vision_card: str | None
    friends_in_need: bool
    without_protection: bool
    result: str | None


ASK_NAMES = {value: name.lower() for name, value in vars(Ask).items() if name.isupper()}


def view(state: MountDoomState, seat: int | None) -> MountDoomView:
    """The table as ``seat`` sees it (the same for every seat and for spectators)."""
    row = []
    for slot in range(6):
        card = state.row[slot]
        known = state.up[slot] or slot == state.known_slot
        symbol = SLOT_SYMBOLS[slot]
        army = card == ARMY and bool(state.army_under)
        row.append(
            SlotView(
                slot=slot + 1,
                card=card if card and known else None,
                face_up=bool(card) and state.up[slot],
                occupied=bool(card),
                symbol="nazgul" if symbol == NAZGUL_SYMBOL else FIGURES[symbol],
                covers=state.army_under if army and state.army_under_up else None,
                covers_hidden=army and not state.army_under_up,
            )
        )
    rolled = [
        RolledView(name, BATTLE_FACES[face] if name == "battle" else str(face))
        for name, face in zip(state.rolled_dice, state.rolled, strict=True)
    ]
    tray = [
        TrayView(
            side + 1,
            state.tray_black[side],
            COLOURS[state.tray_figure[side]] if state.tray_figure[side] >= 0 else None,
            state.tray_pips[side],
        )
        for side in (0, 1)
    ]
    return MountDoomView(
        seat=seat,
        players=state.players,
        to_move=None if state.result else state.seat,
        turn=state.turn,
        stage=STAGES[state.stage],
        stage_name=STAGE_NAMES[state.stage],
        figures=[
            FigureView(FIGURES[f], FIGURE_NAMES[f], COLOURS[f], p, place_name(p))
            for f, p in enumerate(state.pos)
        ],
        resolve=state.resolve,
        track_top=TRACK_TOP,
        sauron_eye_space=SAURON_EYE_SPACE,
        galadriel_space=GALADRIEL_SPACE,
        nazgul=state.nazgul,
        nazgul_spaces=NAZGUL_SPACES,
        witch_king_defeated=state.witch_king_defeated,
        uruk_warriors=state.uruk,
        uruk_supply=URUK_WARRIORS - state.uruk,
        uruk_leader=state.leader,
        treebeard_token=state.treebeard_token,
        gandalf_token=state.gandalf_token,
        row=row,
        held=[
            HeldView(card, CARDS[card].name, holder, CARDS[card].text)
            for card, holder in zip(state.held, state.holder, strict=True)
        ],
        gandalf_stack=len(state.gandalf_stack),
        decks=[len(DECKS[s]) for s in range(state.stage + 1, 6)],
        box=list(state.box),
        unseen=len(state.unseen),
        tray=tray,
        rolled=rolled,
        pending=ASK_NAMES.get(state.pending, "none"),
        prompt=prompt(state),
        vision_card=state.next_deck[0] if state.pending == Ask.VISION else None,
        friends_in_need=state.friends_in_need,
        without_protection=state.without_protection,
        result=state.result or None,
    )


def prompt(state: MountDoomState) -> str:
    """What the active player decides now, in a sentence."""
    if state.result:
        return "The match is over."
    who = state.players[state.seat]
    ask = state.pending
    if ask == Ask.START:
        return f"{who}: choose two companion dice to roll with both black dice."
    if ask == Ask.KEEP1:
        return f"{who}: keep one black die and one companion die for side 1 of the tray."
    if ask == Ask.ADD:
        return f"{who}: add a third companion die to roll with the other two dice."
    if ask == Ask.KEEP2:
        return f"{who}: keep one companion die for side 2 of the tray."
    if ask == Ask.FINAL_START:
        return f"{who}: roll the black die for the Ring-bearer's next step."
    if ask == Ask.ROLLED:
        what = {
            RK_BATTLE: "the battle die",
            RK_BOROMIR: "Boromir's battle die",
            RK_DENETHOR: "the companion die",
            RK_FINAL: "the black die",
            RK_WITCH_KING: "the Witch-king's dice",
        }.get(state.ask_a, "the black die")
        return f"{who}: {what} has been rolled; use a card now, or pass."
    if ask == Ask.AFTER_DIE:
        return f"{who}: the die is resolved; use a card, or pass to go on."
    if ask == Ask.BATTLE:
        return f"{who}: a battle is about to be rolled; use a card, or pass to roll."
    if ask == Ask.FACE:
        return f"{who}: the battle die shows Gandalf; give up a Gandalf card to win, or pass."
    if ask == Ask.BOROMIR:
        return f"{who}: the battle against an Uruk-hai is lost; use Boromir, or pass."
    if ask == Ask.EVENT:
        what = "dark-heart" if state.ask_a == EVENT_DARK else "Nazgûl"
        return f"{who}: a {what} space is about to strike; use a card, or pass."
    if ask == Ask.STAGE:
        return f"{who}: the next stage is about to be laid out; use a card, or pass."
    if ask == Ask.SYMBOL:
        return f"{who}: move {FIGURE_NAMES[state.ask_a]} 0, 1 or 2 spaces."
    if ask == Ask.ARMY:
        return f"{who}: move the Army of the Dead left or right."
    if ask == Ask.DENETHOR:
        return f"{who}: choose the companion die on the tray that Denethor rerolls."
    if ask == Ask.WORMTONGUE:
        names = ", ".join(card_name(c) for c in dict.fromkeys(wormtongue_targets(state)))
        return f"{who}: choose the friend card Wormtongue sends away ({names})."
    if ask == Ask.SUPPORT:
        return f"{who}: choose the figure Gandalf's Support moves by its die."
    if ask == Ask.VISION:
        seen = card_name(state.next_deck[0])
        return f"{who}: Gandalf's Vision shows {seen}; keep it on top or remove it."
    return f"{seat_name(state.seat)} to play."
