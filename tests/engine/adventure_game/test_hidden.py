"""Hidden hands: what a view shows, and how a bot's imagined copy re-deals unseen cards."""

from __future__ import annotations

from collections import Counter

import msgspec
from adventure_game.table import GAME, Table, assert_conserved

from ringbearer_engine import Chance
from ringbearer_engine.games.adventure_game.view import AdventureView


def view_of(table: Table, seat: int | None) -> AdventureView:
    view = GAME.view(table.state, seat)
    assert isinstance(view, AdventureView)
    return view


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    table = Table(3)
    view = view_of(table, 1)
    assert view.hand == table.state.hands[1]
    assert [s.cards for s in view.seats] == [5, 5, 5]
    fields = set(msgspec.structs.asdict(view.seats[0]))
    assert "hand" not in fields
    assert "cards" in fields


def test_a_spectator_sees_no_hand_at_all() -> None:
    view = view_of(Table(2), None)
    assert view.hand == []


def test_the_draw_pile_shows_only_its_size() -> None:
    table = Table(2)
    view = view_of(table, 0)
    assert view.draw_pile == 44
    assert isinstance(view.draw_pile, int)


def test_the_discards_rings_dice_and_nazgul_are_public() -> None:
    table = Table(2)
    table.hand(0, "boromir")
    table.play("swap boromir")
    table.put(1, "caradhras", mountain=2)
    view = view_of(table, 1)
    assert view.discards == ["boromir"]
    assert view.seats[1].mountain == 2
    assert view.seats[1].held
    assert len(view.nazgul) == 9


def test_a_view_does_not_change_when_only_hidden_cards_change() -> None:
    """Swapping a card between a rival's hand and the pile must not show in the view."""
    table = Table(2, deck=["escape"] * 5 + ["gollum"] * 4 + ["move-2"])
    before = msgspec.json.encode(view_of(table, 0))
    table.state.hands[1][0], table.state.draw_pile[0] = (
        table.state.draw_pile[0],
        table.state.hands[1][0],
    )
    assert msgspec.json.encode(view_of(table, 0)) == before


def test_determinize_keeps_what_the_seat_knows() -> None:
    table = Table(3)
    table.hand(0, "boromir", "escape")
    table.play("swap boromir")
    state = table.state
    copy = GAME.determinize(state, 0, Chance.seeded(9))
    assert copy.hands[0] == state.hands[0]
    assert copy.discards == state.discards
    assert copy.pawns == state.pawns
    assert copy.rings == state.rings
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    assert_conserved(copy)


def test_determinize_redeals_the_rivals_hands_and_the_pile_from_the_unseen_cards() -> None:
    table = Table(3)
    state = table.state
    copy = GAME.determinize(state, 0, Chance.seeded(9))
    unseen = Counter(state.draw_pile) + Counter(state.hands[1]) + Counter(state.hands[2])
    assert Counter(copy.draw_pile) + Counter(copy.hands[1]) + Counter(copy.hands[2]) == unseen
    assert (copy.hands[1], copy.hands[2], copy.draw_pile) != (
        state.hands[1],
        state.hands[2],
        state.draw_pile,
    )


def test_determinize_never_peeks_at_the_hidden_cards() -> None:
    """Two positions that differ only in what the seat cannot see give the same imagined copy."""
    table = Table(2)
    a = table.state
    b = GAME.clone(a)
    b.hands[1][0], b.draw_pile[3] = b.draw_pile[3], b.hands[1][0]
    b.draw_pile.reverse()
    first = GAME.determinize(a, 0, Chance.seeded(4))
    second = GAME.determinize(b, 0, Chance.seeded(4))
    first.chance = second.chance = Chance.seeded(0)
    assert GAME.encode_state(first) == GAME.encode_state(second)


def test_determinize_for_a_spectator_redeals_every_hand() -> None:
    table = Table(2)
    copy = GAME.determinize(table.state, None, Chance.seeded(1))
    assert copy.hands != table.state.hands
    assert_conserved(copy)


def test_determinize_uses_fresh_chance_and_leaves_the_real_state_alone() -> None:
    table = Table(2)
    table.script(fight=[6, 6])
    before = GAME.encode_state(table.state)
    copy = GAME.determinize(table.state, 0, Chance.seeded(2))
    assert copy.chance.rolls == {}
    assert GAME.encode_state(table.state) == before
