"""The heuristic bot: legal, sensible, blind to hidden cards; and the generic advisor runs."""

from __future__ import annotations

import pytest

from ringbearer_engine import Chance, Match, get_game, make_bot
from ringbearer_engine.bots import MonteCarloAdvisor, play_out
from ringbearer_engine.games.mount_doom.bots import HeuristicBot
from ringbearer_engine.games.mount_doom.content import NAZGUL_SYMBOL, SLOT_SYMBOLS
from ringbearer_engine.games.mount_doom.state import Ask, MountDoomState

from .helpers import goal, new, play, state, tray


def test_the_game_offers_random_heuristic_and_mc_bots() -> None:
    game = get_game("mount-doom")
    assert isinstance(make_bot(game, "heuristic", 1), HeuristicBot)
    assert isinstance(make_bot(game, "mc:5", 1), MonteCarloAdvisor)


@pytest.mark.parametrize("seed", range(8))
def test_heuristic_plays_legal_actions_to_the_end(seed: int) -> None:
    game = get_game("mount-doom")
    options = game.convert_options(
        {"friends_in_need": seed % 2 == 0, "without_protection": seed % 3 == 0}
    )
    s = game.setup(("A", "B", "C"), options, Chance.seeded(seed))
    bot = HeuristicBot(seed)
    steps = 0
    while game.to_move(s) is not None:
        action = bot.choose(game, s)
        assert action in game.actions(s)
        game.apply(s, action)
        steps += 1
    assert steps > 20


def test_heuristic_never_looks_at_face_down_cards() -> None:
    """Two positions that differ only in what lies face down get the same decisions."""
    game = get_game("mount-doom")
    for seed in range(30):
        a = state(Match.new("mount-doom", ["A"], seed=seed))
        b = game.clone(a)
        b.row[0], b.row[5] = b.row[5], b.row[0]
        assert HeuristicBot(1).choose(game, a) == HeuristicBot(1).choose(game, b)


def test_heuristic_avoids_the_nazgul_slot_when_the_last_nazgul_would_lose() -> None:
    slot = SLOT_SYMBOLS.index(NAZGUL_SYMBOL)
    row = ["moria-orc"] * 6
    row[slot] = ""
    match = new(row=row, nazgul=8)
    match.script(rolls={"black": [slot + 1, 3], "blue": [2], "red": [2]})
    play(match, "roll blue,red")
    action = HeuristicBot(0).choose(match.game, match.state)
    assert str(action).startswith("keep 3")


def test_heuristic_aims_for_the_exact_arrival_at_a_goal() -> None:
    match = new(row=["moria-orc"] * 6, pos=[goal(0) - 3, 0, 0, 0, 0])
    match.script(rolls={"black": [2, 2], "orange": [3], "red": [5]})
    play(match, "roll orange,red")
    assert str(HeuristicBot(0).choose(match.game, match.state)) == "keep 2 orange"


def test_heuristic_uses_boromir_and_eowyn_when_they_are_offered() -> None:
    match = new(row=["uruk-hai-rohan"] * 6, held=["boromir"], stage=1)
    match.script(rolls={"battle": ["sauron"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.BOROMIR
    assert str(HeuristicBot(0).choose(match.game, match.state)) == "use boromir -"


def test_heuristic_gives_up_a_gandalf_card_for_a_costly_battle() -> None:
    match = new(row=["cave-troll"] * 6, held=["vision"])
    match.script(rolls={"battle": ["gandalf"]})
    tray(match, (1, "", 0))
    assert state(match).pending == Ask.FACE
    assert str(HeuristicBot(0).choose(match.game, match.state)) == "spend vision"


def test_monte_carlo_advisor_ranks_the_options_of_a_decision() -> None:
    game = get_game("mount-doom")
    s = state(Match.new("mount-doom", ["A", "B"], seed=4))
    advisor = MonteCarloAdvisor(game, playouts=12, seed=1)
    ranking = advisor.rank(game, s)
    assert {r.action for r in ranking} == set(game.actions(s))
    assert all(r.playouts >= 2 for r in ranking)
    assert all(0.0 <= r.win_rate <= 1.0 and r.spread is not None for r in ranking)
    # Futures stop after a turn and are scored by the game's estimate, not only 0 or 1.
    assert any(0.0 < r.win_rate < 1.0 and r.wins != r.win_rate * r.playouts for r in ranking)
    assert isinstance(s, MountDoomState)


def test_heuristic_games_finish_from_any_seed() -> None:
    game = get_game("mount-doom")
    for seed in range(20):
        s = game.setup(("A", "B"), game.convert_options({}), Chance.seeded(seed))
        play_out(game, s, [HeuristicBot(seed), HeuristicBot(seed + 1)], max_steps=3000)
        assert game.outcome(s) is not None


def test_the_heuristic_adds_its_scores_alike_on_every_python() -> None:
    """Python 3.12's compensated ``sum`` gives 1.0 here and 3.11's 0.0; the bots add in order,
    so a seeded game (the golden playthrough) is the same on 3.11, 3.12 and 3.13."""
    from ringbearer_engine.games.mount_doom.bots import added

    assert added([1e16, 1.0, -1e16]) == 0.0
    assert added([0.1] * 10) == 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1 + 0.1
