"""The designed board and deck: the drawing, the path and the card split agree with the rules
(AG-A1, AG-A2) and with the journey the issue asks for."""

from __future__ import annotations

import itertools
from collections import Counter

from ringbearer_engine.games.adventure_game import board
from ringbearer_engine.games.adventure_game.board import (
    AHEAD,
    BACKWARD,
    CLEAR,
    DIST,
    FIXED_MONSTER,
    FORWARD,
    GOAL_SPACE,
    IDS,
    INDEX,
    KIND,
    START_SPACE,
    WALKS,
)
from ringbearer_engine.games.adventure_game.content import (
    BARRIERS,
    CARD_TYPES,
    DECK_SIZE,
    EDGES,
    MOUNTAIN_FACES,
    NAZGUL_PAWNS,
    SPACES,
)

POSITION = {(s.x, s.y): s.id for s in SPACES}


def _grid_neighbours() -> set[frozenset[str]]:
    pairs: set[frozenset[str]] = set()
    for (x, y), space in POSITION.items():
        for dx, dy in ((1, 0), (0, 1)):
            other = POSITION.get((x + dx, y + dy))
            if other is not None:
                pairs.add(frozenset((space, other)))
    return pairs


def test_every_space_has_its_own_place_and_code_on_the_drawing() -> None:
    assert len(POSITION) == len(SPACES)
    assert len({s.code for s in SPACES}) == len(SPACES)
    assert len({s.id for s in SPACES}) == len(SPACES)


def test_path_steps_join_spaces_drawn_side_by_side() -> None:
    """AG-A1: the path runs between neighbouring spaces of the drawing."""
    neighbours = _grid_neighbours()
    for edge in EDGES:
        assert frozenset((edge.a, edge.b)) in neighbours, edge


def test_heavy_lines_separate_every_pair_of_neighbours_the_path_does_not_join() -> None:
    """AG-A1: lines are where neighbouring spaces are not connected; nothing else is."""
    joined = {frozenset((e.a, e.b)) for e in EDGES}
    lines = {frozenset((b.a, b.b)) for b in BARRIERS}
    assert not joined & lines
    assert joined | lines == _grid_neighbours()
    assert {b.colour for b in BARRIERS} == {"black", "orange"}


def test_every_space_lies_on_a_way_from_start_to_mount_doom() -> None:
    assert AHEAD[START_SPACE] == frozenset(range(len(SPACES)))
    assert all(GOAL_SPACE in AHEAD[i] for i in range(len(SPACES)))
    assert all(d >= 0 for d in DIST)


def test_the_journey_runs_shire_bree_rivendell_lorien_shelob_gollum_mount_doom() -> None:
    order = ["bag-end", "bree", "rivendell", "lorien", "shelobs-lair", "sammath-naur"]
    for earlier, later in itertools.pairwise(order):
        assert INDEX[later] in AHEAD[INDEX[earlier]]
        assert INDEX[earlier] not in AHEAD[INDEX[later]]


def test_every_way_passes_bree_rivendell_lorien_shelob_and_gollum() -> None:
    """AG-A14: every path runs through the single Gollum space, just before Mount Doom."""
    must = {INDEX[s] for s in ("bree", "rivendell", "lorien", "shelobs-lair", "sammath-naur")}

    def ways(space: int) -> list[list[int]]:
        if space == GOAL_SPACE:
            return [[space]]
        return [[space, *rest] for nxt in FORWARD[space] for rest in ways(nxt)]

    all_ways = ways(START_SPACE)
    assert len(all_ways) == 8  # three branches, two ways each
    for way in all_ways:
        assert must <= set(way)
    assert BACKWARD[GOAL_SPACE] == (INDEX["sammath-naur"],)
    assert KIND.count("gollum") == 1


def test_river_crossings_lie_between_bree_and_rivendell() -> None:
    rivers = [s for s in ("last-bridge", "ford-of-bruinen") if KIND[INDEX[s]] == "river"]
    assert len(rivers) == 2


def test_nine_n_spaces_one_for_each_nazgul_all_on_clear_terrain() -> None:
    starts = [s for s in SPACES if s.nazgul]
    assert len(starts) == NAZGUL_PAWNS == 9
    assert all(s.kind == "clear" for s in starts)


def test_forks_and_joins_are_never_clear_terrain() -> None:
    """A Nazgûl can never stand on a fork and a pushed pawn never has two ways back, so
    "advance one space" and Move Opponent never need a branch choice."""
    for space in range(len(SPACES)):
        if len(FORWARD[space]) > 1 or len(BACKWARD[space]) > 1:
            assert not CLEAR[space], IDS[space]


def test_monster_spaces_lead_on_to_exactly_one_space() -> None:
    """AG-A17: leaving a monster always has one way on."""
    for space in range(len(SPACES)):
        if FIXED_MONSTER[space] or CLEAR[space]:
            assert len(FORWARD[space]) == 1, IDS[space]


def test_three_branches_each_offer_a_real_choice() -> None:
    forks = [IDS[s] for s in range(len(SPACES)) if len(FORWARD[s]) > 1]
    assert forks == ["bag-end", "rivendell", "henneth-annun"]
    # The two ways of each fork differ in what they hold, not only in length.
    assert KIND[INDEX["caradhras"]] == "mountain"
    assert KIND[INDEX["moria"]] == "orcs"
    assert KIND[INDEX["straight-stair"]] == "mountain"
    assert SPACES[INDEX["morgul-vale"]].nazgul


def test_move_card_walks_never_reach_one_space_two_ways() -> None:
    for steps, table in WALKS.items():
        for space, walks in enumerate(table):
            ends = [end for end, _ in walks]
            assert len(ends) == len(set(ends)), (steps, IDS[space])


def test_the_deck_holds_54_cards_of_the_eleven_kinds() -> None:
    assert sum(card.count for card in CARD_TYPES) == DECK_SIZE == 54
    assert len(CARD_TYPES) == 11
    assert all(card.count > 0 for card in CARD_TYPES)


def test_the_mountain_die_has_the_printed_faces() -> None:
    assert Counter(MOUNTAIN_FACES) == Counter({0: 1, 1: 3, 2: 1, 3: 1})


def test_every_item_says_where_it_comes_from() -> None:
    sources = {"rulebook", "published", "designed"}
    assert all(s.source in sources for s in SPACES)
    assert all(e.source in sources for e in EDGES)
    assert all(b.source in sources for b in BARRIERS)
    assert all(c.source in sources and c.count_source in sources for c in CARD_TYPES)
    assert len(SPACES) == board.COUNT
