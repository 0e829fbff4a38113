"""Bots for the Adventure Game.

``heuristic`` scores each legal option with a few rules of thumb a sensible player uses: stop
at every town, spend rings freely before Lórien (it tops you up) and keep two for Gollum after
it, use Move cards when the way is open, slip past monsters with the cheapest way out, and
aim Nazgûl and Move Opponent at the leading rival. It looks only at its own hand and at the
public state.

``ismc`` is an information-set Monte-Carlo bot: for each of its best few options (as the
heuristic ranks them) it imagines games from copies of the state in which the cards it cannot
see are re-dealt (:meth:`AdventureGame.determinize`), played out by the heuristic, and picks
the option that wins most often.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ringbearer_engine import Action, Chance, Game, GameState, Ranking
from ringbearer_engine.bots import Bot, play_out
from ringbearer_engine.game import BotFactory

from .actions import (
    Boromir,
    Climb,
    DefeatNazgul,
    DefeatOrcs,
    Escape,
    Fight,
    Gollum,
    Move2,
    Move3,
    MoveNazgul,
    MoveOpponent,
    NewHand,
    Pass,
    PlaceNazgul,
    Ring,
    Step,
    Swap,
    ThroughMountains,
    TownSwap,
)
from .board import (
    AHEAD,
    BEYOND_LORIEN,
    BRANCH_OF,
    DIST,
    FIXED_MONSTER,
    FORK_OF,
    FORWARD,
    GOLLUM_SPACES,
    INDEX,
    MOUNTAIN,
    ORCS,
    ROUTES,
    TOWN_AT,
    WALKS,
)
from .rules.legal import CLEAR_SPACES, legal_actions
from .state import PENDING_TOWN_SWAP, AdventureState
from .value import estimated_win_chance

# How many turns, on average, each obstacle costs a pawn with no card for it: a monster is
# left on a roll of 5 or 6; a Mountain die averages 8/6.
MONSTER_TURNS = 3.0
MOUNTAIN_TURNS = 8 / 6
RIVAL_REACH = 3
"""A lifted Nazgûl landed this few spaces ahead of a rival still stands in its way."""
OWN_REACH = 6
"""... and this few spaces ahead of our own pawn, in ours."""
SWAP_AT_BEST = 0.5
"""The score of swapping away a useless card: worth it only when nothing better is open."""


def _within(space: int, reach: int) -> frozenset[int]:
    """The space and those ahead of it at most ``reach`` closer to the end."""
    return frozenset({space} | {to for to in AHEAD[space] if DIST[space] - DIST[to] <= reach})


NEAR_RIVAL = tuple(_within(space, RIVAL_REACH) for space in range(len(DIST)))
"""Where a landing counts against a rival standing on the space (see ``_landing``)."""
NEAR_OWN = tuple(_within(space, OWN_REACH) for space in range(len(DIST)))
"""Where a landing counts against our own pawn on the space."""


class HeuristicBot:
    """Plays sensibly from its own hand and the public state, without looking ahead."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game[Any], state: GameState) -> Action:
        assert isinstance(state, AdventureState)
        options = legal_actions(state)
        if len(options) == 1:
            return options[0]
        judge = _Judge(state)
        best = options[0]
        best_score = -1e9
        swaps: list[Action] = []
        for action in options:
            kind = type(action)
            if kind is Swap:
                swaps.append(action)
                continue
            score = _SCORERS[kind](judge, action)
            if score > best_score:
                best, best_score = action, score
        # A swap scores at most SWAP_AT_BEST, so it is only weighed when nothing else beats it.
        if swaps and best_score < SWAP_AT_BEST:
            for action in swaps:
                score = judge._score_swap(action)
                if score > best_score:
                    best, best_score = action, score
        return best

    def scorer(self, state: AdventureState) -> Callable[[Action], float]:
        """A function giving each legal option of the deciding seat a score (higher: better)."""
        return _Judge(state).score


