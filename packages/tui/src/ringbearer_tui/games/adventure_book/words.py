"""The Adventure Book Game in words: choices as sentences, cards by name."""

from __future__ import annotations

from collections.abc import Iterable

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import actions as act
from ringbearer_engine.games.adventure_book.chapters import page
from ringbearer_engine.games.adventure_book.state import AdventureBookState
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from ...tables.mirror import MatchMirror
from .public_state import public_state
from .rules_data import SPECIALS, TOKEN, Page, card_name
from .space_keys import space_keys

SYMBOL_MARKS = {
    "courage": "♥",
    "mystery": "?",
    "adventure": "✦",
    "insight": "◇",
    "combat": "⚔",
    "ring": "◯",
}
"""A mark per Story card symbol, drawn before its name in hands."""


def token(card: str) -> str:
    """A card id (``courage-3``, ``lembas-1``) as the token actions name (``courage``)."""
    return TOKEN.get(card, card)


def named(card_or_token: str) -> str:
    """A card as players read it: ``Courage``, ``Shadowfax``, ``any card``."""
    tok = token(card_or_token)
    if tok == "any":
        return "any card"
    if tok == "pair":
        return "a pair"
    try:
        return card_name(tok)
    except KeyError:
        return tok


def marked(card_or_token: str) -> str:
    """A card with its symbol's mark: ``♥ Courage``; Special cards are starred: ``★ Sting``."""
    tok = token(card_or_token)
    mark = SYMBOL_MARKS.get(tok, "★" if tok in SPECIALS else "·")
    return f"{mark} {named(tok)}"


def paying(tokens: Iterable[str]) -> str:
    """``Courage + Insight``."""
    return " + ".join(named(t) for t in tokens) or "nothing"


def state_of(match: rb.Match) -> AdventureBookState:
    """The chapter's state; at a shared table, what this seat's view shows of it."""
    if isinstance(match, MatchMirror):
        return _seen_state(match)
    state = match.state
    assert isinstance(state, AdventureBookState)
    return state


def _seen_state(mirror: MatchMirror) -> AdventureBookState:
    # Kept until the next update: a redraw reads it once for every choice it words.
    seen = mirror.derived.get("adventure-book-state")
    if not isinstance(seen, AdventureBookState):
        view = mirror.view(mirror.seat)
        assert isinstance(view, AdventureBookView)
        seen = mirror.derived["adventure-book-state"] = public_state(view, mirror.players)
    return seen


def chapter_page(match: rb.Match) -> Page:
    return page(state_of(match).chapter)


def thing_name(chapter: Page, ident: str | None) -> str:
    """A piece, counter or space id as its printed name."""
    if ident is None:
        return ""
    if ident in chapter.pieces:
        return chapter.piece_name(ident)
    if ident in chapter.counters:
        return chapter.counter_name(ident)
    if ident in chapter.spaces:
        return chapter.name(ident)
    return ident.replace("-", " ")


