"""One advisor per game, behind the hint, the review and the coach.

Each game names its advisor (:meth:`Game.advisor`); this module is the one way everything else
asks it. A hint and a review of the same step ask with the same seed (the length of the log
before the step), so they rank the same choices the same way and the review's "advised" is
the hint's. The advisor is handed a copy of the position re-dealt from what the seat to move
knows, so no advisor, however written, can advise from cards that seat has not seen.

Figures are honest about the advice: an advisor may keep its usual choice over one whose
figure is a little higher (a game's own search may know better than short futures), but never
over one whose figure is higher by more than the margin either figure is shown with. Such a
choice is advised instead, so a hint never shows its advice below a clearly higher figure.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from typing import Any

from .bots.montecarlo import Ranking
from .chance import Chance, derive_seed
from .game import Advisor, Game, GameState

DEAL_SALT = 0x44
"""Mixed into the seed of the re-deal the advisor is handed, apart from its own seeds."""
REMEMBERED = 1024
"""How many of the game's own advices a process keeps: a whole game's decisions, so the
review of a game played with hints finds the advice the hints already worked out."""

_remembered: OrderedDict[tuple[str, bytes, int], tuple[Ranking, ...]] = OrderedDict()
_remembered_lock = threading.Lock()  # the app asks for hints and reviews on worker threads


def advise(
    game: Game[Any], state: GameState, seed: int, advisor: Advisor | None = None
) -> list[Ranking]:
    """The ranking of the choices at ``state``, the advised one first, by the game's advisor
    (or ``advisor``, for studies).

    ``seed`` is the length of the match's log at ``state``, for a hint as for a review.
    ``state`` itself is left as it was.
    """
    if advisor is not None:
        return _advise(game, state, seed, advisor)
    # The game's own advisor gives the same ranking for the same position and seed: a
    # review asks it at every step the hint was asked at before.
    key = (game.id, game.encode_state(state), seed)
    with _remembered_lock:
        ranking = _remembered.get(key)
        if ranking is not None:
            _remembered.move_to_end(key)
            return list(ranking)
    fresh = _advise(game, state, seed, game.advisor(seed))
    with _remembered_lock:
        _remembered[key] = tuple(fresh)
        while len(_remembered) > REMEMBERED:
            _remembered.popitem(last=False)
    return fresh


def forget_advice() -> None:
    """Forget the advices remembered (for measuring what a fresh review costs)."""
    with _remembered_lock:
        _remembered.clear()


def _advise(game: Game[Any], state: GameState, seed: int, advisor: Advisor) -> list[Ranking]:
    seat = game.to_move(state)
    if seat is None:
        return []
    known = game.determinize(state, seat, Chance.seeded(derive_seed(seed, DEAL_SALT)))
    ranking = advisor.rank(game, known)
    if not ranking or not has_figure(ranking[0]):
        return ranking
    top = ranking[0]
    clearly = [r for r in ranking[1:] if has_figure(r) and clearly_higher(r, top)]
    if not clearly:
        return ranking
    best = max(clearly, key=lambda r: r.win_rate)
    return [best, *(r for r in ranking if r is not best)]


def has_figure(ranking: Ranking) -> bool:
    """Whether the advisor imagined futures for this choice (some choices go unsearched)."""
    return ranking.playouts > 0 and not math.isnan(ranking.win_rate)


def clearly_higher(one: Ranking, other: Ranking) -> bool:
    """Whether ``one``'s figure is above ``other``'s by more than either's shown margin; a
    smaller gap is "about the same"."""
    return one.win_rate - other.win_rate > max(one.margin, other.margin)