class _Judge:
    """What the deciding seat knows and wants this turn, computed once per decision."""

    def __init__(self, state: AdventureState) -> None:
        self.state = state
        seat = state.pending_seat if state.pending else state.current
        self.seat = seat
        self.here = state.pawns[seat]
        self.hand = state.hands[seat]
        self.rings = state.rings[seat]
        self.lorien_ahead = "lorien" not in state.towns[seat] and not BEYOND_LORIEN[self.here]
        self._landing_cache: float | None = None
        self._worth: dict[str, float] = {}
        self._branch_costs: dict[int, float] = {}

    # -- scoring -----------------------------------------------------------------------------

    def score(self, action: Action) -> float:
        return _SCORERS[type(action)](self, action)

    def _score_step(self, action: Action) -> float:
        assert isinstance(action, Step)
        return 1.0 + self._arrival(INDEX[action.to])

    def _score_move(self, action: Action) -> float:
        assert isinstance(action, Move2 | Move3)
        to = INDEX[action.to]
        steps = 2 if type(action) is Move2 else 3
        return steps - 0.2 + self._arrival(to) - self._towns_skipped(to)

    def _score_through(self, action: Action) -> float:
        assert isinstance(action, ThroughMountains)
        to = INDEX[action.to]
        saved = self.state.mountain[self.seat] + (MOUNTAIN_TURNS if MOUNTAIN[to] else 0.0)
        return 0.8 + saved + self._arrival(to)

    def _score_climb(self, action: Action) -> float:
        return 1.0

    def _score_defeat(self, action: Action) -> float:
        return MONSTER_TURNS + self._arrival(FORWARD[self.here][0])

    def _score_lift(self, action: Action) -> float:
        assert isinstance(action, MoveNazgul)
        return self._lift(INDEX[action.space])

    def _score_place(self, action: Action) -> float:
        assert isinstance(action, PlaceNazgul)
        return self._landing(INDEX[action.to])

    def _score_push(self, action: Action) -> float:
        assert isinstance(action, MoveOpponent)
        return self._push(action.seat, INDEX[action.to])

    def _score_take(self, action: Action) -> float:
        assert isinstance(action, Gollum | Boromir)
        return self._take_ring(action.seat, type(action) is Gollum)

    def _score_new_hand(self, action: Action) -> float:
        return 1.2 - sum(self._card_worth(card) for card in self.hand) / len(self.hand)

    def _score_swap(self, action: Action) -> float:
        assert isinstance(action, Swap)
        return SWAP_AT_BEST - self._card_worth(action.card)

    def _score_town_swap(self, action: Action) -> float:
        assert isinstance(action, TownSwap)
        return sum(0.7 - self._card_worth(card) for card in action.cards)

    def _score_pass(self, action: Action) -> float:
        return 0.0

    # -- movement ----------------------------------------------------------------------------

    def _arrival(self, to: int) -> float:
        """What landing on ``to`` is worth beyond the distance: towns, monsters, forks."""
        value = 0.0
        town = TOWN_AT[to]
        if town is not None and town.space not in self.state.towns[self.seat]:
            value += 1.5 if town.space != "lorien" else 1.0 + max(0, 3 - self.rings) * 0.8
        if FIXED_MONSTER[to] or to in self.state.nazgul:
            value -= self._way_out_cost(to)
        elif MOUNTAIN[to]:
            value -= 0.2 if "through-mountains" in self.hand else MOUNTAIN_TURNS
        first = BRANCH_OF.get(to)
        if first is not None and BRANCH_OF.get(self.here) != first:
            value -= self._branch_penalty(first)
        return value

    def _branch_penalty(self, first: int) -> float:
        """How many more turns this branch is likely to cost than the cheapest one."""
        costs = self._branch_costs.get(first)
        if costs is None:
            costs = self._branch_costs[first] = self._route_cost(first) - min(
                self._route_cost(other) for other in FORWARD[FORK_OF[first]]
            )
        return costs

    def _way_out_cost(self, space: int) -> float:
        """Roughly how many turns getting off this monster will cost this seat."""
        hand = self.hand
        if "escape" in hand or (space in ORCS and "defeat-orcs" in hand):
            return 0.3
        if space in self.state.nazgul and ("defeat-nazgul" in hand or "move-nazgul" in hand):
            return 0.6
        if space in GOLLUM_SPACES:
            return 1.0
        if self.rings and self.lorien_ahead:
            return 0.5
        return MONSTER_TURNS - 1.0

    def _route_cost(self, first: int) -> float:
        cost = 0.0
        for space in ROUTES.get(first, (first,)):
            if FIXED_MONSTER[space] or space in self.state.nazgul:
                cost += self._way_out_cost(space)
            elif MOUNTAIN[space]:
                cost += 0.3 if "through-mountains" in self.hand else MOUNTAIN_TURNS
            cost += 1.0
        return cost

    def _towns_skipped(self, to: int) -> float:
        # A Move card that passes a town not yet collected throws away its rings and swap.
        here = self.here
        for end, passed in WALKS[2][here] if DIST[here] - DIST[to] == 2 else WALKS[3][here]:
            if end == to:
                collected = self.state.towns[self.seat]
                return sum(
                    3.0
                    for space in passed
                    if (town := TOWN_AT[space]) is not None and town.space not in collected
                )
        return 0.0

    # -- getting away ------------------------------------------------------------------------

    def _fight(self) -> float:
        # A third of a chance to move on; at Gollum that is a third of a win.
        if self.here in GOLLUM_SPACES:
            return 5.0
        return 1.0

    def _escape(self) -> float:
        if self.here in GOLLUM_SPACES:
            return 100.0  # it wins at once
        escapes = self.hand.count("escape")
        keep_for_gollum = BEYOND_LORIEN[self.here] and escapes == 1
        return 1.5 if keep_for_gollum else 3.6 + self._arrival(FORWARD[self.here][0])

    def _ring(self) -> float:
        if self.here in GOLLUM_SPACES:
            return 100.0  # legal only with a ring to spare: it wins at once
        if self.lorien_ahead:
            return 3.4 + self._arrival(FORWARD[self.here][0])  # Lórien will top us up again
        return 3.4 if self.rings >= 3 else -1.0  # keep two for Gollum

    # -- interfering -------------------------------------------------------------------------

    def _threat(self, rival: int) -> float:
        """How much slowing ``rival`` matters: the closer to winning than us, the more."""
        state = self.state
        gap = DIST[self.state.pawns[self.seat]] - DIST[state.pawns[rival]]
        near_goal = 1.0 if DIST[state.pawns[rival]] < 12 else 0.0
        can_win = 1.0 if state.rings[rival] or not BEYOND_LORIEN[state.pawns[rival]] else 0.3
        # Equal threats go to the rival who plays soonest after us: a tie-break by turn order
        # rather than by seat number, which would pick on seat 1 in every game.
        later = (rival - self.seat) % len(state.pawns) - 1
        return max(0.2, 1.0 + gap / 6 + near_goal) * can_win - 0.001 * later

    def _lift(self, space: int) -> float:
        # Lifting frees our own space, or clears our way; where it lands is scored later.
        value = 0.0
        if space == self.here:
            value += MONSTER_TURNS - 0.5
        elif space in AHEAD[self.here] and DIST[self.here] - DIST[space] <= 4:
            first = BRANCH_OF.get(space)
            if first is None or self._branch_penalty(first) == 0:
                value += 0.6 * self._way_out_cost(space)  # it stands in our way
        for rival, there in enumerate(self.state.pawns):
            if there == space and rival != self.seat:
                value -= 2.0 * self._threat(rival)  # lifting it would set them free
        return value + self._best_landing()

    def _best_landing(self) -> float:
        if self._landing_cache is None:
            self._landing_cache = self._find_best_landing()
        return self._landing_cache

    def _find_best_landing(self) -> float:
        """The best :meth:`_landing` over the free clear spaces. Only the spaces near a rival
        are scored in full; elsewhere only our own pawn counts, and the value is one of the
        three :meth:`_landing` gives there (this runs at nearly every step of a playout)."""
        state = self.state
        nazgul = state.nazgul
        near_rival: set[int] = set()
        for rival, space in enumerate(state.pawns):
            if rival != self.seat:
                near_rival |= NEAR_RIVAL[space]
        here = self.here
        own = NEAR_OWN[here]
        best = -math.inf
        for space in CLEAR_SPACES:
            if space in nazgul:
                continue
            if space in near_rival:
                value = self._landing(space)
            elif space in own:
                value = -3.0 if space == here else -0.8
            else:
                value = 0.0
            best = max(best, value)
        return best if best > -math.inf else 0.0

    def _landing(self, to: int) -> float:
        """Where a lifted Nazgûl does the most harm to rivals and the least to us."""
        state = self.state
        value = 0.0
        for rival, space in enumerate(state.pawns):
            if rival == self.seat:
                continue
            if space == to:
                value += 2.0 * self._threat(rival)
            elif to in AHEAD[space] and DIST[space] - DIST[to] <= RIVAL_REACH:
                value += 0.4 * self._threat(rival)
        if to == self.here:
            value -= 3.0
        elif to in AHEAD[self.here] and DIST[self.here] - DIST[to] <= OWN_REACH:
            value -= 0.8
        return value

    def _push(self, rival: int, to: int) -> float:
        state = self.state
        space = state.pawns[rival]
        back = DIST[to] > DIST[space]
        value = 0.6 if back else -0.6
        if FIXED_MONSTER[to] or to in state.nazgul:
            value += 2.0
        elif MOUNTAIN[to]:
            value += 1.0
        town = TOWN_AT[to]
        if town is not None and town.space not in state.towns[rival]:
            value -= 2.0
        return value * self._threat(rival)

    def _take_ring(self, rival: int, keep: bool) -> float:
        value = 0.8 * self._threat(rival)
        if BEYOND_LORIEN[self.state.pawns[rival]]:
            value += 0.8  # every ring matters at Gollum
        if keep:
            value += 0.4
            if not self.lorien_ahead and self.rings < 2:
                value += 2.0  # we need it ourselves
            if self.here in GOLLUM_SPACES and self.rings == 0:
                value += 10.0
        return value

    # -- cards -------------------------------------------------------------------------------

    def _card_worth(self, card: str) -> float:
        """How useful a card is likely to be on the rest of this seat's journey."""
        worth = self._worth.get(card)
        if worth is None:
            worth = self._worth[card] = self._judge_card(card)
        return worth

    def _judge_card(self, card: str) -> float:
        here = self.here
        ahead = AHEAD[here]
        if card in ("move-2", "move-3"):
            return 1.6 if DIST[here] > 4 else 0.2
        if card == "escape":
            return 2.2
        if card == "defeat-orcs":
            return 1.2 if any(s in ahead for s in ORCS) else 0.0
        if card == "defeat-nazgul":
            return 1.0 if any(s in ahead for s in self.state.nazgul) else 0.0
        if card == "through-mountains":
            return 0.9 if any(MOUNTAIN[s] for s in ahead) else 0.0
        if card in ("move-nazgul", "move-opponent"):
            return 1.0
        if card == "gollum":
            return 1.1
        if card == "boromir":
            return 0.6
        return 0.5  # new-hand


