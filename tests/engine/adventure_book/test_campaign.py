"""The campaign: chapters in order, retries, saves between chapters, damaged saves."""

from __future__ import annotations

import re
from collections.abc import Iterator

import msgspec
import pytest

from ringbearer_engine import (
    DamagedSaveError,
    FutureVersionError,
    Match,
    NotASaveError,
    SetupError,
    TruncatedSaveError,
)
from ringbearer_engine.bots import make_bot, play_out
from ringbearer_engine.games.adventure_book import (
    CAMPAIGN_FORMAT,
    Campaign,
    add_chapter,
    campaign_after,
    page,
    remove_chapter,
)
from ringbearer_engine.games.adventure_book.campaign import _checksum
from ringbearer_engine.games.adventure_book.chapters import TITLES
from ringbearer_engine.games.adventure_book.rules import turn
from ringbearer_engine.games.adventure_book.rules.board import Page

from .helpers import arrange, new, play, st, to_story
from .tiny_chapter import TinyRules, tiny_chapter

PLAYERS = ["Ann", "Bo"]


def won_chapter_one() -> Match:
    match = to_story(Campaign.new().next_match(PLAYERS, seed=5))
    arrange(
        match,
        hands=[["courage", "combat", "mystery"], []],
        pieces={"frodo": "weathertop", "aragorn": "weathertop", "sam": "chetwood"},
        completed=["keep-it-secret", "short-cut", "prancing-pony"],
        corruption=2,
    )
    st(match).won_specials.append("sting")
    st(match).special_deck.remove("sting")
    play(match, "complete weathertop combat,courage,mystery")
    return match


def lost_chapter_one() -> Match:
    match = to_story(Campaign.new().next_match(PLAYERS, seed=5))
    arrange(match, plot=[], corruption=4, hands=[[], []])
    st(match).won_specials.append("lembas-1")
    st(match).special_deck.remove("lembas-1")
    play(match, "end")
    return match


def test_a_won_chapter_leads_to_the_next_one() -> None:
    campaign = campaign_after(won_chapter_one())
    assert campaign.chapter == 2
    assert campaign.chapters_won == (1,)
    assert campaign.corruption == 2
    assert campaign.status == "playing"
    assert campaign.attempts == 1


def test_a_lost_chapter_is_played_again_with_the_marker_where_it_is() -> None:
    campaign = campaign_after(lost_chapter_one())
    assert campaign.chapter == 1
    assert campaign.corruption == 4
    assert campaign.chapters_won == ()


def test_won_special_cards_stay_in_the_deck_whether_won_or_lost() -> None:
    assert campaign_after(won_chapter_one()).won_specials == ("sting",)
    assert campaign_after(lost_chapter_one()).won_specials == ("lembas-1",)
    match = campaign_after(lost_chapter_one()).next_match(PLAYERS, seed=1)
    assert "lembas-1" not in st(match).special_deck


def test_the_next_attempt_starts_left_of_whoever_took_the_last_turn() -> None:
    """AB-A5."""
    assert campaign_after(lost_chapter_one()).first_seat == 1
    assert st(campaign_after(lost_chapter_one()).next_match(PLAYERS, seed=1)).seat == 1


def test_reaching_the_end_of_the_track_loses_the_campaign() -> None:
    match = to_story(new())
    arrange(match, corruption=14, hands=[["ring"], []])
    play(match, "discard ring")
    campaign = campaign_after(match)
    assert campaign.status == "lost"
    assert campaign.finished
    with pytest.raises(SetupError, match="the campaign is over: it was lost"):
        campaign.next_match(PLAYERS)


@pytest.fixture
def last_chapter() -> Iterator[None]:
    add_chapter(tiny_chapter(8), TinyRules())
    yield
    remove_chapter(8)


@pytest.mark.usefixtures("last_chapter")
def test_winning_chapter_eight_wins_the_campaign() -> None:
    match = to_story(
        Campaign(chapter=8, chapters_won=tuple(range(1, 8))).next_match(PLAYERS, seed=3)
    )
    arrange(match, pieces={"frodo": "there"}, hands=[["courage"], []])
    play(match, "complete arrive courage")
    assert match.outcome is not None
    assert match.outcome.reason == "campaign-won"
    campaign = campaign_after(match)
    assert campaign.status == "won"
    assert campaign.chapters_won == tuple(range(1, 9))


