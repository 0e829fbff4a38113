"""Adapters that make the engine's games environments of research frameworks.

Each lives in its own module and needs its framework, installed with the engine's extra of
the same name; the engine itself imports none of them:

- :mod:`.pettingzoo` (``ringbearer-engine[pettingzoo]``): every seat an agent of an AEC env;
- :mod:`.gymnasium` (``ringbearer-engine[gymnasium]``): one seat an agent, the other seats
  played by the engine's bots; ``gymnasium.make("ringbearer/MountDoom-v0")`` and the like;
- :mod:`.openspiel` (``ringbearer-engine[openspiel]``): ``register()`` makes
  ``pyspiel.load_game("ringbearer_mount_doom")`` and the other games work, chance as
  explicit chance nodes.

All three number actions with the games' action catalogues and observe with their observers,
so results from one framework compare with another's (see the "Ringbearer for AI research"
page).
"""
