"""The Book's advisor: the position estimate, the search bot built on it, and the hint."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st_

from ringbearer_engine import Chance, Ranking, get_game, make_bot
from ringbearer_engine.bots import play_out
from ringbearer_engine.games.adventure_book import page, pages
from ringbearer_engine.games.adventure_book.advisor import hint_advisor
from ringbearer_engine.games.adventure_book.bots import HeuristicBot
from ringbearer_engine.games.adventure_book.search import SearchBot
from ringbearer_engine.games.adventure_book.state import AdventureBookState
from ringbearer_engine.games.adventure_book.value import (
    estimated_win_chance,
    feature_names,
    features,
)
from ringbearer_engine.games.adventure_book.value_weights import WEIGHTS

from .helpers import arrange, new, st, to_story

GAME = get_game("adventure-book")
READY = "complete keep-it-secret courage,insight"
"""Chapter 1's first Challenge, ready once Gandalf is at Bag End with those two cards."""


def ready_to_complete() -> AdventureBookState:
    match = to_story(new())
    arrange(
        match, hands=[["insight", "courage"], []], pieces={"gandalf": "bag-end", "sam": "garden"}
    )
    return st(match)


def gollum_at_the_cave_entrance() -> AdventureBookState:
    match = new(chapter=7)
    arrange(match, pieces={"gollum": "cave-entrance"})
    return st(match)


# -- the estimate ------------------------------------------------------------------------------


def test_every_chapter_has_one_fitted_weight_per_feature() -> None:
    assert set(WEIGHTS) == set(pages())
    assert all(len(weights) == len(feature_names(c)) for c, weights in WEIGHTS.items())


def test_a_won_attempt_is_worth_one_and_a_lost_one_nothing() -> None:
    state = ready_to_complete()
    state.result = "won"
    assert estimated_win_chance(state) == 1.0
    state.result = "plot-deck-empty"
    assert estimated_win_chance(state) == 0.0


def test_the_game_scores_futures_by_the_estimate() -> None:
    state = ready_to_complete()
    assert GAME.evaluate(state, 0) == estimated_win_chance(state)


def test_completing_a_challenge_raises_the_estimate() -> None:
    state = ready_to_complete()
    before = estimated_win_chance(state)
    GAME.apply(state, GAME.parse_action(READY))
    assert estimated_win_chance(state) > before


