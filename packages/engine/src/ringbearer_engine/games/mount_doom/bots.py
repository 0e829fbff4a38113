"""The ``heuristic`` bot: a fast, sensible policy, also the Monte-Carlo advisor's rollout policy.

It scores every option in "resolve units" (one circle of the resolve track = 1.0): an encounter
slot by the expected harm or help of its card (face-down cards by the average of the cards it
cannot see), a move by the Ring-bearer's progress, exact arrivals, event spaces and how many
companions stand where they support him. It keeps supporters near the Ring-bearer, covers event
spaces, aims for exact arrivals and uses friends when they change something.

It reads only what every seat may see: face-down cards are never looked at.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from functools import reduce
from typing import Any, Final

from ringbearer_engine import Action, Game, GameState

from .actions import ROLL_PAIRS, Choose, Keep, Pass, Roll, Spend, Use
from .content import (
    ARMY,
    BATTLE_FACES,
    CARDS,
    COLOURS,
    DECKS,
    EVENT_AT,
    FACE_FIGURE,
    FIGURE_BY_COLOUR,
    FIGURE_BY_ID,
    FINAL_STAGE,
    GALADRIEL_SPACE,
    GOALS,
    KIND,
    MINAS_MORGUL,
    MORGUL,
    MOUNT_DOOM,
    NAZGUL_SYMBOL,
    NEXT_GOAL,
    RALLY,
    RING_BEARER,
    SARUMAN_WARRIORS,
    SAURON_EYE_SPACE,
    SIDE,
    SLOT_SYMBOLS,
    TRACK_START,
    URUK_WARRIORS,
)
from .rules.battles import support_limit, supporters
from .rules.encounters import army_targets, wormtongue_targets
from .rules.windows import (
    RK_BATTLE,
    RK_BOROMIR,
    RK_FINAL,
    RK_RING_POWER,
    RK_STING,
    RK_WITCH_KING,
    die_index,
)
from .state import BATTLE_MOUTH, Ask, MountDoomState

# Weights, in resolve units.
RB_STEP: Final = 0.55
"""One space of progress for the Ring-bearer before Minas Morgul."""
FINAL_STEP: Final = 0.7
GANDALF_CARD: Final = 1.3
SUPPORTER: Final = 0.55
AHEAD: Final = 0.25
PROGRESS: Final = 0.04
MORGUL_HELPER: Final = 1.6
FRIEND: Final = 1.4
UNCOVER: Final = 0.25
FINAL_VALUES: Final = {
    "gollum-deceit": -2.0,
    "phial": 2.0,
    "gollum-madness": -1.0,
    "shelob": -1.7,
    "shelob-sting": -1.33,
    "ring-power": -0.83,
    "eagles": 1.0,
}


def added(values: Iterable[float]) -> float:
    """Floats added one after another, left to right. From Python 3.12, ``sum`` adds floats
    with compensation, so its last bits differ from 3.11's; near-ties between options then
    fell the other way and seeded bot games differed between Python versions."""
    return reduce(operator.add, values, 0.0)


def nazgul_cost(state: MountDoomState) -> float:
    """What one more Nazgûl costs, growing as Minas Morgul fills up."""
    if state.witch_king_defeated:
        return 0.0
    left = state.nazgul_free
    if left <= 1:
        return 50.0
    return {2: 4.0, 3: 2.2, 4: 1.7}.get(left, 1.3)


def heart_cost(state: MountDoomState, hearts: float) -> float:
    """Losing ``hearts`` circles: a plain cost, but a lost game when it passes the last one."""
    if hearts > state.resolve:
        return 30.0 + hearts
    return hearts * (1.0 + max(0, 3 - state.resolve) * 0.4)


def win_chance(state: MountDoomState) -> float:
    """The chance to win one battle with today's supporters (a Gandalf card counts half)."""
    faces = float(len(supporters(state)))
    if not state.gandalf_token and any(SIDE[c] == "gandalf" for c in state.held):
        faces += 0.7
    if "eomer" in state.held:
        faces += 0.5
    return min(faces, 6.0) / 6.0


