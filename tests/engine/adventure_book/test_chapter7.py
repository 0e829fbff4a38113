"""Chapter 7, Shelob's Lair: the stairs, Gollum, the Webs, Shelob and the Phial."""

from __future__ import annotations

from collections import deque

import pytest

from ringbearer_engine import IllegalActionError
from ringbearer_engine.games.adventure_book import page

from .helpers import arrange, hand, legal, new, play, reason, st, texts, to_story

LAIR = "lair"
ENTRANCE = "cave-entrance"


def lair_spaces() -> set[str]:
    return set(page(7).regions[LAIR])


# -- the FAQ: "in Shelob's Lair" ---------------------------------------------------------------


def test_every_space_past_the_cave_entrance_is_in_shelobs_lair() -> None:
    """FAQ chapter 7, AB-A60: the lair is every space past the Cave Entrance, the entrance
    itself not included: exactly the spaces the start cannot reach without passing it."""
    chapter = page(7)
    start = chapter.pieces["frodo"].start
    outside = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in chapter.adj[here]:
            if there not in outside and there != ENTRANCE:
                outside.add(there)
                queue.append(there)
    past = set(chapter.spaces) - outside - {ENTRANCE}
    assert lair_spaces() == past
    assert ENTRANCE not in lair_spaces()
    assert "the-cleft" in lair_spaces()


def test_a_challenge_asking_for_the_lair_accepts_any_space_past_the_entrance() -> None:
    """FAQ chapter 7: 'The Light of Eärendil' needs the hobbits together in the lair."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        completed=["the-stairs", "the-tale"],
        pieces={"frodo": ENTRANCE, "sam": ENTRANCE, "gollum": None},
        hands=[["insight", "courage", "mystery"], []],
    )
    with pytest.raises(IllegalActionError, match="in Shelob's Lair"):
        match.play("complete the-phial courage,insight,mystery")
    for spot in sorted(lair_spaces() - {"great-web"}):
        arrange(match, pieces={"frodo": spot, "sam": spot})
        assert "complete the-phial courage,insight,mystery" in legal(match), spot


def test_the_reek_of_the_lair_costs_a_card_per_piece_in_the_lair() -> None:
    """FAQ chapter 7 as data: a Plot effect counts the pieces in the lair only."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "dark-tunnel", "sam": "side-passage", "gollum": ENTRANCE},
        plot=[3],
        hands=[[], []],
    )
    play(match, "end")
    pending = st(match).pending
    assert [(p.kind, p.seat, p.amount) for p in pending] == [("drop", 0, 2)]


def test_the_reek_costs_nothing_with_nobody_in_the_lair() -> None:
    match = to_story(new(chapter=7))
    arrange(match, pieces={"frodo": ENTRANCE, "sam": ENTRANCE}, plot=[3], hands=[[], []])
    play(match, "end")
    assert not st(match).pending
    assert st(match).turn == 2


# -- Challenges ---------------------------------------------------------------------------------


def test_the_stairs_need_frodo_samwise_and_gollum_on_the_winding_stair() -> None:
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "winding-stair", "sam": "winding-stair", "gollum": "straight-stair"},
        hands=[["adventure", "courage"], []],
    )
    with pytest.raises(IllegalActionError, match="Gollum on the Winding Stair"):
        match.play("complete the-stairs adventure,courage")
    arrange(match, pieces={"gollum": "winding-stair"})
    events = play(match, "complete the-stairs adventure,courage")
    assert "the-stairs" in st(match).completed
    assert len(hand(match, 0)) == 2  # the reward: 2 Story cards
    assert any("Stairs of Cirith Ungol" in t for t in texts(events))


