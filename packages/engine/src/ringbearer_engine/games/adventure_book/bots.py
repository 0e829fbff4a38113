"""The heuristic bot: one cooperative policy that plays every seat.

It only uses what the deciding seat may see: its own hand, the board, the public piles and
the other hands' sizes. Each decision follows a short plan:

* **Goals.** Open Challenges in page order give each character piece a target space (the
  first Challenge that needs a piece claims it; the final Challenge last). Chapters add
  goals and say which spaces are dangerous (:meth:`ChapterRules.goals`, ``danger``).
* **Movement.** Two-step look-ahead over the piece positions: get closer to the goals,
  stay out of danger when the turn ends.
* **Storytelling.** Complete what is ready with the cheapest payment; play helpful Special
  cards; fight threats; spend cards the hand limit would cost anyway on movement; discard
  more when that makes a Challenge ready this turn; use the One Ring ability only where the
  chapter says it averts a loss and the final Challenge is all that is left; trade for a
  missing symbol (solo: park One Ring cards in the face-up solo hand).
* **The Ring.** Corruption is the campaign's only budget and a lost attempt costs none, so
  One Ring cards pay only where they decide the chapter (see :meth:`Plan.ring_ok`).
* **Discards.** Surplus symbols first, One Ring cards last.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ringbearer_engine.actions import Action
from ringbearer_engine.game import Game, GameState

from .actions import (
    END,
    STOP,
    Answer,
    Ask,
    Choose,
    Complete,
    Deed,
    Discard,
    Drop,
    Enter,
    Move,
    Play,
    Ring,
    Rise,
    Swap,
    Take,
    Trade,
)
from .chapters import page
from .content import RING, SPECIALS, SYMBOLS, TOKEN
from .rules.board import Page
from .rules.challenges import cost_now, open_challenge
from .rules.hands import hand_key
from .rules.movement import can_step, step_actions
from .rules.payments import payments, ring_cost
from .state import HAND_LIMIT, AdventureBookState, Pending

RING_TIME = 2
"""With this many Plot cards left or fewer, one One Ring card may pay for a Challenge."""
FINAL_RING_TIME = 5
"""With this many Plot cards left or fewer, one One Ring card may pay for the final one."""
RISKY = 25.0
"""A paid step that makes the position this much more dangerous is not taken."""
USEFUL_SPECIALS = frozenset({"draw", "draw-each", "miruvor", "trade", "time"})


class HeuristicBot:
    """A fast rule-of-thumb team player (see the module text)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # the policy is deterministic; the seed is kept for the protocol
        self.plan_type: type[Plan] = Plan
        """The planning rules; calibration tools swap in variants (e.g. a reckless one)."""

    def choose(self, game: Game[Any], state: GameState) -> Action:
        assert isinstance(state, AdventureBookState)
        options = game.actions(state)
        if len(options) == 1:
            return options[0]
        seat = game.to_move(state)
        assert seat is not None
        plan = self.plan_type(page(state.chapter), state, seat)
        if state.pending:
            return plan.pending(state.pending[0], options, game)
        if state.helper >= 0:
            return plan.helper(options)
        if state.phase == "move":
            return plan.movement(options)
        if state.phase == "limit":
            return plan.drop(options, state.hands[state.seat])
        return plan.storytelling(options)