def card_value(state: MountDoomState, card: str) -> float:
    """The expected effect of meeting ``card`` now, in resolve units (harm is negative)."""
    side = SIDE[card]
    if side == "friend":
        return FRIEND
    if side == "final":
        return FINAL_VALUES[card]
    info = CARDS[card]
    kind = info.kind
    if kind == "battle":
        return -heart_cost(state, info.battles * (1 - win_chance(state)) * info.dark)
    if kind == "uruk-hai":
        if not state.leader:
            return 1.0
        lose = 1 - win_chance(state)
        if "boromir" in state.held:
            lose *= 0.5
        return -heart_cost(state, (state.uruk + 1) * lose)
    if kind == "sauron-mouth":
        p = max(win_chance(state), 0.2)
        return -heart_cost(state, min((1 - p * p) / (p * p), 6.0))
    if kind == "nazgul":
        return -nazgul_cost(state)
    if kind in ("wound", "balrog"):
        extra = 1.0 if kind == "balrog" else 0.0
        return -heart_cost(state, info.dark) - extra
    if kind == "saruman":
        if not state.leader:
            return 0.0
        return -0.35 * min(SARUMAN_WARRIORS, URUK_WARRIORS - state.uruk)
    if kind == "sauron-eye":
        return -max(0, state.resolve - SAURON_EYE_SPACE) * 0.9
    if kind == "witch-king":
        return -heart_cost(state, state.nazgul * 0.5) * (0.7 if "eowyn" in state.held else 1.0)
    if kind == "denethor":
        return -0.2
    if kind == "army":
        return 0.3
    if kind == "wormtongue":
        friends = wormtongue_targets(state)
        return -FRIEND if friends else 0.0
    return 0.0


def unknown_value(state: MountDoomState) -> float:
    """The average value of a face-down card: over the stage's cards nobody has seen yet."""
    seen = set(state.box)
    seen.update(c for c, up in zip(state.row, state.up, strict=True) if up)
    seen.update(state.held)
    if state.known_slot >= 0:
        seen.add(state.row[state.known_slot])
    cards = [c for c in DECKS[state.stage] if c not in seen]
    if not cards:
        return 0.0
    return added(card_value(state, c) for c in cards) / len(cards)


def slot_value(state: MountDoomState, slot: int) -> float:
    """What a black die showing ``slot + 1`` is worth now."""
    card = state.row[slot]
    if not card:
        symbol = SLOT_SYMBOLS[slot]
        if symbol == NAZGUL_SYMBOL:
            return -nazgul_cost(state)
        if state.stage == FINAL_STAGE and symbol != RING_BEARER:
            return 0.0
        return max(0.0, move_value(state, symbol, 1), move_value(state, symbol, 2))
    if not state.up[slot] and slot != state.known_slot:
        return unknown_value(state)
    if card == ARMY and state.stage != FINAL_STAGE:
        left, right = army_targets(state, slot)
        covered = [slot_value(state, s) for s in (left, right) if s >= 0]
        return max(0.0, -min(covered)) * 0.8 if covered else 0.0
    return card_value(state, card)


def _place_value(state: MountDoomState, figure: int, pos: int, rb: int) -> float:
    """How useful companion ``figure`` is standing on ``pos`` with the Ring-bearer on ``rb``."""
    if pos == RALLY:
        return -1.0
    limit = support_limit(rb)
    value = pos * PROGRESS
    if rb <= pos <= limit:
        value += SUPPORTER
    elif pos > limit:
        value += AHEAD
    if pos == MORGUL:
        value += MORGUL_HELPER
    return value


def _event_value(state: MountDoomState, pos: int, mover: int) -> float:
    kind = EVENT_AT[pos]
    if not kind:
        return 0.0
    if not state.without_protection:
        others = state.pos.count(pos) - (1 if state.pos[mover] == pos else 0)
        if others > 0:
            return 0.0
    return -heart_cost(state, 1) if kind == "dark" else -nazgul_cost(state)


def _uncover_value(state: MountDoomState, figure: int) -> float:
    here = state.pos[figure]
    if here <= MORGUL and EVENT_AT[here] and state.pos.count(here) == 1:
        return -UNCOVER
    return 0.0


def move_value(state: MountDoomState, figure: int, steps: int) -> float:
    """The gain of moving ``figure`` exactly ``steps`` spaces now."""
    if steps <= 0:
        return 0.0
    start = state.pos[figure]
    if start == RALLY:
        return 0.0
    if figure == RING_BEARER:
        return _ring_bearer_value(state, start, steps)
    end = start + steps
    rb = state.pos[RING_BEARER]
    if end > MORGUL:
        return -2.5 - _place_value(state, figure, start, rb)
    value = _place_value(state, figure, end, rb) - _place_value(state, figure, start, rb)
    if end in GOALS:
        value += 1.0
    else:
        value += _event_value(state, end, figure)
    return value + _uncover_value(state, figure)


