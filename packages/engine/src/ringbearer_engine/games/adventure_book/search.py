"""The search bot: the heuristic's choice, checked one ply ahead and on the last turns.

Fast enough to play a whole chapter attempt in well under a second, so that studies can play
hundreds of them:

* **The heuristic proposes.** Its choice is kept unless a check below finds a better one.
* **One ply screens.** Every legal action is tried on a copy, with the same chance for all of
  them, and the position it leads to is scored by the chapter's estimate (``value.py``). If the
  heuristic's choice loses the attempt on the spot, the best action that does not replaces it.
* **On the last turns, a few futures decide.** With the chapter's :attr:`Budget.late` Plot cards
  left or fewer (four or five), the (at most :attr:`Budget.challengers`) actions the screen rates
  above the heuristic's choice, and that cost at most one point of corruption more, are played
  to the chapter's end by the heuristic in the same :attr:`Budget.futures` futures (re-dealt
  from what the deciding seat knows), and so is the heuristic's choice; a challenger that wins
  more of them replaces it. A challenger's futures stop as soon as it can no longer win more.
  Earlier the estimate alone is not trusted to overrule the heuristic: it is a fitted model of
  heuristic play, and a one-ply search on it finds its blind spots rather than better moves
  (see the design page).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ringbearer_engine.actions import Action
from ringbearer_engine.bots.base import play_out
from ringbearer_engine.chance import Chance, derive_seed
from ringbearer_engine.game import Bot, Game, GameState

from .bots import HeuristicBot
from .state import AdventureBookState
from .value import estimated_win_chance


@dataclass(frozen=True)
class Budget:
    """How much a chapter's decisions may look ahead, within a second for a whole attempt."""

    late: int
    """With this many Plot cards left or fewer, futures are played to the chapter's end: they
    are short then, and the attempt is decided there."""
    futures: int
    """Futures per finalist, shared by all of them so that their luck falls alike."""
    challengers: int
    """How many actions the estimate rates above the heuristic's choice go on to the futures."""


BUDGET = Budget(late=4, futures=6, challengers=3)
BUDGETS: dict[int, Budget] = {
    1: Budget(late=5, futures=6, challengers=3),
    2: Budget(late=6, futures=8, challengers=3),
    3: Budget(late=7, futures=8, challengers=4),
    4: Budget(late=4, futures=4, challengers=2),
    6: Budget(late=5, futures=6, challengers=3),
    7: Budget(late=5, futures=6, challengers=3),
    8: Budget(late=4, futures=4, challengers=2),
}
"""Chapters whose futures are cheap look further ahead (chapters 2 and 3, a heuristic attempt
in 10 to 20 ms and most of the second left over: six and seven Plot cards, eight futures; 1, 6
and 7: five); those whose futures cost several times more (chapter 4: the heuristic weighs who
stands with Frodo and Samwise at every step it considers; chapter 8) imagine fewer."""
SCREEN_EDGE = 0.005
"""How much better a challenger must score in the screen to be worth any futures."""


SURE = 3
"""More samples of chance in which the heuristic's choice must also lose on the spot before the
search looks for a rescue."""
WIN_MARGIN = 0
"""How many more futures than the heuristic's choice a challenger must win to replace it."""


def budget(chapter: int) -> Budget:
    """The look-ahead chapter ``chapter``'s decisions may spend."""
    return BUDGETS.get(chapter, BUDGET)


def lost(state: AdventureBookState) -> bool:
    """Whether the attempt has just been lost."""
    return bool(state.result) and state.result != "won"


