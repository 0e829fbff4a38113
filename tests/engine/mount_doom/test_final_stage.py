"""Minas Morgul, the final stage to Mount Doom, and its cards."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.mount_doom.content import (
    DECKS,
    FINAL_STAGE,
    MORGUL,
    MOUNT_DOOM,
    NAZGUL_SYMBOL,
    RALLY,
    RING_BEARER,
    SLOT_SYMBOLS,
    TRACK_START,
)
from ringbearer_engine.games.mount_doom.events import (
    HeldInPlace,
    MorgulSteps,
    Moved,
    NazgulPlaced,
    Symbol,
)
from ringbearer_engine.games.mount_doom.state import Ask

from .helpers import new, of, play, state, tray

QUIET = ["moria-orc"] * 6
FINAL_QUIET = ["eagles"] * 6


def final(row: list[str] | None = None, at: int = MORGUL, **arrange: object):  # type: ignore[no-untyped-def]
    pos = [at, 0, 0, 0, 0]
    return new(
        row=row or FINAL_QUIET,
        stage=FINAL_STAGE,
        pos=pos,
        pending=Ask.FINAL_START,
        **arrange,  # type: ignore[arg-type]
    )


def test_minas_morgul_example_two_companions_there_give_two_free_steps() -> None:
    """The rulebook's example: the Ring-bearer, Legolas and Merry & Pippin exactly on Minas
    Morgul; Aragorn on the rally space; Gimli still behind: the Ring-bearer advances 2."""
    match = new(row=QUIET, stage=4, pos=[MORGUL - 2, MORGUL, RALLY, MORGUL, MORGUL - 5])
    match.script(rolls={"battle": ["gimli"]})
    events = tray(match, (1, "orange", 2))
    assert of(events, MorgulSteps) == [MorgulSteps((1, 3))]
    assert of(events, Moved)[-1] == Moved(RING_BEARER, 2, MORGUL, MORGUL + 2)
    s = state(match)
    assert s.stage == FINAL_STAGE
    assert s.pos == [MORGUL + 2, MORGUL, RALLY, MORGUL, MORGUL - 5]
    assert all(card in DECKS[FINAL_STAGE] for card in s.row)
    assert s.pending == Ask.FINAL_START


def test_ring_bearer_stays_on_minas_morgul_whether_exact_or_not() -> None:
    match = new(row=QUIET, stage=4, pos=[MORGUL - 2, 0, 0, 0, 0])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "orange", 5))
    assert state(match).pos[RING_BEARER] == MORGUL


def test_every_companion_exactly_on_minas_morgul_gives_one_free_step() -> None:
    """MD-A37 step 3: four companions there, four steps (reaching Mount Doom would win)."""
    match = new(row=QUIET, stage=4, pos=[MORGUL - 1, MORGUL, MORGUL, MORGUL, MORGUL])
    match.script(rolls={"battle": ["gimli"]})
    tray(match, (1, "orange", 1))
    assert state(match).pos[RING_BEARER] == min(MORGUL + 4, MOUNT_DOOM)


def test_final_stage_turn_rolls_only_the_one_black_die() -> None:
    match = final()
    assert [str(a) for a in match.actions()] == ["roll black"]
    with pytest.raises(IllegalActionError, match="only the one black die"):
        match.play("roll blue,red")


def test_final_stage_turn_resolves_the_encounter_then_moves_one_step() -> None:
    match = final(["gollum-madness"] * 6)
    match.script(rolls={"black": [4]})
    events = play(match, "roll black")
    names = [type(e).__name__ for e in events]
    assert names.index("ResolveChanged") < names.index("Moved")
    assert of(events, Moved) == [Moved(RING_BEARER, 1, MORGUL, MORGUL + 1)]
    assert state(match).resolve == TRACK_START - 1


def test_final_stage_cards_always_stay_on_the_row_and_face_down_ones_turn_up() -> None:
    match = final(["gollum-deceit"] * 6, up=[False, True, True, True, True, False])
    match.script(rolls={"black": [6]})
    play(match, "roll black")
    s = state(match)
    assert s.row[5] == "gollum-deceit"
    assert s.up[5] is True


def test_final_stage_turns_pass_clockwise() -> None:
    match = final(players=3)
    match.script(rolls={"black": [2]})
    play(match, "roll black")
    assert match.to_move == 1
    assert state(match).pending == Ask.FINAL_START


def test_reaching_the_orange_space_of_mount_doom_wins() -> None:
    match = final(at=MOUNT_DOOM - 1, players=2)
    match.script(rolls={"black": [2]})
    play(match, "roll black")
    outcome = match.outcome
    assert outcome is not None
    assert outcome.winners == (0, 1)
    assert outcome.reason == "ring-destroyed"
    assert match.actions() == []
    assert match.to_move is None


def test_shelob_holds_the_ring_bearer_in_place() -> None:
    match = final(["shelob"] * 6)
    match.script(rolls={"black": [3]})
    events = play(match, "roll black")
    assert of(events, HeldInPlace) == [HeldInPlace()]
    s = state(match)
    assert s.pos[RING_BEARER] == MORGUL
    assert s.resolve == TRACK_START - 1


def test_shelob_holds_him_only_for_that_turn() -> None:
    match = final(["shelob", "eagles", "eagles", "eagles", "eagles", "eagles"])
    match.script(rolls={"black": [1, 2]})
    play(match, "roll black", "roll black")
    assert state(match).pos[RING_BEARER] == MORGUL + 1


@pytest.mark.parametrize(
    ("card", "faces", "delta"),
    [
        ("gollum-deceit", [], -2),
        ("phial", [], 2),
        ("gollum-madness", [], -1),
        ("eagles", [], 1),
        ("shelob-sting", [1], 0),
        ("shelob-sting", [2], -1),
        ("shelob-sting", [3], -1),
        ("shelob-sting", [4], -2),
        ("shelob-sting", [6], -2),
        ("ring-power", [5], 0),
        ("ring-power", [6], -5),
    ],
)
def test_each_mount_doom_card_changes_resolve_as_printed(
    card: str, faces: list[int], delta: int
) -> None:
    match = final([card] * 6)
    match.script(rolls={"black": [2, *faces]})
    play(match, "roll black")
    assert state(match).resolve == TRACK_START + delta


def test_final_stage_empty_slot_nazgul_symbol_still_places_a_nazgul() -> None:
    """MD-A38."""
    slot = SLOT_SYMBOLS.index(NAZGUL_SYMBOL)
    row = list(FINAL_QUIET)
    row[slot] = ""
    match = final(row)
    match.script(rolls={"black": [slot + 1]})
    events = play(match, "roll black")
    assert of(events, NazgulPlaced)


def test_final_stage_companion_symbol_moves_only_the_ring_bearer() -> None:
    """MD-A38: another companion's symbol does nothing; the Ring-bearer's moves him 0–2."""
    other = next(n for n, s in enumerate(SLOT_SYMBOLS) if s not in (NAZGUL_SYMBOL, RING_BEARER))
    row = list(FINAL_QUIET)
    row[other] = ""
    match = final(row)
    match.script(rolls={"black": [other + 1]})
    events = play(match, "roll black")
    assert of(events, Symbol) == [Symbol(other, SLOT_SYMBOLS[other])]
    assert of(events, Moved) == [Moved(RING_BEARER, 1, MORGUL, MORGUL + 1)]
    mine = SLOT_SYMBOLS.index(RING_BEARER)
    row = list(FINAL_QUIET)
    row[mine] = ""
    match = final(row)
    match.script(rolls={"black": [mine + 1]})
    play(match, "roll black")
    assert state(match).pending == Ask.SYMBOL
    events = play(match, "choose 2")
    assert state(match).pos[RING_BEARER] == MORGUL + 3
