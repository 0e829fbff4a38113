"""Helpers for the Mount Doom tests: build a position, script dice, play a turn.

``new`` starts a match and then *arranges* its state directly (positions, row, held cards...),
so that a test states exactly the position its rule needs. An arranged match no longer replays
from its seed; tests of saves and replays use plain matches instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ringbearer_engine import Event, Match
from ringbearer_engine.games.mount_doom.content import COLOURS, GANDALF_IDS, GOALS, RIVENDELL
from ringbearer_engine.games.mount_doom.state import MountDoomState


def space(stage: int, n: int) -> int:
    """Route position of space ``n`` (from 1) on stage ``stage`` (0: Rivendell → Lothlórien)."""
    start = RIVENDELL if stage == 0 else GOALS[stage - 1]
    return start + n


def goal(stage: int) -> int:
    return GOALS[stage]


def state(match: Match) -> MountDoomState:
    assert isinstance(match.state, MountDoomState)
    return match.state


def new(
    players: int = 1,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    *,
    held: Sequence[str] = (),
    holder: Sequence[int] | None = None,
    row: Sequence[str] | None = None,
    up: Sequence[bool] | None = None,
    **fields: Any,
) -> Match:
    """A match of ``players`` seats, arranged: no cards in hand unless ``held`` says so, and
    every Gandalf card not held in the stack (unless ``gandalf_stack`` says otherwise)."""
    match = Match.new("mount-doom", [f"P{n + 1}" for n in range(players)], seed, options)
    fields.setdefault("gandalf_stack", sorted(set(GANDALF_IDS) - set(held)))
    arrange(match, held=held, holder=holder, row=row, up=up, **fields)
    return match


def arrange(
    match: Match,
    *,
    held: Sequence[str] | None = None,
    holder: Sequence[int] | None = None,
    row: Sequence[str] | None = None,
    up: Sequence[bool] | None = None,
    **fields: Any,
) -> MountDoomState:
    s = state(match)
    if held is not None:
        s.held = list(held)
        s.holder = list(holder) if holder is not None else [s.seat] * len(held)
    if row is not None:
        s.row = list(row)
        s.up = list(up) if up is not None else [True] * 6
    elif up is not None:
        s.up = list(up)
    for name, value in fields.items():
        assert hasattr(s, name), name
        setattr(s, name, list(value) if isinstance(value, tuple) else value)
    return s


def play(match: Match, *actions: str) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += match.play(action)
    return events


def texts(events: Iterable[Event]) -> list[str]:
    return [str(e) for e in events]


def tags(events: Iterable[Event]) -> list[str]:
    return [str(e.__struct_config__.tag) for e in events]


def of(events: Iterable[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def turn(
    match: Match,
    *,
    black: tuple[int, int, int],
    first: dict[str, int],
    keep: tuple[int, str],
    second: dict[str, int],
    keep2: str,
    extra: dict[str, Sequence[int | str]] | None = None,
) -> list[Event]:
    """Play a whole dice phase with scripted dice.

    ``black`` = the two black dice of the first roll and the black die of the second;
    ``first`` = the two companion dice rolled first (colour → face); ``second`` = the unkept
    one's new face and the added die; ``extra`` = more scripted rolls (battle die...).
    """
    rolls: dict[str, list[int | str]] = {"black": list(black)}
    for colour, face in [*first.items(), *second.items()]:
        rolls.setdefault(colour, []).append(face)
    for name, faces in (extra or {}).items():
        rolls.setdefault(name, []).extend(faces)
    match.script(rolls=rolls)
    pair = ",".join(sorted(first, key=COLOURS.index))
    added = next(c for c in second if c not in first)
    return play(
        match,
        f"roll {pair}",
        f"keep {keep[0]} {keep[1]}",
        f"add {added}",
        f"keep {black[2]} {keep2}",
    )


def tray(
    match: Match, side1: tuple[int, str, int], side2: tuple[int, str, int] = (0, "", 0)
) -> list[Event]:
    """Put dice on the tray directly (black face, companion colour, pips) and resolve them.

    A black face of 0 or an empty colour leaves that slot of the tray empty. The result is as
    if the dice phase had chosen these dice; chance for later rolls still comes from scripts.
    """
    from ringbearer_engine.games.mount_doom.rules.core import run
    from ringbearer_engine.games.mount_doom.rules.turn import start_resolution
    from ringbearer_engine.games.mount_doom.state import Ask

    s = state(match)
    s.tray_black = [side1[0], side2[0]]
    s.tray_figure = [
        COLOURS.index(side1[1]) if side1[1] else -1,
        COLOURS.index(side2[1]) if side2[1] else -1,
    ]
    s.tray_pips = [side1[2], side2[2]]
    s.pending = Ask.NONE
    start_resolution(s)
    if not side2[0]:
        _drop_task(s, 2)
    if not side2[1]:
        _drop_task(s, 3)
    if not side1[1]:
        _drop_task(s, 1)
    if not side1[0]:
        _drop_task(s, 0)
    events: list[Event] = []
    run(s, events)
    return events


def _drop_task(s: MountDoomState, die: int) -> None:
    """Remove the DIE task of an empty tray slot (and the window after it)."""
    from ringbearer_engine.games.mount_doom.state import Op

    at = s.tasks.index((Op.DIE, die, 0))
    del s.tasks[at - 1 : at + 1]  # the AFTER_DIE pushed just before it, and the DIE itself


def event_space(kind: str, stage: int = 0) -> int:
    """The first event space of ``kind`` (``dark`` or ``nazgul``) on ``stage``."""
    from ringbearer_engine.games.mount_doom.content import EVENT_SPACES

    low = RIVENDELL if stage == 0 else GOALS[stage - 1]
    return min(p for p, k in EVENT_SPACES.items() if k == kind and low < p < GOALS[stage])


def plain_space(stage: int = 0, after: int = 0) -> int:
    """A space of ``stage`` with no event, at or after space number ``after``."""
    from ringbearer_engine.games.mount_doom.content import EVENT_SPACES

    low = RIVENDELL if stage == 0 else GOALS[stage - 1]
    return min(p for p in range(low + 1 + after, GOALS[stage]) if p not in EVENT_SPACES)
