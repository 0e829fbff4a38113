"""Chapter 8, The Last Battle: the Black Gate, the Orcs hiding Gandalf, Mount Doom."""

from __future__ import annotations

import pytest

from ringbearer_engine import IllegalActionError, Match
from ringbearer_engine.games.adventure_book import Campaign, campaign_after
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from .helpers import arrange, hand, legal, new, play, reason, st, texts, to_story

ORCS = [f"orc-{n}" for n in range(1, 7)]
PRINTS = {"footprint-1": "sammath-naur", "footprint-2": "sammath-naur"}


def hide_gandalf_under(match: Match, orc: str) -> None:
    """Put Gandalf on the back of ``orc`` (the seeded setup chose another one)."""
    state = st(match)
    for counter in ORCS:
        state.secrets[counter] = "gandalf" if counter == orc else "orc"


def at_the_crack(match: Match, prints: int, gollum: str = "slopes", **extra: object) -> Match:
    """Frodo and Samwise in Sammath Naur, Gollum at ``gollum``, ``prints`` Footprints on
    Sammath Naur, the other Challenges done."""
    counters = {"gollum": gollum}
    counters.update({f"footprint-{n}": "sammath-naur" for n in range(1, prints + 1)})
    arrange(
        match,
        pieces={"frodo": "sammath-naur", "sam": "sammath-naur"},
        counters=counters,
        completed=["captains-at-the-gate", "the-white-rider", "i-can-carry-you"],
        **extra,  # type: ignore[arg-type]
    )
    return match


# -- the FAQ ---------------------------------------------------------------------------------


def test_gandalf_is_on_the_back_of_one_of_the_six_orc_counters() -> None:
    """FAQ chapter 8, AB-A35, AB-A70: every Orc lies face down, one hides Gandalf."""
    for seed in range(1, 30):
        state = st(new(chapter=8, seed=seed))
        assert sorted(state.face_down) == ORCS
        assert sorted(state.secrets) == ORCS
        assert list(state.secrets.values()).count("gandalf") == 1
        assert "gandalf" not in state.pieces


def test_the_orc_hiding_gandalf_is_chosen_by_the_seed() -> None:
    """AB-A35: the seeded generator picks it, so different seeds hide him differently."""
    hiders = set()
    for seed in range(1, 30):
        secrets = st(new(chapter=8, seed=seed)).secrets
        hiders.add(next(c for c, face in secrets.items() if face == "gandalf"))
    assert len(hiders) >= 4


def test_no_seat_can_see_which_orc_hides_gandalf() -> None:
    match = new(chapter=8)
    view = match.view(0)
    assert isinstance(view, AdventureBookView)
    assert "gandalf" not in view.pieces
    assert sorted(view.face_down) == ORCS
    assert "gandalf" not in str(view)


def test_defeating_the_orc_that_hides_gandalf_reveals_him_where_it_stood() -> None:
    """FAQ chapter 8: defeat Orcs to reveal Gandalf; the counter that was him leaves the game."""
    match = to_story(new(chapter=8))
    hide_gandalf_under(match, "orc-1")
    arrange(match, pieces={"aragorn": "morannon"}, hands=[["combat"], []])
    events = texts(play(match, "deed fight-orc orc-1 combat"))
    assert "Orc 1 is turned face up: Gandalf." in events
    assert "Gandalf joins the story at Before the Black Gate." in events
    state = st(match)
    assert state.pieces["gandalf"] == "morannon"
    assert "orc-1" not in state.counters
    assert "orc-1" not in state.face_down


def test_a_defeated_orc_without_gandalf_goes_back_to_the_supply_face_up() -> None:
    """AB-A70."""
    match = to_story(new(chapter=8))
    hide_gandalf_under(match, "orc-6")
    arrange(match, pieces={"gimli": "slag-hills"}, hands=[["mystery"], []])
    events = texts(play(match, "deed fight-orc orc-2 mystery"))
    assert "Orc 2 is turned face up: Orc." in events
    state = st(match)
    assert state.counters["orc-2"] == ""
    assert "orc-2" not in state.face_down
    assert "gandalf" not in state.pieces


def test_once_revealed_gandalf_fights_orcs_himself() -> None:
    """FAQ chapter 8: he helps you complete the rest of the chapter."""
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"gandalf": "slag-hills", "aragorn": "camp"},
        counters={"orc-2": "slag-hills"},
        hands=[["insight"], []],
    )
    assert "deed fight-orc orc-2 insight" in legal(match)


