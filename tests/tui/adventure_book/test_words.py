"""The Book's choices and prompts read as sentences, never as the engine's notation."""

from __future__ import annotations

import re

import pytest
from fuzzing import budget

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign, campaign_after
from ringbearer_engine.games.adventure_book.actions import Complete, Enter, Play, Swap, Trade
from ringbearer_engine.games.adventure_book.view import AdventureBookView
from ringbearer_tui.games.adventure_book.cards import card_notes, gist
from ringbearer_tui.games.adventure_book.look import what_next
from ringbearer_tui.games.adventure_book.play import available
from ringbearer_tui.games.adventure_book.words import describe, named, prompt

NOTATION = re.compile(r"\b[a-z]+-[a-z0-9-]+\b|'[a-z]+'")
"""Ids such as ``maggots-farm`` or ``rider-1``, and quoted commands such as ``'end'``."""


def test_choices_name_pieces_spaces_cards_and_players() -> None:
    match = Campaign.new().next_match(["Ann", "Bo"], seed=3)
    labels = {str(a): describe(match, a) for a in match.actions()}
    assert labels["end"] == "End the move"
    assert labels["move frodo hobbiton"] == "Move Frodo to Hobbiton\u00a0(c)"
    assert describe(match, Trade(2, "courage")) == "Trade Courage with Bo"
    assert (
        describe(match, Complete("weathertop", ("courage", "combat", "ring")))
        == "Complete Weathertop: pay Courage + Combat Skill + The One Ring"
    )
    assert describe(match, Swap("courage", "insight")) == "Swap Courage ↔ solo Insight"
    assert (
        describe(match, Enter("frodo", "bree", ("mystery", "mystery")))
        == "Pay Mystery + Mystery: Frodo enters The Prancing Pony"
    )


@pytest.mark.fuzz
def test_every_choice_and_prompt_of_seeded_campaigns_is_in_words() -> None:
    """Bots play seeded campaigns through every chapter this version has; every choice they
    are offered and every prompt they see must read without ids or commands."""
    for seed in range(budget(2, 30)):
        campaign = Campaign.new()
        players = ["Ann"] if seed % 2 else ["Ann", "Bo", "Cy"]
        for _ in range(12):
            if campaign.finished or not available(campaign.chapter):
                break
            match = campaign.next_match(players, rb.derive_seed(seed, campaign.attempts))
            bot = rb.make_bot(match.game, "heuristic", seed)
            while match.outcome is None:
                words = prompt(match)
                assert not NOTATION.search(words), words
                for action in match.actions():
                    label = describe(match, action)
                    assert label != str(action) or " " not in str(action), label
                    assert not NOTATION.search(label), f"{action} -> {label}"
                match.play(bot.choose(match.game, match.game.clone(match.state)))
            campaign = campaign_after(match)


def test_the_card_key_reads_the_special_card_of_a_choice_and_every_card_in_hand() -> None:
    match = Campaign.new().next_match(["Ann"], seed=3)
    assert gist(Play("shadowfax")) == "Move any one character piece up to 3 spaces."
    assert gist(Trade(1, "courage")) == ""
    titles = [title for title, _ in card_notes(match, 0, Play("shadowfax"))]
    assert titles[0] == "Shadowfax (Special card)"
    view = match.view(0)
    assert isinstance(view, AdventureBookView)
    seen = {named(card) for card in [*(view.hand or []), *view.solo_hand]}
    assert seen == set(titles[1:])


@pytest.mark.parametrize(
    ("chapter", "result", "said"),
    [
        (1, "won", "Next: chapter 2, Forging the Fellowship."),
        (8, "won", "The campaign is won."),
        (3, "plot-deck-empty", "Chapter 3 is played again, the Corruption marker where it stands."),
        (3, "corrupted", "The campaign is lost."),
    ],
)
def test_a_chapter_end_says_what_it_means_for_the_campaign(
    chapter: int, result: str, said: str
) -> None:
    assert what_next(chapter, result) == said
