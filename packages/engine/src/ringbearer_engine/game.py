"""What a game is: the protocol every game module implements, and the registry of games.

A game is a set of pure rules over a mutable state struct. The engine's :class:`~.Match`
drives it (legality checks, history, undo, saves); bots and the simulator drive it directly
for speed. ``apply`` changes the state it is given: callers that need the old state keep a
copy (:meth:`Game.clone`), which is how undo and look-ahead work.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, SupportsIndex, TypeVar

import msgspec

from .actions import Action, ActionCodec
from .catalogue import ActionCatalogue
from .chance import Chance
from .errors import NoCatalogueError, UnknownGameError
from .events import Event
from .info import MAX_UTILITY, MIN_UTILITY, GameInfo

if TYPE_CHECKING:
    from .bots.montecarlo import Ranking


class GameState(msgspec.Struct, kw_only=True):
    """Fields every game state has. Games subclass it with their own fields."""

    players: tuple[str, ...]
    chance: Chance


class NoOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The options of a game that has none."""


class Outcome(msgspec.Struct, frozen=True):
    """How a match ended.

    ``winners`` lists the winning seats: every seat when a cooperative game is won, none when
    it is lost, one seat in a race. ``reason`` is a stable id for statistics
    (``"ring-destroyed"``); ``summary`` says it in a sentence.
    """

    winners: tuple[int, ...]
    reason: str
    summary: str

    @property
    def won(self) -> bool:
        """Whether anybody won; for a cooperative game, whether the team won."""
        return bool(self.winners)

    def utility(self, seat: int) -> float:
        """What the match is worth to ``seat``: 1 if it won, else 0 (``GameInfo`` bounds)."""
        return MAX_UTILITY if seat in self.winners else MIN_UTILITY


class Bot(Protocol):
    """Chooses one of the legal actions for the seat that decides now.

    A bot is handed the full state for speed, but a fair bot must act only on what the deciding
    seat may know: it should look at ``game.view(state, seat)`` or imagine futures from
    ``game.determinize(state, seat, ...)``, never at hidden parts of ``state`` directly.
    """

    name: str

    def choose(self, game: Game[Any], state: GameState) -> Action: ...


S = TypeVar("S", bound=GameState)
BotFactory = Callable[[int], "Bot"]
"""Makes a game's bot from a seed (what :meth:`Game.bots` lists by name)."""


class Advisor(Protocol):
    """Ranks the legal actions of the seat to move, the advised one first."""

    def rank(self, game: Game[Any], state: GameState) -> list[Ranking]: ...


