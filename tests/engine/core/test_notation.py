"""Action notation: every action has a stable text form that parses back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ringbearer_engine import Action, ActionCodec, NotationError


class Place(Action, frozen=True, tag="place"):
    slot: int
    die: str


class Spend(Action, frozen=True, tag="spend"):
    cards: tuple[str, ...]
    target: int | None = None


class Pass(Action, frozen=True, tag="pass"):
    pass


class Toggle(Action, frozen=True, tag="toggle"):
    on: bool


CODEC = ActionCodec([Place, Spend, Pass, Toggle])


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Place(2, "blue"), "place 2 blue"),
        (Spend(("elrond", "arwen"), 3), "spend elrond,arwen 3"),
        (Spend((), None), "spend - -"),
        (Pass(), "pass"),
        (Toggle(True), "toggle true"),
    ],
)
def test_notation_round_trips(action: Action, text: str) -> None:
    assert str(action) == text
    assert CODEC.parse(text) == action


words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz-'", min_size=1, max_size=10).filter(
    lambda w: w != "-"
)


@given(st.integers(-(10**6), 10**6), words)
def test_any_place_round_trips(slot: int, die: str) -> None:
    action = Place(slot, die)
    assert CODEC.parse(str(action)) == action


@given(st.lists(words, max_size=4), st.none() | st.integers(0, 99))
def test_any_spend_round_trips(cards: list[str], target: int | None) -> None:
    action = Spend(tuple(cards), target)
    assert CODEC.parse(str(action)) == action


def test_extra_spaces_are_ignored() -> None:
    assert CODEC.parse("  place   4  red ") == Place(4, "red")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("jump 3", "'jump' is not an action here"),
        ("place 2", "expected place <slot> <die>"),
        ("place two blue", "Expected `int`"),
        ("pass now", "expected pass"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        CODEC.parse(text)
    assert caught.value.action == text


def test_a_text_read_again_gives_an_equal_action_and_bad_text_is_refused_every_time() -> None:
    codec = ActionCodec([Place, Spend, Pass, Toggle])
    assert codec.parse("place 4 red") == codec.parse("place 4 red") == Place(4, "red")
    for _ in range(2):
        with pytest.raises(NotationError, match="Expected `int`"):
            codec.parse("place four red")


def test_a_codec_that_has_read_many_texts_still_reads_each_right() -> None:
    codec = ActionCodec([Place, Spend, Pass, Toggle])
    for slot in range(10_000):
        assert codec.parse(f"place {slot} red") == Place(slot, "red")
    assert codec.parse("place 3 red") == Place(3, "red")


def test_tags_must_be_unique() -> None:
    class Other(Action, frozen=True, tag="pass"):
        pass

    with pytest.raises(TypeError, match="unique"):
        ActionCodec([Pass, Other])
