"""The analysis fuzzer (issue 46): every kind of save the engine loads is analysed, and every
log it cannot replay is refused with an engine error.

Saves are drawn at random from: each game at each seat count it allows (1–4), fresh (no
step), part-way and played to the end (or long), with undo in the history, every chapter of
the Book, old-format saves (``saves_v1/``) and names from before the name checks. Each must
load and be analysed whole, one review per action step, a step with one legal action never
called a decision. Then its log is damaged (a step after the end, a step replaced, dropped
or doubled) and loaded unverified: the analysis either judges it or raises an
:class:`~ringbearer_engine.RingbearerError` naming the step, never another exception.
Bounded in the default checks; ``RINGBEARER_FUZZ=long`` (``nox -s fuzz``) tries more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzzing import budget

import ringbearer_engine as rb
from ringbearer_engine.analysis import monte_carlo
from ringbearer_engine.match import SCRIPT_PREFIX
from ringbearer_engine.names import MAX_NAME_LENGTH
from ringbearer_engine.saves import encode_envelope, read_envelope, seal

SAVES = budget(bounded=10, long=300)
"""Saves analysed (and as many damaged copies) per run."""
SEATS = {"mount-doom": (1, 2, 3, 4), "adventure-game": (2, 3, 4), "adventure-book": (1, 2, 3, 4)}
CHAPTERS = 8
LONGEST = 300
"""Steps a game is played to at most; the analysis judges its last :data:`JUDGED` only."""
JUDGED = 25
QUICK = monte_carlo(1)
"""An advisor as cheap as can be: the fuzzer checks what the analysis accepts, not its figures."""
V1_SAVES = sorted(Path(__file__).with_name("saves_v1").glob("*.json"))
OLD_NAMES = (["A" * (MAX_NAME_LENGTH + 20)], ["Ann\x1b[2J"], ["Bo\x07"])


def played(game: str, seats: int, steps: int, rng: random.Random, **options: int) -> rb.Match:
    match = rb.Match.new(
        game, [f"Player {n + 1}" for n in range(seats)], rng.randrange(2**32), options or None
    )
    bot = rb.RandomBot(rng.randrange(2**32))
    while match.outcome is None and len(match.log) < steps:
        match.play(bot.choose(match.game, match.state))
    return match


def with_undo(match: rb.Match, rng: random.Random) -> rb.Match:
    """Undo what the rules let be undone, a step or two, and play on a few steps."""
    for _ in range(rng.randint(1, 2)):
        if match.can_undo:
            match.undo()
    bot = rb.RandomBot(rng.randrange(2**32))
    for _ in range(rng.randint(1, 4)):
        if match.outcome is None:
            match.play(bot.choose(match.game, match.state))
    return match


def with_old_names(data: bytes, rng: random.Random) -> bytes:
    envelope, fmt = read_envelope(data)
    names = list(envelope.players)
    names[rng.randrange(len(names))] = rng.choice(OLD_NAMES)[0]
    envelope.players = envelope.state["players"] = names
    return encode_envelope(seal(envelope), fmt)


def a_save(rng: random.Random) -> tuple[str, bytes]:
    """One save of a kind drawn at random, and what kind it is."""
    kind = rng.choice(["fresh", "part-way", "to the end", "undo", "chapter", "v1", "old names"])
    if kind == "v1":
        path = rng.choice(V1_SAVES)
        return f"v1 {path.stem}", path.read_bytes()
    game = rng.choice(sorted(SEATS))
    seats = rng.choice(SEATS[game])
    if kind == "chapter":
        game, chapter = "adventure-book", rng.randint(1, CHAPTERS)
        match = played(
            game, seats if game == "adventure-book" else 1, rng.randint(0, 60), rng, chapter=chapter
        )
        return f"chapter {chapter}, {len(match.players)} seats", match.save(
            rng.choice(["json", "msgpack"])
        )
    steps = {"fresh": 0, "part-way": rng.randint(1, 40), "to the end": LONGEST}.get(kind, 30)
    match = played(game, seats, steps, rng)
    if kind == "undo":
        match = with_undo(match, rng)
    data = match.save(rng.choice(["json", "msgpack"]))
    if kind == "old names":
        data = with_old_names(data, rng)
    return f"{kind} {game}, {seats} seats, {len(match.log)} steps", data


def check_analysis(match: rb.Match) -> None:
    first = max(0, len(match.log) - JUDGED)
    analysis = rb.analyse(match, QUICK, futures=1, first=first)
    actions = [i for i, e in enumerate(match.log) if not e.startswith(SCRIPT_PREFIX) and i >= first]
    assert [review.step for review in analysis.steps] == actions
    assert analysis.complete
    assert list(analysis.players) == list(match.players)
    for review in analysis.steps:
        assert (review.kind == "decision") == (review.options > 1), review


# -- damaged logs -------------------------------------------------------------------------------


def step_after_the_end(log: list[str], rng: random.Random) -> list[str]:
    return [*log, rng.choice(log)] if log else ["roll"]


def step_replaced(log: list[str], rng: random.Random) -> list[str]:
    if not log:
        return ["no such step"]
    damaged = list(log)
    damaged[rng.randrange(len(log))] = rng.choice([*log, "no such step", "", "!script {}"])
    return damaged


def step_dropped(log: list[str], rng: random.Random) -> list[str]:
    if not log:
        return log
    index = rng.randrange(len(log))
    return log[:index] + log[index + 1 :]


def step_doubled(log: list[str], rng: random.Random) -> list[str]:
    if not log:
        return log
    index = rng.randrange(len(log))
    return log[: index + 1] + log[index:]


DAMAGE: list[Callable[[list[str], random.Random], list[str]]] = [
    step_after_the_end,
    step_replaced,
    step_dropped,
    step_doubled,
]


def damaged_copy(data: bytes, rng: random.Random) -> rb.Match | None:
    envelope, fmt = read_envelope(data)
    envelope.log = rng.choice(DAMAGE)(list(envelope.log), rng)
    try:
        return rb.Match.load(encode_envelope(seal(envelope), fmt), verify=False)
    except rb.SaveError:
        return None  # refused at the door: nothing to analyse


def refusal(match: rb.Match) -> rb.RingbearerError | None:
    """The engine's refusal to analyse ``match`` (None: it was analysed). Any other
    exception escapes, and fails the fuzzer."""
    try:
        rb.analyse(match, QUICK, futures=1, first=max(0, len(match.log) - JUDGED))
    except rb.RingbearerError as error:
        return error
    return None


@pytest.mark.fuzz
def test_every_kind_of_save_is_analysed_and_a_damaged_log_is_an_engine_error() -> None:
    rng = random.Random(46)
    kinds: set[str] = set()
    for _ in range(SAVES):
        what, data = a_save(rng)
        kinds.add(what.split(" ")[0])
        check_analysis(rb.Match.load(data))
        damaged = damaged_copy(data, rng)
        refused = None if damaged is None else refusal(damaged)
        if refused is not None:
            assert isinstance(refused, rb.IllegalActionError | rb.ScriptError), (what, refused)
            assert "step " in str(refused), (what, refused)  # says which step cannot be
    assert len(kinds) >= min(SAVES, 4), kinds  # the draw reaches several kinds
