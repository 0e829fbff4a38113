"""A chapter attempt from setup to its end: the five turn steps in order.

1. Movement: two single steps (:mod:`.movement`); ``end`` stops early.
2. Storytelling: any of the actions of :mod:`..game`; ``end`` finishes it.
3. Draw 2 Story cards (the discards are reshuffled into an empty deck).
4. Plot Chart: draw a Plot card and resolve the chapter's entry for its number; with no Plot
   card to draw the chapter is lost (AB-A24).
5. Discard down to 6 (One Ring cards cost corruption, as always).

After every action :func:`settle` carries the turn on until somebody must decide.
"""

from __future__ import annotations

from ringbearer_engine.chance import Chance
from ringbearer_engine.errors import SetupError
from ringbearer_engine.events import DISCARDED, Event

from ..chapter import PLOT_DECK_LOSS, Effect
from ..content import EYE_CARDS, PLOT_CARDS, SPECIALS, STORY_CARDS
from ..events import PieceLeft, PlotIgnored, PlotRevealed, TurnBegan
from ..state import (
    DRAW,
    HAND_LIMIT,
    SOLO_HAND,
    START_HAND,
    AdventureBookOptions,
    AdventureBookState,
)
from .board import Page, knock_down, pieces_in_region, turn_lowest
from .challenges import give_rewards, requirement_met
from .corruption import TRACK
from .decisions import drop_for_active, drops_for_each_player, push, who
from .ending import ended, lose
from .hands import draw_story
from .pages import LAST_CHAPTER, TITLES, page
from .supply import place_from_supply

TURN_FLAGS = ("ward", "short-draw", "revealed")
"""Flags that last for one turn only."""


def check_options(options: AdventureBookOptions) -> Page:
    """The chapter to play; a clear :class:`SetupError` for options that cannot be."""
    if not 1 <= options.chapter <= LAST_CHAPTER:
        raise SetupError(f"there is no chapter {options.chapter}: chapters run from 1 to 8")
    try:
        chapter = page(options.chapter)
    except KeyError:
        raise SetupError(
            f"chapter {options.chapter}, {TITLES[options.chapter]}, is not in this version yet"
        ) from None
    if not 0 <= options.corruption < TRACK.last:
        raise SetupError(
            f"the Corruption marker must be on a space from 0 to {TRACK.last - 1}, "
            f"not {options.corruption}"
        )
    unknown = sorted(set(options.won_specials) - set(SPECIALS))
    if unknown or len(set(options.won_specials)) != len(options.won_specials):
        raise SetupError(f"won Special cards must be distinct known cards: {unknown or 'twice'}")
    if set(options.fired_eyes) - set(TRACK.eyes):
        raise SetupError(f"fired eyes must be eye spaces of the track {TRACK.eyes}")
    eye_ids = {card.id for card in EYE_CARDS}
    if set(options.used_eye_cards) - eye_ids:
        raise SetupError("used Eye of Sauron cards must be known cards")
    problem = campaign_numbers_problem(options.first_seat, options.attempts, options.chapters_won)
    if problem:
        raise SetupError(problem)
    return chapter


MAX_SEATS = 4
"""The most players a chapter has (the game's own limit, here so the options can check it)."""
MAX_ATTEMPTS = 2**31 - 1
"""The most chapter attempts a campaign counts (a bound a save can check, never reached)."""


def campaign_numbers_problem(first_seat: int, attempts: int, chapters_won: tuple[int, ...]) -> str:
    """Why a campaign's counters cannot be (out of their range), or ``""``: every number a
    campaign save holds is bounded, so none can grow past what a save can write."""
    if not 0 <= first_seat < MAX_SEATS:
        return f"the first seat must be from 0 to {MAX_SEATS - 1}, not {first_seat}"
    if not 0 <= attempts <= MAX_ATTEMPTS:
        return f"the number of attempts must be from 0 to {MAX_ATTEMPTS}, not {attempts}"
    if any(not 1 <= n <= LAST_CHAPTER for n in chapters_won) or len(set(chapters_won)) != len(
        chapters_won
    ):
        return f"the chapters won must be distinct chapters from 1 to {LAST_CHAPTER}"
    return ""


def setup(
    players: tuple[str, ...], options: AdventureBookOptions, chance: Chance
) -> AdventureBookState:
    """A fresh attempt: every Story card and won Special card in one deck (AB-A3), all 15 Plot
    cards, the Eye cards not yet used, 4 cards to each player and 6 to the solo hand."""
    chapter_page = check_options(options)
    chapter = chapter_page.chapter
    state = AdventureBookState(
        players=players,
        chance=chance,
        chapter=chapter.number,
        seat=options.first_seat % len(players),
        hands=[[] for _ in players],
        story_deck=[*STORY_CARDS, *options.won_specials],
        special_deck=[card for card in SPECIALS if card not in options.won_specials],
        plot_deck=list(PLOT_CARDS),
        eye_deck=[c.id for c in EYE_CARDS if c.id not in options.used_eye_cards],
        corruption=options.corruption,
        fired_eyes=list(options.fired_eyes),
        used_eye_cards=list(options.used_eye_cards),
        won_specials=list(options.won_specials),
        options=options,
    )
    events: list[Event] = []
    for seat in range(len(players)):
        draw_story(state, state.hands[seat], START_HAND, players[seat], events)
    if len(players) == 1:
        draw_story(state, state.solo, SOLO_HAND, "the solo hand", events)
    state.pieces = {p.id: p.start for p in chapter.pieces if p.start}
    state.counters = {c.id: c.start for c in chapter.counters}
    state.face_down = [c.id for c in chapter.counters if c.face_down and c.start]
    hide_pieces(chapter_page, state)
    chapter_page.rules.setup(chapter_page, state)
    return state


