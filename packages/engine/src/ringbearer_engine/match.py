"""A match: one game being played, with its history, undo, replay and saves.

:class:`Match` is the object clients use. It checks every action before the rules see it,
records every step in an action log, and writes and reads saves. Undo and a failed step
rebuild the earlier state by replaying the log from the last known state (the seed, or a
checkpoint), instead of copying the state before every step: steps are played far more often
than they are taken back.
"""

from __future__ import annotations

import copy
import json
import operator
import threading
from array import array
from collections.abc import Collection, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, SupportsIndex, TypeVar

import msgspec

from ._version import __version__
from .actions import Action
from .chance import DEFAULT_ALGORITHM, MAX_SEED, Chance, ChanceAlgorithm, check_algorithm
from .errors import (
    DamagedSaveError,
    IllegalActionError,
    NotationError,
    ReseededMatchError,
    ScriptError,
    SetupError,
    TamperedSaveError,
    UndoError,
    UnknownActionError,
    WrongGameError,
)
from .events import Event
from .game import Game, GameState, Outcome, get_game, player_count_error
from .information import InformationStates
from .meta import LARGEST_INT, SMALLEST_INT, check_meta
from .names import check_names
from .observation import Layout, Observer, get_observer
from .saves import (
    SaveEnvelope,
    SaveFormat,
    encode_envelope,
    migrate_state,
    read_envelope,
    seal,
)

V = TypeVar("V", bound=msgspec.Struct)

SCRIPT_PREFIX = "!script "
"""Log entries starting with this fix upcoming chance (see :meth:`Match.script`)."""


def script_entry(
    rolls: Mapping[str, Sequence[int | str]], orders: Mapping[str, Sequence[str]]
) -> str:
    """The log entry of a chance script: :data:`SCRIPT_PREFIX`, then the script as compact
    JSON with sorted keys, exactly as ``json.dumps(…, separators=(",", ":"),
    sort_keys=True)`` writes it (saves hold these entries).

    msgspec writes it twenty times quicker (explicit chance logs a script for most rolls), and
    the same bytes whenever no string needed escaping: printable ASCII, no backslash in the
    output. Anything else is left to :mod:`json`, whose escapes (``\\u00e9``) differ."""
    payload = {"rolls": rolls, "orders": orders}
    quick = msgspec.json.encode(payload, order="sorted")
    if quick.isascii() and b"\\" not in quick and b"\x7f" not in quick:
        return SCRIPT_PREFIX + quick.decode()
    return SCRIPT_PREFIX + json.dumps(payload, separators=(",", ":"), sort_keys=True)


