"""Explicit chance: the draws of an action as chance nodes, with outcomes and probabilities.

A match draws its chance inside the actions that roll or shuffle (the sampled mode, the
default). Search algorithms in the OpenSpiel style want the draws laid out instead: before
the action, a *chance node* for each draw, whose outcomes and probabilities they can list,
and pick. :class:`ExplicitChance` does that over a :class:`~.Match`, with no change to the
rules: every die, pick and shuffle of the engine is made of uniform draws ``below(n)``, so an
action is tried on a scratch copy of the state with the outcomes chosen so far, and the first
draw not yet chosen is the next chance node (outcomes ``0`` to ``n - 1``, each ``1/n``).
Once every draw is chosen, the values they give are written as a chance script
(:meth:`Match.script`) and the action is played: the match's log, saves and replays stay
exactly as for any scripted match.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, TypeVar

from .actions import Action
from .chance import SHAKE128, Chance
from .errors import RingbearerError
from .events import Event
from .game import GameState
from .match import Match

T = TypeVar("T")


class ExplicitChanceError(RingbearerError):
    """An explicit-chance call out of turn: no action is waiting for chance, one is, or an
    outcome that the chance node does not have."""


class _UndecidedDrawError(Exception):
    """The draw the action needs next has no chosen outcome yet; ``upcoming``: the bounds of
    the draws that follow it whatever it shows (the rest of a shuffle, the other dice of a
    roll), so that they need not be found by trying the action again."""

    def __init__(self, bound: int) -> None:
        super().__init__(bound)
        self.bound = bound
        self.upcoming: list[int] = []


class _ChosenChance(Chance, dict=True):
    """A stream that answers each draw with the next chosen outcome, and records what each
    named die showed and each named deck became, for the script that replays them."""

    def choose_from(self, chosen: list[int]) -> None:
        self.chosen = chosen
        self.used = 0
        self.faces: dict[str, list[int | str]] = {}
        self.decks: dict[str, list[str]] = {}

    def below(self, bound: int) -> int:
        if self.used == len(self.chosen):
            raise _UndecidedDrawError(bound)
        value = self.chosen[self.used]
        self.used += 1
        return value

    def pick(self, name: str, options: Sequence[T]) -> T:
        if self.rolls.get(name):  # scripted already: not a chance node
            return super().pick(name, options)
        if not options:
            raise ValueError(f"nothing to pick from for {name!r}")
        option = options[self.below(len(options))]
        self.faces.setdefault(name, []).append(str(option))
        return option

    def roll(self, name: str, faces: int = 6) -> int:
        return self.pick(name, range(1, faces + 1))

    def roll_each(self, names: Sequence[str]) -> list[int]:
        faces = []
        for index, name in enumerate(names):
            try:
                faces.append(self.roll(name))
            except _UndecidedDrawError as undecided:
                if not self.rolls:  # nothing scripted: each die after this one draws below(6)
                    undecided.upcoming = [6] * (len(names) - index - 1)
                raise
        return faces

    def shuffle(self, name: str, items: Sequence[T]) -> list[T]:
        if name in self.orders:  # its top is scripted: replayed as the script says
            return super().shuffle(name, items)
        if name in self.decks:
            raise ExplicitChanceError(
                f"the deck {name!r} is shuffled twice in one action, which a chance script "
                "cannot replay; play this action with sampled chance"
            )
        cards = list(items)
        for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates, as the engine's streams do
            try:
                j = self.below(i + 1)
            except _UndecidedDrawError as undecided:
                undecided.upcoming = list(range(i, 1, -1))  # the rest of the shuffle
                raise
            cards[i], cards[j] = cards[j], cards[i]
        if len(cards) > 1:
            # A deck of one card (or none) draws nothing and has one order: nothing for a
            # script to replay. Were it recorded, an action that drew nothing else would
            # count as one that shuffled, and be played a second time on the state that its
            # quiet first try had already moved on.
            self.decks[name] = [str(card) for card in cards]
        return cards


class ExplicitChance:
    """Plays ``match`` with its chance as explicit outcomes.

    ``play(action)`` starts an action; while :attr:`at_chance`, ``chance_outcomes()`` lists
    the outcomes of the next draw with their probabilities and ``play_chance(outcome)``
    chooses one. When the last draw is chosen (at once, for an action that draws nothing),
    the action is played on the match and its events returned. While an action waits for
    chance, play the match only through this object.
    """

    def __init__(self, match: Match) -> None:
        self.match = match
        self._action: Action | None = None
        self._chosen: list[int] = []
        self._bound = 0
        self._upcoming: list[int] = []
        self._events = True
        """Whether the action waiting for chance returns its events."""
        """Bounds of the draws known to come after this one (latest last), whatever the
        outcomes: their chance nodes follow without trying the action again."""
        self._stream: _ChosenChance | None = None
        """The stream every try is made with (see :meth:`_stream_for`)."""
        self._kept: tuple[GameState | None, bytes] = _NOTHING_KEPT
        """The match's state put back after a try, and its bytes: the next try of the same
        action starts from them without encoding the state again (if it is still the
        match's state)."""

    def __getstate__(self) -> dict[str, Any]:
        # The stream of the tries is scratch, made again when needed: not pickled.
        return {**self.__dict__, "_stream": None}

    def __deepcopy__(self, memo: dict[int, Any]) -> ExplicitChance:
        # The match by its own clone (the quick copy), the draws chosen so far by value.
        twin = ExplicitChance.__new__(ExplicitChance)
        twin.__dict__.update(self.__dict__)
        twin.match = self.match.clone()
        twin._stream = None  # each its own
        twin._chosen = list(self._chosen)
        twin._upcoming = list(self._upcoming)
        return twin

    @property
    def at_chance(self) -> bool:
        """Whether an action waits for the outcome of a draw."""
        return self._action is not None

    def play(
        self, action: Action | str, *, events: bool = True, encoded: bytes | None = None
    ) -> list[Event]:
        """Start ``action`` (checked as :meth:`Match.play` checks it). Returns its events if
        it draws no chance; otherwise ``[]``, and the match waits at a chance node.

        ``events=False``: the caller reads no events (a search, an OpenSpiel state), and
        this action and the outcomes chosen for it return ``[]``; an action that draws
        nothing is then played once, not tried on a copy and played again. Such a first try
        keeps the state's bytes to put it back if the action draws: ``encoded``, the match's
        :meth:`~Match.snapshot` now, when the caller has it already (an OpenSpiel state
        records it for the information state), saves making them again.
        """
        if self._action is not None:
            raise ExplicitChanceError(
                f"{self._action} waits for chance: choose an outcome with play_chance()"
            )
        match = self.match
        legal = match._legal_actions()  # the match's own list, not a copy: read only here
        chosen = match.parse(action) if isinstance(action, str) else action
        if chosen not in legal:
            match.play(chosen)  # raises the match's own IllegalActionError, with the reason
        self._action, self._chosen = legal[legal.index(chosen)], []
        self._events = events
        return self._resolve(encoded)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next draw with their probabilities; ``[]`` at no chance node."""
        if self._action is None:
            return []
        return list(uniform_outcomes(self._bound))

    def play_chance(self, outcome: int) -> list[Event]:
        """Choose the outcome of the next draw. Returns the action's events once it has been
        played (this was its last draw), else ``[]``."""
        if self._action is None:
            raise ExplicitChanceError("no action waits for chance: play() one first")
        if isinstance(outcome, bool) or not isinstance(outcome, int):
            raise ExplicitChanceError(f"an outcome is a whole number, not {outcome!r}")
        if not 0 <= outcome < self._bound:
            raise ExplicitChanceError(
                f"this draw has outcomes 0 to {self._bound - 1}, not {outcome}"
            )
        self._chosen.append(outcome)
        if self._upcoming:
            self._bound = self._upcoming.pop()
            return []
        return self._resolve()

    def _stream_for(self, own: Chance) -> _ChosenChance:
        """The stream of the next try: the fields of the match's stream ``own``, answering
        draws with the outcomes chosen so far. One object serves every try (building one
        costs as much as a step of the rules); a try lets go of it before it returns."""
        stream = self._stream
        if stream is None:
            stream = self._stream = _ChosenChance(**_fields(own))
        else:
            stream.state, stream.inc = own.state, own.inc
            rolls, orders = own.rolls, own.orders
            stream.rolls = {name: list(faces) for name, faces in rolls.items()} if rolls else {}
            stream.orders = {name: list(cards) for name, cards in orders.items()} if orders else {}
        stream.choose_from(self._chosen)
        return stream

    def _resolve(self, encoded: bytes | None = None) -> list[Event]:
        action = self._action
        assert action is not None
        match = self.match
        game = match.game
        # The match's state itself, read without Match.state (which would drop the legal
        # actions the match keeps, as a state handed out may be changed).
        original = match._state
        own = original.chance
        # Every try of an action whose events nobody reads is made on the match's own state,
        # only its bytes kept to put it back: most actions draw nothing, and are then played
        # by their first try; one that draws is put back from the bytes, and played by its
        # last try (bytes cost a third of a copy, and the same bytes serve every try). Each
        # try of a caller that wants the events is made on a copy.
        before = None
        if not (self._events or own.rolls or own.orders):
            if encoded is None:
                kept = self._kept
                encoded = kept[1] if kept[0] is original else game.encode_state(original)
            before = encoded
            tried = original
        else:
            tried = game.clone(original)
        chance = self._stream_for(own)
        tried.chance = chance
        try:
            game.advance(tried, action)
        except _UndecidedDrawError as undecided:
            if before is not None:
                put_back = game.decode_state(before)
                match._put_back(put_back)
                self._kept = (put_back, before)
            self._bound = undecided.bound
            self._upcoming = undecided.upcoming[::-1]
            return []
        except BaseException:
            # Any refusal (a deck shuffled twice, a script of the match that cannot be
            # followed) ends the attempt: the match is as it was, and free for another action.
            if before is not None:
                match._put_back(game.decode_state(before))
            self._action, self._chosen = None, []
            self._kept = _NOTHING_KEPT
            raise
        self._action, self._chosen = None, []
        self._kept = _NOTHING_KEPT
        drew = chance.faces or chance.decks
        if not (chance.decks or self._events or own.rolls or own.orders):
            # It drew nothing but die faces and picks, and no script of the match's was
            # waiting: the state tried is what scripting those faces and playing the action
            # gives (scripted faces move no stream; a scripted shuffle would, so decks are
            # played). Keep it rather than play the action a second time.
            tried.chance = own
            match._adopt(action, tried, chance.faces)
            return []
        if before is not None:
            # It shuffled, and a shuffle is scripted and played: from the state before the
            # try, which the try moved on.
            match._put_back(game.decode_state(before))
        if drew:
            match.script(rolls=chance.faces, orders=chance.decks)
        try:
            events = match.play(action)
        except BaseException:
            if drew:
                match.undo()  # the script: a failed action leaves no step of its own behind
            raise
        return events if self._events else []


_NOTHING_KEPT: tuple[GameState | None, bytes] = (None, b"")


@functools.cache
def uniform_outcomes(bound: int) -> tuple[tuple[int, float], ...]:
    """The outcomes ``0`` to ``bound - 1``, each with probability ``1 / bound``: made once per
    bound (a shuffle asks for them at every one of its nodes)."""
    return tuple((outcome, 1 / bound) for outcome in range(bound))


def _fields(chance: Chance) -> dict[str, Any]:
    """The fields of ``chance`` for a stream of another class; its draws all go through
    ``below``, so the generator is only kept for the fields' sake."""
    return {
        "state": chance.state,
        "inc": chance.inc,
        "rolls": {name: list(faces) for name, faces in chance.rolls.items()},
        "orders": {name: list(cards) for name, cards in chance.orders.items()},
        "algorithm": SHAKE128,
    }
