"""A test table for the Adventure Game: a state built with scripted chance, pawns and cards
put where a test needs them (without breaking card or ring conservation), and a driver that
plays actions by notation and refuses illegal ones with the game's own reason."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ringbearer_engine import Action, Chance, Event, NoOptions
from ringbearer_engine.games.adventure_game.board import INDEX
from ringbearer_engine.games.adventure_game.content import CARD_RANK, CARD_TYPES, RING_SUPPLY
from ringbearer_engine.games.adventure_game.game import GAME
from ringbearer_engine.games.adventure_game.state import AdventureState

__all__ = ["GAME", "Table", "assert_conserved", "said"]

FULL_DECK = Counter({card.id: card.count for card in CARD_TYPES})
NAMES = ("Frodo", "Sam", "Merry", "Pippin")


class Table:
    """One state under test, driven through the game's own ``actions``/``apply``."""

    def __init__(
        self,
        players: int = 2,
        *,
        deck: Sequence[str] = (),
        start: Sequence[int] = (),
        seed: int = 1,
    ) -> None:
        chance = Chance.seeded(seed)
        opening = list(start) or [6] + [1] * (players - 1)
        chance.script(rolls={"start": opening}, orders={"deck": list(deck)} if deck else None)
        self.state: AdventureState = GAME.setup(NAMES[:players], NoOptions(), chance)

    # -- arranging the table ------------------------------------------------------------------

    def put(self, seat: int, space: str, *, mountain: int = 0) -> None:
        self.state.pawns[seat] = INDEX[space]
        self.state.mountain[seat] = mountain

    def hand(self, seat: int, *cards: str) -> None:
        """Give ``seat`` exactly ``cards`` (kept in card-list order), trading with the draw pile
        so that card conservation holds."""
        state = self.state
        state.draw_pile[:0] = state.hands[seat]  # old hand to the bottom of the pile
        state.hands[seat] = []
        for card in cards:
            state.draw_pile.remove(card)
            state.hands[seat].append(card)
        state.hands[seat].sort(key=CARD_RANK.__getitem__)

    def stack(self, *cards: str) -> None:
        """Put ``cards`` on top of the draw pile, the first to be drawn first."""
        pile = self.state.draw_pile
        for card in cards:
            pile.remove(card)
        pile.extend(reversed(cards))

    def rings(self, seat: int, count: int) -> None:
        state = self.state
        state.supply += state.rings[seat] - count
        state.rings[seat] = count
        assert state.supply >= 0

    def nazgul(self, *spaces: str) -> None:
        """Exactly these spaces hold a Nazgûl (the others have been beaten)."""
        self.state.nazgul = sorted(INDEX[s] for s in spaces)

    def turn(self, seat: int, *, bonus: bool = False) -> None:
        self.state.current = seat
        self.state.bonus = bonus

    def script(self, **rolls: Sequence[int]) -> None:
        self.state.chance.script(rolls={name: list(faces) for name, faces in rolls.items()})

    # -- playing ------------------------------------------------------------------------------

    def legal(self) -> list[str]:
        return [str(action) for action in GAME.actions(self.state)]

    def can(self, text: str) -> bool:
        return text in self.legal()

    def play(self, text: str) -> list[Event]:
        action = GAME.parse_action(text)
        if action not in GAME.actions(self.state):
            reason = GAME.why_illegal(self.state, action)
            raise AssertionError(f"{text!r} is illegal: {reason}; legal: {self.legal()}")
        return GAME.apply(self.state, action)

    def refused(self, text: str) -> str:
        """The reason ``text`` is refused; fails if it is legal."""
        action: Action = GAME.parse_action(text)
        assert action not in GAME.actions(self.state), f"{text!r} should be illegal"
        reason = GAME.why_illegal(self.state, action)
        assert reason, f"no reason given for refusing {text!r}"
        return reason

    # -- reading ------------------------------------------------------------------------------

    def at(self, seat: int) -> str:
        from ringbearer_engine.games.adventure_game.board import IDS

        return IDS[self.state.pawns[seat]]

    @property
    def to_move(self) -> int | None:
        return GAME.to_move(self.state)


def said(events: list[Event]) -> list[str]:
    return [str(event) for event in events]


def assert_conserved(state: AdventureState) -> None:
    """Every one of the 54 cards and the 12 rings is somewhere, exactly once."""
    cards = Counter(state.draw_pile) + Counter(state.discards)
    for hand in state.hands:
        cards += Counter(hand)
    assert cards == FULL_DECK
    assert state.supply + sum(state.rings) == RING_SUPPLY
    assert all(r >= 0 for r in state.rings)
    assert state.supply >= 0