def _ring_bearer_value(state: MountDoomState, start: int, steps: int) -> float:
    if state.stage == FINAL_STAGE:
        end = min(start + steps, MOUNT_DOOM)
        return 50.0 if end == MOUNT_DOOM else (end - start) * FINAL_STEP
    if state.stage_done:
        return 0.0
    goal = GOALS[state.stage]
    end = min(start + steps, goal)
    value = (end - start) * RB_STEP
    value += (len(supporters(state, end)) - len(supporters(state, start))) * SUPPORTER * 0.8
    if end == goal:
        helpers = sum(1 for f in range(1, 5) if state.pos[f] == MORGUL)
        if state.stage == MINAS_MORGUL:
            value += helpers * FINAL_STEP
        elif state.gandalf_stack:
            value += GANDALF_CARD if start + steps == goal else -0.5
        value += 0.6  # a new stage: a fresh row
    else:
        value += _event_value(state, end, RING_BEARER)
    return value + _uncover_value(state, RING_BEARER)


class Tables:
    """Slot and move values of one position, computed once and shared by the decisions of a
    dice phase (the position does not change between rolling and keeping)."""

    __slots__ = ("expected", "key", "moves", "slots")

    def __init__(self, state: MountDoomState, key: tuple[object, ...]) -> None:
        self.key = key
        self.slots = [slot_value(state, s) for s in range(6)]
        self.moves = [[0.0] + [move_value(state, f, n) for n in range(1, 7)] for f in range(5)]
        self.expected = [added(row) / 6.0 for row in self.moves]


def position_key(state: MountDoomState) -> tuple[object, ...]:
    return (
        *state.pos,
        *state.row,
        *state.up,
        state.resolve,
        state.nazgul,
        state.uruk,
        state.leader,
        state.stage,
        state.stage_done,
        *state.held,
        state.gandalf_token,
        len(state.gandalf_stack),
        state.known_slot,
        state.witch_king_defeated,
        state.army_under,
    )