def test_a_piece_lying_on_its_side_cannot_complete_a_challenge() -> None:
    """FAQ chapter 8."""
    match = to_story(new(chapter=8))
    arrange(match, pieces={"frodo": "slopes", "sam": "slopes"}, hands=[["courage", "insight"], []])
    assert "complete i-can-carry-you courage,insight" in legal(match)
    st(match).down.append("sam")
    assert not any(a.startswith("complete") for a in legal(match))
    with pytest.raises(IllegalActionError, match="Frodo and Samwise on the Slopes"):
        match.play("complete i-can-carry-you courage,insight")


def test_a_piece_lying_on_its_side_cannot_defeat_an_orc() -> None:
    """FAQ chapter 8."""
    match = to_story(new(chapter=8))
    arrange(match, pieces={"aragorn": "morannon"}, hands=[["combat"], []])
    st(match).down.append("aragorn")
    assert not any(a.startswith("deed fight-orc") for a in legal(match))
    with pytest.raises(IllegalActionError, match="Defeat an Orc needs one of"):
        match.play("deed fight-orc orc-1 combat")


def test_one_ring_cards_paying_the_final_challenge_move_the_corruption_marker() -> None:
    """FAQ chapter 8: a One Ring symbol left uncovered is paid with a One Ring card, and the
    marker moves for it, through the ordinary payment."""
    match = at_the_crack(
        to_story(new(chapter=8)),
        1,
        hands=[["courage", "courage", "ring", "ring"], []],
        corruption=4,
    )
    events = texts(play(match, "complete the-crack-of-doom courage,courage,ring,ring"))
    assert st(match).corruption == 6
    assert (
        events.count(
            "The Corruption marker moves forward from 4 to 5 (paying for 'The Crack of Doom')."
        )
        == 1
    )
    assert reason(match) == "campaign-won"


def test_footprints_cover_the_one_ring_symbols_of_the_final_challenge() -> None:
    """FAQ chapter 8: cover as many One Ring symbols as you can beforehand."""
    match = at_the_crack(
        to_story(new(chapter=8)),
        3,
        hands=[["courage", "courage"], []],
    )
    play(match, "complete the-crack-of-doom courage,courage")
    assert st(match).corruption == 0
    assert reason(match) == "campaign-won"


def test_an_uncovered_one_ring_symbol_takes_a_one_ring_card_and_nothing_else() -> None:
    """AB-A72: no ordinary card, no Special card stands in for a printed One Ring symbol."""
    match = at_the_crack(
        to_story(new(chapter=8)),
        2,
        hands=[["courage", "courage", "mystery", "mithril-coat"], []],
    )
    assert not any(a.startswith("complete") for a in legal(match))
    with pytest.raises(IllegalActionError, match="courage, courage, ring"):
        match.play("complete the-crack-of-doom courage,courage,mystery")


# -- the campaign ----------------------------------------------------------------------------


def test_winning_chapter_8_wins_the_whole_campaign() -> None:
    """AB-A75 and the rulebook: complete all 8 chapters before the track's end and the game is
    won (``LAST_CHAPTER``), through a Campaign."""
    campaign = Campaign(chapter=8, corruption=9, chapters_won=(1, 2, 3, 4, 5, 6, 7))
    match = campaign.next_match(["Ann", "Bo"], seed=3)
    to_story(match)
    at_the_crack(match, 2, hands=[["ring", "courage", "courage"], []])
    play(match, "complete the-crack-of-doom courage,courage,ring")
    assert match.outcome is not None
    assert match.outcome.summary == "The One Ring is destroyed!"
    after = campaign_after(match)
    assert after.status == "won"
    assert after.chapters_won == (1, 2, 3, 4, 5, 6, 7, 8)
    assert after.corruption == 10
    with pytest.raises(Exception, match="the campaign is over: it was won"):
        after.next_match(["Ann", "Bo"])


def test_losing_chapter_8_plays_it_again_with_the_marker_kept() -> None:
    campaign = Campaign(chapter=8, corruption=9)
    match = campaign.next_match(["Ann"], seed=3)
    to_story(match)
    arrange(match, plot=[], hands=[[]])
    play(match, "end")
    after = campaign_after(match)
    assert (after.chapter, after.status, after.corruption) == (8, "playing", 9)