def test_a_chapter_not_yet_in_this_version_is_refused_clearly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An engine without a chapter (an older one, reading a newer campaign) says which."""

    def without_chapter_eight(number: int) -> Page:
        if number == 8:
            raise KeyError(number)
        return page(number)

    monkeypatch.setattr(turn, "page", without_chapter_eight)
    with pytest.raises(
        SetupError, match=re.escape(f"chapter 8, {TITLES[8]}, is not in this version yet")
    ):
        Campaign(chapter=8).next_match(PLAYERS)


def test_campaign_after_needs_a_finished_chapter() -> None:
    with pytest.raises(ValueError, match="not over yet"):
        campaign_after(new())


def test_a_campaign_save_round_trips() -> None:
    campaign = campaign_after(won_chapter_one())
    data = campaign.to_bytes()
    assert Campaign.from_bytes(data) == campaign
    assert len(data) < 400


def test_campaign_save_resume_continues_identically() -> None:
    """Campaign save -> resume -> identical continuation: the resumed campaign plays the next
    chapter exactly as the unsaved one does."""
    campaign = campaign_after(won_chapter_one())
    resumed = Campaign.from_bytes(campaign.to_bytes())
    first = campaign.next_match(PLAYERS, seed=11)
    second = resumed.next_match(PLAYERS, seed=11)
    for match in (first, second):
        bots = [make_bot(match.game, "heuristic", 7 + n) for n in range(2)]
        while match.outcome is None:
            match.play(bots[match.to_move or 0].choose(match.game, match.state))
    assert first.log == second.log
    assert first.snapshot() == second.snapshot()
    assert campaign_after(first) == campaign_after(second)


def test_a_mid_chapter_position_is_an_ordinary_match_save() -> None:
    """AB-A28."""
    match = Campaign.new().next_match(PLAYERS, seed=4)
    play(match, "move frodo hobbiton", "end")
    loaded = Match.load(match.save())
    assert loaded.snapshot() == match.snapshot()


def _raw(campaign: Campaign) -> dict[str, object]:
    raw = msgspec.msgpack.decode(campaign.to_bytes())
    assert isinstance(raw, dict)
    return raw


def test_a_cut_off_campaign_save_is_reported_as_truncated() -> None:
    data = Campaign.new().to_bytes()
    with pytest.raises(TruncatedSaveError, match="ends too early"):
        Campaign.from_bytes(data[:-5])


@pytest.mark.parametrize(
    "data", [b"", b"hello", b"\x93\x01\x02\x03", msgspec.msgpack.encode({"format": "x"})]
)
def test_something_that_is_not_a_campaign_save_is_refused(data: bytes) -> None:
    with pytest.raises(NotASaveError):
        Campaign.from_bytes(data)


def test_a_changed_campaign_save_fails_its_checksum() -> None:
    raw = _raw(Campaign.new())
    raw["campaign"]["corruption"] = 3  # type: ignore[index]
    with pytest.raises(DamagedSaveError, match="checksum"):
        Campaign.from_bytes(msgspec.msgpack.encode(raw))


def test_a_campaign_save_from_a_newer_engine_is_refused() -> None:
    raw = _raw(Campaign.new())
    raw["version"] = 99
    with pytest.raises(FutureVersionError, match="Upgrade ringbearer-engine"):
        Campaign.from_bytes(msgspec.msgpack.encode(raw))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("chapter", 12, "there is no chapter 12"),
        ("corruption", 99, "cannot be on space 99"),
        ("won_specials", ["palantir"], "Special cards"),
        ("status", "paused", "unknown status"),
        ("corruption", "high", "Expected `int`"),
        ("colour", "red", "unknown field"),
        ("attempts", 2**64 - 1, "number of attempts"),
        ("attempts", -1, "number of attempts"),
        ("first_seat", 2**63 - 1, "first seat"),
        ("chapters_won", [2**64 - 1], "chapters won"),
        ("chapters_won", [1, 1], "chapters won"),
    ],
)
def test_a_campaign_save_with_impossible_values_is_damaged(
    field: str, value: object, message: str
) -> None:
    raw = _raw(Campaign.new())
    raw["campaign"][field] = value  # type: ignore[index]
    raw["checksum"] = _checksum(raw["campaign"])
    with pytest.raises(DamagedSaveError, match=message):
        Campaign.from_bytes(msgspec.msgpack.encode(raw))


@pytest.mark.parametrize(
    ("field", "value"),
    [("attempts", 2**64 - 1), ("first_seat", 9), ("chapters_won", (0,))],
)
def test_chapter_options_out_of_a_campaign_s_range_are_refused(field: str, value: object) -> None:
    """Every number the campaign carries is bounded, so a chapter's end can always save it."""
    with pytest.raises(SetupError):
        Match.new("adventure-book", PLAYERS, seed=1, options={field: value})


def test_the_attempt_counter_never_grows_past_what_a_campaign_save_holds() -> None:
    won = won_chapter_one()
    options = msgspec.structs.replace(st(won).options, attempts=turn.MAX_ATTEMPTS)
    st(won).options = options
    after = campaign_after(won)
    assert after.attempts == turn.MAX_ATTEMPTS
    assert Campaign.from_bytes(after.to_bytes()) == after


def test_the_campaign_save_names_its_format_and_version() -> None:
    raw = _raw(Campaign.new())
    assert raw["format"] == CAMPAIGN_FORMAT
    assert raw["version"] == 1


def test_a_whole_campaign_of_heuristic_play_goes_through_saves() -> None:
    campaign = Campaign.new()
    for attempt in range(4):
        if campaign.chapter > 2:
            break
        match = Campaign.from_bytes(campaign.to_bytes()).next_match(PLAYERS, seed=attempt)
        play_out(match.game, match.state, [make_bot(match.game, "heuristic", n) for n in range(2)])
        campaign = campaign_after(match)
    assert campaign.attempts >= 1
    assert campaign.corruption >= 0


def test_the_documented_examples_run() -> None:
    import doctest

    import ringbearer_engine.games.adventure_book as package
    from ringbearer_engine.games.adventure_book import campaign

    for module in (package, campaign):
        result = doctest.testmod(module)
        assert result.failed == 0
        assert result.attempted > 0
