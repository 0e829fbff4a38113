"""The heuristic and information-set Monte-Carlo bots: sensible choices, fair information."""

from __future__ import annotations

import pytest
from adventure_game.table import GAME, Table

import ringbearer_engine as rb
from ringbearer_engine import Chance, bot_names, make_bot
from ringbearer_engine.games.adventure_game.bots import HeuristicBot, ISMCBot
from ringbearer_engine.games.adventure_game.state import AdventureState


def choice(table: Table, seed: int = 0) -> str:
    return str(HeuristicBot(seed).choose(GAME, table.state))


def test_the_game_offers_random_heuristic_and_ismc_bots() -> None:
    assert {"random", "heuristic", "ismc", "mc"} <= set(bot_names(GAME))
    assert isinstance(make_bot(GAME, "ismc", 3), ISMCBot)


def test_heuristic_keeps_two_rings_for_gollum_after_lorien() -> None:
    table = Table()
    table.put(0, "amon-hen")
    table.hand(0, "boromir", "new-hand")
    table.rings(0, 2)
    assert choice(table) == "fight"
    table.rings(0, 3)
    assert choice(table) == "ring"


def test_heuristic_spends_rings_freely_before_lorien_tops_them_up() -> None:
    table = Table()
    table.put(0, "moria")
    table.hand(0, "boromir", "new-hand")
    table.rings(0, 1)
    assert choice(table) == "ring"


def test_heuristic_plays_move_3_when_the_way_is_open() -> None:
    table = Table()
    table.put(0, "black-gate")
    table.hand(0, "move-2", "move-3", "boromir")
    table.nazgul()
    assert choice(table) == "move-3 morgul-vale"


def test_heuristic_stops_at_a_town_it_has_not_collected() -> None:
    table = Table()
    table.put(0, "east-road")
    table.hand(0, "move-2", "move-3", "boromir")
    assert choice(table) == "step bree"


def test_heuristic_sets_a_nazgul_on_the_leading_rival() -> None:
    table = Table(3)
    table.put(0, "midgewater")
    table.put(1, "ithilien")  # the leader, on clear terrain
    table.put(2, "hobbiton")
    table.hand(0, "move-nazgul", "boromir")
    table.play("move-nazgul gorgoroth")
    assert choice(table) == "place-nazgul ithilien"


def test_heuristic_pushes_the_leader_back_onto_a_monster() -> None:
    table = Table(3)
    table.put(0, "bree")
    table.put(1, "dead-marshes")
    table.nazgul()
    table.put(1, "black-gate")
    table.nazgul("dead-marshes")
    table.put(2, "hobbiton")
    table.hand(0, "move-opponent", "boromir")
    assert choice(table) == "move-opponent 1 dead-marshes"


def test_heuristic_wins_at_gollum_when_it_can() -> None:
    table = Table()
    table.put(0, "sammath-naur")
    table.rings(0, 2)
    table.hand(0, "boromir")
    assert choice(table) == "ring"


def test_heuristic_stuck_at_gollum_steals_a_ring() -> None:
    table = Table()
    table.put(0, "sammath-naur")
    table.rings(1, 2)
    table.hand(0, "gollum", "boromir", "new-hand")
    assert choice(table) == "gollum 1"


def test_heuristic_beats_random_clearly() -> None:
    report = rb.simulate("adventure-game", 20, ["heuristic", "random"], seed=3)
    assert report.seat_wins[0].count >= 18


def test_ismc_only_ever_chooses_legal_actions() -> None:
    state = GAME.setup(("A", "B"), GAME.options_type(), Chance.seeded(5))
    bot = ISMCBot(1, samples=2)
    for _ in range(40):
        if GAME.to_move(state) is None:
            break
        action = bot.choose(GAME, state)
        assert action in GAME.actions(state)
        GAME.apply(state, action)


def test_ismc_never_peeks_at_hidden_cards() -> None:
    """The same public position and own hand give the same choice, whatever rivals hold."""
    table = Table(3)
    table.put(0, "bree")
    table.put(1, "weathertop")
    table.put(2, "midgewater")
    a: AdventureState = table.state
    b = GAME.clone(a)
    b.hands[1], b.hands[2] = b.hands[2], b.hands[1]
    b.draw_pile.reverse()
    first = ISMCBot(7, samples=6).choose(GAME, a)
    second = ISMCBot(7, samples=6).choose(GAME, b)
    assert first == second


