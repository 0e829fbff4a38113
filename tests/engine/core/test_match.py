"""Match: starting, playing, refusing illegal actions, undo/redo, views and replay."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from testgames.pig import Choose, Hold, PigState, PigView, Reveal, Roll

import ringbearer_engine as rb
from ringbearer_engine import IllegalActionError, Match, SetupError, UndoError

FIXED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def pig(seed: int = 1, players: tuple[str, ...] = ("Ann", "Bo"), **options: int) -> Match:
    return Match.new("pig", players, seed=seed, options=options)


def state(match: Match) -> PigState:
    assert isinstance(match.state, PigState)
    return match.state


# -- starting -------------------------------------------------------------------------------


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(rb.UnknownGameError, match=r"no game called 'chess' \(known: .*pig"):
        Match.new("chess", ["Ann"])


@pytest.mark.parametrize("players", [(), ("A", "B", "C", "D", "E")])
def test_player_count_outside_the_game_is_refused(players: tuple[str, ...]) -> None:
    with pytest.raises(SetupError, match="Pig race is for 1 to 4 players"):
        Match.new("pig", players)


def test_blank_player_names_are_refused() -> None:
    with pytest.raises(SetupError, match="needs a name"):
        Match.new("pig", ["Ann", " "])


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(SetupError, match="seed"):
        Match.new("pig", ["Ann"], seed=seed)  # type: ignore[arg-type]


def test_bad_options_are_refused_with_the_field() -> None:
    with pytest.raises(SetupError, match=r"target"):
        Match.new("pig", ["Ann"], options={"target": "high"})
    with pytest.raises(SetupError, match="unknown field"):
        Match.new("pig", ["Ann"], options={"colour": "red"})


def test_without_a_seed_one_is_chosen_and_kept() -> None:
    match = Match.new("pig", ["Ann"])
    assert 0 <= match.seed < 2**64
    assert match.replay().snapshot() == match.snapshot()


# -- playing --------------------------------------------------------------------------------


def test_actions_are_those_of_the_seat_to_move() -> None:
    match = pig()
    assert match.to_move == 0
    assert match.actions() == [Roll(), Hold(), Reveal()]


def test_play_accepts_notation_and_returns_events_as_sentences() -> None:
    match = pig()
    match.script(rolls={"die": [4]})
    events = match.play("roll")
    assert [str(e) for e in events] == ["Seat 1 rolls a 4."]
    assert state(match).turn_total == 4


def test_a_pending_decision_offers_its_options_as_the_actions() -> None:
    match = pig()
    match.script(rolls={"die": [6]})
    match.play(Roll())
    assert match.actions() == [Choose("bank"), Choose("push")]
    assert "bank it, or push on" in match.prompt


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing() -> None:
    match = pig()
    match.script(rolls={"die": [6]})
    match.play(Roll())
    before, log = match.snapshot(), match.log
    with pytest.raises(IllegalActionError, match="first decide what to do with the 6") as caught:
        match.play(Hold())
    assert caught.value.reason == "first decide what to do with the 6"
    assert (match.snapshot(), match.log) == (before, log)


def test_an_illegal_action_without_a_game_reason_lists_the_legal_ones() -> None:
    match = pig()
    with pytest.raises(IllegalActionError, match="Legal now: roll, hold, reveal"):
        match.play(Choose("bank"))


def test_unreadable_notation_is_refused_and_changes_nothing() -> None:
    match = pig()
    before = match.snapshot()
    with pytest.raises(rb.NotationError, match="'fly' is not an action here"):
        match.play("fly")
    assert match.snapshot() == before


def test_a_rules_error_mid_action_leaves_the_state_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = pig()
    before = match.snapshot()

    def broken(state: PigState, action: rb.Action) -> list[rb.Event]:
        state.scores[0] = 99
        raise RuntimeError("a bug")

    monkeypatch.setattr(match.game, "apply", broken)
    with pytest.raises(RuntimeError):
        match.play(Hold())
    assert match.snapshot() == before
    assert match.log == ()


def test_after_the_end_nothing_more_is_played() -> None:
    match = pig(target=5)
    match.script(rolls={"die": [5]})
    match.play("roll")
    match.play("hold")
    assert match.outcome is not None
    assert match.outcome.winners == (0,)
    assert match.to_move is None
    assert match.actions() == []
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.play("roll")


# -- determinism ----------------------------------------------------------------------------


def play_some(match: Match, count: int) -> None:
    bot = rb.RandomBot(seed=99)
    for _ in range(count):
        if match.outcome is not None:
            break
        match.play(bot.choose(match.game, match.state))


def test_same_seed_and_actions_give_identical_bytes() -> None:
    first, second = pig(seed=42), pig(seed=42)
    play_some(first, 40)
    for entry in first.log:
        second.play(entry)
    assert first.snapshot() == second.snapshot()
    assert first.save("json", saved_at=FIXED) == second.save("json", saved_at=FIXED)
    assert first.save("msgpack", saved_at=FIXED) == second.save("msgpack", saved_at=FIXED)


def test_replay_rebuilds_the_same_match_from_seed_and_log() -> None:
    match = pig(seed=8)
    match.script(rolls={"die": [3, 3]})
    play_some(match, 30)
    again = match.replay()
    assert again.snapshot() == match.snapshot()
    assert again.log == match.log


def test_playthrough_yields_every_step_with_its_events() -> None:
    match = pig(seed=8)
    match.script(rolls={"die": [2, 1]})
    match.play("roll")
    match.play("roll")
    steps = list(match.playthrough())
    assert [s.entry for s in steps][1:] == ["roll", "roll"]
    assert [str(e) for e in steps[2].events] == [
        "Seat 1 rolls a 1.",
        "Seat 1 loses the turn total.",
    ]
    assert steps[2].seat == 0


# -- undo and redo --------------------------------------------------------------------------


def test_undo_restores_the_exact_state_and_redo_replays_it() -> None:
    match = pig()
    match.script(rolls={"die": [6]})
    match.play("roll")
    before = match.snapshot()
    match.play("choose push")
    after = match.snapshot()
    assert match.undo() == "choose push"
    assert match.snapshot() == before
    assert match.can_redo
    match.redo()
    assert match.snapshot() == after
    assert not match.can_redo


def test_a_step_that_rolled_dice_cannot_be_undone() -> None:
    match = pig()
    match.play("hold")
    match.play("roll")
    assert not match.can_undo
    with pytest.raises(UndoError, match="revealed chance"):
        match.undo()


def test_revealing_a_hidden_card_cannot_be_undone() -> None:
    match = pig()
    match.play("reveal")
    with pytest.raises(UndoError):
        match.undo()


def test_a_new_action_clears_the_redo_stack() -> None:
    match = pig()
    match.play("hold")
    match.undo()
    match.play("reveal")
    with pytest.raises(UndoError, match="nothing to redo"):
        match.redo()


def test_undo_with_nothing_played_says_so() -> None:
    with pytest.raises(UndoError, match="nothing to undo"):
        pig().undo()


def test_undoing_a_script_removes_it() -> None:
    match = pig()
    match.script(rolls={"die": [6]})
    match.undo()
    assert match.state.chance.rolls == {}
    assert match.log == ()


def test_a_run_of_undos_restores_each_earlier_state_in_turn() -> None:
    match = pig()
    match.script(rolls={"die": [6, 3]})
    match.play("roll")  # a roll: nothing before it can be undone any more
    after = [match.snapshot()]
    for entry in ("choose push", "hold", "hold", "hold"):
        match.play(entry)
        after.append(match.snapshot())
    played = list(match.log[2:])
    for entry in reversed(played):
        assert match.undo() == entry
        after.pop()
        assert match.snapshot() == after[-1]
    assert not match.can_undo
    for _ in played:
        match.redo()
    assert match.log[2:] == tuple(played)


def test_undo_after_a_verified_load_restores_the_state_before_the_last_step() -> None:
    match = pig()
    match.play("hold")
    before = match.snapshot()
    match.play("hold")
    loaded = Match.load(match.save())
    assert loaded.undo() == "hold"
    assert loaded.snapshot() == before
    assert loaded.log == ("hold",)


def test_undo_after_an_unverified_load_reaches_back_only_to_the_load() -> None:
    match = pig()
    match.play("hold")
    loaded = Match.load(match.save(), verify=False)
    at_load = loaded.snapshot()
    loaded.play("hold")
    loaded.play("hold")
    loaded.undo()
    loaded.undo()
    assert loaded.snapshot() == at_load
    with pytest.raises(UndoError, match="loaded without its history"):
        loaded.undo()


def test_a_rules_error_after_earlier_steps_restores_the_state_they_reached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = pig()
    match.script(rolls={"die": [4]})
    match.play("roll")
    match.play("hold")
    before, log = match.snapshot(), match.log
    rules = match.game.apply

    def broken_reveal(state: PigState, action: rb.Action) -> list[rb.Event]:
        events = rules(state, action)
        if isinstance(action, Reveal):
            raise RuntimeError("a bug in one rule")
        return events

    monkeypatch.setattr(match.game, "apply", broken_reveal)
    with pytest.raises(RuntimeError):
        match.play(Reveal())
    assert match.snapshot() == before
    assert match.log == log
    match.play(Hold())
    assert match.log == (*log, "hold")


def test_a_rules_error_after_an_unverified_load_restores_the_loaded_state_and_later_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = pig()
    match.play("hold")
    state(match).scores[1] = 7  # a snapshot its log does not lead to: only the load knows it
    loaded = Match.load(match.save(), verify=False)
    loaded.play("hold")
    before = loaded.snapshot()
    rules = loaded.game.apply

    def broken_reveal(state: PigState, action: rb.Action) -> list[rb.Event]:
        events = rules(state, action)
        if isinstance(action, Reveal):
            raise RuntimeError("a bug in one rule")
        return events

    monkeypatch.setattr(loaded.game, "apply", broken_reveal)
    with pytest.raises(RuntimeError):
        loaded.play(Reveal())
    assert loaded.snapshot() == before
    assert loaded.log == ("hold", "hold")


def test_changing_the_list_of_legal_actions_changes_nothing_in_the_match() -> None:
    match = pig()
    handed_out = match.actions()
    handed_out.clear()
    assert match.actions() == [Roll(), Hold(), Reveal()]
    match.play(Hold())
    assert match.log == ("hold",)


def test_a_position_arranged_through_the_state_gets_its_own_legal_actions() -> None:
    match = pig()
    assert Reveal() in match.actions()
    state(match).revealed[0] = True
    assert match.actions() == [Roll(), Hold()]
    with pytest.raises(IllegalActionError, match="already been revealed"):
        match.play(Reveal())


def test_a_broken_script_in_a_log_is_refused() -> None:
    with pytest.raises(rb.ScriptError, match="not a valid chance script"):
        Match.from_log("pig", ["Ann", "Bo"], 1, None, ['!script {"rolls": []}'])


# -- views ----------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hidden_card_but_not_the_others() -> None:
    match = pig(players=("Ann", "Bo", "Cy"))
    view = match.view(1)
    assert isinstance(view, PigView)
    assert view.boons[1] == state(match).boons[1]
    assert view.boons[0] is None
    assert view.boons[2] is None


def test_a_spectator_sees_no_hidden_card_until_it_is_revealed() -> None:
    match = pig()
    match.play("reveal")
    view = match.view(None)
    assert isinstance(view, PigView)
    assert view.boons == [state(match).boons[0], None]


def test_there_is_no_view_for_a_seat_that_does_not_exist() -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        pig().view(2)


# -- registry -------------------------------------------------------------------------------


def test_registering_a_different_game_under_a_taken_id_is_refused() -> None:
    class Impostor(type(rb.get_game("pig"))):  # type: ignore[misc]
        pass

    with pytest.raises(ValueError, match="already registered"):
        rb.register(Impostor())


def test_games_lists_registered_games() -> None:
    assert "pig" in [g.id for g in rb.list_games()]


def test_a_game_module_that_fails_to_import_costs_only_its_own_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    from ringbearer_engine import game as registry

    real = importlib.import_module

    def flaky(name: str, package: str | None = None) -> object:
        if name.startswith("ringbearer_engine.games.") and name.count(".") == 2:
            raise SyntaxError("a broken module")
        return real(name, package)

    registry._load_builtins.cache_clear()
    monkeypatch.setattr(importlib, "import_module", flaky)
    try:
        with pytest.warns(UserWarning, match="could not be loaded: SyntaxError"):
            games = rb.list_games()
        assert "pig" in [g.id for g in games]
    finally:
        monkeypatch.undo()
        registry._load_builtins.cache_clear()
