"""The Book's advisor for hints: the search bot's choice, with figures from futures cut short.

The choice is the search bot's (``search.py``): the heuristic's, unless it loses on the spot or,
on the last turns, another wins more futures played out to the end. The figures beside every
choice come from the Monte-Carlo advisor: the same imagined futures for every choice (re-dealt
from what the deciding seat knows), played by the heuristic. Early in an attempt a future ends
with the current turn and the chapter's position estimate (``value.py``) judges where it got
to; on the last turns (:data:`HINT_LATE` Plot cards left or fewer) the futures are short
and are played to the end. A hint costs a fraction of a second where whole-chapter futures
cost seconds.

Why not let the figures choose: a future cut short is judged by a fitted estimate, and its
errors are the same in every future, so they do not average out. Played as a bot, the
Monte-Carlo advisor on those figures left the heuristic's choice wherever the estimate
preferred another by a hair, and lost attempts the heuristic wins (see the design page).
"""

from __future__ import annotations

from typing import Any

from ringbearer_engine.actions import Action
from ringbearer_engine.bots.montecarlo import MonteCarloAdvisor, Ranking
from ringbearer_engine.game import Game, GameState

from .search import SearchBot
from .state import AdventureBookState

HINT_PLAYOUTS = 120
"""Futures per hint: enough to screen every action and settle the close ones."""
HINT_LATE = 2
"""With this many Plot cards left or fewer, the hint's futures are played to the end (fewer
turns than the search bot's own look-ahead: a hint imagines twenty times more futures)."""
HINT_HORIZON = 1
"""Early futures end with the turn they start in: the estimate judges the next turn's start."""
TO_THE_END = 1000
"""A horizon no attempt reaches: the future is played out."""
COSTLY_FUTURES = {4: 3}
"""Chapters whose futures cost several times the others' (chapter 4: the heuristic weighs who
stands with Frodo and Samwise at every step it considers), and by how much: their hints
imagine that many times fewer futures, to stay within the same time."""
FEWEST_FUTURES = 24


class BookAdvisor:
    """Ranks the choices of a chapter page (see the module text); as a bot, plays the first."""

    name = "advisor"

    def __init__(self, game: Game[Any], seed: int = 0, playouts: int = HINT_PLAYOUTS) -> None:
        self.game = game
        self.seed = seed
        self.playouts = playouts
        self._advisors: dict[tuple[int, bool], MonteCarloAdvisor] = {}
        self._search = SearchBot(seed)

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]:
        """Every legal action with its figure, the search bot's choice first."""
        assert isinstance(state, AdventureBookState)
        late = self.horizon_at(state) == TO_THE_END
        playouts = self.playouts // COSTLY_FUTURES.get(state.chapter, 1)
        key = (max(min(FEWEST_FUTURES, self.playouts), playouts), late)
        advisor = self._advisors.get(key)
        if advisor is None:
            advisor = self._advisors[key] = MonteCarloAdvisor(
                self.game, playouts=key[0], seed=self.seed, horizon=self.horizon_at(state)
            )
        ranking = advisor.rank(game, state)
        if len(ranking) < 2:
            return ranking
        chosen = self.choose(game, state)
        first = [r for r in ranking if r.action == chosen]
        rest = sorted((r for r in ranking if r.action != chosen), key=lambda r: -r.win_rate)
        return first + rest

    def choose(self, game: Game[Any], state: GameState) -> Action:
        return self._search.choose(game, state)

    def horizon_at(self, state: GameState) -> int:
        """How far the figures' futures are played from ``state`` before they are scored: to
        the end of the turn, or to the end of the attempt on its last turns."""
        assert isinstance(state, AdventureBookState)
        return TO_THE_END if len(state.plot_deck) <= HINT_LATE else HINT_HORIZON


def hint_advisor(game: Game[Any], seed: int = 0, playouts: int = HINT_PLAYOUTS) -> BookAdvisor:
    """The advisor the app's Book hints use (``game`` is the Adventure Book Game)."""
    return BookAdvisor(game, seed=seed, playouts=playouts)