def test_ismc_imagines_from_determinized_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int | None] = []
    original = GAME.determinize

    def spy(state: AdventureState, seat: int | None, chance: Chance) -> AdventureState:
        calls.append(seat)
        return original(state, seat, chance)

    table = Table()
    table.put(0, "weathertop")
    table.hand(0, "escape", "defeat-nazgul", "move-nazgul")
    monkeypatch.setattr(GAME, "determinize", spy)
    ISMCBot(1, samples=4).choose(GAME, table.state)
    assert calls == [0, 0, 0, 0]


def positions_along_a_game(seed: int, count: int) -> list[AdventureState]:
    """Every few steps of a seeded heuristic game: towns, monsters and forks on the way."""
    state = GAME.setup(("A", "B", "C"), GAME.options_type(), Chance.seeded(seed))
    bot = HeuristicBot(seed)
    found: list[AdventureState] = []
    while GAME.to_move(state) is not None and len(found) < count:
        found.append(GAME.clone(state))
        for _ in range(3):
            if GAME.to_move(state) is not None:
                GAME.apply(state, bot.choose(GAME, state))
    return found


def test_ismc_ranks_first_the_option_it_plays() -> None:
    for state in positions_along_a_game(seed=4, count=30):
        ranking = ISMCBot(9, samples=8).rank(GAME, GAME.clone(state))
        assert ranking[0].action == ISMCBot(9, samples=8).choose(GAME, GAME.clone(state))
        assert sorted(map(str, (r.action for r in ranking))) == sorted(
            map(str, GAME.actions(state))
        )


def test_ismc_figures_back_its_choice_within_its_margin() -> None:
    """The played option has the most imagined wins, or no other beats it by the margin."""
    searched = 0
    for state in positions_along_a_game(seed=6, count=30):
        bot = ISMCBot(2, samples=16)
        top, *rest = bot.rank(GAME, state)
        figures = [r for r in rest if r.playouts]
        if not top.playouts:
            assert not figures, "a figure beside a choice the bot settled without a search"
            continue
        searched += 1
        assert [r.win_rate for r in figures] == sorted((r.win_rate for r in figures), reverse=True)
        for other in figures:
            assert other.wins < top.wins + bot.margin
    assert searched >= 5


def test_more_deals_never_lower_the_bar_for_overruling_the_heuristic() -> None:
    assert ISMCBot(samples=32).margin == 2
    assert ISMCBot(samples=4).margin == 2
    assert ISMCBot(samples=128).margin == 4


def test_the_best_landing_is_the_best_of_every_free_clear_space() -> None:
    """The heuristic scores in full only the landings near a rival: the best is still the
    best of all."""
    from ringbearer_engine.games.adventure_game.bots import _Judge
    from ringbearer_engine.games.adventure_game.rules.legal import free_clear_spaces

    for seed in (2, 3):
        for state in positions_along_a_game(seed=seed, count=40):
            judge = _Judge(state)
            every = max((judge._landing(s) for s in free_clear_spaces(state)), default=0.0)
            assert judge._best_landing() == every


def test_a_racing_search_stops_dealing_to_a_candidate_far_behind() -> None:
    """Racing, the deals go to the candidates close at the top: one that cannot plausibly
    overrule the heuristic's favourite keeps the figure of the deals it had."""
    dropped = 0
    for state in positions_along_a_game(seed=6, count=30):
        racing = ISMCBot(2, samples=64, racing=True).rank(GAME, GAME.clone(state))
        full = ISMCBot(2, samples=64).rank(GAME, GAME.clone(state))
        assert [r.action for r in racing if r.playouts] or not [r for r in full if r.playouts]
        for ranking in racing:
            assert ranking.playouts in (0, 64) or ranking.playouts % 16 == 0
        dropped += sum(1 for r in racing if 0 < r.playouts < 64)
    assert dropped >= 3