# -- the Challenges --------------------------------------------------------------------------


def test_the_captains_at_the_gate_put_a_footprint_on_sammath_naur() -> None:
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"aragorn": "morannon", "legolas": "morannon", "gimli": "morannon"},
        hands=[["combat", "courage"], []],
    )
    play(match, "complete captains-at-the-gate combat,courage")
    assert st(match).counters["footprint-1"] == "sammath-naur"


def test_the_white_rider_needs_gandalf_found() -> None:
    match = to_story(new(chapter=8))
    arrange(match, pieces={"pippin": "hill-of-ash"}, hands=[["insight", "mystery"], []])
    with pytest.raises(IllegalActionError, match="Gandalf and Pippin on the Hill of Ash"):
        match.play("complete the-white-rider insight,mystery")
    arrange(match, pieces={"gandalf": "hill-of-ash"})
    play(match, "complete the-white-rider insight,mystery")
    assert st(match).counters["footprint-1"] == "sammath-naur"
    assert len(st(match).hands[0]) == 1  # and a Story card


def test_i_can_carry_you_needs_frodo_and_sam_on_the_slopes() -> None:
    match = to_story(new(chapter=8))
    arrange(
        match, pieces={"frodo": "slopes", "sam": "gorgoroth"}, hands=[["courage", "insight"], []]
    )
    assert not any(a.startswith("complete") for a in legal(match))
    arrange(match, pieces={"sam": "slopes"})
    play(match, "complete i-can-carry-you courage,insight")
    assert st(match).counters["footprint-1"] == "sammath-naur"


def test_the_crack_of_doom_needs_gollum_in_or_next_to_sammath_naur() -> None:
    match = at_the_crack(
        to_story(new(chapter=8)),
        3,
        gollum="gorgoroth",
        hands=[["courage", "courage"], []],
    )
    with pytest.raises(IllegalActionError, match="Gollum in or next to Sammath Naur"):
        match.play("complete the-crack-of-doom courage,courage")
    arrange(match, counters={"gollum": "sammath-naur"})
    play(match, "complete the-crack-of-doom courage,courage")
    assert reason(match) == "campaign-won"


def test_the_crack_of_doom_takes_a_courage_card_for_each_ring_bearer() -> None:
    """Designed (issue 35): the final Challenge's ordinary symbols are two Courage, one for
    Frodo and one for Samwise; an ordinary card of another kind does not pay the second."""
    match = at_the_crack(to_story(new(chapter=8)), 3, hands=[["courage", "mystery"], []])
    assert not any(a.startswith("complete") for a in legal(match))
    with pytest.raises(IllegalActionError, match="courage, courage"):
        match.play("complete the-crack-of-doom courage,mystery")
    arrange(match, hands=[["courage", "courage"], []])
    play(match, "complete the-crack-of-doom courage,courage")
    assert reason(match) == "campaign-won"


def test_the_crack_of_doom_is_the_final_challenge() -> None:
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"frodo": "sammath-naur", "sam": "sammath-naur"},
        counters={"gollum": "slopes", **PRINTS, "footprint-3": "sammath-naur"},
        hands=[["courage", "courage"], []],
    )
    with pytest.raises(IllegalActionError, match="final Challenge"):
        match.play("complete the-crack-of-doom courage,courage")


# -- the Plot Chart --------------------------------------------------------------------------


def test_plot_1_an_orc_at_the_gate_and_the_orcs_strike() -> None:
    match = to_story(new(chapter=8))
    arrange(match, plot=[1], hands=[[], []], pieces={"legolas": "morannon"})
    events = texts(play(match, "end"))
    assert "Orc 3 is placed on Before the Black Gate." in events
    assert "Legolas is knocked down and lies on their side (the Orcs strike)." in events


def test_plot_2_an_orc_on_the_hill_of_ash_and_gollum_creeps() -> None:
    match = to_story(new(chapter=8))
    arrange(match, plot=[2], hands=[[], []], pieces={"frodo": "gorgoroth", "sam": "gorgoroth"})
    events = texts(play(match, "end"))
    assert "Orc 3 is placed on The Hill of Ash." in events
    assert "Gollum moves from The Slopes of Mount Doom to The Plateau of Gorgoroth." in events


