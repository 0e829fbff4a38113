"""Why an action is refused, in a sentence a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ringbearer_engine import Action

from .actions import Add, Choose, Keep, Pass, Roll, Spend, Use
from .content import CARDS, COLOURS, KIND, SIDE
from .events import card_name, seat_name
from .rules.windows import card_uses, may_use, uses_of
from .state import Ask, MountDoomState
from .view import prompt

if TYPE_CHECKING:
    from ringbearer_engine import Game

WHEN: Final = {
    "elrond": "right after a roll",
    "power": "right after a roll of the black encounter dice",
    "trick": "right after a roll of companion dice",
    "eowyn": "right after the Witch-king's dice show a 6",
    "faramir": "at the start of your turn, before rolling",
    "support": "at the start of your turn, before rolling (not on the final stage)",
    "eomer": "in a battle, instead of rolling",
    "galadriel": "in a battle, before rolling, when the One Ring is below her space",
    "boromir": "after a lost battle against one Uruk-hai",
    "arwen": "when a dark-heart or Nazgûl space is about to strike",
    "wrath": "after an encounter card that stays on the row has been carried out",
    "vision": "before the next stage is laid out",
    "theoden": "at a pause of your turn, on a companion that has a stage goal ahead of it",
    "treebeard": "at a pause of your turn, when it can change something",
}
QUESTIONS: Final = frozenset(
    {Ask.SYMBOL, Ask.ARMY, Ask.DENETHOR, Ask.WORMTONGUE, Ask.SUPPORT, Ask.VISION}
)


def why_illegal(game: Game[MountDoomState], state: MountDoomState, action: Action) -> str | None:
    """The reason ``action`` is not legal now (``None`` if no specific reason applies)."""
    ask = state.pending
    now = prompt(state)
    if isinstance(action, Use | Spend):
        return _why_card(state, action, now)
    if isinstance(action, Roll):
        if ask == Ask.FINAL_START:
            return "On the final stage only the one black die is rolled: roll black."
        if ask != Ask.START:
            return f"The dice of this turn have been rolled already. {now}"
        if action.dice == ("black",):
            return "Before Minas Morgul you roll both black dice with two companion dice."
        return "Roll two different companion dice by colour, for example: roll blue,red."
    if isinstance(action, Keep):
        if ask not in (Ask.KEEP1, Ask.KEEP2):
            return f"There are no rolled dice to keep now. {now}"
        blacks = [f for d, f in zip(state.rolled_dice, state.rolled, strict=True) if d == "black"]
        if action.black not in blacks:
            return f"No black die of this roll shows {action.black}."
        return f"The {action.die} die is not among the companion dice of this roll."
    if isinstance(action, Add):
        if ask != Ask.ADD:
            return f"No third companion die is being chosen now. {now}"
        if action.die not in COLOURS:
            return f"There is no {action.die} companion die."
        return f"The {action.die} die was rolled already; add one of the other three."
    if isinstance(action, Choose):
        if ask not in QUESTIONS:
            return f"There is no question to answer now. {now}"
        options = ", ".join(
            str(a).split(" ", 1)[1] for a in game.actions(state) if isinstance(a, Choose)
        )
        return f"{action.option!r} is not an answer here; choose one of: {options}."
    if isinstance(action, Pass):
        return f"There is nothing to pass here. {now}"
    return None


def _why_card(state: MountDoomState, action: Use | Spend, now: str) -> str:
    card = action.card
    if card not in CARDS:
        return f"There is no card called {card!r}."
    name = card_name(card)
    if card not in state.held:
        if card in state.box:
            return f"{name} has been used or has left the game already."
        return f"Nobody has {name} in front of them."
    index = state.held.index(card)
    if SIDE[card] == "gandalf" and state.gandalf_token:
        return (
            "The Balrog's Gandalf token lies at Helm's Deep: no Gandalf card may be used until the "
            "Ring-bearer reaches Helm's Deep."
        )
    if not may_use(state, index):
        return (
            f"{name} lies in front of {seat_name(state.holder[index])}: with personal friends, "
            "only they may use it."
        )
    if isinstance(action, Spend):
        if SIDE[card] != "gandalf":
            return f"Only a Gandalf card can be given up to win a battle; {name} is not one."
        return "A Gandalf card can be given up only when the battle die shows the Gandalf symbol."
    options = uses_of(state, card, state.pending)
    if not options:
        return f"{name} can be used only {WHEN[KIND[card]]}. {now}"
    if action not in card_uses(state, state.pending):
        choices = ", ".join(str(o.choice) for o in options if isinstance(o, Use))
        return f"{name} cannot be used that way now; choose one of: {choices}."
    return now
