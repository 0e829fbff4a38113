"""Lookup tables derived once from the board content, so the rules never search the graph.

Spaces are numbered in the order of :data:`content.SPACES`; the state stores these numbers.
"""

from __future__ import annotations

from collections import deque

from .content import BARRIERS, EDGES, GOAL, SPACES, START, TOWNS, Town

IDS: tuple[str, ...] = tuple(space.id for space in SPACES)
INDEX: dict[str, int] = {space_id: i for i, space_id in enumerate(IDS)}
NAMES: tuple[str, ...] = tuple(space.name for space in SPACES)
KIND: tuple[str, ...] = tuple(space.kind for space in SPACES)
COUNT = len(SPACES)

START_SPACE = INDEX[START]
GOAL_SPACE = INDEX[GOAL]


def _links() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    forward: list[list[int]] = [[] for _ in IDS]
    backward: list[list[int]] = [[] for _ in IDS]
    for edge in EDGES:
        forward[INDEX[edge.a]].append(INDEX[edge.b])
        backward[INDEX[edge.b]].append(INDEX[edge.a])
    return tuple(map(tuple, forward)), tuple(map(tuple, backward))


FORWARD, BACKWARD = _links()
"""The spaces one step towards Mount Doom, and one step back, from each space."""


def _distances() -> tuple[int, ...]:
    # Fewest steps from each space to Mount Doom (breadth-first from the goal, backwards).
    dist = [-1] * COUNT
    dist[GOAL_SPACE] = 0
    queue = deque([GOAL_SPACE])
    while queue:
        here = queue.popleft()
        for back in BACKWARD[here]:
            if dist[back] < 0:
                dist[back] = dist[here] + 1
                queue.append(back)
    return tuple(dist)


DIST = _distances()


def reachable(space: int) -> frozenset[int]:
    """Every space reachable forward from ``space``, itself included."""
    seen = {space}
    stack = [space]
    while stack:
        for nxt in FORWARD[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return frozenset(seen)


AHEAD: tuple[frozenset[int], ...] = tuple(reachable(i) for i in range(COUNT))

CLEAR: tuple[bool, ...] = tuple(kind == "clear" for kind in KIND)
"""Printed clear terrain (N spaces included); it is clear terrain while no Nazgûl stands on it."""
FIXED_MONSTER: tuple[bool, ...] = tuple(kind in ("orcs", "shelob", "gollum") for kind in KIND)
"""Monsters printed on the board: they never leave."""
MOUNTAIN: tuple[bool, ...] = tuple(kind == "mountain" for kind in KIND)
NAZGUL_STARTS: tuple[int, ...] = tuple(i for i, space in enumerate(SPACES) if space.nazgul)
ORCS = frozenset(i for i, kind in enumerate(KIND) if kind == "orcs")
GOLLUM_SPACES = frozenset(i for i, kind in enumerate(KIND) if kind == "gollum")
BARRIER_PAIRS: dict[frozenset[str], str] = {frozenset((b.a, b.b)): b.colour for b in BARRIERS}
"""The colour of the heavy line between two space ids, keyed by the unordered pair."""

TOWN_AT: tuple[Town | None, ...] = tuple(
    next((town for town in TOWNS if town.space == space_id), None) for space_id in IDS
)
TOWN_SPACES: tuple[int, ...] = tuple(INDEX[town.space] for town in TOWNS)
LORIEN = INDEX["lorien"]

BEYOND_LORIEN: tuple[bool, ...] = tuple(
    i != LORIEN and LORIEN not in AHEAD[i] for i in range(COUNT)
)
"""Spaces past Lórien: a pawn there has left Lórien (AG-A24), so its last ring is safe."""

TOWNS_AHEAD: tuple[tuple[str, ...], ...] = tuple(
    tuple(IDS[t] for t in TOWN_SPACES if t in AHEAD[i]) for i in range(COUNT)
)


def _route(first: int) -> tuple[int, ...]:
    # The spaces of one branch, from its first space up to (not including) where ways join.
    spaces = [first]
    while len(FORWARD[spaces[-1]]) == 1 and len(BACKWARD[FORWARD[spaces[-1]][0]]) == 1:
        spaces.append(FORWARD[spaces[-1]][0])
    return tuple(spaces)


FORKS: tuple[int, ...] = tuple(s for s in range(COUNT) if len(FORWARD[s]) > 1)
ROUTES: dict[int, tuple[int, ...]] = {first: _route(first) for f in FORKS for first in FORWARD[f]}
"""For the first space of each branch, the spaces along that branch up to where ways join."""
BRANCH_OF: dict[int, int] = {space: first for first, route in ROUTES.items() for space in route}
"""For each space on a branch, the first space of that branch."""
FORK_OF: dict[int, int] = {first: fork for fork in FORKS for first in FORWARD[fork]}


def _walks(steps: int) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    # Every forward walk of exactly ``steps`` steps from each space, as (end, spaces passed),
    # keeping only walks whose passed spaces hold no printed monster or mountain (AG-A7).
    # Whether a Nazgûl stands on a passed space is checked at play time.
    result: list[tuple[tuple[int, tuple[int, ...]], ...]] = []
    for here in range(COUNT):
        routes: list[tuple[int, ...]] = [(here,)]
        for _ in range(steps):
            routes = [(*route, nxt) for route in routes for nxt in FORWARD[route[-1]]]
        walks = [(route[-1], route[1:-1]) for route in routes]
        fixed = [
            (end, passed)
            for end, passed in walks
            if not any(FIXED_MONSTER[p] or MOUNTAIN[p] for p in passed)
        ]
        result.append(tuple(fixed))
    return tuple(result)


WALKS: dict[int, tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]] = {
    2: _walks(2),
    3: _walks(3),
}
"""``WALKS[n][space]``: the walks a Move n card may take from ``space``."""
