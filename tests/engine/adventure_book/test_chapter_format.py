"""The chapter format: every chapter is well-formed content, and adding one is adding content
plus an optional rules object."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.adventure_book import add_chapter, page, pages, remove_chapter
from ringbearer_engine.games.adventure_book.chapter import PLOT_DECK_LOSS
from ringbearer_engine.games.adventure_book.chapters import TITLES
from ringbearer_engine.games.adventure_book.rules.payments import payments

from .helpers import arrange, legal, new, play, st
from .tiny_chapter import TinyRules, tiny_battle, tiny_chapter

CHAPTERS = [1, 2, 3, 4, 5, 6, 7, 8]
RULEBOOK_COUNTERS = {
    1: {"black-rider": 2, "gandalf": 1},
    2: {"elrond": 1, "wrath": 3},
    3: {"balrog": 1, "gandalf": 1, "goblin": 6, "wound": 4},
    4: {"orc": 5},
    5: {"treebeard": 1, "ent": 3, "goblin": 5},
    6: {"orc": 6, "gandalf": 1},
    7: {"gollum": 1, "web": 3},
    8: {"gollum": 1, "footprint": 3, "orc": 6},
}
"""The rulebook's counter distribution (Gandalf and Gollum are counters the rules treat as
pieces; in chapter 8 Gandalf is on the back of an Orc counter, not a counter of his own)."""


def test_this_version_has_its_chapters() -> None:
    assert sorted(pages()) == CHAPTERS


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_chapter_has_three_to_five_challenges_with_the_final_one_last(number: int) -> None:
    chapter = page(number).chapter
    assert 3 <= len(chapter.challenges) <= 5
    assert [c.final for c in chapter.challenges] == [False] * (len(chapter.challenges) - 1) + [True]


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_chapter_has_its_rulebook_title(number: int) -> None:
    assert page(number).chapter.title == TITLES[number]


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_chapter_uses_the_counters_the_rulebook_lists(number: int) -> None:
    chapter = page(number).chapter
    kinds = Counter(c.kind for c in chapter.counters)
    hidden = {h.piece for h in chapter.hidden}
    kinds.update(p.kind or p.id for p in chapter.pieces if p.counter and p.id not in hidden)
    assert dict(kinds) == RULEBOOK_COUNTERS[number]


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_board_is_a_connected_graph_with_drawing_positions(number: int) -> None:
    compiled = page(number)
    chapter = compiled.chapter
    paths = [s.id for s in chapter.spaces if not s.track]
    assert len({(s.x, s.y) for s in chapter.spaces}) == len(chapter.spaces)
    for a, b in chapter.links:
        assert a in compiled.spaces
        assert b in compiled.spaces
    assert set(compiled.dist[paths[0]]) == set(paths)
    for track in chapter.tracks:
        assert all(spot in compiled.spaces for spot in track.spaces)


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_plot_chart_covers_every_plot_card_number(number: int) -> None:
    assert sorted(page(number).plot) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("number", CHAPTERS)
def test_each_chapter_names_its_lose_conditions(number: int) -> None:
    chapter = page(number).chapter
    assert chapter.lose_conditions
    assert PLOT_DECK_LOSS.source == "rulebook"
    assert chapter.ring_ability.text


@pytest.mark.parametrize("number", CHAPTERS)
def test_every_requirement_names_known_pieces_and_spaces(number: int) -> None:
    compiled = page(number)
    for challenge in compiled.chapter.challenges:
        for req in challenge.requirements:
            assert set(req.pieces) <= set(compiled.pieces)
            assert not req.space or req.space in compiled.spaces
        for reward in challenge.rewards:
            assert not reward.space or reward.space in compiled.spaces


@pytest.mark.parametrize("number", CHAPTERS)
def test_designed_content_is_marked_designed(number: int) -> None:
    chapter = page(number).chapter
    assert chapter.source == "designed"
    assert all(c.source == "designed" for c in chapter.challenges)
    assert all(e.source == "designed" for e in chapter.plot_chart)


@pytest.fixture
def tiny() -> Iterator[None]:
    add_chapter(tiny_chapter(5), TinyRules())
    yield
    remove_chapter(5)


@pytest.mark.usefixtures("tiny")
def test_a_new_chapter_is_content_plus_an_optional_rules_object() -> None:
    match = new(chapter=5)
    play(match, "move frodo there", "end")
    completes = [a for a in legal(match) if a.startswith("complete arrive")]
    assert completes
    play(match, completes[0])
    assert match.outcome is not None
    assert match.outcome.reason == "chapter-won"
    assert match.outcome.summary == "Chapter 5, A Tiny Test, is won."


@pytest.mark.usefixtures("tiny")
def test_a_counter_may_be_revealed_between_the_two_single_moves() -> None:
    """The rulebook: where the chapter says so, a counter is revealed between the moves."""
    match = new(chapter=5)
    assert not any(a.startswith("reveal") for a in legal(match))
    play(match, "move frodo there")
    assert "reveal mystery-box" in legal(match)
    events = play(match, "reveal mystery-box")
    assert "A box is turned face up: treasure." in [str(e) for e in events]
    assert st(match).flags["found"] == 1
    assert not any(a.startswith("reveal") for a in legal(match))
    play(match, "move frodo here")
    assert st(match).phase == "story"


@pytest.mark.usefixtures("tiny")
def test_a_reveal_is_refused_outside_the_gap_between_the_moves() -> None:
    match = new(chapter=5)
    with pytest.raises(IllegalActionError, match="between the two single moves"):
        match.play("reveal mystery-box")


def test_chapters_without_face_down_counters_offer_no_reveal() -> None:
    match = new()
    play(match, "move frodo hobbiton")
    with pytest.raises(IllegalActionError, match="no counters to reveal"):
        match.play("reveal rider-1")


@pytest.fixture
def battle() -> Iterator[None]:
    add_chapter(tiny_battle(6))
    yield
    remove_chapter(6)


@pytest.mark.usefixtures("battle")
def test_a_piece_hidden_on_a_counter_joins_when_that_counter_is_defeated() -> None:
    """Hidden as data (FAQ ch. 8, AB-A35, AB-A70)."""
    match = new(chapter=6)
    state = st(match)
    assert sorted(state.face_down) == ["foe-1", "foe-2"]
    hider = next(c for c, face in state.secrets.items() if face == "friend")
    other = "foe-2" if hider == "foe-1" else "foe-1"
    play(match, "move frodo there", "end")
    arrange(match, hands=[["courage", "mystery"], []])
    events = [str(e) for e in play(match, f"deed fight {other} courage")]
    assert f"Foe {other[-1]} is turned face up: Foe." in events
    assert st(match).counters[other] == ""
    events = [str(e) for e in play(match, f"deed fight {hider} mystery")]
    assert "A Friend joins the story at There." in events
    assert hider not in st(match).counters  # it was the friend: it leaves the game


@pytest.mark.usefixtures("battle")
def test_a_knocked_down_piece_stands_up_for_one_single_step() -> None:
    """The knocked-down state as data: the ``knock-down`` Plot effect and ``rise``."""
    match = new(chapter=6)
    play(match, "end")
    arrange(match, hands=[[], []])
    play(match, "end")
    assert st(match).down == ["frodo"]
    assert legal(match)[:2] == ["end", "rise frodo"]
    play(match, "rise frodo", "move frodo there")
    assert st(match).down == []


@pytest.mark.usefixtures("battle")
def test_ring_symbols_take_one_ring_cards_unless_counters_cover_them() -> None:
    """``ring`` cost slots and ``covered_by`` as data (FAQ ch. 8, AB-A72)."""
    match = new(chapter=6)
    play(match, "move frodo there", "end")
    arrange(match, hands=[["courage", "ring", "ring"], []], completed=[])
    play(match, "complete mark courage")
    # One marker covers one of the two One Ring symbols; the other takes a One Ring card.
    completes = [a for a in legal(match) if a.startswith("complete arrive")]
    assert completes == ["complete arrive ring"]
    play(match, "complete arrive ring")
    assert st(match).corruption == 1
    assert match.outcome is not None


def test_a_ring_symbol_is_paid_by_a_one_ring_card_only() -> None:
    assert payments(("ring",), ("courage", "mithril-coat")) == frozenset()
    assert payments(("ring",), ("courage", "ring")) == {("ring",)}
    three = payments(("ring", "ring", "ring"), ("arwens-love", "ring", "ring", "ring"))
    assert ("arwens-love", "ring", "ring", "ring") in three  # Arwen's Love applies (AB-A23)
