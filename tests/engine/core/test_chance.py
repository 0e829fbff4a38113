"""The seeded PRNG and scripted chance."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from ringbearer_engine import Chance, ScriptError, derive_seed


def test_pcg32_matches_the_reference_implementation() -> None:
    # First outputs of pcg32-demo (pcg32_srandom_r(42, 54)) from the PCG reference code.
    chance = Chance.from_seed(42, 54)
    expected = [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]
    assert [chance.next_u32() for _ in expected] == expected


def test_same_seed_same_stream_and_different_seeds_differ() -> None:
    first, second, other = Chance.seeded(7), Chance.seeded(7), Chance.seeded(8)
    a = [first.roll("d", 6) for _ in range(50)]
    assert a == [second.roll("d", 6) for _ in range(50)]
    assert a != [other.roll("d", 6) for _ in range(50)]


def test_a_chance_survives_serialisation_mid_stream() -> None:
    chance = Chance.seeded(11)
    chance.below(1000)
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(chance), type=Chance)
    assert [chance.below(1000) for _ in range(20)] == [copy.below(1000) for _ in range(20)]


def test_below_is_uniform_enough() -> None:
    chance = Chance.seeded(1)
    counts = Counter(chance.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_500 < n < 10_500 for n in counts.values())


@pytest.mark.parametrize("bound", [0, -1, 2**32 + 1])
def test_below_refuses_impossible_bounds(bound: int) -> None:
    with pytest.raises(ValueError, match="bound"):
        Chance.seeded(1).below(bound)


def test_scripted_rolls_come_first_per_die_name() -> None:
    chance = Chance.seeded(5)
    chance.script(rolls={"black": [2, 5], "red": [1]})
    assert chance.roll("red") == 1
    assert chance.roll("black") == 2
    assert chance.roll("black") == 5
    assert chance.rolls == {}


def test_a_scripted_face_can_be_named_by_its_text() -> None:
    chance = Chance.seeded(5)
    chance.script(rolls={"battle": ["sauron"]})
    assert chance.pick("battle", ("sword", "bow", "sauron")) == "sauron"


def test_a_scripted_value_that_is_not_a_face_is_refused() -> None:
    chance = Chance.seeded(5)
    chance.script(rolls={"black": [7]})
    with pytest.raises(ScriptError, match="not one of"):
        chance.roll("black", 6)


def test_scripted_order_puts_named_cards_on_top() -> None:
    chance = Chance.seeded(5)
    chance.script(orders={"gandalf": ["vision", "shadowfax"]})
    deck = chance.shuffle("gandalf", ["light", "shadowfax", "vision", "staff", "white"])
    assert deck[:2] == ["vision", "shadowfax"]
    assert sorted(deck) == ["light", "shadowfax", "staff", "vision", "white"]
    assert chance.orders == {}


def test_a_scripted_card_missing_from_the_deck_is_refused() -> None:
    chance = Chance.seeded(5)
    chance.script(orders={"deck": ["joker"]})
    with pytest.raises(ScriptError, match="joker"):
        chance.shuffle("deck", ["a", "b"])


def test_position_moves_when_chance_is_consumed() -> None:
    chance = Chance.seeded(3)
    before = chance.position
    chance.roll("d")
    assert chance.position != before


def test_fork_is_independent_and_does_not_consume() -> None:
    chance = Chance.seeded(3)
    chance.script(rolls={"d": [6, 6, 6]})
    before = chance.position
    fork = chance.fork(1)
    assert chance.position == before
    assert fork.rolls == {}
    assert [fork.below(100) for _ in range(5)] != [chance.fork(2).below(100) for _ in range(5)]


def test_derived_seeds_are_spread_and_stable() -> None:
    assert derive_seed(0, 1) == derive_seed(0, 1)
    assert len({derive_seed(0, i) for i in range(1000)}) == 1000


@pytest.mark.parametrize("seed", [0, 1, 2, 54, 2**63 + 5, 2**64 - 1, 2**64 + 3, -7])
def test_a_seeded_stream_is_pcg_seeded_with_the_derived_seeds(seed: int) -> None:
    # seeded() spreads the seed once instead of calling derive_seed twice: the same stream.
    assert Chance.seeded(seed) == Chance.from_seed(derive_seed(seed), stream=derive_seed(seed, 1))


def test_runs_with_neighbouring_seeds_share_no_games() -> None:
    # Regression: seeds mixed by XOR alone gave seeds 1 and 2 the same games, reordered.
    first = {derive_seed(1, i) for i in range(256)}
    second = {derive_seed(2, i) for i in range(256)}
    assert not first & second


def _reference_below(chance: Chance, bound: int) -> int:
    """``below`` as the PCG reference writes it, through ``next_u32`` (the stream saves fix)."""
    threshold = ((1 << 32) - bound) % bound
    while True:
        value = chance.next_u32()
        if value >= threshold:
            return value % bound


@pytest.mark.parametrize("bound", [1, 2, 3, 6, 7, 52, 63, 64, 65, 1000, 2**31 + 1, 2**32])
def test_below_draws_the_reference_stream_for_small_and_large_bounds(bound: int) -> None:
    fast, reference = Chance.seeded(bound), Chance.seeded(bound)
    assert [fast.below(bound) for _ in range(300)] == [
        _reference_below(reference, bound) for _ in range(300)
    ]
    assert fast.state == reference.state


@pytest.mark.parametrize("faces", [1, 2, 6, 12, 20, 64, 65, 100])
def test_an_unscripted_roll_draws_the_reference_stream(faces: int) -> None:
    # roll() writes the generator step out itself rather than calling below().
    rolled, reference = Chance.seeded(faces), Chance.seeded(faces)
    assert [rolled.roll("d", faces) for _ in range(300)] == [
        _reference_below(reference, faces) + 1 for _ in range(300)
    ]
    assert rolled.state == reference.state


def test_rolling_several_dice_at_once_draws_what_rolling_them_one_by_one_draws() -> None:
    names = ["black", "black", "blue", "red"] * 50
    together, apart = Chance.seeded(11), Chance.seeded(11)
    assert together.roll_each(names) == [apart.roll(name) for name in names]
    assert together.state == apart.state


def test_rolling_several_dice_at_once_follows_each_die_s_script() -> None:
    together, apart = Chance.seeded(12), Chance.seeded(12)
    for chance in (together, apart):
        chance.script(rolls={"blue": [6, 1], "black": [2]})
    names = ["black", "black", "blue", "blue", "blue"]
    faces = together.roll_each(names)
    assert faces == [apart.roll(name) for name in names]
    assert (faces[0], faces[2], faces[3]) == (2, 6, 1)
    assert together.state == apart.state
    assert not together.rolls


def test_an_unscripted_roll_draws_what_pick_over_the_faces_draws() -> None:
    rolled, picked = Chance.seeded(3), Chance.seeded(3)
    for faces in (6, 6, 1, 12, 6, 20):
        assert rolled.roll("d", faces) == picked.pick("d", range(1, faces + 1))
    assert rolled.state == picked.state


def test_a_script_for_another_die_leaves_the_stream_of_this_one_alone() -> None:
    scripted, plain = Chance.seeded(9), Chance.seeded(9)
    scripted.script(rolls={"red": [4]})
    assert [scripted.roll("black") for _ in range(30)] == [plain.roll("black") for _ in range(30)]
    assert scripted.roll("red") == 4


def test_a_roll_of_a_die_without_faces_is_refused() -> None:
    with pytest.raises(ValueError, match="nothing to pick"):
        Chance.seeded(1).roll("d", 0)


@pytest.mark.parametrize("size", [0, 1, 2, 7, 64, 65, 200])
def test_a_shuffle_is_fisher_yates_over_the_reference_stream(size: int) -> None:
    shuffled, reference = Chance.seeded(size), Chance.seeded(size)
    cards = list(range(size))
    expected = list(cards)
    for i in range(size - 1, 0, -1):
        j = _reference_below(reference, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled.shuffle("deck", cards) == expected
    assert shuffled.state == reference.state
