"""The Adventure Book lesson: chapter 1 alone, in a campaign, each core rule at its step.

The lesson is walked through the engine alone (``walk_lesson``); every check looks at what
the match really did at the step that claims to teach a rule, so a rules change that moves
or removes that moment fails here, not in front of a new player.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import pytest

import ringbearer_engine as rb
from ringbearer_engine.events import Event
from ringbearer_engine.games.adventure_book import Campaign, campaign_after
from ringbearer_engine.games.adventure_book import events as ev
from ringbearer_engine.games.adventure_book.chapters import page
from ringbearer_engine.games.adventure_book.content import EYE_CARDS, SPECIALS, SYMBOLS
from ringbearer_engine.games.adventure_book.rules.corruption import TRACK
from ringbearer_engine.games.adventure_book.state import SOLO_HAND, AdventureBookState
from ringbearer_engine.match import SCRIPT_PREFIX
from ringbearer_tui.lessons import Lesson, LessonStep, load_lesson, walk_lesson

BOOK_PARTS = {"board", "corruption", "hand", "challenges", "spaces", "plot"}
"""The Book's board parts a step may point at (listed by the app's lessons helper)."""
MOST_STEPS = 60
"""About what a first-time player gets through in ten minutes."""
LONGEST_SAY = 240
"""What fits in the coach panel at 80x24 beside the choices without scrolling."""

E = TypeVar("E", bound=Event)


@dataclass(frozen=True)
class Played:
    """One step of the walked lesson: the state when it was asked, what its action did."""

    number: int
    step: LessonStep
    before: AdventureBookState
    events: list[Event]

    def of(self, kind: type[E]) -> list[E]:
        return [event for event in self.events if isinstance(event, kind)]


@dataclass(frozen=True)
class Walked:
    lesson: Lesson
    match: rb.Match
    steps: list[Played]

    def teaching(self, rule: str) -> Played:
        (played,) = [p for p in self.steps if rule in p.step.teaches]
        return played

    def after(self, played: Played) -> AdventureBookState:
        """The state once ``played`` was played (the next step's, or the end's)."""
        if played.number < len(self.steps):
            return self.steps[played.number].before
        return book_state(self.match)


def book_state(match: rb.Match) -> AdventureBookState:
    state = match.state
    assert isinstance(state, AdventureBookState)
    return state


def tokens(cards: list[str]) -> list[str]:
    return sorted(card if card in SPECIALS else card.rsplit("-", 1)[0] for card in cards)


@cache
def walked() -> Walked:
    lesson = load_lesson("adventure-book")
    befores: list[AdventureBookState] = []
    match: rb.Match | None = None
    for _, _, match in walk_lesson(lesson):
        befores.append(copy.deepcopy(book_state(match)))
    assert match is not None
    # The walk plays each step's action after yielding; a replay gives each action's events.
    actions = [step for step in match.playthrough() if not step.entry.startswith(SCRIPT_PREFIX)]
    assert [step.entry for step in actions] == [step.expect for step in lesson.steps]
    steps = [
        Played(number, step, before, played.events)
        for number, (step, before, played) in enumerate(
            zip(lesson.steps, befores, actions, strict=True), 1
        )
    ]
    return Walked(lesson, match, steps)


# -- the match the lesson sets up ---------------------------------------------------------------


def test_the_lesson_is_chapter_one_alone_in_a_campaign_of_its_own() -> None:
    lesson = walked().lesson
    first = walked().steps[0].before
    assert len(lesson.seats) == 1
    assert not lesson.seats[0].bot
    assert lesson.campaign
    assert first.chapter == 1
    assert first.corruption == 0
    assert len(first.solo) == SOLO_HAND, "the solo rule's face-up extra hand"


def test_the_lesson_plays_to_the_end_and_wins_the_chapter_at_its_last_step() -> None:
    match = walked().match
    assert match.outcome is not None
    assert match.outcome.reason == "chapter-won"
    assert walked().steps[-1].of(ev.ChapterWon)
    assert all(not played.of(ev.ChapterWon) for played in walked().steps[:-1])


def test_every_scripted_card_is_drawn_so_no_script_is_stale() -> None:
    chance = book_state(walked().match).chance
    assert not chance.rolls
    assert not chance.orders


def test_no_black_rider_ever_sees_a_hobbit() -> None:
    for played in walked().steps:
        frightened = [p for p in played.before.pending if "Black Rider" in p.source]
        assert not frightened, f"step {played.number} discards for a Rider that saw a hobbit"
        seen = [e for e in played.of(ev.RuleNote) if "sees" in e.text]
        assert not seen, f"step {played.number}: {seen}"


# -- each covered rule at the step that teaches it ------------------------------------------------


def turn_steps(walk: Walked, played: Played) -> None:
    assert played.before.phase == "move"
    assert played.before.turn == 1
    assert played.of(ev.PieceMoved)


def trading(walk: Walked, played: Played) -> None:
    (swap,) = played.of(ev.SoloSwapped)
    assert swap.took not in tokens(played.before.hands[0]), "the hand lacked what it took"
    assert swap.took in tokens(walk.after(played).hands[0])
    assert swap.gave in tokens(walk.after(played).solo)


def story_cards(walk: Walked, played: Played) -> None:
    (done,) = played.of(ev.ChallengeCompleted)
    assert set(done.paid) <= set(SYMBOLS), "ordinary symbols, no One Ring card"
    held = tokens(played.before.hands[0])
    assert all(held.count(symbol) >= done.paid.count(symbol) for symbol in done.paid)
    kept = tokens(walk.after(played).hands[0])
    assert all(kept.count(s) == held.count(s) - done.paid.count(s) for s in done.paid)


def challenges(walk: Walked, played: Played) -> None:
    assert played.of(ev.ChallengeCompleted)
    assert len(walk.after(played).completed) == len(played.before.completed) + 1


def plot_cards(walk: Walked, played: Played) -> None:
    before = walk.steps[played.number - 2]
    revealed = before.of(ev.PlotRevealed)
    assert revealed, "the step before turned a Plot card"
    assert played.before.pending
    assert played.before.pending[0].kind == "choose"
    (rode,) = played.of(ev.CounterMoved)
    assert rode.counter == "Black Rider"
    src, dst = (int(re.sub(r"\D", "", space)) for space in (rode.src, rode.dst))
    assert dst - src == revealed[0].value, "it rides as many route spaces as the card says"


def corruption(walk: Walked, played: Played) -> None:
    (moved,) = played.of(ev.CorruptionMoved)
    assert (moved.src, moved.dst) == (0, 1)
    (done,) = played.of(ev.ChallengeCompleted)
    assert "ring" in done.paid


def eye_spaces(walk: Walked, played: Played) -> None:
    (eye,) = played.of(ev.EyeDrawn)
    assert eye.space in TRACK.eyes
    assert played.before.corruption + 1 == eye.space
    assert played.of(ev.PlotCardLost), "the Eye card the lesson scripts throws a Plot card away"


def chapter_end(walk: Walked, played: Played) -> None:
    (won,) = played.of(ev.ChapterWon)
    assert won.chapter == 1
    assert played.number == len(walk.steps)


def campaign_save(walk: Walked, played: Played) -> None:
    assert played.number == len(walk.steps)
    campaign = campaign_after(walk.match)
    assert campaign.chapter == 2
    assert campaign.chapters_won == (1,)
    assert campaign.status == "playing"
    assert campaign.corruption == book_state(walk.match).corruption == 3
    assert set(campaign.won_specials) == {"shadowfax", "elven-boats"}
    assert Campaign.from_bytes(campaign.to_bytes()) == campaign


CHECKS: dict[str, Callable[[Walked, Played], None]] = {
    "turn steps": turn_steps,
    "trading": trading,
    "story cards": story_cards,
    "challenges": challenges,
    "plot cards": plot_cards,
    "corruption": corruption,
    "eye spaces": eye_spaces,
    "chapter end": chapter_end,
    "campaign save": campaign_save,
}


def test_every_covered_rule_has_a_check_here() -> None:
    assert set(walked().lesson.covers) == set(CHECKS)


@pytest.mark.parametrize("rule", sorted(CHECKS))
def test_the_rule_really_happens_at_the_step_that_teaches_it(rule: str) -> None:
    walk = walked()
    CHECKS[rule](walk, walk.teaching(rule))


def test_the_one_ring_hides_frodo_from_the_rider_that_stops_over_him() -> None:
    walk = walked()
    (ring,) = [p for p in walk.steps if p.of(ev.RingAbilityUsed)]
    turn_end = walk.steps[ring.number + 2]
    assert turn_end.step.expect == "end"
    assert turn_end.before.pieces["frodo"] == "east-road"
    stops = [e.dst for e in turn_end.of(ev.CounterMoved)]
    assert "Rider route 8" in stops, "a Rider stops where it overlooks the East Road"
    assert walk.after(turn_end).result == "", "and the chapter goes on"


def test_three_one_ring_cards_bring_the_marker_to_the_first_eye() -> None:
    moves = [e for p in walked().steps for e in p.of(ev.CorruptionMoved)]
    assert [(e.src, e.dst) for e in moves] == [
        (0, 1),
        (1, 2),
        (2, 3),
    ]
    assert TRACK.eyes[0] == 3


# -- the coach's words ---------------------------------------------------------------------------


def engine_ids() -> set[str]:
    """Names only the engine uses: hyphenated ids of spaces, Challenges, cards, route spaces."""
    chapter = page(1)
    ids = {*chapter.spaces, *chapter.challenges, *chapter.counters, *SPECIALS}
    ids |= {card.id for card in EYE_CARDS}
    return {ident for ident in ids if "-" in ident or re.fullmatch(r"r\d+", ident)}


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text.strip()))


@pytest.mark.parametrize("number", range(1, len(load_lesson("adventure-book").steps) + 1))
def test_each_step_is_short_plain_and_names_its_key(number: int) -> None:
    step = load_lesson("adventure-book").steps[number - 1]
    assert "{key}" in step.say
    assert len(step.say) <= LONGEST_SAY
    assert sentences(step.say) <= 3
    assert len(step.not_now) <= LONGEST_SAY
    words = set(re.findall(r"[\w-]+", f"{step.say} {step.not_now}"))
    assert not words & engine_ids(), "no engine ids on screen"
    assert step.part in BOOK_PARTS | {""}
    assert not step.part or step.point == "board"


def test_the_lesson_fits_in_ten_minutes() -> None:
    assert len(load_lesson("adventure-book").steps) <= MOST_STEPS


def test_the_intro_and_outro_are_short_enough_to_read_at_once() -> None:
    lesson = load_lesson("adventure-book")
    assert len(lesson.intro) <= 700
    assert len(lesson.outro) <= 500
