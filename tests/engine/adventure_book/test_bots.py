"""The bots: random, the cooperative heuristic, and the generic Monte-Carlo advisor."""

from __future__ import annotations

import pytest

from ringbearer_engine import Chance, MonteCarloAdvisor, get_game, make_bot, simulate
from ringbearer_engine.bots import play_out
from ringbearer_engine.games.adventure_book import pages
from ringbearer_engine.games.adventure_book.bots import HeuristicBot
from ringbearer_engine.games.adventure_book.state import AdventureBookState

from .helpers import arrange, new, to_story

GAME = get_game("adventure-book")


def test_the_game_offers_a_heuristic_bot() -> None:
    assert set(GAME.bots()) == {"heuristic", "search"}
    assert isinstance(make_bot(GAME, "heuristic", 3), HeuristicBot)


@pytest.mark.parametrize("chapter", sorted(pages()))
def test_one_heuristic_policy_plays_every_seat_to_the_end(chapter: int) -> None:
    state = GAME.setup(
        ("A", "B", "C"), GAME.convert_options({"chapter": chapter}), Chance.seeded(chapter)
    )
    bot = HeuristicBot(1)
    steps = play_out(GAME, state, [bot, bot, bot])
    assert steps > 0
    assert GAME.outcome(state) is not None


def test_the_heuristic_only_picks_legal_actions_and_is_deterministic() -> None:
    def run() -> list[str]:
        state = GAME.setup(("A", "B"), GAME.convert_options({"chapter": 2}), Chance.seeded(9))
        bot = HeuristicBot(4)
        chosen: list[str] = []
        while GAME.to_move(state) is not None:
            action = bot.choose(GAME, state)
            assert action in GAME.actions(state)
            chosen.append(str(action))
            GAME.apply(state, action)
        return chosen

    assert run() == run()


def test_the_heuristic_completes_a_ready_challenge() -> None:
    match = to_story(new())
    arrange(
        match, hands=[["insight", "courage"], []], pieces={"gandalf": "bag-end", "sam": "garden"}
    )
    assert (
        str(HeuristicBot().choose(GAME, match.state)) == "complete keep-it-secret courage,insight"
    )


def test_the_heuristic_keeps_its_one_ring_cards_when_it_must_discard() -> None:
    match = to_story(new(chapter=2))
    arrange(
        match, hands=[["ring", "ring", "courage", "courage", "courage", "mystery"], []], plot=[1]
    )
    match.play("end")
    state = match.state
    assert isinstance(state, AdventureBookState)
    while state.phase == "limit":
        action = HeuristicBot().choose(GAME, state)
        assert str(action) != "drop ring"
        match.play(action)


def test_the_heuristic_beats_random_play() -> None:
    heuristic = simulate(
        "adventure-book", 12, ["heuristic", "heuristic"], seed=1, options={"chapter": 2}
    )
    random = simulate("adventure-book", 12, ["random", "random"], seed=1, options={"chapter": 2})
    assert heuristic.wins.count > random.wins.count


def test_the_monte_carlo_advisor_ranks_the_legal_actions() -> None:
    match = to_story(new())
    arrange(
        match, hands=[["insight", "courage"], []], pieces={"gandalf": "bag-end", "sam": "garden"}
    )
    advisor = MonteCarloAdvisor(GAME, playouts=6, seed=2)
    ranking = advisor.rank(GAME, match.state)
    assert {r.action for r in ranking} == set(match.actions())
