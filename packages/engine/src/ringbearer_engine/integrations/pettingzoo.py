"""The games as PettingZoo AEC environments, every seat an agent (extra: ``pettingzoo``).

>>> from ringbearer_engine.integrations.pettingzoo import env
>>> game = env("adventure-game", players=3)
>>> game.reset(seed=7)
>>> for agent in game.agent_iter():
...     observation, reward, terminated, truncated, info = game.last()
...     mask = observation["action_mask"]
...     action = None if terminated or truncated else game.action_space(agent).sample(mask)
...     game.step(action)

Agents are ``seat_0``, ``seat_1`` … in seat order; the agent to act is the seat the game
waits for. An observation is a dict, as in PettingZoo's classic games: ``observation``, the
seat's observation tensor (float32, the layout of the game's observer), and ``action_mask``,
one int8 per action id of the game's catalogue, 1 where that action is legal for the agent
now (all 0 when it is not the agent's turn). Actions are catalogue ids. Rewards come at the
end: each seat's utility (1 for a win, 0 otherwise; in a cooperative game all alike).

An id that is not legal now is refused with the engine's
:class:`~ringbearer_engine.IllegalActionError` and leaves the match as it was. ``max_steps``
ends the episode as truncated for every agent after that many actions; by default it is the
game's ``GameInfo.max_game_length`` (5000 for the three games, none of which has a proven
bound on its length).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from ..game import get_game
from . import _seats

Observation = dict[str, NDArray[Any]]


def env(
    game_id: str,
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    max_steps: int | None = None,
    render_mode: str | None = None,
) -> RingbearerAEC:
    """An AEC environment of ``game_id`` (``mount-doom``, ``adventure-game``,
    ``adventure-book``) for ``players`` seats (the game's default if not given), truncated
    after ``max_steps`` actions (the game's ``max_game_length`` if not given)."""
    return RingbearerAEC(
        game_id, players=players, options=options, max_steps=max_steps, render_mode=render_mode
    )


class RingbearerAEC(AECEnv[str, Observation, int]):  # type: ignore[misc]  # untyped base
    """One match of a game, every seat an agent (see the module)."""

    def __init__(
        self,
        game_id: str,
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        game = get_game(game_id)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps is at least 1, not {max_steps}")
        self.game_id = game_id
        self.seats = _seats.seat_count(game_id, players)
        self.game_options = dict(options or {})
        self.max_steps = game.max_game_length if max_steps is None else max_steps
        self.render_mode = render_mode
        self.metadata = {
            "name": f"ringbearer_{game_id.replace('-', '_')}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = [_seats.agent_name(seat) for seat in range(self.seats)]
        self.match = _seats.start(game_id, self.seats, 0, self.game_options)
        ids = game.numbered_actions().num_distinct_actions
        size = _seats.observation_size(self.match)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ids,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(ids) for agent in self.possible_agents}
        self._no_actions = np.zeros(ids, np.int8)
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._steps = 0
        self._over = False
        """Terminated or truncated: every agent leaves in turn."""
        self._to_move: int | None = None
        """The seat the match waits for (None once it is over), kept from the last step:
        every observation asks, and the rules would work it out again each time."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.match = _seats.start(self.game_id, self.seats, seed, self.game_options)
        self._steps = 0
        self._over = False
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_next()

    def observe(self, agent: str) -> Observation:
        seat = self._seat_of[agent]
        match = self.match
        # Both arrays are views of buffers made for this call alone (no copies): the agent
        # may keep them, and nothing else writes to them.
        return {
            "observation": _seats.observation(match, seat),
            "action_mask": (
                _seats.legal_mask(match) if seat == self._to_move else self._no_actions.copy()
            ),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action id, not None")
        self._cumulative_rewards[agent] = 0.0
        match = self.match
        match.advance_id(action)  # play_id without events: the agents read observations
        self._steps += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if match.outcome is not None:
            utilities = _seats.utilities(match)
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = utilities[seat]
                self.terminations[name] = True
            self._over = True
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._over = True
        self._select_next()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return f"{self.match.prompt}\n{self.match.view()}"

    def close(self) -> None:
        pass

    def _select_next(self) -> None:
        """The seat the game waits for; once the episode is over, each agent in turn (they
        step with None to leave, as PettingZoo has it)."""
        seat = self._to_move = self.match.to_move
        if self._over:
            self.agent_selection = self.agents[0]
            return
        if seat is None:  # no game leaves a match without an outcome and without a seat
            raise RuntimeError(f"{self.game_id}: nobody is to move, yet the match goes on")
        self.agent_selection = self.possible_agents[seat]
