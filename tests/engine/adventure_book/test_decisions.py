"""Ambiguity decisions (AB-A*, docs/games/adventure-book.md) not covered elsewhere, and this
implementation's own decisions (ABD-*, docs/games/adventure-book-design.md)."""

from __future__ import annotations

from ringbearer_engine.games.adventure_book import Campaign, campaign_after

from .helpers import arrange, legal, new, play, st, to_story


def test_every_single_step_lands_on_its_space() -> None:
    """AB-A6: a two-space move lands on the space in between, so landing rules trigger."""
    match = new(chapter=2)
    arrange(match, counters={"elven-wrath": "bridge"})
    play(match, "move legolas bridge", "move legolas stables")
    assert st(match).counters["elven-wrath"] == ""


def test_a_counter_the_chapter_treats_as_a_character_moves_like_one() -> None:
    """AB-A8: Gandalf is a counter in the box but a character piece on the board."""
    match = new()
    assert "move gandalf bag-end" in legal(match)
    assert not any(a.startswith("move rider") for a in legal(match))


def test_only_the_active_player_and_asked_helpers_act_in_storytelling() -> None:
    """AB-A11: other seats only play their own Special cards, when asked."""
    match = to_story(new())
    assert match.to_move == 0
    play(match, "help 2")
    assert match.to_move == 1
    assert legal(match)[-1] == "back"
    assert all(a.startswith("play ") for a in legal(match)[:-1])


def test_a_ring_card_stands_in_outside_storytelling_too() -> None:
    """AB-A19, ABD-12: entering the Bridge in the Movement step may use a One Ring card (+1)."""
    match = new(chapter=3)
    arrange(match, pieces={"gandalf": "great-hall"}, hands=[["courage", "ring"], []])
    play(match, "enter gandalf bridge courage,ring")
    assert st(match).corruption == 1
    assert st(match).phase == "move"


def test_a_lost_chapter_starts_over_with_only_the_corruption_and_specials_kept() -> None:
    """AB-A25: tokens and the board reset; corruption, used eyes and won Specials stay."""
    match = to_story(new())
    arrange(
        match, completed=["keep-it-secret"], corruption=3, plot=[], fired_eyes=[3], hands=[[], []]
    )
    st(match).eye_deck.remove("eye-gaze")
    st(match).used_eye_cards.append("eye-gaze")
    play(match, "end")
    again = campaign_after(match).next_match(["Ann", "Bo"], seed=9)
    state = st(again)
    assert state.chapter == 1
    assert state.completed == []
    assert state.corruption == 3
    assert state.fired_eyes == [3]
    assert "eye-gaze" not in state.eye_deck
    assert state.pieces["frodo"] == "bag-end"


def test_counters_may_share_spaces_with_each_other_and_with_pieces() -> None:
    """AB-A34."""
    match = to_story(new(chapter=3))
    arrange(
        match, counters={"goblin-1": "chamber", "wound-1": "chamber"}, pieces={"gimli": "chamber"}
    )
    assert "deed fight-goblin goblin-1 combat" in legal(arrange(match, hands=[["combat"], []]))


def test_decks_are_drawn_at_random_so_their_order_is_never_stored() -> None:
    """ABD-1: a draw picks a random card of the pile; scripts name the next card."""
    match = to_story(new(chapter=2))
    arrange(match, plot=[3, 4])
    match.script(rolls={"plot": [4]})
    play(match, "end")
    assert st(match).plot_discard == [4]


def test_a_wrath_placed_under_its_character_waits_for_a_new_landing() -> None:
    """ABD-5 (see also test_chapter2)."""
    match = to_story(new(chapter=2))
    arrange(match, pieces={"gimli": "hall-of-fire"}, plot=[4], hands=[[], []])
    play(match, "end")
    assert st(match).counters["dwarven-wrath"] == "hall-of-fire"


def test_a_hobbit_walking_into_a_riders_view_is_not_seen_until_a_rider_stops() -> None:
    """ABD-6: the Riders see when they stop riding."""
    match = new()
    arrange(match, counters={"rider-1": "r2", "rider-2": "r8"})
    play(match, "move frodo hobbiton")
    assert match.outcome is None


def test_any_two_single_steps_are_a_legal_movement_step() -> None:
    """ABD-10: one piece two spaces or two pieces one space: any two steps are one of them."""
    match = new()
    play(match, "move sam garden", "move sam green-dragon")
    assert st(match).phase == "story"


def test_a_campaign_is_the_rulebook_save_procedure() -> None:
    """AB-A28, ABD-14: between chapters the campaign is the save, mid-chapter the match."""
    assert Campaign.new().options().chapter == 1


def test_a_demanded_discard_from_an_emptied_hand_is_skipped() -> None:
    """ABD-11: an interruption may empty a hand before its demanded discard comes up."""
    from ringbearer_engine.events import Event
    from ringbearer_engine.games.adventure_book.chapters import page
    from ringbearer_engine.games.adventure_book.rules.turn import settle
    from ringbearer_engine.games.adventure_book.state import Pending

    match = to_story(new())
    arrange(match, hands=[[], ["courage"]])
    state = st(match)
    state.pending = [Pending("drop", 0, amount=1), Pending("drop", 1, amount=1)]
    events: list[Event] = []
    settle(page(1), state, events)
    assert [p.seat for p in state.pending] == [1]


def test_hands_are_hidden_from_the_other_seats() -> None:
    """AB-A4 is not followed: the issue asks for a hidden hand per seat (ABD-2)."""
    match = new()
    seen = match.view(0)
    assert seen.hand == st(match).hands[0]  # type: ignore[attr-defined]
    assert "hands" not in type(seen).__struct_fields__


def test_the_rulebooks_example_challenge_is_not_chapter_content() -> None:
    """AB-A37: "Frodo Leaves the Shire" only illustrates how a Challenge is built."""
    from ringbearer_engine.games.adventure_book import pages

    names = {c.name for p in pages().values() for c in p.chapter.challenges}
    assert "Frodo Leaves the Shire" not in names