def test_plot_3_the_eye_removes_a_footprint_and_gollum_creeps() -> None:
    match = to_story(new(chapter=8))
    arrange(match, plot=[3], hands=[[], []], counters=PRINTS)
    events = texts(play(match, "end"))
    assert "Footprint 2 is removed from Sammath Naur (the Eye searches)." in events
    assert st(match).counters["footprint-1"] == "sammath-naur"
    assert st(match).counters["gollum"] == "isenmouthe"


def test_plot_4_an_orc_at_the_isenmouthe_and_gollum_creeps() -> None:
    match = to_story(new(chapter=8))
    arrange(match, plot=[4], hands=[[], []])
    events = texts(play(match, "end"))
    assert "Orc 3 is placed on The Isenmouthe." in events
    assert "Gollum moves from The Slopes of Mount Doom to The Isenmouthe." in events


def test_plot_5_an_orc_on_the_slag_hills_and_the_orcs_strike() -> None:
    match = to_story(new(chapter=8))
    arrange(match, plot=[5], hands=[[], []], pieces={"merry": "slag-hills"})
    events = texts(play(match, "end"))
    assert "Orc 3 is placed on The Slag Hills." in events
    assert "Merry is knocked down and lies on their side (the Orcs strike)." in events


# -- special rules ---------------------------------------------------------------------------


def test_new_orcs_come_face_down_from_the_supply_first() -> None:
    """AB-A70: a defeated Orc, face up, waits until no face-down Orc is left."""
    match = to_story(new(chapter=8))
    hide_gandalf_under(match, "orc-6")
    arrange(match, pieces={"gimli": "slag-hills"}, hands=[["mystery"], []], plot=[5])
    play(match, "deed fight-orc orc-2 mystery", "end")
    assert st(match).counters["orc-3"] == "slag-hills"
    assert st(match).counters["orc-2"] == ""


def test_each_orc_knocks_down_one_standing_piece_when_the_orcs_strike() -> None:
    """AB-A74: in the page's order of the pieces; Gandalf is never knocked down."""
    match = to_story(new(chapter=8))
    arrange(
        match,
        plot=[1],
        hands=[[], []],
        pieces={"gandalf": "morannon", "gimli": "morannon", "aragorn": "morannon"},
    )
    play(match, "end")
    # Orc 1 (from the setup) and Orc 3 (just placed) each knock one down.
    assert sorted(st(match).down) == ["aragorn", "gimli"]


def test_a_piece_on_its_side_cannot_move_until_it_stands_up() -> None:
    """AB-A71: standing up takes one single step of the Movement step."""
    match = new(chapter=8)
    st(match).down.append("aragorn")
    assert not any(a.startswith("move aragorn") for a in legal(match))
    with pytest.raises(IllegalActionError, match="lies on its side"):
        match.play("move aragorn slag-hills")
    events = texts(play(match, "rise aragorn"))
    assert "Aragorn stands up again (one single step)." in events
    assert st(match).steps == 1
    play(match, "move aragorn slag-hills")
    assert st(match).phase == "story"


def test_standing_up_in_storytelling_takes_a_discarded_card() -> None:
    """AB-A71."""
    match = to_story(new(chapter=8))
    arrange(match, hands=[["mystery"], []])
    st(match).down.append("frodo")
    with pytest.raises(IllegalActionError, match="none is left"):
        match.play("rise frodo")
    play(match, "discard mystery", "rise frodo")
    assert st(match).down == []


def test_gandalf_lifts_the_fallen_on_the_space_he_enters() -> None:
    match = new(chapter=8)
    arrange(match, pieces={"gandalf": "camp", "merry": "slag-hills"})
    st(match).down.append("merry")
    events = texts(play(match, "move gandalf slag-hills"))
    assert "Merry stands up again (Gandalf lifts the fallen)." in events
    assert st(match).down == []


def test_only_frodo_and_samwise_enter_sammath_naur_by_paying_any_card() -> None:
    match = new(chapter=8)
    arrange(
        match,
        pieces={"frodo": "slopes", "aragorn": "slopes"},
        hands=[["insight"], []],
    )
    assert "move frodo sammath-naur" not in legal(match)
    assert "enter frodo sammath-naur insight" in legal(match)
    assert not any(a.startswith("enter aragorn") for a in legal(match))
    play(match, "enter frodo sammath-naur insight")
    assert st(match).pieces["frodo"] == "sammath-naur"
    assert st(match).steps == 2  # no movement point spent (AB-A10)