class Game(ABC, Generic[S]):
    """The rules of one game. Subclasses describe it and implement the abstract methods."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    cooperative: ClassVar[bool]
    private_information: ClassVar[bool | None] = None
    """Whether seats see different things (a hand of their own); ``None``: not said."""
    max_game_length: ClassVar[int | None] = None
    """The most decisions a match takes as research tools see it: a proven bound of the
    rules (``max_game_length_proven``) or the cap the adapters enforce; ``None``: neither."""
    max_game_length_proven: ClassVar[bool] = False
    state_type: ClassVar[type[GameState]]
    options_type: ClassVar[type[msgspec.Struct]] = NoOptions
    action_types: ClassVar[tuple[type[Action], ...]]
    state_version: ClassVar[int] = 1
    """Bump when the state's layout changes incompatibly, and register a migration."""
    replayed_fields: ClassVar[Mapping[int, tuple[str, ...]]] = {}
    """State fields that a state version brought in and that only replaying the log can fill
    (such as what each seat has seen): a save from before that version has them at their
    defaults, so a verified load takes them from the replay instead of comparing them."""

    def __init__(self) -> None:
        self._codec = ActionCodec(self.action_types)
        self._encoder = msgspec.msgpack.Encoder()
        self._decoder: msgspec.msgpack.Decoder[Any] = msgspec.msgpack.Decoder(self.state_type)

    @property
    def info(self) -> GameInfo:
        """This game's facts, as :func:`game_info` gives them."""
        catalogue = self.action_catalogue()
        return GameInfo(
            id=self.id,
            title=self.title,
            min_players=self.min_players,
            max_players=self.max_players,
            default_players=self.default_players,
            cooperative=self.cooperative,
            private_information=self.private_information,
            num_distinct_actions=None if catalogue is None else catalogue.num_distinct_actions,
            action_catalogue_version=None if catalogue is None else catalogue.version,
            max_game_length=self.max_game_length,
            max_game_length_proven=self.max_game_length_proven,
        )

    # -- copies and pickles: a game is its rules, which never change -----------------------

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        # A registered game pickles as its id, so it unpickles as the game registered there
        # (the same object in this process); any other instance pickles its attributes.
        if _registry.get(self.id) is self:
            return (get_game, (self.id,))
        return super().__reduce_ex__(protocol)

    def __getstate__(self) -> dict[str, Any]:
        fields = dict(self.__dict__)
        for made in ("_codec", "_encoder", "_decoder"):  # msgspec's cannot be pickled
            fields.pop(made, None)
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        Game.__init__(self)

    def __copy__(self) -> Game[S]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Game[S]:
        return self

    # -- the rules -------------------------------------------------------------------------

    @abstractmethod
    def setup(self, players: tuple[str, ...], options: Any, chance: Chance) -> S:
        """The state at the start of a match."""

    @abstractmethod
    def actions(self, state: S) -> list[Action]:
        """Every legal action of whoever decides now; empty once the match is over."""

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Carry out a legal action, changing ``state``; return what happened in order."""

    def advance(self, state: S, action: Action) -> None:
        """Carry out a legal action as :meth:`apply` does, for a caller that will not read
        the events: simulations, look-ahead and replays. The state ends up exactly as after
        ``apply``; a game may override this to skip building the events."""
        self.apply(state, action)

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat that decides now, or ``None`` once the match is over."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the match ended, or ``None`` while it goes on."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> msgspec.Struct:
        """What ``seat`` may see (``None``: a spectator). Never leaks hidden information."""

    # -- hooks with sensible defaults ------------------------------------------------------

    def prompt(self, state: S) -> str:
        """A sentence saying what is being decided now."""
        seat = self.to_move(state)
        return "The match is over." if seat is None else f"{state.players[seat]} to play."

    def why_illegal(self, state: S, action: Action) -> str | None:
        """Why ``action`` is not legal now, in a sentence; ``None`` for the generic reason."""
        return None

    def undoable(self, state: S, action: Action, revealed: bool) -> bool:
        """Whether the action just applied may be taken back.

        ``revealed`` says whether it consumed chance (a roll, a draw). By default such an
        action cannot be undone: taking back a die roll would let a player re-roll.
        """
        return not revealed

    def determinize(self, state: S, seat: int | None, chance: Chance) -> S:
        """A copy of ``state`` consistent with what ``seat`` knows, with fresh chance.

        Bots imagine futures from it. Games with hidden information override this to
        re-deal what ``seat`` cannot see (other hands, deck orders) using ``chance``.
        """
        copy = self.clone(state)
        copy.chance = chance
        return copy

    def chance_faces(self) -> Mapping[str, Collection[str]] | None:
        """Every die and deck a match draws from, by name, with each face or card it can show.

        Faces and cards are given as text (``"3"``, ``"sauron"``). :meth:`Match.script`
        refuses any other name or value, so a script is checked when it is given, not when
        the die is rolled. ``None``, the default, declares nothing: scripts are then checked
        only for their form.
        """
        return None

    def max_chance_outcomes(self) -> int | None:
        """The most outcomes one draw can have (the largest die or deck the game draws from),
        as :class:`~.ExplicitChance` numbers them; ``None`` if the game cannot say.

        By default the most faces or cards of any die or deck in :meth:`chance_faces`: right
        for a game whose decks hold each card once. A game whose decks hold copies of a card
        counts the copies itself."""
        faces = self.chance_faces()
        if not faces:
            return None
        return max(len(shown) for shown in faces.values())

    def turn_number(self, state: S) -> int:
        """How many turns have been played, for reports of game length."""
        return 0

    def evaluate(self, state: S, seat: int) -> float | None:
        """The estimated chance that ``seat`` wins from ``state`` under the game's own bots.

        Look-ahead bots (the Monte-Carlo advisor) score an imagined future by it after a few
        turns instead of playing it to the end. ``None``, the default, means the game offers no
        estimate, and futures are played out.
        """
        return None

    def bots(self) -> dict[str, BotFactory]:
        """The game's own bots by name (e.g. ``heuristic``), as factories taking a seed."""
        return {}

    def action_catalogue(self) -> ActionCatalogue | None:
        """Every action the game can offer, numbered (:mod:`ringbearer_engine.catalogue`);
        ``None``, the default, for a game that numbers none. A game builds it once and returns
        the same object on every call."""
        return None

    def advisor(self, seed: int) -> Advisor:
        """The game's one advisor, behind the hint, the review and the coach alike.

        It ranks the choices of the seat to move from the true state while seeing only what
        that seat knows. The default is the Monte-Carlo advisor at the hint's strength; a game
        with a stronger search overrides this, and nothing else needs to change.
        """
        from .bots.montecarlo import HINT_FUTURES, MonteCarloAdvisor

        return MonteCarloAdvisor(self, playouts=HINT_FUTURES, seed=seed)

    # -- helpers shared by every game ------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (see :mod:`ringbearer_engine.actions`)."""
        return self._codec.parse(text)

    def encode_state(self, state: S) -> bytes:
        """Canonical MessagePack bytes of a state: equal states give equal bytes."""
        return self._encoder.encode(state)

    def decode_state(self, data: bytes) -> S:
        state: S = self._decoder.decode(data)
        return state

    def clone(self, state: S) -> S:
        """A deep copy of ``state``."""
        return self.decode_state(self.encode_state(state))

    def numbered_actions(self) -> ActionCatalogue:
        """:meth:`action_catalogue`, or :class:`NoCatalogueError` for a game that has none."""
        catalogue = self.action_catalogue()
        if catalogue is None:
            raise NoCatalogueError(f"{self.title} has no action catalogue")
        return catalogue

    def legal_ids(self, state: S) -> list[int]:
        """The catalogue ids of the legal actions of whoever decides now, in the order of
        :meth:`actions`."""
        return self.numbered_actions().legal_ids(self.actions(state))

    def legal_mask(self, state: S) -> bytearray:
        """One byte per catalogue id, 1 where that action is legal now."""
        return self.numbered_actions().legal_mask(self.actions(state))

    def convert_options(self, options: object) -> Any:
        return msgspec.convert(options or {}, self.options_type)


