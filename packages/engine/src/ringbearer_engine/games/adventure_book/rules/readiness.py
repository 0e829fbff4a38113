"""Challenge readiness compiled once per chapter: the legal actions ask it at every step.

:func:`~.challenges.ready` reads a Challenge's requirements as data and dispatches on each
requirement's kind every time it is asked; a random Storytelling step asks it for every
Challenge of the chapter. :func:`ready_checks` turns each Challenge into one function of the
state that does the same tests with the kind already decided and the data bound in, for the
commonest kinds; the rest call :func:`~.challenges.requirement_met` as before. The results are
the same (every test is free of side effects, so testing the pieces lying down once for the
whole Challenge decides exactly what testing them per requirement does);
``tests/engine/adventure_book/test_fast_paths.py`` compares the two on many random states.
"""

from __future__ import annotations

from collections.abc import Callable

from ..chapter import Challenge, Requirement
from ..state import AdventureBookState
from .board import Page
from .challenges import requirement_met

Check = Callable[[AdventureBookState], bool]


def ready_checks(page: Page) -> tuple[tuple[Challenge, Check], ...]:
    """Every Challenge of the page, in page order, with its compiled readiness test."""
    return tuple((c, _compile_challenge(page, c)) for c in page.chapter.challenges)


def _compile_challenge(page: Page, challenge: Challenge) -> Check:
    ident = challenge.id
    others = len(page.chapter.challenges) - 1 if challenge.final else -1
    after = challenge.after
    pieces = tuple(dict.fromkeys(p for r in challenge.requirements for p in r.pieces))
    tests = tuple(_compile_requirement(page, r) for r in challenge.requirements)

    def check(state: AdventureBookState) -> bool:
        completed = state.completed
        if ident in completed or len(completed) < others:
            return False
        for before in after:
            if before not in completed:
                return False
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
        return lambda state: all(state.pieces.get(p) == space for p in pieces)
    if kind in {"next-to", "near"}:
        near = frozenset(page.adj[space]) | ({space} if kind == "near" else set())
        return lambda state: all(state.pieces.get(p) in near for p in pieces)
    if kind == "pieces-at":
        count = req.count
        return lambda state: sum(state.pieces.get(p) == space for p in pieces) >= count
    if kind in {"in-region", "out-of-region"}:
        region = page.regions[req.region]
        if kind == "in-region":
            return lambda state: all(state.pieces.get(p) in region for p in pieces)
        return lambda state: not any(state.pieces.get(p) in region for p in pieces)
    if kind == "flag-at-least":
        key, count = req.key, req.count
        return lambda state: state.flags.get(key, 0) >= count
    return lambda state: requirement_met(page, state, req)
