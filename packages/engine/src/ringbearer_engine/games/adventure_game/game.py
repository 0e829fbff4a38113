"""The Adventure Game as an engine game: it ties the content, rules, view and bots together."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ringbearer_engine import Action, Chance, Event, Game, NoOptions, Outcome
from ringbearer_engine.catalogue import ActionCatalogue
from ringbearer_engine.game import Advisor, BotFactory
from ringbearer_engine.info import LENGTH_CAP

from . import catalogue as numbering
from .actions import ACTION_TYPES, Climb, MoveNazgul, Pass, Ring, Step, TownSwap
from .content import (
    CARD_RANK,
    DECK_FIRST,
    DECK_RESHUFFLE,
    DIE_FIGHT,
    DIE_MOUNTAIN,
    DIE_START,
    MOUNTAIN_FACES,
)
from .rules.explain import prompt, why_illegal
from .rules.legal import legal_actions
from .rules.resolve import HANDLERS, carry_out
from .rules.setup import FULL_DECK, new_state
from .state import AdventureState
from .value import estimated_win_chance
from .view import AdventureView, make_view

_UNDOABLE_KINDS = frozenset({Step, Climb, MoveNazgul, Ring, Pass})
"""Actions that show nobody anything new (action classes are never subclassed)."""

DETERMINIZE_DECK = "determinize"
"""The shuffle a bot's imagined copy uses to re-deal the cards its seat cannot see."""


_SIX_FACES = frozenset(str(face) for face in range(1, 7))
_CHANCE_FACES: Mapping[str, frozenset[str]] = {
    DIE_START: _SIX_FACES,
    DIE_FIGHT: _SIX_FACES,
    DIE_MOUNTAIN: frozenset(str(face) for face in MOUNTAIN_FACES),
    DECK_FIRST: frozenset(FULL_DECK),
    DECK_RESHUFFLE: frozenset(FULL_DECK),
}


class AdventureGame(Game[AdventureState]):
    id = "adventure-game"
    title = "The Lord of the Rings Adventure Game"
    min_players = 2
    max_players = 4
    default_players = 3
    cooperative = False
    private_information = True
    max_game_length = LENGTH_CAP  # no proven bound: the adapters' cap (rb.info)
    state_type = AdventureState
    options_type = NoOptions
    action_types = ACTION_TYPES

    def setup(self, players: tuple[str, ...], options: Any, chance: Chance) -> AdventureState:
        return new_state(players, chance)

    # The rules' function itself, not a method calling it: play-outs call it once a step.
    actions = staticmethod(legal_actions)

    def apply(self, state: AdventureState, action: Action) -> list[Event]:
        events: list[Event] = []
        HANDLERS[type(action)](state, action, events)
        return events

    # Simulations and replays call this once a step: the rules' function itself, which goes
    # straight to the action's handler (its events going nowhere unless a list is given;
    # the rules then skip building the commonest ones).
    advance = staticmethod(carry_out)

    def to_move(self, state: AdventureState) -> int | None:
        if state.ended:
            return None
        return state.pending_seat if state.pending else state.current

    def outcome(self, state: AdventureState) -> Outcome | None:
        if not state.ended:
            return None
        if state.winner >= 0:
            name = state.players[state.winner]
            return Outcome(
                (state.winner,),
                "ring-destroyed",
                f"{name} gets past Gollum with a ring in hand and throws the Ring into Mount Doom.",
            )
        return Outcome((), state.ended, "Nobody holds a ring and no town can give one: no winner.")

    def view(self, state: AdventureState, seat: int | None) -> AdventureView:
        return make_view(state, seat, self.to_move(state))

    def prompt(self, state: AdventureState) -> str:
        return prompt(state)

    def why_illegal(self, state: AdventureState, action: Action) -> str | None:
        return why_illegal(state, action)

    def undoable(self, state: AdventureState, action: Action, revealed: bool) -> bool:
        # Any action that drew a card showed its player that card; so did every roll.
        if revealed:
            return False
        kind = type(action)
        if kind is TownSwap:
            return not action.cards  # type: ignore[attr-defined]
        return kind in _UNDOABLE_KINDS

    def determinize(
        self, state: AdventureState, seat: int | None, chance: Chance
    ) -> AdventureState:
        """Re-deal every card ``seat`` cannot see: the draw pile and the rivals' hands.

        The discards and the seat's own hand are known, so they stay. The unseen cards are
        sorted before the shuffle, so the result depends only on what the seat knows (which
        cards are unseen, and how many each rival holds) and on ``chance``.
        """
        copy = self.clone(state)
        copy.chance = chance
        hidden = [n for n in range(len(copy.hands)) if n != seat]
        unseen = list(copy.draw_pile)
        for n in hidden:
            unseen.extend(copy.hands[n])
        unseen.sort()
        order = chance.shuffle(DETERMINIZE_DECK, unseen)
        for n in hidden:
            size = len(copy.hands[n])
            copy.hands[n] = sorted(order[:size], key=CARD_RANK.__getitem__)
            del order[:size]
        copy.draw_pile = order
        return copy

    def turn_number(self, state: AdventureState) -> int:
        return state.turns

    def evaluate(self, state: AdventureState, seat: int) -> float:
        """A fitted model's estimate of ``seat``'s chance (:mod:`.value`)."""
        return estimated_win_chance(state, seat)

    def chance_faces(self) -> Mapping[str, Collection[str]]:
        return _CHANCE_FACES

    def max_chance_outcomes(self) -> int:
        """The deck holds copies of its cards: a shuffle of the whole deck (the first one;
        a reshuffle of the discards is smaller) has the most outcomes."""
        return max(len(FULL_DECK), *(len(faces) for faces in _CHANCE_FACES.values()))

    def action_catalogue(self) -> ActionCatalogue:
        return numbering.action_catalogue()

    def bots(self) -> dict[str, BotFactory]:
        from .bots import BOTS

        return dict(BOTS)

    def advisor(self, seed: int) -> Advisor:
        from .advisor import SeatAdvisor

        return SeatAdvisor(seed)


GAME = AdventureGame()