class HeuristicBot:
    """Fast rules of thumb; see the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        # ``seed`` only fits the bot factory signature: the bot draws no chance of its own.
        self._tables: Tables | None = None

    def tables(self, state: MountDoomState) -> Tables:
        key = position_key(state)
        if self._tables is None or self._tables.key != key:
            self._tables = Tables(state, key)
        return self._tables

    def choose(self, game: Game[Any], state: GameState) -> Action:
        assert isinstance(state, MountDoomState)
        options = game.actions(state)
        if len(options) == 1:
            return options[0]
        ask = state.pending
        card = self._card_to_use(state, options)
        if card is not None:
            return card
        if ask == Ask.START:
            return self._first_roll(state)
        if ask in (Ask.KEEP1, Ask.KEEP2):
            return self._keep(state, [o for o in options if isinstance(o, Keep)])
        if ask == Ask.ADD:
            expected = self.tables(state).expected
            return max(options, key=lambda o: expected[FIGURE_BY_COLOUR[o.die]])  # type: ignore[attr-defined]
        if ask == Ask.FACE:
            return self._spend(state, options)
        if ask == Ask.SYMBOL:
            best = max(range(3), key=lambda n: move_value(state, state.ask_a, n))
            return Choose(str(best))
        if ask == Ask.ARMY:
            left, right = army_targets(state, state.ask_a)
            return Choose(
                "left" if slot_value(state, left) <= slot_value(state, right) else "right"
            )
        if ask == Ask.DENETHOR:
            worst = min(
                (0, 1),
                key=lambda side: move_value(state, state.tray_figure[side], state.tray_pips[side]),
            )
            return Choose(COLOURS[state.tray_figure[worst]])
        if ask == Ask.WORMTONGUE:
            return min(options, key=lambda o: _keep_worth(state, o.option))  # type: ignore[attr-defined]
        if ask == Ask.SUPPORT:
            picks = [o for o in options if isinstance(o, Choose)]
            return max(
                picks,
                key=lambda o: move_value(
                    state, FIGURE_BY_COLOUR[o.option], state.rolled[FIGURE_BY_COLOUR[o.option]]
                ),
            )
        if ask == Ask.VISION:
            seen = state.next_deck[0]
            bad = SIDE[seen] != "friend" and FINAL_VALUES.get(seen, -1.0) < 0
            return Choose("remove" if bad else "keep")
        if ask == Ask.FINAL_START:
            return next(o for o in options if isinstance(o, Roll))
        return next((o for o in options if isinstance(o, Pass)), options[0])

    # -- the dice phase ------------------------------------------------------------------------

    def _first_roll(self, state: MountDoomState) -> Action:
        gains = self.tables(state).expected
        best = sorted(range(5), key=lambda f: -gains[f])[:2]
        if RING_BEARER not in best and gains[best[0]] <= 0.05:
            # Nothing else helps: only the Ring-bearer's progress can still win the game, so
            # take the risk rather than wait for ever.
            best[1] = RING_BEARER
        a, b = sorted(best)
        return next(action for x, y, action in ROLL_PAIRS if (x, y) == (a, b))

    def _keep(self, state: MountDoomState, keeps: list[Keep]) -> Action:
        first = state.pending == Ask.KEEP1
        tables = self.tables(state)
        best, best_value = keeps[0], -1e9
        for keep in keeps:
            figure = FIGURE_BY_COLOUR[keep.die]
            pips = state.rolled[state.rolled_dice.index(keep.die)]
            value = tables.slots[keep.black - 1] + tables.moves[figure][pips]
            if first:  # the other companion die comes back in the second roll
                other = next(FIGURE_BY_COLOUR[d] for d in state.rolled_dice[2:] if d != keep.die)
                value += 0.5 * tables.expected[other]
            if value > best_value:
                best, best_value = keep, value
        return best

    # -- cards -----------------------------------------------------------------------------------

    def _card_to_use(self, state: MountDoomState, options: list[Action]) -> Action | None:
        uses = [o for o in options if isinstance(o, Use)]
        if not uses:
            return None
        by_card: dict[str, list[Use]] = {}
        for use in uses:
            by_card.setdefault(use.card, []).append(use)
        for card, choices in by_card.items():
            pick = self._use_card(state, KIND[card], choices)
            if pick is not None:
                return pick
        return None

    def _use_card(self, state: MountDoomState, kind: str, choices: list[Use]) -> Action | None:
        ask = state.pending
        if kind in ("boromir", "eowyn", "arwen"):
            return choices[0]
        if kind == "vision":
            return choices[0]
        if kind == "eomer":
            lose = 1 - win_chance(state)
            risky = state.battle_kind == BATTLE_MOUTH or state.ask_a >= 2 or state.resolve <= 3
            return choices[0] if risky and lose >= 0.4 else None
        if kind == "galadriel":
            return choices[0] if GALADRIEL_SPACE - state.resolve >= 3 else None
        if kind == "wrath":
            card = state.last_card
            return (
                choices[0]
                if card and not state.stage_done and card_value(state, card) <= -1.5
                else None
            )
        if kind == "treebeard":
            token = next((c for c in choices if c.choice == "isengard"), None)
            if token and state.stage <= 3 and (state.uruk >= 1 or state.stage == 3):
                return token
            if state.resolve <= TRACK_START - 5 or (state.resolve <= 2 and ask != Ask.START):
                return next((c for c in choices if c.choice == "resolve"), None)
            return None
        if kind == "theoden":
            return self._theoden(state, choices)
        if kind == "faramir":
            return self._faramir(state, choices)
        if kind == "support":
            return choices[0]
        if kind in ("elrond", "power", "trick"):
            return self._change_dice(state, kind, choices)
        return None

    def _theoden(self, state: MountDoomState, choices: list[Use]) -> Action | None:
        rb = state.pos[RING_BEARER]
        best, best_gain = None, 0.9
        for use in choices:
            figure = FIGURE_BY_ID[str(use.choice)]
            here = state.pos[figure]
            target = NEXT_GOAL[here]
            gain = (
                1.0
                + _place_value(state, figure, target, rb)
                - _place_value(state, figure, here, rb)
            )
            if gain > best_gain:
                best, best_gain = use, gain
        if best is None and state.resolve <= 2:
            return choices[0]
        return best

    def _faramir(self, state: MountDoomState, choices: list[Use]) -> Action | None:
        rb = state.pos[RING_BEARER]
        if state.stage == FINAL_STAGE:
            return choices[-1]
        distance = GOALS[state.stage] - rb
        if state.stage == MINAS_MORGUL and distance <= 4:
            return choices[max(0, min(distance, 4) - 2)]
        if 2 <= distance <= 4 and state.gandalf_stack:
            return choices[distance - 2]
        return None

    def _change_dice(self, state: MountDoomState, kind: str, choices: list[Use]) -> Action | None:
        ask = state.pending
        if ask in (Ask.KEEP1, Ask.KEEP2):
            return self._improve_keep(state, kind, choices)
        if ask != Ask.ROLLED or kind != "elrond":
            if ask == Ask.ROLLED and kind == "power" and state.ask_a == RK_FINAL:
                now = slot_value(state, state.rolled[0] - 1)
                best = max(range(6), key=lambda s: slot_value(state, s))
                if slot_value(state, best) - now >= 2.0:
                    return Use(choices[0].card, f"black{state.rolled[0]}:{best + 1}")
            return None
        roll = state.ask_a
        if roll in (RK_BATTLE, RK_BOROMIR):
            face = BATTLE_FACES[state.rolled[0]]
            figure = FACE_FIGURE.get(face)
            won = figure is not None and figure in supporters(state)
            if roll == RK_BOROMIR:
                won = face != "sauron"
            return choices[0] if not won and state.ask_b >= 2 else None
        if roll == RK_WITCH_KING:
            odd = sum(f % 2 for f in state.rolled)
            if odd >= 2:
                return next(c for c in choices if int(str(c.choice)[5:]) % 2)
            return None
        if roll == RK_STING:
            return choices[0] if state.rolled[0] >= 4 else None
        if roll == RK_RING_POWER:
            return choices[0] if state.rolled[0] == 6 else None
        if roll == RK_FINAL and slot_value(state, state.rolled[0] - 1) <= -1.5:
            return choices[0]
        return None

    def _improve_keep(self, state: MountDoomState, kind: str, choices: list[Use]) -> Action | None:
        now = self._keep_score(state)
        threshold = 1.2 if kind == "elrond" else 2.2
        if kind == "elrond":
            best, best_gain = None, threshold
            for use in choices:
                label = str(use.choice)
                index = die_index(state, label)
                old = state.rolled[index]
                total = 0.0
                for face in range(1, 7):
                    state.rolled[index] = face
                    total += self._keep_score(state)
                state.rolled[index] = old
                gain = total / 6 - now
                if gain > best_gain:
                    best, best_gain = use, gain
            return best
        # Gandalf's Power or Trick: look at every face they could set.
        best, best_gain = None, threshold
        for use in choices:
            label, _, wanted = str(use.choice).partition(":")
            index = die_index(state, label)
            old = state.rolled[index]
            state.rolled[index] = int(wanted)
            gain = self._keep_score(state) - now
            state.rolled[index] = old
            if gain > best_gain:
                best, best_gain = use, gain
        return best

    def _keep_score(self, state: MountDoomState) -> float:
        """The value of the best keep in the current roll."""
        tables = self.tables(state)
        dice, rolled = state.rolled_dice, state.rolled
        if state.pending == Ask.KEEP1:
            black = max(tables.slots[rolled[0] - 1], tables.slots[rolled[1] - 1])
            colours = (2, 3)
        else:
            black = tables.slots[rolled[0] - 1]
            colours = (1, 2)
        colour = max(tables.moves[FIGURE_BY_COLOUR[dice[i]]][rolled[i]] for i in colours)
        return black + colour

    def _spend(self, state: MountDoomState, options: list[Action]) -> Action:
        spends = [o for o in options if isinstance(o, Spend)]
        hearts = state.ask_a
        if spends and (hearts >= 2 or state.resolve <= 4 or state.battle_kind == BATTLE_MOUTH):
            order = ("vision", "support", "wrath", "trick", "power")
            return min(spends, key=lambda o: order.index(o.card))
        return next(o for o in options if isinstance(o, Pass))


def _keep_worth(state: MountDoomState, card: str) -> float:
    """How much a held friend card is worth keeping (Wormtongue takes the cheapest)."""
    order = (
        "boromir",
        "galadriel",
        "arwen",
        "theoden",
        "elrond",
        "eowyn",
        "treebeard",
        "eomer",
        "faramir",
    )
    return float(order.index(card)) if card in order else 0.0