def describe(match: rb.Match, action: rb.Action) -> str:
    """A choice in words: "Move Frodo to Hobbiton", "Complete Weathertop: pay Courage + …"."""
    state = state_of(match)
    chapter = page(state.chapter)
    players = state.players

    def player(seat: int) -> str:
        return players[seat] if 0 <= seat < len(players) else f"player {seat + 1}"

    match action:
        case act.Move(piece=piece, to=to):
            # The map names spaces by letter only: the letter ties the name to the map, and a
            # no-break space keeps it on the name's line.
            letter = space_keys(chapter).get(to)
            where = thing_name(chapter, to) + (f"\u00a0({letter})" if letter else "")
            return f"Move {thing_name(chapter, piece)} to {where}"
        case act.End():
            if state.phase == "move":
                return "End the move"
            return "End storytelling: draw, Plot"
        case act.Discard(card=card):
            return f"Discard {named(card)}: 1 more step"
        case act.Drop(card=card):
            pending = state.pending[0] if state.pending else None
            whose = " from the solo hand" if pending and pending.solo else ""
            return f"Discard {named(card)}{whose}"
        case act.Complete(challenge=challenge, pay=pay):
            name = chapter.challenges[challenge].name if challenge in chapter.challenges else ""
            return f"Complete {name or challenge}: pay {paying(pay)}"
        case act.Enter(piece=piece, to=to, pay=pay):
            return (
                f"Pay {paying(pay)}: {thing_name(chapter, piece)} enters {thing_name(chapter, to)}"
            )
        case act.Trade(seat=seat, card=card):
            return f"Trade {named(card)} with {player(seat - 1)}"
        case act.Ask(wish=wish):
            return "Ask for any card back" if wish == "any" else f"Ask for {named(wish)} back"
        case act.Answer(card=card):
            pending = state.pending[0] if state.pending else None
            partner = player(pending.partner) if pending else "the active player"
            return f"Give {named(card)} back to {partner}"
        case act.Swap(give=give, take=take):
            return f"Swap {named(give)} ↔ solo {named(take)}"
        case act.Help(seat=seat):
            return f"Ask {player(seat - 1)} to play Special cards"
        case act.Back():
            return f"Hand the turn back to {player(state.seat)}"
        case act.Play(card=card):
            return f"Play {named(card)}"
        case act.Ring(target=target):
            ability = chapter.chapter.ring_ability.name
            aim = f" on {thing_name(chapter, target)}" if target else ""
            return f"The One Ring: {ability}{aim} (+1 corruption)"
        case act.Deed(deed=deed, target=target, pay=pay):
            name = chapter.deeds[deed].name if deed in chapter.deeds else deed
            return f"{name}: {thing_name(chapter, target)}, pay {paying(pay)}"
        case act.Stop():
            return "Stop moving"
        case act.Choose(option=option):
            where = state.counters.get(option, "")
            at = f" on {thing_name(chapter, where)}" if where else ""
            return f"Choose {thing_name(chapter, option)}{at}"
        case act.Take(card=card):
            return f"Take {named(card)} from the discard pile"
        case act.Reveal(counter=counter):
            return f"Turn {thing_name(chapter, counter)} face up"
        case act.Rise(piece=piece):
            return f"Stand {thing_name(chapter, piece)} up (1 step)"
    return str(action)


PHASES = {
    "move": "Movement: move pieces up to {steps} more single {step}, or end the move.",
    "story": "Storytelling: trade, discard to move, complete Challenges, play cards, end.",
}


def prompt(match: rb.Match) -> str:
    """What is being decided now, in words (the engine's prompt names its notation)."""
    state = state_of(match)
    seat = match.to_move
    if seat is None:
        outcome = match.outcome
        return outcome.summary if outcome else "The chapter is over."
    name = state.players[seat]
    if state.pending:
        pending = state.pending[0]
        kind = pending.kind
        if kind == "drop":
            whose = "from the solo hand" if pending.solo else "from your hand"
            return f"{name}: discard {pending.amount} card{'s' * (pending.amount > 1)} {whose}."
        if kind == "steps":
            step = "step" if pending.amount == 1 else "steps"
            return f"{name}: move pieces up to {pending.amount} more single {step}, or stop."
        if kind == "ask":
            return f"{name}: which card would you like back in the trade?"
        if kind == "answer":
            partner = state.players[pending.partner]
            hope = "any card" if pending.ask == "any" else named(pending.ask)
            return f"{name}: give a card back to {partner} (they hope for {hope})."
        if kind == "take":
            return f"{name}: take a card from the Story discard pile."
        if kind == "choose":
            return f"{name}: choose one."
        return f"{name} to decide."
    if state.helper >= 0:
        return f"{name}: play Special cards to help {state.players[state.seat]}, or hand back."
    if state.phase in PHASES:
        step = "step" if state.steps == 1 else "steps"
        return f"{name}: " + PHASES[state.phase].format(steps=state.steps, step=step)
    if state.phase == "limit":
        return f"{name}: discard down to the hand limit of 6."
    return f"{name} to play."