_SCORERS: dict[type[Action], Callable[[_Judge, Action], float]] = {
    Step: _Judge._score_step,
    Move2: _Judge._score_move,
    Move3: _Judge._score_move,
    ThroughMountains: _Judge._score_through,
    DefeatOrcs: _Judge._score_defeat,
    MoveNazgul: _Judge._score_lift,
    PlaceNazgul: _Judge._score_place,
    DefeatNazgul: _Judge._score_defeat,
    MoveOpponent: _Judge._score_push,
    Gollum: _Judge._score_take,
    Boromir: _Judge._score_take,
    NewHand: _Judge._score_new_hand,
    Escape: lambda judge, action: judge._escape(),
    Fight: lambda judge, action: judge._fight(),
    Climb: _Judge._score_climb,
    Swap: _Judge._score_swap,
    Ring: lambda judge, action: judge._ring(),
    TownSwap: _Judge._score_town_swap,
    Pass: _Judge._score_pass,
}


# -- information-set Monte-Carlo -----------------------------------------------------------------

ISMC_SAMPLES = 32
"""Imagined deals per decision at the default strength; each candidate is played in each."""
ISMC_CANDIDATES = 3
"""Only the heuristic's best few options are searched; the rest are rarely worth playouts."""
ISMC_MARGIN = 2
"""Extra imagined wins a candidate needs over the heuristic's favourite to be preferred, at
the default number of deals or fewer (more deals raise it, see :class:`ISMCBot`)."""
ISMC_CLEAR_LEAD = 3.0
"""A heuristic lead so large (a win at once, or a move that beats every other) skips the
search."""
HALVING_ROUND = 16
"""Deals per round when the search races its candidates (``rounds`` above one)."""
HALVING_Z = 1.5
"""How many standard errors of optimism a candidate is given before it is dropped: it stays
while its paired gain over the heuristic's favourite, that much above its mean, could still
reach the bar by the last deal."""