class Step(msgspec.Struct, frozen=True):
    """One entry of a match's history as a replay yields it."""

    index: int
    seat: int | None
    entry: str
    events: list[Event]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Match:
    """A game in progress. Create one with :meth:`new` or :meth:`load`."""

    def __init__(
        self,
        game: Game[Any],
        players: tuple[str, ...],
        seed: int,
        options: msgspec.Struct,
        *,
        meta: Mapping[str, Any] | None = None,
        created: str | None = None,
        chance: ChanceAlgorithm = DEFAULT_ALGORITHM,
    ) -> None:
        self._game = game
        self._players = players
        self._seed = seed
        self._options = options
        self._chance: ChanceAlgorithm = chance
        self.meta: dict[str, Any] = dict(meta or {})
        """Free-form data a client keeps with the match (seat kinds, a save name...)."""
        self.created = created or _now()
        self._state: GameState = game.setup(players, options, Chance.seeded(seed, chance))
        self._log: list[Action | str] = []
        """Each step: the action played, or a ``!script`` entry (notation, after a load
        without verification)."""
        self._log_text: list[str] = []
        """The notation of the first steps of the log, written when the log is read."""
        self._log_lock = threading.Lock()
        """Reading the log writes notation; an undo must not interleave with that (a client
        may save on one thread while the match is played on another)."""
        self._undoable: list[bool] = []
        """Whether each step since ``_base`` may be taken back."""
        self._base: tuple[int, bytes] | None = None
        """(steps, state) that replays start from instead of the seed: an unverified load."""
        self._checkpoint: tuple[int, bytes] | None = None
        """(steps, state) kept by the last rebuild, so a run of undos replays only its steps."""
        self._redo: list[Action | str] = []
        self._legal_now: list[Action] | None = None
        """The legal actions of the current state, until it changes."""
        self._observer: Observer[Any] | None = None
        """The game's observer, once an observation was asked for."""
        self._ids_of: tuple[list[Action], list[int]] | None = None
        """(legal actions, their catalogue ids): the ids hold while those legal actions are
        :attr:`_legal_now` (the same list object), so every change of state drops them too."""
        self._reseeded: tuple[int, int] | None = None
        """(steps, seed): this is a clone whose chance was reseeded after that many steps,
        so its position can no longer be rebuilt from its own seed and log."""

    # -- starting ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str | Game[Any],
        players: Sequence[str],
        seed: int | None = None,
        options: Mapping[str, Any] | msgspec.Struct | None = None,
        *,
        meta: Mapping[str, Any] | None = None,
        chance: str = DEFAULT_ALGORITHM,
    ) -> Match:
        """Start a match. ``seed`` defaults to a random one (kept, so it can be replayed).

        ``chance`` picks the generator the seed starts: ``"shake128"``, or ``"pcg32"`` to deal
        a seed as matches saved in save format version 1 were dealt. The save records it.
        """
        rules = get_game(game) if isinstance(game, str) else game
        names = tuple(players)
        try:
            algorithm = check_algorithm(chance)
        except ValueError as error:
            raise SetupError(str(error)) from None
        if seed is None:
            import secrets  # imports hmac, which nothing else needs: only unseeded matches pay

            seed = secrets.randbits(63)
        _check_setup(rules, names, seed, old=False)
        if meta is not None:
            check_meta(dict(meta))
        options_struct = _convert_options(rules, options)
        return cls(rules, names, seed, options_struct, meta=meta, chance=algorithm)

    # -- what the match is ------------------------------------------------------------------

    @property
    def game(self) -> Game[Any]:
        return self._game

    @property
    def game_id(self) -> str:
        return self._game.id

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> msgspec.Struct:
        return self._options

    @property
    def chance(self) -> ChanceAlgorithm:
        """The chance algorithm the seed starts: ``"shake128"`` or ``"pcg32"``."""
        return self._chance

    @property
    def state(self) -> GameState:
        """The full state, hidden parts included. Read it; do not change it. Clients that
        show a seat its game should use :meth:`view`."""
        # Tests and tools do change it (to arrange a position), so the legal actions kept for
        # the current state are worked out again after it has been handed out.
        self._legal_now = None
        return self._state

    @property
    def log(self) -> tuple[str, ...]:
        """Every step so far, as notation (and ``!script`` entries)."""
        with self._log_lock:
            text, log = self._log_text, self._log
            if len(text) < len(log):
                text.extend(str(entry) for entry in log[len(text) :])
            return tuple(text)

    @property
    def to_move(self) -> int | None:
        """The seat that decides now; ``None`` once the match is over."""
        return self._game.to_move(self._state)

    @property
    def outcome(self) -> Outcome | None:
        return self._game.outcome(self._state)

    @property
    def prompt(self) -> str:
        """What is being decided now, as a sentence."""
        return self._game.prompt(self._state)

    def actions(self) -> list[Action]:
        """The legal actions of whoever decides now."""
        legal = self._legal_now  # _legal_actions(), written out: clients call this every step
        if legal is None:
            legal = self._legal_now = self._game.actions(self._state)
        return list(legal)

    def _legal_actions(self) -> list[Action]:
        legal = self._legal_now
        if legal is None:
            legal = self._legal_now = self._game.actions(self._state)
        return legal

    def legal_ids(self) -> list[int]:
        """The action catalogue's ids of :meth:`actions`, in the same order (see
        :mod:`ringbearer_engine.catalogue`; :class:`NoCatalogueError` for a game without)."""
        return list(self._current_ids())

    def _current_ids(self) -> list[int]:
        """The ids of the legal actions now, kept until the state changes (do not change
        the list: it is the match's own)."""
        legal = self._legal_now
        known = self._ids_of
        if legal is not None and known is not None and known[0] is legal:
            return known[1]
        legal = self._legal_actions()
        ids = self._game.numbered_actions().legal_ids(legal)
        self._ids_of = (legal, ids)
        return ids

    def legal_mask(self) -> bytearray:
        """One byte per catalogue id, 1 where that action is legal now."""
        return self._game.numbered_actions().mask(self._current_ids())

    def play_id(self, action_id: SupportsIndex) -> list[Event]:
        """:meth:`play` the action the catalogue numbers ``action_id``. A number that is no
        id raises :class:`ActionIdError`, an id whose action is not legal now
        :class:`IllegalActionError`; either way the match is exactly as it was."""
        return self._play_id(action_id, quiet=False)

    def advance_id(self, action_id: SupportsIndex) -> None:
        """:meth:`play_id` without the events: what a training loop that reads observations
        rather than events wants (the game need not describe what happened). Checked and
        logged exactly as :meth:`play_id`."""
        self._play_id(action_id, quiet=True)

    def _play_id(self, action_id: SupportsIndex, *, quiet: bool) -> list[Event]:
        # The common case first: an id among the legal ids already worked out for this state
        # (an agent picks from the mask or the ids it was handed). Membership in that short
        # list is the whole check: those actions are the rules' own legal actions.
        legal, known = self._legal_now, self._ids_of
        if legal is not None and known is not None and known[0] is legal:
            number = action_id if type(action_id) is int else _whole_number(action_id)
            if number is not None and number in known[1]:
                events = self._play_legal(legal[known[1].index(number)], quiet=quiet)
                self._redo.clear()
                return events
        action = self._game.numbered_actions().decode(action_id)
        if quiet:
            self._play_action(action, quiet=True)
            self._redo.clear()
            return []
        return self.play(action)

    def view(self, seat: int | None = None) -> msgspec.Struct:
        """What ``seat`` may see; ``None`` for a spectator."""
        if seat is not None:
            self._check_seat(seat)
        return self._game.view(self._state, seat)

    def view_as(self, kind: type[V], seat: int | None = None) -> V:
        """:meth:`view`, typed: what ``seat`` may see as a ``kind`` (the game's view class,
        such as ``AdventureView`` from ``ringbearer_engine.games.adventure_game``), so that
        a type checker knows its fields. Raises ``TypeError`` if this game's view is another
        class."""
        seen = self.view(seat)
        if not isinstance(seen, kind):
            raise TypeError(
                f"a view of {self._game.title} is {type(seen).__name__}, not {kind.__name__}"
            )
        return seen

    def snapshot(self) -> bytes:
        """The state's canonical bytes: equal states, equal bytes."""
        return self._game.encode_state(self._state)

    # -- playing ----------------------------------------------------------------------------

    def parse(self, text: str) -> Action:
        """The action that ``text`` names in this game's notation."""
        return self._game.parse_action(text)

    def play(self, action: Action | str) -> list[Event]:
        """Carry out one legal action and return what happened, in order.

        An illegal action raises :class:`IllegalActionError` with the reason; the match is
        then exactly as it was. Chance scripts are not actions: they come only through
        :meth:`script`, so a player cannot fix the dice by typing one.
        """
        if isinstance(action, str) and action.startswith(SCRIPT_PREFIX):
            raise NotationError(
                action, "a chance script is not an action; only Match.script() fixes chance"
            )
        events = self._play_action(action)
        self._redo.clear()
        return events

    def script(
        self,
        rolls: Mapping[str, Sequence[int | str]] | None = None,
        orders: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        """Fix upcoming chance: the next faces of named dice, the top cards of named decks.

        The script is a step of the log, so a scripted match saves and replays exactly.
        Raises :class:`ScriptError` for a die or deck the game does not have, or a face or
        card it can never show; the match is then as it was.
        """
        try:
            script = msgspec.convert({"rolls": rolls or {}, "orders": orders or {}}, ChanceScript)
        except msgspec.ValidationError as error:
            raise ScriptError(f"not a chance script: {error}") from None
        check_script(self._game, script.rolls, script.orders)
        entry = script_entry(script.rolls, script.orders)
        # What _step does with a script entry, without reading back and checking again the
        # script just checked (explicit chance scripts every draw it lays out).
        self._state.chance.script(script.rolls, script.orders)
        self._record(entry, undoable=True)
        self._redo.clear()

    def _step(self, entry: Action | str, *, quiet: bool = False) -> list[Event]:
        """Play one step of a log (an action or a script); ``quiet``: return no events (a
        replay that nobody watches, so the game need not build them)."""
        if isinstance(entry, str) and entry.startswith(SCRIPT_PREFIX):
            script = read_script(entry)
            check_script(self._game, script.rolls, script.orders)
            self._state.chance.script(script.rolls, script.orders)
            self._record(entry, undoable=True)
            return []
        return self._play_action(entry, quiet=quiet)

    def _play_action(self, entry: Action | str, *, quiet: bool = False) -> list[Event]:
        legal = self._legal_now
        # The common case first, without the calls of _legal: an action object that is one of
        # the legal actions already worked out (clients play what actions() handed them).
        # The legal action itself is played, not the entry equal to it: a hand-built action
        # with seat=1.0 or seat=True equals the legal seat=1, but would write "1.0" to the log.
        action: Action | None = None
        if legal is not None and not isinstance(entry, str):
            try:
                action = legal[legal.index(entry)]
            except ValueError:  # not legal, or not worked out: _legal says which
                action = None
        if action is None:
            action = self._legal(entry)
        return self._play_legal(action, quiet=quiet)

    def _play_legal(self, action: Action, *, quiet: bool) -> list[Event]:
        """Play ``action``, one of the legal actions now (checked already), and log it."""
        state = self._state
        chance = state.chance
        # Without scripts, chance moves exactly when the generator's state does.
        scripted = bool(chance.rolls or chance.orders)
        position = chance.position if scripted else chance.state
        self._legal_now = None
        try:
            if quiet:
                self._game.advance(state, action)
                events = []
            else:
                events = self._game.apply(state, action)
        except ScriptError as error:
            # A scripted card already drawn, say: the player can undo the script and go on.
            self._state = self._rebuild(len(self._log))
            raise IllegalActionError(
                str(action), f"the chance script cannot be followed: {error}"
            ) from None
        except BaseException:
            # A rules bug must not leave a half-applied action behind.
            self._state = self._rebuild(len(self._log))
            raise
        after = state.chance
        revealed = (after.position if scripted else after.state) != position
        # What _record does, written out: this runs on every step a client plays.
        self._log.append(action)
        self._undoable.append(self._game.undoable(state, action, revealed))
        return events

    def _adopt(
        self, action: Action, state: GameState, rolls: dict[str, list[int | str]] | None = None
    ) -> None:
        """Log ``action``, one of the legal actions now, as played, its result being
        ``state``: the rules already applied it to a copy of the match's state (explicit
        chance tries an action on a copy first, and keeps the copy rather than play the
        action twice). ``state`` holds the match's own chance stream, unmoved: the action drew
        nothing, or only the die faces ``rolls``, which are logged as the chance script that
        :meth:`script` would write before the action (a scripted face moves no stream)."""
        if rolls:
            check_script(self._game, rolls, {})
            self._record(script_entry(rolls, {}), undoable=True)
        self._legal_now = None
        self._state = state
        self._log.append(action)
        self._undoable.append(self._game.undoable(state, action, bool(rolls)))
        self._redo.clear()

    def _put_back(self, state: GameState) -> None:
        """Make ``state``, equal to the current state, the match's own again (explicit chance
        tries an action on the match's state after keeping its bytes, and puts it back when
        the action needs an outcome first). The legal actions kept stay right."""
        self._state = state

    def _legal(self, entry: Action | str) -> Action:
        action = self.parse(entry) if isinstance(entry, str) else entry
        legal = self._legal_actions()
        if action in legal:
            return legal[legal.index(action)]
        if not isinstance(action, Action):
            raise IllegalActionError(
                repr(action), f"an action is an Action or its notation, not {type(action).__name__}"
            )
        malformed = _malformed(action)
        if malformed:
            raise IllegalActionError(str(action), malformed)
        # Once the match is over no action is legal; say so rather than list none.
        outcome = self.outcome
        if outcome is not None:
            raise IllegalActionError(str(action), f"the match is over ({outcome.summary})")
        reason = self._game.why_illegal(self._state, action)
        raise IllegalActionError(str(action), reason or self._generic_reason())

    def _generic_reason(self) -> str:
        legal_now = self._legal_actions()
        legal = ", ".join(str(a) for a in legal_now[:12])
        more = " ..." if len(legal_now) > 12 else ""
        return f"{self.prompt} Legal now: {legal}{more}"

    def _record(self, entry: Action | str, undoable: bool) -> None:
        self._log.append(entry)
        self._undoable.append(undoable)
        self._legal_now = None

    def _rebuild(self, steps: int) -> GameState:
        """The state after the first ``steps`` steps of the log, replayed from the latest
        known state at or before them (a checkpoint, the loaded state, or the seed)."""
        game = self._game
        start = self._base
        if self._checkpoint is not None and self._checkpoint[0] <= steps:
            start = self._checkpoint
        state: GameState
        if start is None:
            chance = Chance.seeded(self._seed, self._chance)
            done, state = 0, game.setup(self._players, self._options, chance)
        else:
            done, state = start[0], game.decode_state(start[1])
        # The last step before ``steps`` that can never be undone: no later undo goes behind
        # it, so the state there is kept as the checkpoint the next rebuild starts from.
        first_undoable = len(self._log) - len(self._undoable)
        fixed = done
        for index in range(steps - 1, done - 1, -1):
            if index < first_undoable or not self._undoable[index - first_undoable]:
                fixed = index + 1
                break
        self._replay_steps(state, done, fixed)
        if fixed > done:
            self._checkpoint = (fixed, game.encode_state(state))
        self._replay_steps(state, fixed, steps)
        return state

    def _replay_steps(self, state: GameState, start: int, stop: int) -> None:
        """Apply log steps ``start`` to ``stop`` to ``state``: they were checked when played."""
        game = self._game
        for entry in self._log[start:stop]:
            if not isinstance(entry, str):
                game.advance(state, entry)
            elif entry.startswith(SCRIPT_PREFIX):
                script = read_script(entry)
                state.chance.script(script.rolls, script.orders)
            else:
                game.advance(state, game.parse_action(entry))

    # -- copies -----------------------------------------------------------------------------

    def clone(self, *, seed: int | None = None) -> Match:
        """An independent copy: position, log, undo and redo history, meta and chance.

        Without ``seed`` the copy draws the same chance as this match from here on, so the
        two played alike stay alike (paired comparisons). With ``seed`` its generator is
        started afresh from that seed, so it knows nothing of the dice and shuffles this match
        will see; chance scripts waiting in the match are kept (they were fixed on purpose),
        and cards already dealt face down stay where they lie (:meth:`Game.determinize`
        re-deals those for one seat). A reseeded copy cannot undo past the reseed, and cannot
        be saved or replayed: its position no longer follows from its seed and log.
        """
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED
        ):
            raise SetupError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
        twin = Match.__new__(Match)
        with self._log_lock:
            twin.__dict__.update(self.__dict__)
            twin._log = list(self._log)
            twin._log_text = list(self._log_text)
        twin._log_lock = threading.Lock()
        twin.meta = copy.deepcopy(self.meta)
        twin._state = self._game.clone(self._state)
        twin._undoable = list(self._undoable)
        twin._redo = list(self._redo)
        twin._legal_now = None if self._legal_now is None else list(self._legal_now)
        twin._ids_of = None
        if seed is not None:
            twin._reseed(seed)
        return twin

    def _reseed(self, seed: int) -> None:
        old = self._state.chance
        chance = Chance.seeded(seed, old.generator)
        chance.script(old.rolls, old.orders)
        self._state.chance = chance
        # The replays that undo makes start here, never from the seed: behind this point the
        # chance is the original match's.
        steps = len(self._log)
        self._base = (steps, self._game.encode_state(self._state))
        self._checkpoint = None
        self._undoable = []
        self._redo = []
        self._reseeded = (steps, seed)

    def __copy__(self) -> Match:
        # A shallow copy would share the state, the log and the history: a step played on
        # one would half change the other. Copies are always whole.
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.clone()

    def __getstate__(self) -> dict[str, Any]:
        with self._log_lock:
            fields = dict(self.__dict__)
        del fields["_log_lock"]
        fields["_legal_now"] = None  # worked out again when asked
        fields["_ids_of"] = None
        fields["_observer"] = None  # the game's own, found again by its id
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        fields.setdefault("_ids_of", None)  # pickled before the ids were kept
        fields.setdefault("_observer", None)
        self.__dict__.update(fields)
        self._log_lock = threading.Lock()

    def _check_replayable(self, doing: str) -> None:
        if self._reseeded is not None:
            steps, seed = self._reseeded
            raise ReseededMatchError(
                f"cannot {doing}: this clone's chance was reseeded (seed {seed}) after step "
                f"{steps}, so its position does not follow from its seed and log; "
                "do it with the match it was cloned from"
            )

    # -- undo and redo ----------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undoable) and self._undoable[-1]

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> str:
        """Take back the last step and return its notation.

        Raises :class:`UndoError` when there is none, or when the rules forbid it (the step
        rolled dice or revealed a card). The earlier state is rebuilt by replaying the log, so
        a change made by hand to :attr:`state` does not survive an undo.
        """
        if not self._log:
            raise UndoError("there is nothing to undo")
        if not self._undoable:
            if self._reseeded is not None:
                raise UndoError(
                    f"this clone's chance was reseeded after step {self._reseeded[0]}, "
                    "so earlier steps stay"
                )
            raise UndoError("this match was loaded without its history, so earlier steps stay")
        if not self._undoable[-1]:
            raise UndoError(f"{str(self._log[-1])!r} cannot be taken back: it revealed chance")
        self._state = self._rebuild(len(self._log) - 1)
        with self._log_lock:
            entry = self._log.pop()
            del self._log_text[len(self._log) :]
        self._undoable.pop()
        self._legal_now = None
        self._redo.append(entry)
        return str(entry)

    def redo(self) -> list[Event]:
        """Play again the step most recently undone."""
        if not self._redo:
            raise UndoError("there is nothing to redo")
        events = self._step(self._redo[-1])
        self._redo.pop()
        return events

    # -- replay -----------------------------------------------------------------------------

    def playthrough(self) -> Iterator[Step]:
        """Replay this match from its seed, yielding each step with the events it caused."""
        self._check_replayable("replay it")  # now, not at the first step
        return self._playthrough()

    def _playthrough(self) -> Iterator[Step]:
        fresh = Match(
            self._game,
            self._players,
            self._seed,
            self._options,
            meta=self.meta,
            chance=self._chance,
        )
        for index, entry in enumerate(self._log):
            seat = fresh.to_move
            yield Step(index, seat, str(entry), fresh._step(entry))

    def replay(self) -> Match:
        """A new match rebuilt from the seed and the action log alone."""
        self._check_replayable("replay it")
        # Not by way of from_log: this match's names passed their checks when it started or
        # was loaded (a loaded one may keep a name from before a check was added).
        check_meta(self.meta)
        match = Match(
            self._game,
            self._players,
            self._seed,
            self._options,
            meta=self.meta,
            chance=self._chance,
        )
        for entry in self.log:
            match._step(entry, quiet=True)
        return match

    @classmethod
    def from_log(
        cls,
        game: str | Game[Any],
        players: Sequence[str],
        seed: int,
        options: Mapping[str, Any] | msgspec.Struct | None,
        log: Sequence[str],
        *,
        meta: Mapping[str, Any] | None = None,
        chance: str = DEFAULT_ALGORITHM,
    ) -> Match:
        """The match reached by playing ``log`` from ``seed`` with the ``chance`` algorithm."""
        match = cls.new(game, players, seed, options, meta=meta, chance=chance)
        for entry in log:
            match._step(entry, quiet=True)
        return match

    # -- saves ------------------------------------------------------------------------------

    def save(self, fmt: SaveFormat = "msgpack", *, saved_at: datetime | None = None) -> bytes:
        """The match as a save: compact MessagePack by default, or readable JSON.

        Raises :class:`MetaError` if :attr:`meta` holds something a save cannot keep exactly,
        and :class:`ReseededMatchError` for a clone whose chance was reseeded.
        """
        self._check_replayable("save it")
        check_meta(self.meta)
        envelope = SaveEnvelope(
            engine_version=__version__,
            game=self._game.id,
            state_version=self._game.state_version,
            players=list(self._players),
            options=msgspec.to_builtins(self._options),
            seed=self._seed,
            log=list(self.log),
            state=msgspec.to_builtins(self._state),
            created=self.created,
            saved=saved_at.isoformat(timespec="seconds") if saved_at else _now(),
            meta=self.meta,
            chance=self._chance,
        )
        return encode_envelope(seal(envelope), fmt)

    @classmethod
    def load(cls, data: bytes, *, game: str | None = None, verify: bool = True) -> Match:
        """Restore a match from :meth:`save` output.

        ``game`` refuses saves of any other game. With ``verify`` (the default) the log is
        replayed from the seed and must reproduce the snapshot exactly; this also restores
        the undo history. Every problem raises a :class:`~ringbearer_engine.SaveError`.
        """
        envelope, _ = read_envelope(data)
        if game is not None and envelope.game != game:
            raise WrongGameError(f"this is a save of {envelope.game!r}, not of {game!r}")
        try:
            rules = get_game(envelope.game)
        except KeyError as error:
            raise WrongGameError(f"this save is of a game that is not installed: {error}") from None
        state_data = migrate_state(envelope, rules.state_version)
        players = tuple(envelope.players)
        try:
            # Everything Match.new refuses is refused here too, before the rules see it (but
            # long names and control characters in names, which older saves may hold).
            _check_setup(rules, players, envelope.seed, old=True)
            check_meta(envelope.meta)
            state: GameState = msgspec.convert(state_data, rules.state_type)
            check_script(rules, state.chance.rolls, state.chance.orders)
            if state.chance.generator != envelope.chance:
                raise SetupError(
                    f"its position draws chance with {state.chance.generator}, but the match "
                    f"was started with {envelope.chance}"
                )
            options = _convert_options(rules, envelope.options)
            match = cls(
                rules,
                players,
                envelope.seed,
                options,
                meta=envelope.meta,
                created=envelope.created,
                chance=envelope.chance,
            )
        except (msgspec.ValidationError, SetupError, ScriptError) as error:
            raise DamagedSaveError(f"the save is damaged: {error}") from None
        if verify:
            match._replay_into(envelope.log)
            for version, names in rules.replayed_fields.items():
                if envelope.state_version < version:
                    for name in names:
                        setattr(state, name, getattr(match._state, name))
            if match.snapshot() != rules.encode_state(state):
                raise TamperedSaveError(
                    "the saved position is not the one its action log leads to: the save was "
                    "edited, or it was written by an engine with different rules"
                )
        else:
            match._log = list(envelope.log)
            match._log_text = list(envelope.log)
            match._base = (len(envelope.log), rules.encode_state(state))
        match._state = state
        match._legal_now = None
        return match

    def _replay_into(self, log: Sequence[str]) -> None:
        """Play a loaded log from the start, checking each step as :meth:`play` does."""
        game = self._game
        parse, legal_actions = game.parse_action, game.actions
        for index, entry in enumerate(log, start=1):
            try:
                if entry.startswith(SCRIPT_PREFIX):
                    self._step(entry, quiet=True)
                    continue
                # _step without its checks for a script, and _play_action with the legal
                # actions handed to it: a verified load replays every step.
                self._legal_now = legal_actions(self._state)
                self._play_action(parse(entry), quiet=True)
            except NotationError as error:
                raise UnknownActionError(
                    f"step {index} of the log, {entry!r}, is not an action of "
                    f"{self._game.title}: {error.reason}"
                ) from None
            except IllegalActionError as error:
                raise UnknownActionError(
                    f"step {index} of the log, {entry!r}, is not allowed at that point: "
                    f"{error.reason}"
                ) from None
            except (ValueError, KeyError, TypeError) as error:
                raise UnknownActionError(
                    f"step {index} of the log, {entry!r}, cannot be replayed: {error}"
                ) from None

    # -- observations and information states (for research tools) ---------------------------

    def observation_layout(self) -> Layout:
        """Where everything lies in this match's observation tensors (fixed for the match)."""
        return get_observer(self._game.id).layout(self._state)

    @property
    def observation_shape(self) -> tuple[int]:
        return self.observation_layout().shape

    def observation_tensor(self, seat: int) -> array[float]:
        """What ``seat`` sees now, encoded as :meth:`observation_layout` says (a new array
        at every call: it is the caller's to keep)."""
        # The seat check written out, and the observer kept: research loops call this at
        # every step, and the checks cost a tenth of the encoding.
        if type(seat) is not int or not 0 <= seat < len(self._players):
            self._check_seat(seat)
        observer = self._observer
        if observer is None:
            observer = self._observer = get_observer(self._game.id)
        return observer.tensor(self._state, seat)

    def observation_string(self, seat: int) -> str:
        """What ``seat`` sees now, as text."""
        self._check_seat(seat)
        return get_observer(self._game.id).string(self._state, seat)

    def information_state_string(self, seat: int) -> str:
        """``seat``'s perfect-recall information state: the match as it saw it, as text.

        Worked out by replaying the log; a loop that asks at every step keeps an
        :class:`~.InformationStates` instead."""
        self._check_seat(seat)
        return self._information_states().string(self._state, seat)

    def information_state_tensor(self, seat: int) -> array[float]:
        """``seat``'s information state as a fixed-size tensor (see :mod:`.information`)."""
        self._check_seat(seat)
        return self._information_states().tensor(self._state, seat)

    def information_state_layout(self) -> Layout:
        return self._information_states().layout(self._state)

    def _information_states(self) -> InformationStates:
        self._check_replayable("work out an information state")
        fresh = Match(self._game, self._players, self._seed, self._options, chance=self._chance)
        states = InformationStates(self._game, fresh._state)
        for entry in self._log:
            if not (isinstance(entry, str) and entry.startswith(SCRIPT_PREFIX)):
                action = entry if isinstance(entry, Action) else fresh.parse(entry)
                states.record(fresh._state, action)
            fresh._step(entry, quiet=True)
        return states

    def _check_seat(self, seat: int) -> None:
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < len(self._players)
        ):
            raise ValueError(
                f"there is no seat {seat!r} in a {len(self._players)}-player match "
                "(seats are whole numbers from 0)"
            )

    def __repr__(self) -> str:
        return (
            f"<Match {self._game.id} players={list(self._players)} seed={self._seed} "
            f"steps={len(self._log)}>"
        )


