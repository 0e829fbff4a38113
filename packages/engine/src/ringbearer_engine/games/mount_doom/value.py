"""An estimate of the chance to win from a position, for look-ahead bots.

The Monte-Carlo advisor plays each imagined future only a turn or two ahead and then needs to
know how good the position it reached is. A full playout answers with a single 0 or 1 and costs
about a millisecond; this estimate answers with a probability in microseconds.

It is a logistic model over a handful of features of the position (resolve, the Ring-bearer's
distance to Mount Doom, the Nazgûl, the companions, the cards held, the row ahead). Its
coefficients are *fitted*, not chosen: ``tests/engine/mount_doom/tools/fit_value.py`` plays
heuristic games, records the features at the start of every turn with the game's final result,
and fits the model by maximum likelihood (see ``value_weights.py`` for the fitted numbers and
the command that produced them). So the estimate means "the chance that heuristic play wins
from here".
"""

from __future__ import annotations

import math
from typing import Final

from .bots import added, slot_value
from .content import (
    FINAL_STAGE,
    GOALS,
    MINAS_MORGUL,
    MORGUL,
    MOUNT_DOOM,
    RING_BEARER,
    SIDE,
)
from .rules.battles import supporters
from .state import WON, MountDoomState
from .value_weights import WEIGHTS

FEATURES: Final = (
    "bias",
    "resolve",
    "resolve below 4",
    "resolve squared / 18",
    "resolve from Minas Morgul on",
    "resolve on the final stage",
    "spaces to Mount Doom",
    "spaces per circle of resolve",
    "Nazgûl at Minas Morgul",
    "danger of the ninth Nazgûl",
    "two Nazgûl spaces or fewer left",
    "Witch-king defeated",
    "stage Rohan",
    "stage Helm's Deep",
    "stage Gondor",
    "stage Minas Morgul",
    "stage Mount Doom",
    "spaces to the stage goal",
    "supporters",
    "companions at Minas Morgul",
    "companions behind the Ring-bearer",
    "Gandalf cards held",
    "friend cards held",
    "Gandalf stack",
    "Gandalf token at Helm's Deep",
    "Uruk-hai at Isengard",
    "Uruk-hai leader standing",
    "mean value of the black die",
)
"""The names of the features, in the order of :func:`features` and of the fitted weights."""


def features(state: MountDoomState) -> list[float]:
    """The features of a position, in the order of :data:`FEATURES`."""
    rb = state.pos[RING_BEARER]
    resolve = state.resolve
    to_go = MOUNT_DOOM - rb
    free = state.nazgul_free
    stage = state.stage
    final = stage == FINAL_STAGE
    companions = state.pos[1:]
    gandalf_held = sum(1 for card in state.held if SIDE[card] == "gandalf")
    goal = GOALS[stage] if stage < FINAL_STAGE else MOUNT_DOOM
    return [
        1.0,
        float(resolve),
        float(max(0, 4 - resolve)),
        resolve * resolve / 18.0,
        float(resolve if stage >= MINAS_MORGUL else 0),
        float(resolve if final else 0),
        float(to_go),
        to_go / (resolve + 1.0),
        float(state.nazgul),
        0.0 if state.witch_king_defeated else 1.0 / max(free, 1),
        float(free <= 2 and not state.witch_king_defeated),
        float(state.witch_king_defeated),
        float(stage == 1),
        float(stage == 2),
        float(stage == 3),
        float(stage == 4),
        float(stage == FINAL_STAGE),
        float(max(0, goal - rb)),
        # On the final stage only the Ring-bearer walks: where the others stand is moot.
        0.0 if final else float(len(supporters(state))),
        0.0 if final else float(sum(1 for p in companions if p == MORGUL)),
        0.0 if final else float(sum(1 for p in companions if p < rb)),
        float(gandalf_held),
        float(len(state.held) - gandalf_held),
        float(len(state.gandalf_stack)),
        float(state.gandalf_token),
        float(state.uruk if state.leader else 0),
        float(state.leader),
        added(slot_value(state, slot) for slot in range(6)) / 6.0,
    ]


def logistic(score: float) -> float:
    """The logistic function, safe from overflow."""
    if score >= 0:
        return 1.0 / (1.0 + math.exp(-score))
    odds = math.exp(score)
    return odds / (1.0 + odds)


def estimated_win_chance(state: MountDoomState) -> float:
    """The fitted model's chance that heuristic play wins from ``state`` (exact once over)."""
    if state.result:
        return 1.0 if state.result == WON else 0.0
    score = added(w * x for w, x in zip(WEIGHTS, features(state), strict=True))
    return logistic(score)
