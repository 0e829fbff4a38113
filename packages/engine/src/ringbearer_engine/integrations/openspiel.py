"""The games as OpenSpiel games, chance as explicit chance nodes (``ringbearer-engine[openspiel]``).

>>> import pyspiel
>>> from ringbearer_engine.integrations import openspiel
>>> openspiel.register()
>>> game = pyspiel.load_game("ringbearer_mount_doom", {"players": 2})
>>> state = game.new_initial_state()

Each registered game is named ``ringbearer_`` and the engine's id with underscores
(``ringbearer_mount_doom``, ``ringbearer_adventure_game``, ``ringbearer_adventure_book``).

**Parameters**: ``players`` (the game's default if not given); ``seed`` (0), from which the
deals are derived; ``deals`` (1024), how many different deals the first chance node chooses
between; ``max_game_length`` (the game's ``GameInfo.max_game_length``, 5000 for the three games;
5000 for a game that sets none), after which many decisions a match ends with every utility
0, since none of the games has a proven bound; and every whole-number or yes/no
option of the game (the Book's ``chapter``, for one).

**Chance.** A match's setup (shuffles, the first player) is drawn from a seed: the first node
of every game is a chance node that picks one of ``deals`` seeds, uniformly. After it, every
die roll, pick and shuffle is a chance node of its own (:class:`~ringbearer_engine.ExplicitChance`):
a decision that rolls dice is followed by one chance node a die, whose outcomes ``0`` to
``n - 1`` are equally likely. ``MaxChanceOutcomes`` is the larger of ``deals`` and the game's
own largest draw.

**Actions** are the game's action catalogue ids; the legal ones come sorted, as OpenSpiel
requires. **Utilities**: 1 to each winner, 0 to the others; the cooperative games are
``IDENTICAL``, the Adventure Game ``GENERAL_SUM``. **Observations and information states**
(strings and tensors) are the engine's own (``Match.observation_tensor`` and
:class:`~ringbearer_engine.InformationStates`), with their layouts' segments as the observer's
``dict``. States clone and serialise (pickled, as for any Python game in OpenSpiel).
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
import numpy as np
import pyspiel

from ..chance import derive_seed
from ..explicit import ExplicitChance, uniform_outcomes
from ..game import Game, get_game, list_games
from ..information import InformationStates
from ..match import Match
from ..observation import Layout, get_observer
from . import _seats

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
PREFIX = "ringbearer_"
DEFAULT_DEALS = 1024
DEFAULT_MAX_GAME_LENGTH = 5000
_FIXED = ("players", "seed", "deals", "max_game_length")


def short_name(game_id: str) -> str:
    """OpenSpiel's name of an engine game: ``ringbearer_mount_doom`` for ``mount-doom``."""
    return PREFIX + game_id.replace("-", "_")


def register() -> list[str]:
    """Register every game of the engine that numbers its actions and observes its seats;
    returns the names registered (a name already registered is left as it is)."""
    known = {game_type.short_name for game_type in pyspiel.registered_games()}
    names = []
    for game in list_games():
        name = short_name(game.id)
        if game.action_catalogue() is None or game.max_chance_outcomes() is None:
            continue
        if name not in known:
            pyspiel.register_game(_game_type(game), _creator(game.id))
        names.append(name)
    return names


def _option_defaults(game: Game[Any]) -> dict[str, int | bool]:
    """The game's options that OpenSpiel can carry as parameters: whole numbers and yes/no."""
    defaults = msgspec.to_builtins(game.options_type())
    return {
        name: value
        for name, value in defaults.items()
        if isinstance(value, int) and name not in _FIXED
    }