def test_the_tale_wants_gollum_next_to_the_hollow_and_then_he_slips_ahead() -> None:
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "high-hollow", "sam": "high-hollow", "gollum": "high-hollow"},
        hands=[["insight", "mystery"], []],
    )
    with pytest.raises(IllegalActionError, match="Gollum next to the High Hollow"):
        match.play("complete the-tale insight,mystery")
    arrange(match, pieces={"gollum": ENTRANCE})
    events = play(match, "complete the-tale insight,mystery")
    assert "gollum" not in st(match).pieces
    assert len(st(match).won_specials) == 1
    assert "Gollum leaves the board." in texts(events)


def test_the_light_of_earendil_burns_every_web_for_good() -> None:
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "shelobs-den", "sam": "shelobs-den"},
        counters={"web-1": "dark-tunnel", "web-2": "shelobs-den"},
        hands=[["insight", "courage", "adventure"], []],
    )
    play(match, "complete the-phial adventure,courage,insight")
    state = st(match)
    assert state.counters["web-1"] == state.counters["web-2"] == ""
    assert state.flags["gone-web-1"] == state.flags["gone-web-2"] == 1
    assert len(hand(match, 0)) == 1


def test_the_light_needs_the_hobbits_together() -> None:
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "dark-tunnel", "sam": "shelobs-den"},
        hands=[["insight", "courage", "adventure"], []],
    )
    with pytest.raises(IllegalActionError, match="Frodo and Samwise together"):
        match.play("complete the-phial adventure,courage,insight")


def test_samwise_the_brave_on_the_cleft_wins_the_chapter_and_eases_the_ring() -> None:
    match = to_story(new(chapter=7, corruption=4))
    arrange(
        match,
        completed=["the-stairs", "the-tale", "the-phial"],
        pieces={"frodo": "the-cleft", "sam": "great-web", "gollum": None},
        hands=[["courage", "combat", "adventure"], []],
    )
    with pytest.raises(IllegalActionError, match="Frodo and Samwise on the Cleft"):
        match.play("complete samwise-the-brave adventure,combat,courage")
    arrange(match, pieces={"sam": "the-cleft"})
    play(match, "complete samwise-the-brave adventure,combat,courage")
    assert reason(match) == "chapter-won"
    assert st(match).corruption == 3  # Sam hands the Ring back


def test_samwise_the_brave_needs_no_web_anywhere_in_the_lair() -> None:
    """FAQ chapter 7 as data: a Web far behind, in the Side Passage, still counts."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        completed=["the-stairs", "the-tale", "the-phial"],
        pieces={"frodo": "the-cleft", "sam": "the-cleft", "gollum": None},
        counters={"web-3": "side-passage"},
        hands=[["courage", "combat", "adventure"], []],
    )
    with pytest.raises(IllegalActionError, match="no Web in Shelob's Lair"):
        match.play("complete samwise-the-brave adventure,combat,courage")


def test_samwise_the_brave_is_the_final_challenge() -> None:
    match = to_story(new(chapter=7))
    arrange(
        match,
        completed=["the-stairs", "the-tale"],
        pieces={"frodo": "the-cleft", "sam": "the-cleft", "gollum": None},
        hands=[["courage", "combat", "adventure"], []],
    )
    with pytest.raises(IllegalActionError, match="final Challenge"):
        match.play("complete samwise-the-brave adventure,combat,courage")


# -- Plot Chart ---------------------------------------------------------------------------------


def test_threads_in_the_dark_place_a_web_on_space_one() -> None:
    match = to_story(new(chapter=7))
    arrange(match, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "Web 1 is placed on The Dark Tunnel." in texts(events)


def test_a_web_never_shares_a_space_a_taken_space_passes_it_on() -> None:
    """AB-A64 (AB-A32): the next free numbered space counting upwards gets the Web."""
    match = to_story(new(chapter=7))
    arrange(match, counters={"web-1": "dark-tunnel"}, plot=[1], hands=[[], []])
    events = play(match, "end")
    assert "Web 2 is placed on The Side Passage." in texts(events)


def test_shelob_stings_frodo_in_her_lair_without_samwise() -> None:
    match = to_story(new(chapter=7))
    arrange(match, pieces={"frodo": "dark-tunnel", "sam": ENTRANCE}, plot=[2], hands=[[], []])
    events = play(match, "end")
    assert reason(match) == "frodo-stung"
    assert "without Samwise" in texts(events)[-1]


def test_samwise_at_frodos_side_beats_shelob_off_for_a_card() -> None:
    match = to_story(new(chapter=7))
    arrange(match, pieces={"frodo": "dark-tunnel", "sam": "dark-tunnel"}, plot=[2], hands=[[], []])
    events = play(match, "end")
    assert reason(match) == ""
    assert "Shelob strikes, and Samwise beats her off." in texts(events)
    assert [(p.kind, p.amount) for p in st(match).pending] == [("drop", 1)]


def test_shelob_strikes_at_nothing_when_no_hobbit_is_in_her_lair() -> None:
    match = to_story(new(chapter=7))
    arrange(match, pieces={"frodo": ENTRANCE, "sam": "morgul-vale"}, plot=[2], hands=[[], []])
    events = play(match, "end")
    assert reason(match) == ""
    assert "Shelob strikes at nothing: no hobbit is in her lair." in texts(events)


def test_gollums_treachery_sends_him_one_space_toward_her_den() -> None:
    match = to_story(new(chapter=7))
    arrange(match, pieces={"gollum": "straight-stair"}, plot=[4], hands=[[], []])
    events = play(match, "end")
    assert st(match).pieces["gollum"] == "winding-stair"
    assert "Gollum moves from The Straight Stair to The Winding Stair." in texts(events)


def test_gollum_reaching_the_lair_while_he_guides_loses_the_chapter() -> None:
    """A lose condition given as data: Gollum in Shelob's Lair."""
    match = to_story(new(chapter=7))
    arrange(match, pieces={"gollum": ENTRANCE}, plot=[4], hands=[[], []])
    events = play(match, "end")
    assert reason(match) == "gollum-fetches-shelob"
    assert "fetched her" in texts(events)[-1]