class Plan:
    """Goals and card values for one decision."""

    def __init__(self, chapter: Page, state: AdventureBookState, seat: int) -> None:
        self.page = chapter
        self.state = state
        self.hand = state.hands[seat]
        """The deciding seat's own hand: the only hand this plan may look at."""
        self.goals: dict[str, tuple[str, int]] = {}
        """piece -> (target space, weight)."""
        self.need: Counter[str] = Counter()
        self.target: str = ""
        self._danger: dict[tuple[str, str, frozenset[str]], float] = {}
        self._terms: dict[tuple[str, str], float] = {}
        self.last_turn = not state.plot_deck
        """No Plot card is left: this turn's Storytelling is the last chance."""
        self._goals()
        self.reserved = self._reserve()
        self.rings_needed = max(
            (
                cost_now(chapter, state, c).count(RING)
                for c in chapter.chapter.challenges
                if c.id not in state.completed
            ),
            default=0,
        )
        """One Ring symbols an open Challenge prints and no counter covers: only a One Ring
        card pays them, so that many are worth holding."""

    # -- goals and values ------------------------------------------------------------------

    def _goals(self) -> None:
        chapter, state = self.page, self.state
        opened = [c for c in chapter.chapter.challenges if open_challenge(chapter, state, c)]
        waiting = [
            c for c in chapter.chapter.challenges if c.id not in state.completed and c not in opened
        ]
        weight = 4
        for challenge in opened + waiting:
            if not self.target and challenge in opened:
                self.target = challenge.id
            for slot in challenge.cost:
                if slot in SYMBOLS:
                    self.need[slot] += 1
            claims: dict[str, str] = {}
            for req in challenge.requirements:
                for piece in req.pieces:
                    if piece not in state.pieces:
                        continue
                    if req.kind in ("at", "together") and req.space:
                        claims[piece] = req.space
                    elif req.kind in ("next-to", "near"):
                        here = state.pieces[piece]
                        near = (
                            chapter.adj[req.space]
                            if req.kind == "next-to"
                            else (req.space, *chapter.adj[req.space])
                        )
                        claims[piece] = min(near, key=lambda s: (chapter.distance(here, s), s))
            claims.update(chapter.rules.goals(chapter, state, challenge))
            if challenge in opened:
                for deed in chapter.chapter.deeds:
                    for slot in deed.cost:
                        if slot in SYMBOLS and self.need[slot] < 2:
                            self.need[slot] += 1
            for piece, spot in claims.items():
                if piece in state.pieces and piece not in self.goals:
                    self.goals[piece] = (spot, weight)
            weight = max(1, weight - 1)

    def _reserve(self) -> Counter[str]:
        """The cards held back to pay the target Challenge (its cheapest payment without a
        One Ring card, or the matching cards held so far)."""
        target = self.page.challenges.get(self.target)
        if target is None:
            return Counter()
        cost = cost_now(self.page, self.state, target)
        free = [p for p in payments(cost, hand_key(self.hand)) if ring_cost(p) == 0]
        if free:
            return Counter(min(free, key=lambda p: (sum(t in SPECIALS for t in p), p)))
        held = Counter(TOKEN[c] for c in self.hand)
        return Counter(
            {s: min(held[s], n) for s, n in Counter(target.cost).items() if s in SYMBOLS}
        )

    def danger(self, piece: str, space: str, where: dict[str, str] | None = None) -> float:
        company: frozenset[str] = frozenset()
        if piece in self.page.rules.danger_company:
            where = self.state.pieces if where is None else where
            company = frozenset(p for p, s in where.items() if s == space and p != piece)
        key = (piece, space, company)
        value = self._danger.get(key)
        if value is None:
            rules = self.page.rules
            value = self._danger[key] = rules.danger(self.page, self.state, piece, space, company)
        return value

    def values(self, hand: list[str]) -> list[tuple[int, str]]:
        """Each card of ``hand`` with how much it is worth keeping (higher: keep), the copies
        reserved for the target Challenge first."""
        seen: Counter[str] = Counter()
        rated: list[tuple[int, str]] = []
        for card in sorted(hand):
            token = TOKEN[card]
            seen[token] += 1
            if token == RING:
                value = 100
            elif token in SPECIALS:
                value = 40
            elif seen[token] <= self.reserved[token]:
                value = 30
            elif seen[token] <= self.need[token]:
                value = 10 + self.need[token]
            else:
                value = 2
            rated.append((value, card))
        return rated

    def value(self, token: str, hand: list[str] | None = None) -> int:
        """The worth of the least valuable ``token`` card of the hand."""
        rated = [
            v for v, c in self.values(self.hand if hand is None else hand) if TOKEN[c] == token
        ]
        return min(rated) if rated else 10

    def term(self, piece: str, spot: str) -> float:
        """One piece's share of a position's score, danger included unless it depends on
        company (then :meth:`position_score` adds it)."""
        key = (piece, spot)
        value = self._terms.get(key)
        if value is None:
            value = 0.0
            if piece not in self.page.rules.danger_company:
                value -= self.danger(piece, spot)
            goal = self.goals.get(piece)
            if goal is not None:
                value -= goal[1] * min(self.page.distance(spot, goal[0]), 12)
            self._terms[key] = value
        return value

    def position_score(self, where: dict[str, str]) -> float:
        """A whole position's score, for dangers that depend on who stands together."""
        score = 0.0
        cached = self._terms.get  # this runs for every candidate step: skip the call when known
        for piece, spot in where.items():
            value = cached((piece, spot))
            score += self.term(piece, spot) if value is None else value
        for piece in self.page.rules.danger_company:
            place = where.get(piece)
            if place is None:
                continue
            score -= self.danger(piece, place, where)
        return score

    def best_step(
        self, moves: list[Move], steps_left: int, lock: str = ""
    ) -> tuple[Move | None, float]:
        """The single step that leads to the best position within ``steps_left`` steps, and
        how much better that position is than standing still."""
        if self.page.rules.danger_company:
            return self._best_step_slow(moves, steps_left, lock)
        where = self.state.pieces
        best_alone: dict[str, float] = {}
        if steps_left > 1 and not lock:
            for piece, here in where.items():
                best_alone[piece] = self._best_from(piece, here)
        best: Move | None = None
        best_gain = 0.0
        for move in moves:
            piece = move.piece
            gain = self.term(piece, move.to) - self.term(piece, where[piece])
            if steps_left > 1:
                follow = self._best_from(piece, move.to)
                for other, value in best_alone.items():
                    if other != piece and value > follow:
                        follow = value
                if follow > 0.01:
                    gain += follow - 0.01
            if gain > best_gain + 1e-9:
                best, best_gain = move, gain
        return best, best_gain

    def _best_from(self, piece: str, here: str) -> float:
        """The best gain of one more step of ``piece`` from ``here`` (0: staying)."""
        base = self.term(piece, here)
        best = 0.0
        for nxt in self.page.adj[here]:
            if can_step(self.page, self.state, piece, nxt):
                gain = self.term(piece, nxt) - base
                best = max(best, gain)
        return best

    def _best_step_slow(
        self, moves: list[Move], steps_left: int, lock: str
    ) -> tuple[Move | None, float]:
        where = dict(self.state.pieces)
        base = self.position_score(where)
        best: Move | None = None
        best_score = base
        for move in moves:
            src = where[move.piece]
            where[move.piece] = move.to
            score = self.position_score(where)
            if steps_left > 1:
                pieces = [move.piece] if lock else list(where)
                for piece in pieces:
                    here = where[piece]
                    for nxt in self.page.adj[here]:
                        if not can_step(self.page, self.state, piece, nxt):
                            continue
                        where[piece] = nxt
                        score = max(score, self.position_score(where) - 0.01)
                        where[piece] = here
            where[move.piece] = src
            if score > best_score + 1e-9:
                best, best_score = move, score
        return best, best_score - base

    def rise(self, options: list[Action]) -> Action | None:
        """Stand up a fallen piece, those with a goal first: on its side it is no use."""
        rises = [a for a in options if isinstance(a, Rise)]
        if not rises:
            return None
        return min(rises, key=lambda a: (a.piece not in self.goals, a.piece))

    def movement(self, options: list[Action]) -> Action:
        rise = self.rise(options)
        if rise is not None:
            return rise
        moves = [a for a in options if isinstance(a, Move)]
        move, gain = self.best_step(moves, self.state.steps)
        if move is not None and gain > 0:
            return move
        return END

    # -- storytelling ------------------------------------------------------------------------

    def payment_cost(self, pay: tuple[str, ...]) -> float:
        return sum(self.value(t) for t in pay if t != RING) + 200 * ring_cost(pay)

    def ring_ok(self, pay: tuple[str, ...], final: bool) -> bool:
        """One Ring cards pay only where they decide the chapter: one for the final Challenge
        once the Plot deck runs low (two on the very last turns), one for another Challenge
        when the Plot deck is nearly out. Corruption is the campaign's only budget."""
        rings = ring_cost(pay)
        left = len(self.state.plot_deck)
        if rings == 0:
            return True
        if final:
            return rings <= (2 if left <= 1 else 1 if left <= FINAL_RING_TIME else 0)
        return rings <= 1 and left <= RING_TIME

    def storytelling(self, options: list[Action]) -> Action:
        state, chapter = self.state, self.page
        completes = [a for a in options if isinstance(a, Complete)]
        if completes:
            best = min(completes, key=lambda a: self.payment_cost(a.pay))
            final = chapter.challenges[best.challenge].final
            if self.ring_ok(best.pay, final):
                return best
        for action in options:
            if isinstance(action, Play) and self.worth_playing(action.card):
                return action
        deed = self.best_deed([a for a in options if isinstance(a, Deed)])
        if deed is not None:
            return deed
        enter = self.best_enter([a for a in options if isinstance(a, Enter)])
        if enter is not None:
            return enter
        rise = self.rise(options)
        if rise is not None:
            return rise
        moves = [a for a in options if isinstance(a, Move)]
        if moves:
            move, gain = self.best_step(moves, state.steps)
            if move is not None and gain > 0:
                return move
        discard = self.discard_to_move(options)
        if discard is not None:
            return discard
        # A lost attempt costs no corruption, only a retry: the One Ring ability is worth its
        # corruption when nothing else helps and it saves an attempt that is nearly won.
        if len(state.completed) >= len(chapter.chapter.challenges) - 1:
            advice = chapter.rules.ring_advice(chapter, state)
            for action in options:
                if isinstance(action, Ring) and action.target in advice:
                    return action
        trade = self.trade(options)
        if trade is not None:
            return trade
        return END

    def worth_playing(self, card: str) -> bool:
        special = SPECIALS[card]
        state = self.state
        if special.effect in ("draw", "draw-each"):
            return True
        if special.effect == "miruvor":
            return len(state.completed) >= 2
        if special.effect == "time":
            return len(state.plot_deck) <= 4 and len(state.plot_discard) >= 2
        if special.effect == "move":
            return bool(self.goals) and any(chapter_gap > 0 for chapter_gap in self.gaps().values())
        if special.effect == "ward":
            return any(self.danger(p, s) > 0 for p, s in state.pieces.items())
        if special.effect == "athelas":
            return any(c.startswith(RING) for c in self.hand) and len(self.hand) >= HAND_LIMIT - 1
        if special.effect == "recover":
            return bool(state.story_discard)
        return special.effect == "trade" and state.trades == 0

    def gaps(self) -> dict[str, int]:
        return {
            piece: self.page.distance(self.state.pieces[piece], goal)
            for piece, (goal, _) in self.goals.items()
            if piece in self.state.pieces
        }

    def best_deed(self, deeds: list[Deed]) -> Deed | None:
        if not deeds:
            return None
        free = [d for d in deeds if ring_cost(d.pay) == 0]
        if not free:
            return None
        best = min(free, key=lambda d: self.payment_cost(d.pay))
        surplus = len(self.hand) > 3 or all(self.value(t) <= 2 for t in best.pay)
        return best if surplus or self.deed_urgent(best) else None

    def deed_urgent(self, deed: Deed) -> bool:
        if deed.target not in self.page.counters:
            return True
        where = self.state.counters.get(deed.target, "")
        return any(self.danger(p, where) > 0 for p in self.state.pieces)

    def best_enter(self, enters: list[Enter]) -> Enter | None:
        for enter in sorted(enters, key=lambda e: self.payment_cost(e.pay)):
            goal = self.goals.get(enter.piece)
            if goal and goal[0] == enter.to and self.ring_ok(enter.pay, False):
                after = {**self.state.pieces, enter.piece: enter.to}
                if self.position_score(after) < self.position_score(self.state.pieces) - RISKY:
                    continue  # not a step that would likely lose the attempt this turn
                return enter
        return None

    def spare_cards(self) -> list[str]:
        """Cards in the order the bot would part with them (never a One Ring card)."""
        return [c for v, c in sorted(self.values(self.hand)) if TOKEN[c] != RING]

    def discard_to_move(self, options: list[Action]) -> Action | None:
        spare = self.spare_cards()
        if not spare:
            return None
        fallen = [p for p in self.state.down if p in self.goals]
        if fallen and self.value(TOKEN[spare[0]]) < 30:
            action = Discard(TOKEN[spare[0]])
            if action in options:
                return action  # the step it buys stands a fallen piece up
        steps = step_actions(self.page, self.state, self.state.pieces)
        move, gain = self.best_step(steps, min(2, len(spare)))
        if move is None or gain <= 0:
            return None
        overflow = len(self.hand) + 2 - HAND_LIMIT
        cheapest = spare[0]
        worth = self.value(TOKEN[cheapest])
        if (
            (overflow > 0 and worth < 100)
            or worth <= 2
            or (worth < 30 and (self.last_turn or self.closing_in()))
        ):
            action = Discard(TOKEN[cheapest])
            if action in options:
                return action
        return None

    def closing_in(self) -> bool:
        """Whether a few more steps would make the target Challenge ready this turn."""
        target = self.page.challenges.get(self.target)
        if target is None:
            return False
        missing = 0
        for req in target.requirements:
            for piece in req.pieces:
                goal = self.goals.get(piece)
                if goal:
                    missing += self.page.distance(self.state.pieces.get(piece, ""), goal[0])
        if missing == 0 or missing > 3:
            return False
        spare = len(self.hand) - missing
        if spare < len(target.cost):
            return False
        pays = payments(target.cost, hand_key(self.hand))
        return any(ring_cost(p) == 0 for p in pays)

    def trade(self, options: list[Action]) -> Action | None:
        swaps = [a for a in options if isinstance(a, Swap)]
        if swaps:
            return self.solo_swap(swaps)
        target = self.page.challenges.get(self.target)
        if target is None:
            return None
        have = Counter(TOKEN[c] for c in self.hand)
        missing = [s for s in target.cost if s in SYMBOLS and have[s] <= 0]
        if not missing:
            return None
        give = [c for c in self.spare_cards() if TOKEN[c] not in target.cost]
        if not give:
            return None
        token = TOKEN[give[0]]
        for action in options:
            if isinstance(action, Swap) and action.give == token and action.take in missing:
                return action
        trades = [a for a in options if isinstance(a, Trade) and a.card == token]
        if trades:
            return max(trades, key=lambda a: (self.state.hands[a.seat - 1].__len__(), -a.seat))
        return None

    def solo_swap(self, swaps: list[Swap]) -> Action | None:
        """Solo: park a One Ring card (or the least useful card) in the face-up solo hand,
        taking the card that helps most; the solo hand never has to discard."""
        best: Swap | None = None
        best_gain = 0.0
        for swap in swaps:
            after = list(self.hand)
            after.remove(next(c for c in after if TOKEN[c] == swap.give))
            after.append(next(c for c in self.state.solo if TOKEN[c] == swap.take))
            gain = self.hand_worth(after) - self.hand_worth(self.hand)
            if gain > best_gain:
                best, best_gain = swap, gain
        return best

    def hand_worth(self, hand: list[str]) -> float:
        """How good a hand is for the plan: reserved and needed cards count, One Ring cards
        count against (they clog the hand)."""
        worth = 0.0
        rings = 0
        for value, card in self.values(hand):
            token = TOKEN[card]
            if token == RING:
                rings += 1
                worth += 30 if rings <= self.rings_needed else -6
                continue
            worth += 8 if token in SPECIALS else value
        return worth

    # -- other decisions ---------------------------------------------------------------------

    def drop(self, options: list[Action], hand: list[str]) -> Action:
        drops = [a for a in options if isinstance(a, Drop)]
        return min(drops, key=lambda a: (self.value(a.card, hand), a.card))

    def helper(self, options: list[Action]) -> Action:
        for action in options:
            if isinstance(action, Play) and self.worth_playing(action.card):
                return action
        return options[-1]

    def pending(self, pending: Pending, options: list[Action], game: Game[Any]) -> Action:
        kind = pending.kind
        if kind == "drop":
            hand = self.state.solo if pending.solo else self.state.hands[pending.seat]
            return self.drop(options, hand)
        if kind == "steps":
            moves = [a for a in options if isinstance(a, Move)]
            lock = pending.piece if pending.lock else ""
            move, gain = self.best_step(moves, pending.amount, "x" if pending.lock else lock)
            return move if move is not None and gain > 0 else STOP
        if kind == "ask":
            target = self.page.challenges.get(self.target)
            have = Counter(TOKEN[c] for c in self.hand)
            wanted = [s for s in (target.cost if target else ()) if s in SYMBOLS and not have[s]]
            return Ask(wanted[0]) if wanted else Ask("any")
        if kind == "answer":
            hand = self.state.hands[pending.seat]
            answers = [a for a in options if isinstance(a, Answer)]
            for action in answers:
                if action.card == pending.ask and action.card != RING:
                    return action
            return min(answers, key=lambda a: (self.value(a.card, hand), a.card))
        if kind == "take":
            takes = [a for a in options if isinstance(a, Take)]
            return max(takes, key=lambda a: (self.value(a.card) if a.card != RING else -1, a.card))
        if kind == "choose":
            return self.safest(options, game)
        return options[0]

    def safest(self, options: list[Action], game: Game[Any]) -> Action:
        """Try each option on a copy and keep the one that loses least."""
        best, best_score = options[0], -1e9
        for action in options:
            assert isinstance(action, Choose)
            trial = game.clone(self.state)
            game.apply(trial, action)
            score = -1000.0 if trial.result and trial.result != "won" else 0.0
            score -= 5 * sum(p.amount for p in trial.pending if p.kind == "drop")
            if score > best_score:
                best, best_score = action, score
        return best