def _game_type(game: Game[Any]) -> Any:
    game_class = pyspiel.GameType
    return game_class(
        short_name=short_name(game.id),
        long_name=game.title,
        dynamics=game_class.Dynamics.SEQUENTIAL,
        chance_mode=game_class.ChanceMode.EXPLICIT_STOCHASTIC,
        information=game_class.Information.IMPERFECT_INFORMATION,
        utility=(
            game_class.Utility.IDENTICAL if game.cooperative else game_class.Utility.GENERAL_SUM
        ),
        reward_model=game_class.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.default_players,
            "seed": 0,
            "deals": DEFAULT_DEALS,
            "max_game_length": game.max_game_length or DEFAULT_MAX_GAME_LENGTH,
            **_option_defaults(game),
        },
    )


_GAME_CLASSES: dict[str, type[RingbearerGame]] = {}


def _creator(game_id: str) -> type[RingbearerGame]:
    """A class of its own for each game, which OpenSpiel's registry calls with the parameters.

    A class and not a function: the registry lets go of its creators only after Python has
    shut down, and a function freed then (without the interpreter's lock) ends the process
    with a fatal error instead of exit status 0; a class is never freed that late."""
    made = _GAME_CLASSES.get(game_id)
    if made is None:
        name = "".join(part.title() for part in game_id.split("-")) + "Game"
        made = _GAME_CLASSES[game_id] = type(name, (RingbearerGame,), {"game_id": game_id})
    return made


class RingbearerGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """One engine game with its parameters, as OpenSpiel sees it (a subclass per game names
    it in ``game_id``)."""

    game_id: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game_id = self.game_id
        game = get_game(game_id)
        self.rules = game
        values = {**_game_type(game).parameter_specification, **params}
        self.players = _seats.seat_count(game_id, int(values["players"]))
        self.seed = int(values["seed"])
        self.deals = int(values["deals"])
        self.max_length = int(values["max_game_length"])
        if self.deals < 1 or self.max_length < 1:
            raise ValueError("deals and max_game_length are at least 1")
        self.options = {name: values[name] for name in _option_defaults(game)}
        sample = self.start(0)
        self.observation_layout = get_observer(game_id).layout(sample.state)
        self.information_layout = InformationStates(game, sample.state).layout(sample.state)
        bound = game.max_chance_outcomes()
        assert bound is not None  # register() offers only games that say
        info = pyspiel.GameInfo(
            num_distinct_actions=game.numbered_actions().num_distinct_actions,
            max_chance_outcomes=max(bound, self.deals),
            num_players=self.players,
            min_utility=game.info.min_utility,
            max_utility=game.info.max_utility,
            utility_sum=None,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(game), info, params)

    def start(self, deal: int) -> Match:
        """The match of deal number ``deal`` (its seed derived from the ``seed`` parameter)."""
        match_seed = derive_seed(self.seed, deal)
        return _seats.start(self.rules.id, self.players, match_seed, self.options)

    def new_initial_state(self) -> RingbearerState:
        return RingbearerState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RingbearerObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        layout = self.information_layout if recall else self.observation_layout
        return RingbearerObserver(layout, perfect_recall=recall)