def test_gollum_reaching_frodo_knocks_him_down() -> None:
    match = to_story(new(chapter=8))
    arrange(match, plot=[3], hands=[[], []], pieces={"frodo": "isenmouthe", "sam": "isenmouthe"})
    events = texts(play(match, "end"))
    assert "Frodo is knocked down and lies on their side (Gollum leaps on him)." in events
    assert reason(match) == ""  # Samwise is with him


def test_drawing_the_eye_puts_a_footprint_on_sammath_naur() -> None:
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"pippin": "morannon"},
        counters={"orc-1": ""},
        hands=[["courage", "adventure"], []],
    )
    play(match, "deed draw-the-eye eye adventure,courage")
    assert st(match).counters["footprint-1"] == "sammath-naur"


def test_the_eye_cannot_be_drawn_with_an_orc_at_the_gate_or_by_a_fallen_piece() -> None:
    match = to_story(new(chapter=8))
    arrange(match, pieces={"pippin": "morannon"}, hands=[["courage", "adventure"], []])
    assert not any(a.startswith("deed draw-the-eye") for a in legal(match))
    arrange(match, counters={"orc-1": ""})
    st(match).down.append("pippin")
    assert not any(a.startswith("deed draw-the-eye") for a in legal(match))


# -- lose conditions -------------------------------------------------------------------------


def test_an_orc_to_place_with_all_six_on_the_board_loses_the_chapter() -> None:
    """FAQ chapter 6, as chapter 8's data."""
    match = to_story(new(chapter=8))
    arrange(match, plot=[4], hands=[[], []], counters=dict.fromkeys(ORCS, "udun"))
    events = texts(play(match, "end"))
    assert reason(match) == "host-overruns"
    assert "an Orc had to be placed with every Orc on the board (all six" in events[-1]


def test_once_gandalf_has_come_out_the_host_overruns_with_five_orcs_and_is_told_so() -> None:
    """AB-A77: the counter that showed Gandalf has left the game, so an Orc to place with the
    five others on the board loses, and neither the log nor the outcome says "all six"."""
    match = to_story(new(chapter=8))
    hide_gandalf_under(match, "orc-1")
    others = dict.fromkeys(ORCS[1:], "udun")
    arrange(match, pieces={"aragorn": "morannon"}, counters=others, hands=[["combat"], []])
    arrange(match, plot=[4])
    events = texts(play(match, "deed fight-orc orc-1 combat", "end"))
    assert reason(match) == "host-overruns"
    assert sum(1 for where in st(match).counters.values() if where == "udun") == 5
    outcome = match.outcome
    assert outcome is not None
    for told in (events[-1], outcome.summary):
        assert "five once Gandalf has come out" in told
        assert "with all six on the board" not in told


def test_gollum_on_frodos_space_without_samwise_at_the_end_of_a_turn_takes_the_ring() -> None:
    """AB-A73: checked when the turn ends, so Samwise may still come to him."""
    match = to_story(new(chapter=8))
    arrange(match, plot=[2], hands=[[], []], pieces={"frodo": "slopes", "sam": "gorgoroth"})
    play(match, "end")
    assert reason(match) == "gollum-takes-the-ring"


def test_samwise_by_frodo_keeps_gollum_off_even_lying_down() -> None:
    """AB-A73."""
    match = to_story(new(chapter=8))
    arrange(match, plot=[2], hands=[[], []], pieces={"frodo": "slopes", "sam": "slopes"})
    st(match).down.append("sam")
    play(match, "end")
    assert reason(match) == ""


# -- the One Ring ability --------------------------------------------------------------------


def test_precious_draws_gollum_two_spaces_toward_frodo() -> None:
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"frodo": "sammath-naur", "sam": "sammath-naur"},
        counters={"gollum": "isenmouthe"},
        hands=[["ring"], []],
    )
    events = texts(play(match, "ring -"))
    assert st(match).counters["gollum"] == "sammath-naur"
    assert st(match).corruption == 1
    assert "Frodo is knocked down and lies on their side (Gollum leaps on him)." in events
    assert hand(match) == []