@settings(max_examples=12, deadline=None)
@given(
    chapter=st_.sampled_from(sorted(pages())),
    seed=st_.integers(0, 2**32),
    steps=st_.integers(0, 60),
)
def test_the_estimate_is_a_chance_anywhere_in_an_attempt(
    chapter: int, seed: int, steps: int
) -> None:
    state = GAME.setup(("A", "B"), GAME.convert_options({"chapter": chapter}), Chance.seeded(seed))
    assert isinstance(state, AdventureBookState)
    bot = HeuristicBot()
    play_out(GAME, state, [bot, bot], max_steps=10_000, until_turn=1 + steps // 10)
    assert len(features(state)) == len(feature_names(chapter))
    assert 0.0 <= estimated_win_chance(state) <= 1.0


# -- a chapter's own counters ------------------------------------------------------------------


def own(state: AdventureBookState, name: str) -> float:
    """The value of one of the chapter's own features."""
    return features(state)[feature_names(state.chapter).index(name)]


def test_chapter_4_an_orc_closing_on_a_lone_frodo_lowers_the_estimate() -> None:
    far, near = (new(chapter=4) for _ in range(2))
    arrange(far, counters={"orc-1": "glade"}, pieces={"frodo": "boat-landing"})
    arrange(near, counters={"orc-1": "glade"}, pieces={"frodo": "glade"})
    assert own(st(near), "steps from the nearest Orc to Frodo unguarded") == 0.0
    assert own(st(far), "steps from the nearest Orc to Frodo unguarded") > 0.0
    assert estimated_win_chance(st(near)) < estimated_win_chance(st(far))


def test_chapter_4_a_fighter_beside_frodo_takes_the_orc_threat_away() -> None:
    match = new(chapter=4)
    arrange(match, counters={"orc-1": "glade"})
    arrange(match, pieces={"frodo": "glade", "aragorn": "glade"})
    assert own(st(match), "steps from the nearest Orc to Frodo unguarded") == 6.0


def test_chapter_7_gollum_nearer_the_lair_lowers_the_estimate() -> None:
    far = new(chapter=7)
    arrange(far, pieces={"gollum": "straight-stair"})
    near = gollum_at_the_cave_entrance()
    assert own(near, "Gollum's steps to the lair") == 1.0
    assert own(st(far), "Gollum's steps to the lair") == 3.0
    assert estimated_win_chance(near) < estimated_win_chance(st(far))


def test_chapter_7_frodo_alone_in_the_lair_lowers_the_estimate() -> None:
    alone, guarded = (new(chapter=7) for _ in range(2))
    arrange(alone, pieces={"frodo": "dark-tunnel", "sam": "cave-entrance"})
    arrange(guarded, pieces={"frodo": "dark-tunnel", "sam": "dark-tunnel"})
    assert own(st(alone), "Frodo in the lair without Samwise") == 1.0
    assert own(st(guarded), "Frodo in the lair without Samwise") == 0.0
    assert estimated_win_chance(st(alone)) < estimated_win_chance(st(guarded))


def test_chapter_8_gollum_nearer_frodo_lowers_the_estimate() -> None:
    far, near = (new(chapter=8) for _ in range(2))
    frodo = st(far).pieces["frodo"]
    arrange(near, counters={"gollum": neighbour_of(st(near), frodo)})
    assert own(st(near), "Gollum's steps to Frodo") == 1.0
    assert own(st(far), "Gollum's steps to Frodo") > 1.0
    assert estimated_win_chance(st(near)) < estimated_win_chance(st(far))


def test_chapter_8_fewer_orcs_left_to_come_lowers_the_estimate() -> None:
    full, thin = (new(chapter=8) for _ in range(2))
    arrange(thin, counters={f"orc-{n}": "udun" for n in range(3, 6)})
    assert own(st(full), "Orcs left in the supply") == 4.0
    assert own(st(thin), "Orcs left in the supply") == 1.0
    assert estimated_win_chance(st(thin)) < estimated_win_chance(st(full))


def neighbour_of(state: AdventureBookState, space: str) -> str:
    return sorted(page(state.chapter).adj[space])[0]


# -- the search bot and the hint -----------------------------------------------------------------


def test_the_game_offers_the_search_bot_by_name() -> None:
    assert isinstance(make_bot(GAME, "search", 3), SearchBot)


def test_the_search_bot_completes_a_challenge_it_can_complete_now() -> None:
    assert str(SearchBot(1).choose(GAME, ready_to_complete())) == READY


def test_the_hint_advises_completing_a_challenge_it_can_complete_now() -> None:
    ranking = hint_advisor(GAME, seed=1, playouts=24).rank(GAME, ready_to_complete())
    assert str(ranking[0].action) == READY


def test_the_search_bot_does_not_walk_into_a_certain_loss() -> None:
    """Chapter 7: Gollum stepping into Shelob's Lair loses the attempt at once (AB-A67)."""
    chosen = SearchBot(1).choose(GAME, gollum_at_the_cave_entrance())
    assert str(chosen) != "move gollum side-passage"


def test_the_search_bot_does_not_spend_the_ring_putting_off_a_lost_attempt() -> None:
    """No Plot card left and no Challenge in reach: ending the turn loses, and so does every
    other choice a little later; a One Ring card discarded to move would only cost corruption."""
    match = new(chapter=1)
    arrange(match, hands=[["ring", "ring", "insight"], []], plot=[], phase="story")
    assert str(SearchBot(1).choose(GAME, st(match))) == "end"


def test_the_hint_does_not_advise_a_certain_loss() -> None:
    state = gollum_at_the_cave_entrance()
    ranking = hint_advisor(GAME, seed=1, playouts=24).rank(GAME, state)
    assert str(ranking[0].action) != "move gollum side-passage"
    losing = next(r for r in ranking if str(r.action) == "move gollum side-passage")
    assert losing.win_rate == 0.0


def test_the_search_bot_only_picks_legal_actions_and_is_deterministic() -> None:
    def run() -> list[str]:
        state = GAME.setup(("A", "B"), GAME.convert_options({"chapter": 3}), Chance.seeded(5))
        bot = SearchBot(2)
        chosen: list[str] = []
        while GAME.to_move(state) is not None and len(chosen) < 40:
            action = bot.choose(GAME, state)
            assert action in GAME.actions(state)
            chosen.append(str(action))
            GAME.apply(state, action)
        return chosen

    assert run() == run()


# -- honest figures ------------------------------------------------------------------------------


def test_futures_that_all_win_still_leave_room_for_a_loss() -> None:
    all_won = Ranking(GAME.parse_action("end"), 1.0, 150, 150, 0.0)
    low, high = all_won.interval
    assert high == 1.0
    assert 0.95 < low < 0.99
    assert all_won.margin > 0.01


def test_futures_that_all_lose_still_leave_room_for_a_win() -> None:
    low, high = Ranking(GAME.parse_action("end"), 0.0, 150, 0, 0.0).interval
    assert low == 0.0
    assert 0.01 < high < 0.05


def test_scores_that_barely_vary_do_not_shrink_the_interval() -> None:
    """Futures scored by the estimate vary little; the interval is still a proportion's."""
    steady = Ranking(GAME.parse_action("end"), 0.6, 100, 60, 0.01)
    low, high = steady.interval
    assert math.isclose(high - low, 0.19, abs_tol=0.01)


def test_the_hint_advises_what_the_search_bot_plays() -> None:
    """The hint's figures come from futures cut short; its choice is the search bot's."""
    state = GAME.setup(("A", "B"), GAME.convert_options({"chapter": 2}), Chance.seeded(4))
    for _ in range(12):
        ranking = hint_advisor(GAME, seed=3, playouts=12).rank(GAME, GAME.clone(state))
        assert ranking[0].action == SearchBot(3).choose(GAME, GAME.clone(state))
        GAME.apply(state, ranking[0].action)
