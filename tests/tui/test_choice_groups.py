"""Long lists of choices are folded by kind; short ones, and kinds of one, are left alone."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import actions as act
from ringbearer_tui.choice_groups import (
    ALL_CHOICES,
    FEWEST_ENTRIES,
    FOLD_FROM,
    ChoiceGroup,
    Entry,
    fold,
    kind_named,
    lines_needed,
    way_back,
)


def moves(piece: str, *places: str) -> list[rb.Action]:
    return [act.Move(piece=piece, to=place) for place in places]


def kind_of(action: rb.Action) -> tuple[str, ...]:
    match action:
        case act.Move(piece=piece):
            return ("Move a piece", f"Move {piece}")
        case act.Swap(give=give):
            return ("Swap with the solo hand", f"Swap {give}")
    return ()


def swaps(give: str, *takes: str) -> list[rb.Action]:
    return [act.Swap(give=give, take=take) for take in takes]


STORYTELLING: list[rb.Action] = [
    act.End(),
    *moves("frodo", "a", "b", "c"),
    *swaps("insight", "mystery", "combat", "adventure"),
    act.Ring(target=None),
    *swaps("ring", "mystery", "combat", "adventure"),
]


def titles(entries: list[Entry]) -> list[str]:
    return [e.label if isinstance(e, ChoiceGroup) else str(e) for e in entries]


def test_a_list_shorter_than_the_fold_is_shown_whole() -> None:
    short = STORYTELLING[: FOLD_FROM - 1]
    assert fold(short, kind_of) == short


def test_a_list_that_fits_its_panel_is_shown_whole() -> None:
    assert fold(STORYTELLING, kind_of, fits=True) == STORYTELLING


def test_a_long_list_shows_each_kind_once_where_its_first_choice_stood() -> None:
    entries = fold(STORYTELLING, kind_of)
    assert titles(entries) == [
        str(act.End()),
        "Move a piece… (3)",
        "Swap with the solo hand… (6)",
        str(act.Ring(target=None)),
    ]
    swapping = entries[2]
    assert isinstance(swapping, ChoiceGroup)
    assert swapping.members == (
        *swaps("insight", "mystery", "combat", "adventure"),
        *swaps("ring", "mystery", "combat", "adventure"),
    )


def test_when_one_kind_holds_nearly_everything_the_narrower_kinds_are_folded() -> None:
    movement = [act.End(), *moves("frodo", "a"), *moves("sam", "c", "d", "e")]
    movement += moves("merry", "f", "g", "h") + moves("pippin", "i", "j")
    # "End the move" and "Move a piece… (9)" would say nothing: a piece at a time instead,
    # a piece with one move left as it is.
    assert titles(fold(movement, kind_of)) == [
        str(act.End()),
        str(act.Move(piece="frodo", to="a")),
        "Move sam… (3)",
        "Move merry… (3)",
        "Move pippin… (2)",
    ]


def test_the_lines_a_list_needs_count_its_long_choices_twice() -> None:
    assert lines_needed(["End the move", "x" * 30, "y" * 31], width=32) == 4


def test_a_kind_of_one_choice_stays_a_choice() -> None:
    lone = act.Swap(give="ring", take="mystery")
    actions = [act.End(), *moves("frodo", "a", "b", "c", "d"), lone, *moves("sam", "e", "f", "g")]
    actions.append(act.Ring(target=None))
    entries = fold(actions, kind_of)
    assert titles(entries) == [
        str(act.End()),
        "Move a piece… (7)",
        str(lone),
        str(act.Ring(target=None)),
    ]


def test_a_kind_is_found_by_its_name_and_the_way_back_names_where_it_goes() -> None:
    entries = fold(STORYTELLING, kind_of)
    swapping = kind_named(entries, "Swap with the solo hand")
    assert swapping is not None
    assert list(swapping.members) == [a for a in STORYTELLING if isinstance(a, act.Swap)]
    assert kind_named(entries, "no such kind") is None
    assert way_back(None) is ALL_CHOICES
    assert way_back("Swap with the solo hand").title == "← Swap with the solo hand"
    assert not way_back("Swap with the solo hand").members


def test_an_opened_kind_folds_its_choices_by_the_narrower_kinds() -> None:
    many = [*swaps("ring", *"abcd"), *swaps("mystery", *"abcd"), *swaps("courage", *"abc")]
    entries = fold([act.End(), *many, act.Ring(target=None)], kind_of)
    swapping = kind_named(entries, "Swap with the solo hand")
    assert swapping is not None
    inner = fold(list(swapping.members), kind_of, level=swapping.level + 1)
    assert titles(inner) == ["Swap ring… (4)", "Swap mystery… (4)", "Swap courage… (3)"]
    assert fold(list(swapping.members), kind_of, fits=True, level=1) == many


@given(st.lists(st.sampled_from(STORYTELLING + moves("sam", "x", "y", "z")), unique=True))
def test_folding_keeps_every_choice_exactly_once(actions: list[rb.Action]) -> None:
    entries = fold(actions, kind_of)
    unfolded = [
        member
        for entry in entries
        for member in (entry.members if isinstance(entry, ChoiceGroup) else (entry,))
    ]
    assert sorted(map(str, unfolded)) == sorted(map(str, actions))
    assert len(entries) >= min(FEWEST_ENTRIES, len(actions)) or entries == actions
