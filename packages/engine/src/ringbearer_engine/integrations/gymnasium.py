"""The games as Gymnasium environments: one seat the agent, the others the engine's bots
(``ringbearer-engine[gymnasium]``).

Importing this module registers the environments:

>>> import gymnasium
>>> import ringbearer_engine.integrations.gymnasium  # registers ringbearer/...
>>> environment = gymnasium.make("ringbearer/MountDoom-v0")
>>> observation, info = environment.reset(seed=3)
>>> action = environment.action_space.sample(info["action_mask"])

(or, without the import, with the module named in the id:
``gymnasium.make("ringbearer_engine.integrations.gymnasium:ringbearer/MountDoom-v0")``).

=================================  =======================================================
id                                 the match
=================================  =======================================================
``ringbearer/MountDoom-v0``        Adventure to Mount Doom, the agent alone
``ringbearer/AdventureGame-v0``    The Adventure Game, the agent against one heuristic bot
``ringbearer/AdventureBook-v0``    The Adventure Book Game, chapter 1, the agent alone
=================================  =======================================================

Each takes ``players``, ``seat`` (the agent's), ``bot`` (the engine's name of the bot that
plays every other seat: ``heuristic``, ``random``, ``mc`` …), ``options`` (the game's
options, such as a Book chapter) and ``max_decisions`` (below) as keyword arguments of
``gymnasium.make``.

The observation is the agent's seat's observation tensor (float32, the game observer's
layout); the action is an id of the game's action catalogue; ``info["action_mask"]`` has one
int8 per id, 1 where the action is legal now. The reward is the agent's utility at the end (1
for a win, 0 otherwise), 0 before. The other seats' moves are played by their bot inside
:meth:`~RingbearerSeatEnv.step`, before control comes back to the agent.

An id that is not legal now does not change the match: the step returns the same
observation, reward 0, and ``info["illegal_action"]`` says why (agents that sample from the
mask never see it). The registered ids stop an episode after 5,000 of the agent's steps
(``max_episode_steps``), so an agent that only ever tries illegal ids still ends. The match
itself is truncated once it has taken ``max_decisions`` decisions, the agent's and the bots'
together (by default the game's ``GameInfo.max_game_length``: 5000 for the three games, none
of which has a proven bound on its length).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from ..bots import make_bot
from ..errors import IllegalActionError
from ..game import Bot, get_game
from . import _seats

MAX_EPISODE_STEPS = 5_000
ENVIRONMENTS = {
    "ringbearer/MountDoom-v0": {"game_id": "mount-doom", "players": 1},
    "ringbearer/AdventureGame-v0": {"game_id": "adventure-game", "players": 2},
    "ringbearer/AdventureBook-v0": {
        "game_id": "adventure-book",
        "players": 1,
        "options": {"chapter": 1},
    },
}
"""The registered ids and the keyword arguments each gives :class:`RingbearerSeatEnv`."""


class RingbearerSeatEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a match as a Gymnasium environment (see the module)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game_id: str,
        *,
        players: int | None = None,
        seat: int = 0,
        bot: str = "heuristic",
        options: Mapping[str, Any] | None = None,
        max_decisions: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        game = get_game(game_id)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        if max_decisions is not None and max_decisions < 1:
            raise ValueError(f"max_decisions is at least 1, not {max_decisions}")
        self.max_decisions = game.max_game_length if max_decisions is None else max_decisions
        self._decisions = 0
        self.game_id = game_id
        self.seats = _seats.seat_count(game_id, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"seat is one of 0 to {self.seats - 1}, not {seat!r}")
        self.seat = seat
        self.bot_name = bot
        make_bot(game, bot)  # refuses an unknown bot now, not at the first reset
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.match = _seats.start(game_id, self.seats, 0, self.game_options)
        ids = game.numbered_actions().num_distinct_actions
        size = _seats.observation_size(self.match)
        self.observation_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = spaces.Discrete(ids)
        self._no_actions = np.zeros(ids, np.int8)
        self._bots: list[Bot] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(2**62)) if seed is None else seed
        self.match = _seats.start(self.game_id, self.seats, match_seed, self.game_options)
        self._decisions = 0
        game = self.match.game
        self._bots = [
            make_bot(game, self.bot_name, seed=match_seed + seat) for seat in range(self.seats)
        ]
        self._let_the_bots_play()
        return _seats.observation(self.match, self.seat), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        if self.match.outcome is not None:
            raise RuntimeError("the match is over: reset() the environment first")
        if self._truncated():
            raise RuntimeError("the match was truncated: reset() the environment first")
        try:
            self.match.advance_id(int(action))
        except IllegalActionError as refused:
            info = self._info()
            info["illegal_action"] = str(refused)
            return _seats.observation(self.match, self.seat), 0.0, False, False, info
        self._decisions += 1
        self._let_the_bots_play()
        over = self.match.outcome is not None
        reward = _seats.utilities(self.match)[self.seat] if over else 0.0
        truncated = not over and self._truncated()
        observation = _seats.observation(self.match, self.seat)
        return observation, reward, over, truncated, self._info()

    def _truncated(self) -> bool:
        return self.max_decisions is not None and self._decisions >= self.max_decisions

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"{self.match.prompt}\n{self.match.view(self.seat)}"

    def _let_the_bots_play(self) -> None:
        match = self.match
        while match.outcome is None and match.to_move != self.seat and not self._truncated():
            seat = match.to_move
            if seat is None:
                raise RuntimeError(f"{self.game_id}: nobody is to move, yet the match goes on")
            match.play(self._bots[seat].choose(match.game, match.state))
            self._decisions += 1

    def _info(self) -> dict[str, Any]:
        over = self.match.outcome is not None or self._truncated()
        mask = self._no_actions.copy() if over else _seats.legal_mask(self.match)
        return {"action_mask": mask}


def register() -> None:
    """Register the ``ringbearer/…`` ids with Gymnasium (done when this module is imported)."""
    for name, arguments in ENVIRONMENTS.items():
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point=f"{__name__}:RingbearerSeatEnv",
                kwargs=dict(arguments),
                max_episode_steps=MAX_EPISODE_STEPS,
            )


register()