class SearchBot:
    """The heuristic, checked one ply ahead on the estimate (see the module text)."""

    name = "search"

    def __init__(self, seed: int = 0, budgets: dict[int, Budget] | None = None) -> None:
        self.seed = seed
        self.budgets = BUDGETS if budgets is None else budgets
        self._heuristic = HeuristicBot(seed)
        self._decisions = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        assert isinstance(state, AdventureBookState)
        options = game.actions(state)
        if len(options) == 1:
            return options[0]
        prior = self._heuristic.choose(game, state)
        seat = game.to_move(state)
        assert seat is not None
        spend = self.budgets.get(state.chapter, BUDGET)
        late = len(state.plot_deck) <= spend.late
        self._decisions += 1
        base = derive_seed(self.seed, self._decisions)
        trials = self._trials(game, state, seat, options, base)
        if lost(trials[prior]) and self._loses(game, state, seat, prior, base):
            return self._rescue(game, state, seat, options, trials, prior, base, spend, late)
        if not late:
            return prior
        scored = {a: estimated_win_chance(trial) for a, trial in trials.items()}
        bar = scored[prior] + SCREEN_EDGE
        # Corruption is the campaign's budget, which one attempt's figures do not weigh: a
        # challenger may spend one point more than the heuristic, to save the attempt.
        spent = trials[prior].corruption
        finalists = sorted(
            (a for a in options if scored[a] > bar and trials[a].corruption <= spent + 1),
            key=lambda a: -scored[a],
        )[: spend.challengers]
        if not finalists:
            return prior
        # The first finalist that wins the most futures, if it wins more than the heuristic's
        # choice by the margin; a finalist's futures stop once it cannot win more than that.
        best = prior
        need = self._wins(game, state, seat, prior, base, spend.futures) + WIN_MARGIN
        for action in finalists:
            wins = self._wins(game, state, seat, action, base, spend.futures, need)
            if wins > need:
                best, need = action, wins
        return best

    def _loses(
        self, game: Game[Any], state: AdventureBookState, seat: int, action: Action, base: int
    ) -> bool:
        """Whether ``action`` loses on the spot in every one of :data:`SURE` more samples of
        chance: ending the turn draws a Plot card, and one sample's fatal card is not a
        certain loss."""
        for k in range(SURE):
            trial = game.determinize(state, seat, Chance.seeded(derive_seed(base, -1 - k)))
            game.advance(trial, action)
            assert isinstance(trial, AdventureBookState)
            if not lost(trial):
                return False
        return True

    def _rescue(
        self,
        game: Game[Any],
        state: AdventureBookState,
        seat: int,
        options: list[Action],
        trials: dict[Action, AdventureBookState],
        prior: Action,
        base: int,
        spend: Budget,
        late: bool,
    ) -> Action:
        """The heuristic's choice loses on the spot: the best action that does not, by the
        estimate. On the last turns only one that wins some of the futures: an action that
        merely puts the loss off (a One Ring card discarded to move) would spend corruption
        on an attempt that is lost anyway."""
        safe = sorted(
            (a for a in options if not lost(trials[a])),
            key=lambda a: -estimated_win_chance(trials[a]),
        )
        if not late:
            return safe[0] if safe else prior
        for action in safe[: spend.challengers]:
            if self._wins(game, state, seat, action, base, spend.futures, 0) > 0:
                return action
        return prior

    def _trials(
        self,
        game: Game[Any],
        state: AdventureBookState,
        seat: int,
        options: list[Action],
        base: int,
    ) -> dict[Action, AdventureBookState]:
        """Each action tried one ply ahead, all with the same chance."""
        trials = {}
        for action in options:
            trial = game.determinize(state, seat, Chance.seeded(base))
            game.advance(trial, action)
            assert isinstance(trial, AdventureBookState)
            trials[action] = trial
        return trials

    def _wins(
        self,
        game: Game[Any],
        state: AdventureBookState,
        seat: int,
        action: Action,
        base: int,
        futures: int,
        need: int = -1,
    ) -> int:
        """How many of ``futures`` futures the heuristic wins after ``action``; it stops (at
        ``need`` or fewer) once winning all the rest would not win more than ``need``."""
        wins = 0
        seats: list[Bot] = [self._heuristic] * len(state.players)
        for k in range(futures):
            if wins + futures - k <= need:
                return wins
            future = game.determinize(state, seat, Chance.seeded(derive_seed(base, k)))
            game.advance(future, action)
            play_out(game, future, seats)
            assert isinstance(future, AdventureBookState)
            wins += future.result == "won"
        return wins
