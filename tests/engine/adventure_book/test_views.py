"""Views, prompts and notation: what each seat sees and how actions are written."""

from __future__ import annotations

import pytest

from ringbearer_engine import Match
from ringbearer_engine.games.adventure_book import pages
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from .helpers import arrange, new, play, st, to_story


def view(match: Match, seat: int | None) -> AdventureBookView:
    seen = match.view(seat)
    assert isinstance(seen, AdventureBookView)
    return seen


def test_each_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    match = new(players=("A", "B", "C"))
    state = st(match)
    mine = view(match, 1)
    assert mine.hand == state.hands[1]
    assert mine.hand_sizes == [4, 4, 4]


def test_a_spectator_sees_no_hand() -> None:
    assert view(new(), None).hand is None


def test_decks_show_as_counts() -> None:
    seen = view(new(), 0)
    assert seen.story_deck == 34
    assert seen.special_deck == 18
    assert seen.plot_deck == 15
    assert seen.eye_deck == 5


def test_the_solo_hand_lies_face_up() -> None:
    match = new(players=("Ann",))
    assert view(match, 0).solo_hand == st(match).solo
    assert view(match, None).solo_hand == st(match).solo


def test_the_trade_answer_does_not_show_the_partners_cards_to_others() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage"], ["insight", "combat"]])
    play(match, "trade 2 courage", "ask insight")
    seen = view(match, 0)
    assert seen.pending is not None
    assert seen.pending.kind == "answer"
    assert seen.pending.options == []
    assert seen.pending.ask == "insight"


def test_a_face_down_counter_keeps_its_face_hidden() -> None:
    from ringbearer_engine.games.adventure_book import add_chapter, remove_chapter

    from .tiny_chapter import TinyRules, tiny_chapter

    add_chapter(tiny_chapter(6), TinyRules())
    try:
        match = new(chapter=6)
        assert "treasure" not in str(view(match, 0))
        assert view(match, 0).face_down == ["mystery-box"]
    finally:
        remove_chapter(6)


def test_won_special_cards_show_as_a_count() -> None:
    assert view(new(won_specials=["sting"]), 0).won_specials == 1


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        ("move", "Ann: Movement. Move pieces 2 more single steps, or 'end'."),
        ("story", "Ann: Storytelling."),
    ],
)
def test_the_prompt_says_what_is_decided_now(setup: str, expected: str) -> None:
    match = new()
    if setup == "story":
        to_story(match)
    assert match.prompt.startswith(expected)


def test_the_prompt_names_a_pending_decision() -> None:
    match = to_story(new())
    arrange(match, hands=[["courage"], ["insight"]])
    play(match, "trade 2 courage", "ask insight")
    assert match.prompt == "Bo: give a card back to Ann (they hope for an Insight card)."


def test_the_prompt_of_a_finished_chapter_is_its_outcome() -> None:
    match = to_story(new())
    arrange(match, plot=[])
    play(match, "end")
    assert match.prompt.startswith("Chapter 1, The Adventure Begins, is lost")


def test_every_legal_action_round_trips_through_its_notation() -> None:
    from ringbearer_engine.bots import RandomBot

    for chapter in sorted(pages()):
        for players in (1, 3):
            match = new(
                chapter=chapter, players=tuple(f"P{n}" for n in range(players)), seed=chapter
            )
            bot = RandomBot(chapter)
            while match.outcome is None:
                for action in match.actions():
                    assert match.parse(str(action)) == action
                match.play(bot.choose(match.game, match.state))