def test_precious_draws_gollum_two_spaces_in_all_with_its_cards_call() -> None:
    """AB-A76: the card spent on Precious calls Gollum like any other One Ring card played by
    choice, and the ability adds one more space: two in all, not three."""
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"frodo": "sammath-naur", "sam": "sammath-naur"},
        counters={"gollum": "udun"},
        hands=[["ring"], []],
    )
    events = texts(play(match, "ring -"))
    assert st(match).counters["gollum"] == "slopes"
    assert events.count("The Ring calls to Gollum: he creeps 1 space toward Frodo.") == 1


def test_precious_cannot_be_used_when_gollum_is_with_frodo() -> None:
    match = to_story(new(chapter=8))
    arrange(match, pieces={"frodo": "slopes"}, hands=[["ring"], []])
    assert "ring -" not in legal(match)


def test_the_draw_that_hides_gandalf_is_a_declared_chance() -> None:
    """Every chance the rules draw from is declared with its faces (scripts are checked)."""
    match = new(chapter=8)
    faces = match.game.chance_faces()
    assert faces is not None
    assert set(faces["hidden"]) >= set(ORCS)


def test_the_orc_that_was_gandalf_never_comes_back_as_an_orc() -> None:
    """AB-A70: with Gandalf found and the five other Orcs on the board, the supply is empty."""
    match = to_story(new(chapter=8))
    hide_gandalf_under(match, "orc-1")
    others = dict.fromkeys(ORCS[1:], "udun")
    arrange(match, pieces={"aragorn": "morannon"}, counters=others, hands=[["combat"], []])
    arrange(match, plot=[4])
    play(match, "deed fight-orc orc-1 combat", "end")
    assert reason(match) == "host-overruns"
    assert "orc-1" not in st(match).counters


# -- the Ring's call (designed rule) ---------------------------------------------------------


def test_a_one_ring_card_played_by_choice_draws_gollum_a_space_toward_frodo() -> None:
    """AB-A76: a One Ring card paid as a joker for a Challenge calls Gollum at once."""
    match = to_story(new(chapter=8))
    arrange(
        match,
        pieces={"aragorn": "morannon", "legolas": "morannon", "gimli": "morannon"},
        counters={"orc-1": ""},
        hands=[["courage", "ring"], []],
    )
    events = texts(play(match, "complete captains-at-the-gate courage,ring"))
    assert "The Ring calls to Gollum: he creeps 1 space toward Frodo." in events
    assert "Gollum moves from The Slopes of Mount Doom to The Isenmouthe." in events
    state = st(match)
    assert state.counters["gollum"] == "isenmouthe"
    assert state.corruption == 1
    assert "captains-at-the-gate" in state.completed


def test_every_one_ring_card_played_calls_gollum_again() -> None:
    """AB-A76: one space per card, here discarded to move, until he reaches Frodo, who falls."""
    match = to_story(new(chapter=8))
    arrange(match, counters={"gollum": "gorgoroth"}, hands=[["ring", "ring"], []])
    play(match, "discard ring")
    assert st(match).counters["gollum"] == "isenmouthe"  # ties: the first space by name
    events = texts(play(match, "discard ring"))
    assert st(match).counters["gollum"] == "cirith-ungol"
    assert "Frodo is knocked down and lies on their side (Gollum leaps on him)." in events
    assert st(match).corruption == 2


def test_a_one_ring_card_dropped_to_the_hand_limit_does_not_call_gollum() -> None:
    """AB-A76 with AB-A69: a discard a rule forces still corrupts but calls nobody."""
    match = to_story(new(chapter=8))
    arrange(match, hands=[["ring"] * 5 + ["courage"], []], plot=[5])
    play(match, "end", "drop ring", "drop ring")
    state = st(match)
    assert state.corruption == 2
    assert state.counters["gollum"] == "slopes"


def test_a_final_challenge_whose_one_ring_cards_call_gollum_onto_frodo_is_still_won() -> None:
    """AB-A76: the call comes as the cards are paid, after the requirements were met, so
    Gollum leaping on Frodo in Sammath Naur does not undo the Crack of Doom."""
    match = at_the_crack(to_story(new(chapter=8)), 2, hands=[["courage", "courage", "ring"], []])
    events = texts(play(match, "complete the-crack-of-doom courage,courage,ring"))
    assert "Frodo is knocked down and lies on their side (Gollum leaps on him)." in events
    assert reason(match) == "campaign-won"