class RingbearerState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """A match in progress. Its Python attributes are all it is: OpenSpiel copies them one
    by one to clone a state, so the match lives in one of them only (``table``)."""

    def __init__(self, game: RingbearerGame) -> None:
        super().__init__(game)
        self.game_id = game.rules.id
        self.seats = game.players
        self.deals = game.deals
        self.max_length = game.max_length
        self.table: ExplicitChance | None = None
        """The match and its pending draws, once dealt."""
        self.seen: InformationStates | None = None
        self.decisions = 0
        self.player = _CHANCE
        """Who acts now (a seat, chance or terminal), worked out once a step: OpenSpiel asks
        several times for each action, across the C++ boundary each time."""

    # -- who acts ---------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.player

    def _whose_turn(self) -> int:
        table = self.table
        if table is None or table.at_chance:
            return _CHANCE
        match = table.match
        if match.outcome is not None or self.decisions >= self.max_length:
            return _TERMINAL
        seat = match.to_move
        assert seat is not None  # a match without an outcome always waits for a seat
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.table is None or player != self.player:
            return []
        return sorted(self.table.match.legal_ids())

    # What OpenSpiel's C++ State does for these, done in Python when called from Python: each
    # would otherwise cross into C++ and back into this class's methods several times, and a
    # tensor would come back as a list of Python floats (a thousand of them in Mount Doom,
    # which cost four times the encoding). C++ callers get the same values through the
    # methods above and the observers.

    def is_chance_node(self) -> bool:
        return self.player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (the one to act by default), sorted; at a chance
        node, its outcomes (whoever asks)."""
        current = self.player
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player is None or player == current:
            return self._legal_actions(current)
        if player < 0:
            raise pyspiel.SpielError(f"no legal actions for pseudo-player {player}")
        return []

    def observation_tensor(self, player: int | None = None) -> np.ndarray[Any, Any]:
        """``player``'s observation (the one to act by default) as a new float32 array: the
        values OpenSpiel's own call gives as a list."""
        seat = self._seat(player)
        table = self.table
        if table is None:
            return np.zeros(self.get_game().observation_layout.size, np.float32)
        return np.frombuffer(table.match.observation_tensor(seat), np.float32)

    def information_state_tensor(self, player: int | None = None) -> np.ndarray[Any, Any]:
        """``player``'s information-state tensor (the one to act by default) as a new float32
        array."""
        seat = self._seat(player)
        table = self.table
        if table is None:
            return np.zeros(self.get_game().information_layout.size, np.float32)
        assert self.seen is not None
        return np.frombuffer(self.seen.tensor(table.match._state, seat), np.float32)

    def _seat(self, player: int | None) -> int:
        seat = self.player if player is None else player
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a player is a whole number, not {seat!r}")
        if not 0 <= seat < self.seats:
            raise pyspiel.SpielError(f"there is no player {seat} to observe")
        return seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.table is None:
            return list(uniform_outcomes(self.deals))
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            game = self.get_game()
            match = game.start(action)
            self.table = ExplicitChance(match)
            self.seen = InformationStates(match.game, match.state)
        elif self.table.at_chance:
            self.table.play_chance(action)
        else:
            assert self.seen is not None
            table = self.table
            match = table.match
            chosen = match.game.numbered_actions().decode(action)
            # The state's bytes once, for the history and for explicit chance's first try.
            # match._state is read only here: Match.state would drop the legal actions kept.
            encoded = match.game.encode_state(match._state)
            self.seen.record(match._state, chosen, encoded=encoded)
            table.play(chosen, events=False, encoded=encoded)
            self.decisions += 1
        self.player = self._whose_turn()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.table is None else f"chance {action}"
        return str(get_game(self.game_id).numbered_actions().decode(action))

    # -- the end ----------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.player == _TERMINAL

    def returns(self) -> list[float]:
        if self.table is None:
            return [0.0] * self.get_game().num_players()
        return _seats.utilities(self.table.match)

    def __str__(self) -> str:
        if self.table is None:
            return f"{self.game_id}: before the deal"
        match = self.table.match
        return f"{self.game_id} seed {match.seed}: " + " | ".join(match.log)


class RingbearerObserver:
    """OpenSpiel's Python observer: ``tensor`` and its named views ``dict``, filled by
    :meth:`set_from`; :meth:`string_from` writes the same as text."""

    def __init__(self, layout: Layout, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {
            segment.name: self.tensor[segment.start : segment.start + segment.size]
            for segment in layout.segments
        }

    def set_from(self, state: RingbearerState, player: int) -> None:
        table = state.table
        if table is None:
            self.tensor.fill(0.0)
            return
        match = table.match
        if self.perfect_recall:
            assert state.seen is not None
            values = state.seen.tensor(match._state, player)
        else:
            values = match.observation_tensor(player)
        self.tensor[:] = np.frombuffer(values, dtype=np.float32)

    def string_from(self, state: RingbearerState, player: int) -> str:
        table = state.table
        if table is None:
            return "before the deal"
        match = table.match
        if self.perfect_recall:
            assert state.seen is not None
            return state.seen.string(match._state, player)
        return match.observation_string(player)