def test_moving_gollum_into_the_lair_yourself_loses_at_once() -> None:
    """AB-A67: data lose conditions are checked after every action, a step included."""
    match = new(chapter=7)
    arrange(match, pieces={"gollum": ENTRANCE})
    play(match, "move gollum side-passage")
    assert reason(match) == "gollum-fetches-shelob"


def test_after_the_tale_gollums_treachery_brings_a_web() -> None:
    match = to_story(new(chapter=7))
    arrange(match, completed=["the-tale"], pieces={"gollum": None}, plot=[4], hands=[[], []])
    events = play(match, "end")
    assert "Web 1 is placed on The Choked Passage." in texts(events)


def test_despair_in_the_dark_costs_every_player_a_card() -> None:
    match = to_story(new(chapter=7))
    arrange(match, plot=[5], hands=[[], ["courage"]])
    play(match, "end")
    assert [(p.seat, p.amount) for p in st(match).pending] == [(0, 1), (1, 1)]


# -- special rules ------------------------------------------------------------------------------


def test_a_hobbit_on_a_web_is_caught_until_it_is_cut() -> None:
    """AB-A66: he may step onto a Web, not off it; cutting it frees him."""
    match = new(chapter=7)
    arrange(
        match,
        pieces={"frodo": "dark-tunnel", "sam": "dark-tunnel", "gollum": None},
        counters={"web-1": "choked-passage"},
        hands=[["combat", "insight"], []],
    )
    play(match, "move sam choked-passage")
    assert not any(a.startswith("move sam") for a in legal(match))
    with pytest.raises(IllegalActionError, match="may not enter"):
        match.play("move sam dark-tunnel")
    play(match, "end", "deed cut-web web-1 combat", "discard insight", "move sam dark-tunnel")
    assert st(match).pieces["sam"] == "dark-tunnel"


def test_a_caught_hobbit_cannot_tear_into_the_great_web() -> None:
    match = new(chapter=7)
    arrange(
        match,
        pieces={"sam": "choked-passage"},
        counters={"web-1": "choked-passage"},
        hands=[["courage"], []],
    )
    assert not any(a.startswith("enter sam") for a in legal(match))