# -- the registry ---------------------------------------------------------------------------

_registry: dict[str, Game[Any]] = {}


@functools.cache
def _load_builtins() -> None:
    # Each module of ringbearer_engine.games registers its game when imported. They are
    # imported on first use, so that importing the engine stays cheap. A module that fails
    # to import costs only its own game: the others stay playable, and a warning says why.
    package = importlib.import_module("ringbearer_engine.games")
    for module in pkgutil.iter_modules(package.__path__):
        name = f"{package.__name__}.{module.name}"
        try:
            importlib.import_module(name)
        except Exception as error:
            warnings.warn(f"the game module {name} could not be loaded: {error!r}", stacklevel=2)


def register(game: Game[Any]) -> Game[Any]:
    """Make ``game`` available by its id. Other packages may register their own games."""
    if game.id in _registry and type(_registry[game.id]) is not type(game):
        raise ValueError(f"a different game is already registered as {game.id!r}")
    _registry[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _registry.pop(game_id, None)


def get_game(game_id: str) -> Game[Any]:
    """The registered game with this id."""
    _load_builtins()
    try:
        return _registry[game_id]
    except KeyError:
        known = ", ".join(sorted(_registry)) or "none are installed"
        raise UnknownGameError(f"no game called {game_id!r} (known: {known})") from None


def game_info(game_id: str) -> GameInfo:
    """The facts of the registered game with this id (:class:`UnknownGameError` if none)."""
    return get_game(game_id).info


def list_games() -> list[Game[Any]]:
    """Every registered game, ordered by id."""
    _load_builtins()
    return [_registry[key] for key in sorted(_registry)]


def player_count_error(game: Game[Any], players: Sequence[str]) -> str | None:
    count = len(players)
    if game.min_players <= count <= game.max_players:
        return None
    span = (
        str(game.min_players)
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players}"
    )
    return f"{game.title} is for {span} players, not {count}"