def hide_pieces(chapter: Page, state: AdventureBookState) -> None:
    """Every counter of a kind that hides a piece lies face down; the seeded generator picks
    the one with the piece on its back (AB-A35), the others show their own kind."""
    for hidden in chapter.chapter.hidden:
        candidates = chapter.counter_kinds[hidden.kind]
        chosen = state.chance.pick("hidden", candidates)
        for counter in candidates:
            state.secrets[counter] = hidden.piece if counter == chosen else hidden.kind
            if counter not in state.face_down:
                state.face_down.append(counter)


def begin_turn(state: AdventureBookState, events: list[Event]) -> None:
    state.phase = "move"
    state.steps = 2
    state.moved = 0
    state.trades = 1
    state.helped = []
    state.helper = -1
    state.plot_value = 0
    for flag in TURN_FLAGS:
        state.flags.pop(flag, None)
    if events is not DISCARDED:
        events.append(TurnBegan(who(state, state.seat), state.turn))


def end_movement(state: AdventureBookState) -> None:
    state.phase = "story"
    state.steps = 0


def end_storytelling(chapter: Page, state: AdventureBookState, events: list[Event]) -> None:
    """Steps 3 and 4: draw, then the Plot card."""
    state.helper = -1
    state.steps = 0
    amount = DRAW - state.flags.pop("short-draw", 0)
    draw_story(state, state.hands[state.seat], amount, who(state, state.seat), events)
    state.phase = "plot"
    if not state.plot_deck:
        lose(state, PLOT_DECK_LOSS.id, PLOT_DECK_LOSS.text, events)
        return
    value = state.chance.pick("plot", state.plot_deck)
    state.plot_deck.remove(value)
    state.plot_discard.append(value)
    state.plot_value = value
    entry = chapter.plot[value]
    if events is not DISCARDED:
        events.append(PlotRevealed(value, entry.text, len(state.plot_deck)))
    if state.flags.get("ward"):
        events.append(PlotIgnored(value))
        return
    state.effects_left = list(range(len(entry.effects)))


def run_effect(
    chapter: Page, state: AdventureBookState, effect: Effect, events: list[Event]
) -> None:
    """Generic Plot Chart effects; anything else is the chapter's."""
    kind = effect.kind
    if kind == "nothing":
        return
    if kind == "active-draw":
        draw_story(state, state.hands[state.seat], effect.amount, who(state, state.seat), events)
    elif kind == "active-discard":
        push(state, drop_for_active(state, effect.amount, f"plot {state.plot_value}"))
    elif kind == "each-discard":
        push(state, drops_for_each_player(state, effect.amount, f"plot {state.plot_value}"))
    elif kind == "remove-piece":
        if state.pieces.pop(effect.key, None):
            events.append(PieceLeft(effect.key, chapter.piece_name(effect.key)))
    elif kind == "turn":
        turn_lowest(chapter, state, effect.key, effect.amount, events)
    elif kind == "region-discard":
        inside = len(pieces_in_region(chapter, state, effect.key))
        why = f"plot {state.plot_value}"
        push(state, drop_for_active(state, effect.amount * inside, why))
    elif kind == "knock-down":
        knock_down(chapter, state, effect.key, f"plot {state.plot_value}", events)
    elif kind == "place-counter":
        spot = effect.space or chapter.numbered[effect.amount]
        place_from_supply(chapter, state, effect.key, spot, events)
    else:
        chapter.rules.effect(chapter, state, effect, events)


def data_loss(chapter: Page, state: AdventureBookState) -> str:
    """The first lose condition given as data whose requirements all hold now, or ""."""
    for condition in chapter.data_losses:
        if all(requirement_met(chapter, state, req) for req in condition.when):
            return condition.id
    return ""


def settle(chapter: Page, state: AdventureBookState, events: list[Event]) -> None:
    """Carry the turn on until a decision is needed or the attempt is over."""
    watch = chapter.loss_checks  # a chapter that nothing loses between actions skips them
    # The objects, not their bound methods: Python 3.11 specialises calling a method, not
    # loading one.
    rules = chapter.rules
    losses = chapter.readiness if chapter.data_losses else None
    while not state.result:
        lost = (
            ((losses.lost(state) if losses else "") or rules.check(chapter, state)) if watch else ""
        )
        if lost:
            lose(state, lost, chapter.lose_texts.get(lost, lost), events)
            return
        if state.pending:
            first = state.pending[0]
            hand = state.solo if first.solo else state.hands[first.seat]
            if first.kind == "drop" and (not hand or first.amount <= 0):
                # An interruption (an Eye card) may have emptied the hand meanwhile.
                state.pending.pop(0)
                continue
            if first.kind == "reward":
                state.pending.pop(0)
                give_rewards(chapter, state, chapter.challenges[first.source], events)
                continue
            return
        if state.phase == "plot":
            if state.effects_left:
                index = state.effects_left.pop(0)
                effect = chapter.plot[state.plot_value].effects[index]
                run_effect(chapter, state, effect, events)
                continue
            state.phase = "limit"
            continue
        if state.phase == "limit":
            if len(state.hands[state.seat]) > HAND_LIMIT:
                return
            if chapter.end_turn_hook:
                chapter.rules.end_turn(chapter, state, events)
                if ended(state):
                    return  # the chapter's end-of-turn rule ended the attempt
            lost = (data_loss(chapter, state) or rules.check(chapter, state)) if watch else ""
            if lost:
                lose(state, lost, chapter.lose_texts.get(lost, lost), events)
                return
            state.seat = (state.seat + 1) % len(state.players)
            state.turn += 1
            begin_turn(state, events)
            continue
        return
