"""Ringbearer's rules engine for three Lord of the Rings tabletop games.

>>> import ringbearer_engine as rb
>>> [game.id for game in rb.list_games()]  # doctest: +SKIP
['adventure-book', 'adventure-game', 'mount-doom']

Start a match with :meth:`Match.new`, ask it for :meth:`~Match.actions`, :meth:`~Match.play`
one, and :meth:`~Match.save` it; see the documentation for a walk-through.
"""

from ._version import __version__
from .actions import Action, ActionCodec
from .advice import advise, clearly_higher, has_figure
from .analysis import Analysis, StepReview, analyse
from .bots import Bot, MonteCarloAdvisor, RandomBot, Ranking, bot_names, make_bot
from .catalogue import ActionCatalogue
from .chance import Chance, derive_seed
from .errors import (
    ActionIdError,
    DamagedSaveError,
    FutureVersionError,
    IllegalActionError,
    MetaError,
    NoCatalogueError,
    NotASaveError,
    NotationError,
    ReseededMatchError,
    RingbearerError,
    SaveError,
    ScriptError,
    SetupError,
    TamperedSaveError,
    TruncatedSaveError,
    UndoError,
    UnknownActionError,
    UnknownGameError,
    WrongGameError,
)
from .events import Event
from .explicit import ExplicitChance, ExplicitChanceError
from .game import (
    Advisor,
    Game,
    GameState,
    NoOptions,
    Outcome,
    game_info,
    get_game,
    list_games,
    register,
    unregister,
)
from .info import GameInfo
from .information import InformationStates
from .match import Match, Step
from .observation import Layout, Observer, Segment, get_observer, register_observer
from .saves import FORMAT_ID, SAVE_VERSION, register_migration, unregister_migration
from .simulate import SimulationReport, simulate

__all__ = [
    "FORMAT_ID",
    "SAVE_VERSION",
    "Action",
    "ActionCatalogue",
    "ActionCodec",
    "ActionIdError",
    "Advisor",
    "Analysis",
    "Bot",
    "Chance",
    "DamagedSaveError",
    "Event",
    "ExplicitChance",
    "ExplicitChanceError",
    "FutureVersionError",
    "Game",
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "InformationStates",
    "Layout",
    "Match",
    "MetaError",
    "MonteCarloAdvisor",
    "NoCatalogueError",
    "NoOptions",
    "NotASaveError",
    "NotationError",
    "Observer",
    "Outcome",
    "RandomBot",
    "Ranking",
    "ReseededMatchError",
    "RingbearerError",
    "SaveError",
    "ScriptError",
    "Segment",
    "SetupError",
    "SimulationReport",
    "Step",
    "StepReview",
    "TamperedSaveError",
    "TruncatedSaveError",
    "UndoError",
    "UnknownActionError",
    "UnknownGameError",
    "WrongGameError",
    "__version__",
    "advise",
    "analyse",
    "bot_names",
    "clearly_higher",
    "derive_seed",
    "game_info",
    "get_game",
    "get_observer",
    "has_figure",
    "list_games",
    "make_bot",
    "register",
    "register_migration",
    "register_observer",
    "simulate",
    "unregister",
    "unregister_migration",
]