class ISMCBot:
    """Information-set Monte-Carlo: plays the candidate that wins most imagined games.

    Each sample is one imagined deal, ``game.determinize(state, seat, ...)``: the seat's own
    hand, the discards and the board are kept, every card it cannot see is re-dealt at random,
    and chance is fresh. So the bot never learns a rival's hand or the order of the pile. Every
    candidate is played out (by the heuristic, for every seat) from a copy of the same deal
    with the same chance: the candidates are compared on common random numbers, so the
    difference in their wins measures the choice, not the luck of the dice.
    """

    name = "ismc"

    def __init__(
        self,
        seed: int = 0,
        samples: int = ISMC_SAMPLES,
        candidates: int = ISMC_CANDIDATES,
        *,
        racing: bool = False,
        horizon: int | None = None,
    ) -> None:
        self.samples = samples
        self.candidates = candidates
        self.racing = racing
        self.horizon = horizon
        """Turns each imagined game is played ahead before the game's estimate of the seat's
        chance scores it (:func:`value.estimated_win_chance`); ``None``: played to the end."""
        """Whether deals go only to the candidates still close at the top: after every
        :data:`HALVING_ROUND` deals a candidate that can no longer plausibly beat the
        heuristic's favourite by the bar is dropped (its figure keeps the deals it had)."""
        # With more deals the bar grows with their square root, as the noise in a difference
        # of win counts does, so more deals sharpen the comparison without lowering the bar.
        self.margin = max(ISMC_MARGIN, math.ceil(ISMC_MARGIN * math.sqrt(samples / ISMC_SAMPLES)))
        self._chance = Chance.seeded(seed)
        self._rollout = HeuristicBot(seed + 1)
        self._counter = 0

    def choose(self, game: Game[Any], state: GameState) -> Action:
        return self.rank(game, state)[0].action

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]:
        """Every legal option, the one this bot plays first.

        Then come the searched candidates by imagined wins, then the options not searched, in
        the heuristic's order and without figures (``playouts`` 0). A decision settled without
        a search (one option, a town swap, a far-ahead heuristic favourite) has no figures.
        """
        assert isinstance(state, AdventureState)
        options = legal_actions(state)
        if len(options) == 1:
            return [_unsearched(options[0])]
        if state.pending == PENDING_TOWN_SWAP:
            # A small choice; not worth a search.
            chosen = self._rollout.choose(game, state)
            return [_unsearched(chosen), *(_unsearched(a) for a in options if a != chosen)]
        score = self._rollout.scorer(state)
        scored = sorted(
            ((score(action), index, action) for index, action in enumerate(options)),
            key=lambda item: (-item[0], item[1]),
        )
        ordered = [action for _, _, action in scored]
        if scored[0][0] - scored[1][0] >= ISMC_CLEAR_LEAD:
            # The heuristic sees one option far ahead of the rest.
            return [_unsearched(action) for action in ordered]
        candidates = ordered[: self.candidates]
        best, wins, deals = self._search(game, state, candidates)
        searched = [
            Ranking(action, won / dealt, dealt, round(won))
            for action, won, dealt in zip(candidates, wins, deals, strict=True)
        ]
        rest = sorted((r for i, r in enumerate(searched) if i != best), key=lambda r: -r.win_rate)
        unsearched = [_unsearched(action) for action in ordered[self.candidates :]]
        return [searched[best], *rest, *unsearched]

    def search(
        self, game: Game[Any], state: AdventureState, candidates: list[Action]
    ) -> tuple[int, list[float]]:
        """The index of the candidate to play, and each candidate's imagined wins."""
        best, wins, _ = self._search(game, state, candidates)
        return best, wins

    def _search(
        self, game: Game[Any], state: AdventureState, candidates: list[Action]
    ) -> tuple[int, list[float], list[int]]:
        """The candidate to play, each candidate's imagined wins (a game cut short at the
        horizon counting as its estimated chance) and the deals it was played in (all of
        them, unless the search races and dropped it)."""
        seat = state.pending_seat if state.pending else state.current
        wins = [0.0] * len(candidates)
        # Per deal, each candidate's result less the favourite's: the paired differences.
        gains: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        bots: list[Bot] = [self._rollout] * len(state.players)
        until = None if self.horizon is None else state.turns + self.horizon
        for dealt in range(1, self.samples + 1):
            self._counter += 1
            deal = game.determinize(state, seat, self._chance.fork(self._counter))
            won = [0.0] * len(candidates)
            for index in alive:
                future = game.clone(deal)
                game.advance(future, candidates[index])  # as apply, without events nobody reads
                play_out(game, future, bots, until_turn=until)
                won[index] = _score(future, seat)
                wins[index] += won[index]
            for index in alive:
                gains[index].append(won[index] - won[0])
            if self.racing and dealt % HALVING_ROUND == 0 and dealt < self.samples:
                alive = [i for i in alive if i == 0 or self._may_reach_bar(gains[i])]
                if alive == [0]:
                    break
        deals = [len(row) for row in gains]
        best = max(alive, key=wins.__getitem__)
        return (best if wins[best] >= wins[0] + self.margin else 0), wins, deals

    def _may_reach_bar(self, gains: list[float]) -> bool:
        """Whether a candidate with these paired gains over the favourite could still, with
        :data:`HALVING_Z` standard errors of luck, end the search ahead by the bar."""
        n = len(gains)
        mean = sum(gains) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
        # A run of ties says little: at least one discordant deal in n is assumed.
        spread = max(spread, 1 / math.sqrt(n))
        return (mean + HALVING_Z * spread / math.sqrt(n)) * self.samples >= self.margin


def _score(future: AdventureState, seat: int) -> float:
    """1 if ``seat`` won the imagined game, 0 if it ended otherwise, else its estimated
    chance where the game was cut short."""
    if future.ended:
        return float(future.winner == seat)
    return estimated_win_chance(future, seat)


def _unsearched(action: Action) -> Ranking:
    return Ranking(action, math.nan, 0, 0)


def _ismc(seed: int) -> Bot:
    return ISMCBot(seed)


_heuristic: type[Bot] = HeuristicBot
_search: type[Bot] = ISMCBot

BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot, "ismc": _ismc}