def _whole_number(value: object) -> int | None:
    """``value`` as an id if it is a whole number other than a bool (``numpy.int64`` is);
    ``None`` otherwise, for the catalogue to refuse with its reason."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _malformed(action: Action) -> str:
    """Why a hand-built ``action`` does not fit its own type (a float where a seat number
    goes, say), or ``""``: the rules expect the types the action declares."""
    try:
        msgspec.convert(msgspec.to_builtins(action), type(action))
    except (msgspec.ValidationError, TypeError) as error:
        return f"its fields are not of the kinds {type(action).__name__} holds: {error}"
    except (UnicodeEncodeError, ValueError):  # a lone surrogate, a number beyond 64 bits
        return f"its fields hold values no {type(action).__name__} can hold"
    return ""


def _convert_options(
    game: Game[Any], options: Mapping[str, Any] | msgspec.Struct | None
) -> msgspec.Struct:
    if isinstance(options, game.options_type):
        return options
    data = msgspec.to_builtins(options) if isinstance(options, msgspec.Struct) else options
    try:
        converted: msgspec.Struct = game.convert_options(data)
    except msgspec.ValidationError as error:
        raise SetupError(f"bad options for {game.title}: {error}") from None
    return converted


def _check_setup(game: Game[Any], players: tuple[str, ...], seed: object, *, old: bool) -> None:
    """Raise :class:`SetupError` unless a match of ``game`` can start with these seats and seed
    (``old``: the names come from a save, see :func:`.names.name_problem`)."""
    problem = player_count_error(game, players)
    if problem:
        raise SetupError(problem)
    check_names(players, old=old)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SetupError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")


class ChanceScript(msgspec.Struct, forbid_unknown_fields=True):
    """The payload of a ``!script`` entry: die faces and deck tops by name."""

    rolls: dict[str, list[int | str]]
    orders: dict[str, list[str]]


def read_script(entry: str) -> ChanceScript:
    """The script a ``!script`` log entry holds, so a log can be replayed through
    :meth:`Match.script`. Raises :class:`ScriptError` if the entry is not one."""
    if not entry.startswith(SCRIPT_PREFIX):
        raise ScriptError(f"{entry!r} is not a chance script")
    try:
        return msgspec.json.decode(entry.removeprefix(SCRIPT_PREFIX), type=ChanceScript)
    except msgspec.DecodeError as error:
        raise ScriptError(f"not a valid chance script: {error}") from None


def check_script(
    game: Game[Any],
    rolls: Mapping[str, Sequence[int | str]],
    orders: Mapping[str, Sequence[str]],
) -> None:
    """Raise :class:`ScriptError` unless every scripted die, deck, face and card can occur.

    A game that declares no :meth:`~.Game.chance_faces` gets only the range check.
    """
    declared = game.chance_faces()
    for kind, queues in (("face", rolls), ("card", orders)):
        for name, values in queues.items():
            for value in values:
                if isinstance(value, int) and not SMALLEST_INT <= value <= LARGEST_INT:
                    raise ScriptError(f"scripted {name!r} {kind} {value} is out of range")
            if declared is None:
                continue
            possible: Collection[str] | None = declared.get(name)
            if possible is None:
                known = ", ".join(sorted(declared))
                raise ScriptError(f"{game.title} has no die or deck called {name!r} ({known})")
            for value in values:
                if str(value) not in possible:
                    raise ScriptError(
                        f"scripted {name!r} {kind} {value!r} can never come up in {game.title}"
                    )
