"""Challenge readiness compiled once per chapter: the legal actions ask it at every step.

:func:`~.challenges.ready` reads a Challenge's requirements as data and dispatches on each
requirement's kind every time it is asked; a random Storytelling step asks it for every
Challenge of the chapter. :class:`Readiness` splits it in two: which Challenges are open
depends on the completed ones only, and is kept per list of completed Challenges; what the
board must show is compiled into one function per Challenge that does the same tests with the
kind already decided and the data bound in, for the commonest kinds (the rest call
:func:`~.challenges.requirement_met` as before). The lose conditions given as data, which
:func:`~.turn.settle` tests after every action, are compiled the same way. The results are the
same (every test is free of side effects, so testing the pieces lying down once for the whole
Challenge decides exactly what testing them per requirement does);
``tests/engine/adventure_book/test_fast_paths.py`` compares the two on many random states.
"""

from __future__ import annotations

from collections.abc import Callable

from ..chapter import Challenge, Requirement
from ..state import AdventureBookState
from .board import Page, counters_at, counters_on_board
from .challenges import requirement_met

Check = Callable[[AdventureBookState], bool]


Placed = tuple[Challenge, str, frozenset[str] | None, Check]
"""A Challenge; one of its pieces and the spaces it must stand on (``None``: no such
requirement), a quick test that rules most Challenges out without a call; the full test."""


class Readiness:
    """A page's Challenges with their compiled board tests, and which are open when."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tests: tuple[Placed, ...] = tuple(
            (c, *_placement(page, c.requirements), _compile_all(page, c.requirements))
            for c in page.chapter.challenges
        )
        self._open: dict[tuple[str, ...], tuple[Placed, ...]] = {}
        self.losses = tuple((c.id, _compile_all(page, c.when)) for c in page.data_losses)
        """The lose conditions given as data, each with the test of its requirements."""

    def open(self, completed: list[str]) -> tuple[Placed, ...]:
        """The Challenges that ``completed`` leaves open, in page order, each with the tests
        of what the board must show for it to be ready."""
        key = tuple(completed)
        found = self._open.get(key)
        if found is None:
            found = self._open[key] = tuple(
                placed for placed in self.tests if _is_open(self.page, completed, placed[0])
            )
        return found

    def ready(self, state: AdventureBookState) -> list[Challenge]:
        """The Challenges ready now, in page order (as the legal actions find them)."""
        where = state.pieces
        return [
            challenge
            for challenge, piece, spaces, test in self.open(state.completed)
            if (spaces is None or where.get(piece) in spaces) and test(state)
        ]

    def lost(self, state: AdventureBookState) -> str:
        """:func:`~.turn.data_loss`: the first lose condition given as data that holds now."""
        for ident, holds in self.losses:
            if holds(state):
                return ident
        return ""


def _is_open(page: Page, completed: list[str], challenge: Challenge) -> bool:
    """:func:`~.challenges.open_challenge`, from the completed Challenges alone."""
    if challenge.id in completed:
        return False
    if challenge.final and len(completed) < len(page.chapter.challenges) - 1:
        return False
    return all(before in completed for before in challenge.after)


def _placement(
    page: Page, requirements: tuple[Requirement, ...]
) -> tuple[str, frozenset[str] | None]:
    """The first piece a requirement places, with the spaces it must stand on; ``("", None)``
    when none does. A Challenge whose piece stands elsewhere is not ready."""
    for req in requirements:
        if req.pieces and req.kind in _PLACING:
            return req.pieces[0], _PLACING[req.kind](page, req)
    return "", None


_PLACING: dict[str, Callable[[Page, Requirement], frozenset[str]]] = {
    "at": lambda page, req: frozenset({req.space}),
    "next-to": lambda page, req: frozenset(page.adj[req.space]),
    "near": lambda page, req: frozenset(page.adj[req.space]) | {req.space},
    "in-region": lambda page, req: page.regions[req.region],
}
"""Requirement kinds that ask every listed piece to stand on certain spaces."""


def _compile_all(page: Page, requirements: tuple[Requirement, ...]) -> Check:
    """Whether every one of ``requirements`` is met (none of their pieces lying down)."""
    pieces = tuple(dict.fromkeys(p for r in requirements for p in r.pieces))
    tests = tuple(_compile_requirement(page, r) for r in requirements)

    def check(state: AdventureBookState) -> bool:
        down = state.down
        if down:
            for piece in pieces:
                if piece in down:
                    return False
        for test in tests:  # noqa: SIM110 - a plain loop: all() would add a generator per call
            if not test(state):
                return False
        return True

    return check


def _compile_requirement(page: Page, req: Requirement) -> Check:
    """One requirement's test, without the pieces-lying-down rule (the Challenge tests that)."""
    kind, pieces, space = req.kind, req.pieces, req.space
    if kind == "at":
        if len(pieces) == 1:
            only = pieces[0]
            return lambda state: state.pieces.get(only) == space
        return _all_on(pieces, frozenset({space}))
    if kind in {"next-to", "near"}:
        return _all_on(pieces, frozenset(page.adj[space]) | ({space} if kind == "near" else set()))
    if kind == "pieces-at":
        count = req.count
        return lambda state: sum(state.pieces.get(p) == space for p in pieces) >= count
    if kind in {"in-region", "out-of-region"}:
        region = page.regions[req.region]
        if kind == "in-region":
            return _all_on(pieces, region)
        return lambda state: not any(state.pieces.get(p) in region for p in pieces)
    if kind == "flag-at-least":
        key, count = req.key, req.count
        return lambda state: state.flags.get(key, 0) >= count
    if kind == "none-on-board":
        key = req.key
        return lambda state: not counters_on_board(state, page, key)
    if kind == "none-at":
        key = req.key
        return lambda state: not counters_at(state, page, key, space)
    if kind == "counter-at":
        key, count = req.key, max(1, req.count)
        return lambda state: len(counters_at(state, page, key, space)) >= count
    if kind == "custom":
        # Straight to the chapter's rules, past ``requirement_met``'s dispatch (custom is the
        # last kind it tries).
        custom = page.rules.requirement
        return lambda state: custom(page, state, req)
    return lambda state: requirement_met(page, state, req)


def _all_on(pieces: tuple[str, ...], spaces: frozenset[str]) -> Check:
    """Whether every one of ``pieces`` stands on one of ``spaces`` (a piece off the board
    stands nowhere)."""

    def test(state: AdventureBookState) -> bool:
        where = state.pieces
        for piece in pieces:  # noqa: SIM110 - a plain loop: all() would add a generator
            if where.get(piece) not in spaces:
                return False
        return True

    return test