def test_gollum_is_a_character_piece_and_no_web_holds_him() -> None:
    """AB-A62 (AB-A8): Gollum moves with steps and cards like the hobbits."""
    match = new(chapter=7)
    assert "move gollum straight-stair" in legal(match)
    play(match, "move gollum straight-stair", "move gollum winding-stair")
    assert st(match).pieces["gollum"] == "winding-stair"
    assert page(7).pieces["gollum"].counter


def test_sting_cuts_a_web_for_good() -> None:
    """AB-A65: a Web cut is gone for the attempt; the next Web is another counter."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"sam": "dark-tunnel"},
        counters={"web-1": "dark-tunnel"},
        hands=[["combat"], []],
        plot=[1],
    )
    assert "deed cut-web web-1 combat" in legal(match)
    play(match, "deed cut-web web-1 combat", "end")
    state = st(match)
    assert state.counters["web-1"] == ""
    assert state.counters["web-2"] == "dark-tunnel"


def test_only_a_hobbit_on_the_webs_space_cuts_it() -> None:
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"sam": ENTRANCE, "gollum": "dark-tunnel"},
        counters={"web-1": "dark-tunnel"},
        hands=[["combat"], []],
    )
    assert not any(a.startswith("deed") for a in legal(match))


def test_with_all_three_webs_used_none_appears() -> None:
    """AB-A33: the supply is empty, so the placement is skipped."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        counters={"web-2": "dark-tunnel", "web-3": "side-passage"},
        flags={"gone-web-1": 1},
        plot=[1],
        hands=[[], []],
    )
    events = play(match, "end")
    assert "No Web is left in the supply: none appears." in texts(events)
    assert reason(match) == ""


def test_the_great_web_is_entered_by_paying_any_one_card() -> None:
    """AB-A10: no step and no movement point, only the printed cost."""
    match = new(chapter=7)
    arrange(match, pieces={"frodo": "shelobs-den"}, hands=[["insight"], []])
    with pytest.raises(IllegalActionError, match="use 'enter'"):
        match.play("move frodo great-web")
    play(match, "enter frodo great-web insight")
    assert st(match).pieces["frodo"] == "great-web"
    assert st(match).steps == 2


def test_the_ring_in_the_dark_tears_a_web_away_for_a_corruption() -> None:
    match = to_story(new(chapter=7))
    arrange(match, counters={"web-2": "shelobs-den"}, hands=[["ring"], []])
    assert "ring web-2" in legal(match)
    play(match, "ring web-2")
    state = st(match)
    assert state.counters["web-2"] == ""
    assert state.corruption == 1
    assert state.flags["gone-web-2"] == 1


def test_the_ring_has_nothing_to_do_without_a_web() -> None:
    match = to_story(new(chapter=7))
    arrange(match, hands=[["ring"], []])
    assert not any(a.startswith("ring") for a in legal(match))


def test_the_rulebook_example_is_not_chapter_7_content() -> None:
    """AB-A61 (AB-A37): 'Frodo Leaves the Shire' and Galadriel's space are not on our page."""
    chapter = page(7)
    assert "frodo-leaves-the-shire" not in chapter.challenges
    assert not any("Galadriel" in s.name for s in chapter.spaces.values())


# -- the Ring calls ---------------------------------------------------------------------------


def test_a_ring_played_while_gollum_guides_sends_him_toward_the_den() -> None:
    match = new(chapter=7)
    arrange(match, pieces={"gollum": "straight-stair"}, hands=[["ring"], []])
    events = play(match, "end", "discard ring")
    assert st(match).pieces["gollum"] == "winding-stair"
    assert "Gollum moves from The Straight Stair to The Winding Stair." in texts(events)


