"""The input fuzzer: whatever a client types or builds, the engine refuses it cleanly.

Random positions of every game are met with text (legal notation mutated: lone surrogates,
control characters, odd Unicode, words doubled or dropped, text of up to megabytes), with
hand-built actions whose fields hold the wrong kinds of values (floats, booleans, huge
numbers, surrogates), with seats of every kind for :meth:`Match.view`, and with player
names of every kind for :meth:`Match.new`. Every refusal must be the engine's own error, be
printable, and leave the match byte for byte as it was; the parse cache must stay within its
bound; every legal action's notation must be shorter than the longest notation read.
Bounded in the default checks; ``nox -s fuzz`` tries many more.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from fuzzing import budget

import ringbearer_engine as rb
from ringbearer_engine import actions
from ringbearer_engine.actions import MAX_NOTATION_LENGTH

GAMES = {"mount-doom": 2, "adventure-game": 3, "adventure-book": 2}

ODD_TEXT = (
    "\ud800",
    "\udfff",
    "\x00",
    "\x1b[2J",
    "\x1b]0;owned\x07",
    "\x9b",
    "\u202e",
    "\ufeff",
    "é",
    "🌋",
    "\t",
    "\n",
    " ",
    ",",
    "-",
    "0",
    "-1",
    "99999999999999999999999",
    "1.5",
    "true",
)


def positions(game: str, rng: random.Random, count: int) -> list[rb.Match]:
    """Matches of ``game`` a random number of steps in."""
    found = []
    for index in range(count):
        seats = GAMES[game]
        match = rb.Match.new(game, [f"P{n}" for n in range(seats)], seed=rng.randrange(2**32))
        bot = rb.RandomBot(index)
        for _ in range(rng.randrange(60)):
            if match.outcome is not None:
                break
            match.play(bot.choose(match.game, match.state))
        found.append(match)
    return found


def mutated_text(legal: list[rb.Action], rng: random.Random) -> str:
    words = str(rng.choice(legal)).split() if legal else ["pass"]
    how = rng.randrange(7)
    if how == 0:
        words.insert(rng.randrange(len(words) + 1), rng.choice(ODD_TEXT))
    elif how == 1 and len(words) > 1:
        at = rng.randrange(1, len(words))
        words[at] = words[at] + rng.choice(ODD_TEXT)
    elif how == 2:
        words.append(rng.choice(words))
    elif how == 3 and words:
        words.pop(rng.randrange(len(words)))
    elif how == 4:
        words.append("y" * rng.choice((MAX_NOTATION_LENGTH - 10, MAX_NOTATION_LENGTH + 1, 10**6)))
    elif how == 5:
        return "".join(rng.choice(ODD_TEXT) for _ in range(rng.randrange(1, 6)))
    return " ".join(words)


def odd_value(rng: random.Random) -> Any:
    return rng.choice(
        (
            1.5,
            -0.0,
            float("nan"),
            True,
            None,
            2**64,
            -(2**63) - 1,
            "\ud800",
            "x" * 5000,
            (),
            ("a", 1.5),
            b"\x00",
            [1],
            {"a": 1},
        )
    )


def hand_built(game: rb.Game[Any], legal: list[rb.Action], rng: random.Random) -> rb.Action:
    """A legal action with one field given a value of the wrong kind (or one not legal)."""
    kinds = list(game.action_types)
    base = rng.choice(legal) if legal and rng.random() < 0.7 else None
    cls = type(base) if base is not None else rng.choice(kinds)
    fields = {name: getattr(base, name, None) for name in cls.__struct_fields__}
    if fields:
        fields[rng.choice(list(fields))] = odd_value(rng)
    return cls(**fields)


def check_refused(match: rb.Match, entry: rb.Action | str, where: str) -> None:
    before = match.snapshot()
    log = match.log
    try:
        match.play(entry)
    except rb.IllegalActionError as error:
        str(error).encode("utf-8")
        error.reason.encode("utf-8")
    else:
        return  # a mutation can hit a legal action: played, nothing to check
    assert match.snapshot() == before, where
    assert match.log == log, where


@pytest.mark.fuzz
@pytest.mark.parametrize("game", sorted(GAMES))
def test_typed_and_built_actions_are_refused_cleanly(game: str) -> None:
    rng = random.Random(f"input-fuzz {game}")
    rules = rb.get_game(game)
    for number, match in enumerate(positions(game, rng, budget(bounded=3, long=200))):
        for case in range(budget(bounded=30, long=400)):
            if match.outcome is not None:
                break
            legal = match.actions()
            where = f"{game} match {number} case {case}"
            if case % 2:
                check_refused(match, mutated_text(legal, rng), where)
            else:
                check_refused(match, hand_built(rules, legal, rng), where)
    kept = sum(len(text) for text in rules._codec._parsed)
    assert kept <= actions._PARSED_KEPT_CHARACTERS


@pytest.mark.fuzz
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_legal_notation_is_within_the_longest_read(game: str) -> None:
    rng = random.Random(f"notation-length {game}")
    for match in positions(game, rng, budget(bounded=6, long=300)):
        for action in match.actions():
            text = str(action)
            assert len(text) <= MAX_NOTATION_LENGTH, text
            assert match.parse(text) == action


@pytest.mark.fuzz
def test_a_view_is_of_a_seat_or_refused() -> None:
    rng = random.Random("view-fuzz")
    for match in positions("adventure-game", rng, budget(bounded=3, long=100)):
        seats = len(match.players)
        for seat in (None, *range(-2, seats + 2), 1.5, True, False, "0", 2**64, [0]):
            if seat is None or (type(seat) is int and 0 <= seat < seats):
                view = match.view(seat)
                assert msgspec.to_builtins(view)
            else:
                with pytest.raises(ValueError, match="no seat"):
                    match.view(seat)


@pytest.mark.fuzz
def test_every_name_is_kept_by_a_save_or_refused_at_the_start() -> None:
    rng = random.Random("name-fuzz")
    for case in range(budget(bounded=60, long=5_000)):
        name = "".join(
            rng.choice(("A", "é", "🌋", " ", *ODD_TEXT)) for _ in range(rng.randrange(8))
        )
        if rng.random() < 0.1:
            name *= rng.choice((20, 10_000))
        try:
            match = rb.Match.new("mount-doom", [name, "B"], seed=case)
        except rb.SetupError as error:
            str(error).encode("utf-8")
            continue
        for fmt in ("json", "msgpack"):
            assert rb.Match.load(match.save(fmt)).players == (name, "B")