def test_a_ring_paid_for_the_tale_can_send_gollum_into_the_lair_at_once() -> None:
    """AB-A68: he fetches Shelob the moment he arrives, before the Tale's reward could send
    him ahead into the dark."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "high-hollow", "sam": "high-hollow", "gollum": ENTRANCE},
        hands=[["insight", "ring"], []],
    )
    play(match, "complete the-tale insight,ring")
    assert reason(match) == "gollum-fetches-shelob"
    assert "the-tale" not in st(match).completed


def test_a_ring_played_in_the_lair_makes_shelob_drag_samwise_away() -> None:
    match = new(chapter=7)
    arrange(
        match,
        pieces={"frodo": "shelobs-den", "sam": "shelobs-den", "gollum": None},
        hands=[["ring"], []],
    )
    events = play(match, "end", "discard ring")
    assert st(match).pieces["sam"] == ENTRANCE
    assert "Samwise is sent back to The Cave Entrance (Shelob drags him back)." in texts(events)
    assert reason(match) == ""


def test_a_ring_played_in_the_lair_without_samwise_gets_frodo_stung() -> None:
    match = new(chapter=7)
    arrange(
        match,
        pieces={"frodo": "shelobs-den", "sam": "dark-tunnel", "gollum": None},
        hands=[["ring"], []],
    )
    play(match, "end", "discard ring")
    assert reason(match) == "frodo-stung"


def test_a_ring_paid_for_the_final_challenge_still_completes_it() -> None:
    """AB-A69: the requirements held when the Challenge was completed (AB-A13); Shelob
    drags Samwise away only as the card is paid, and the chapter is won."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        completed=["the-stairs", "the-tale", "the-phial"],
        pieces={"frodo": "the-cleft", "sam": "the-cleft", "gollum": None},
        hands=[["courage", "ring", "ring"], []],
    )
    events = play(match, "complete samwise-the-brave courage,ring,ring")
    assert reason(match) == "chapter-won"
    assert texts(events).count("The Ring calls to Shelob: she drags Samwise away from Frodo.") == 1


def test_shelob_answers_the_rings_call_once_a_turn() -> None:
    """AB-A69: the first One Ring card played in a turn with Frodo in the lair calls her."""
    match = new(chapter=7)
    arrange(
        match,
        pieces={"frodo": "shelobs-den", "sam": "shelobs-den", "gollum": None},
        hands=[["ring", "ring"], []],
        plot=[5, 5],
    )
    play(match, "end", "discard ring", "move sam dark-tunnel", "discard ring")
    assert reason(match) == ""  # the second card calls nothing, though Frodo is alone now
    assert st(match).pieces["sam"] == "dark-tunnel"


def test_a_ring_dropped_to_the_hand_limit_calls_nothing() -> None:
    """AB-A69: only a One Ring card played by choice calls; a forced discard still corrupts."""
    match = to_story(new(chapter=7))
    arrange(
        match,
        pieces={"frodo": "shelobs-den", "sam": "shelobs-den", "gollum": "straight-stair"},
        hands=[["ring"] * 5, []],
        plot=[5],
    )
    play(match, "end")  # draws 2: 7 cards; Plot 5 makes both players discard first
    while st(match).pending or st(match).phase == "limit":
        play(match, "drop ring" if "drop ring" in legal(match) else legal(match)[0])
    state = st(match)
    assert state.corruption >= 1
    assert state.pieces["sam"] == "shelobs-den"
    assert state.pieces["gollum"] == "straight-stair"


def test_shelob_hears_the_ring_again_in_the_next_turn() -> None:
    match = new(chapter=7)
    arrange(
        match,
        pieces={"frodo": "shelobs-den", "sam": "shelobs-den", "gollum": None},
        hands=[["ring"], ["ring"]],
        plot=[3, 3],
    )
    play(match, "end", "discard ring", "end")
    while st(match).seat != 1 or st(match).phase != "move":
        play(match, legal(match)[0])
    arrange(match, pieces={"sam": "shelobs-den"})
    play(match, "end", "discard ring")
    assert st(match).pieces["sam"] == ENTRANCE
