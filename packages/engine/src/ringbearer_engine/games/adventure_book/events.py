"""What happens in the Adventure Book Game, as events that read as sentences.

Events never name a card that only one seat may see: a draw says how many cards, a trade
says who gave to whom. Cards that go face up (discards, payments, played Special cards)
are named, as everyone at the table sees them.
"""

from __future__ import annotations

from ringbearer_engine.events import Event

from .content import card_name


def a_card(token: str) -> str:
    """``a Courage card``, ``an Insight card``, ``any card``."""
    if token == "any":
        return "any card"
    name = card_name(token)
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} card"


def _cards(tokens: tuple[str, ...]) -> str:
    return ", ".join(card_name(t) for t in tokens) if tokens else "nothing"


class TurnBegan(Event, frozen=True, tag="turn"):
    who: str
    turn: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: {self.who} is the active player."


class PieceMoved(Event, frozen=True, tag="moved"):
    piece: str
    name: str
    src: str
    dst: str

    def __str__(self) -> str:
        return f"{self.name} moves from {self.src} to {self.dst}."


class PieceReset(Event, frozen=True, tag="reset"):
    piece: str
    name: str
    dst: str
    cause: str

    def __str__(self) -> str:
        return f"{self.name} is sent back to {self.dst} ({self.cause})."


class PieceJoined(Event, frozen=True, tag="joined"):
    piece: str
    name: str
    dst: str

    def __str__(self) -> str:
        return f"{self.name} joins the story at {self.dst}."


class PieceKnockedDown(Event, frozen=True, tag="knocked-down"):
    piece: str
    name: str
    cause: str

    def __str__(self) -> str:
        return f"{self.name} is knocked down and lies on their side ({self.cause})."


class PieceStoodUp(Event, frozen=True, tag="stood-up"):
    piece: str
    name: str
    cause: str

    def __str__(self) -> str:
        return f"{self.name} stands up again ({self.cause})."


class PieceLeft(Event, frozen=True, tag="left"):
    piece: str
    name: str

    def __str__(self) -> str:
        return f"{self.name} leaves the board."


class CardsDiscarded(Event, frozen=True, tag="discarded"):
    who: str
    cards: tuple[str, ...]
    why: str

    def __str__(self) -> str:
        return f"{self.who} discards {_cards(self.cards)} ({self.why})."


class CardsDrawn(Event, frozen=True, tag="drew"):
    who: str
    count: int
    deck: str = "Story"

    def __str__(self) -> str:
        plural = "card" if self.count == 1 else "cards"
        return f"{self.who} draws {self.count} {self.deck} {plural}."


class DiscardsReshuffled(Event, frozen=True, tag="reshuffled"):
    count: int

    def __str__(self) -> str:
        return f"The Story deck is empty: {self.count} discarded cards form a new deck."


class CardTaken(Event, frozen=True, tag="took"):
    who: str
    card: str
    where: str

    def __str__(self) -> str:
        return f"{self.who} takes {card_name(self.card)} from the {self.where}."


class TradeOffered(Event, frozen=True, tag="offered"):
    who: str
    partner: str

    def __str__(self) -> str:
        return f"{self.who} gives a card to {self.partner} in a trade."


class TradeAsked(Event, frozen=True, tag="asked"):
    who: str
    ask: str

    def __str__(self) -> str:
        return f"{self.who} asks for {a_card(self.ask)} in return."


class TradeAnswered(Event, frozen=True, tag="answered"):
    who: str
    partner: str

    def __str__(self) -> str:
        return f"{self.who} gives a card back to {self.partner}."


class SoloSwapped(Event, frozen=True, tag="swapped"):
    who: str
    gave: str
    took: str

    def __str__(self) -> str:
        return (
            f"{self.who} trades {card_name(self.gave)} for {card_name(self.took)} "
            "with the solo hand."
        )


class HelpAsked(Event, frozen=True, tag="help"):
    who: str
    helper: str

    def __str__(self) -> str:
        return f"{self.who} asks {self.helper} for a Special card."


class SpecialPlayed(Event, frozen=True, tag="special"):
    who: str
    card: str

    def __str__(self) -> str:
        return f"{self.who} plays {card_name(self.card)}."


class SpecialWon(Event, frozen=True, tag="special-won"):
    who: str

    def __str__(self) -> str:
        return f"{self.who} wins a Special card; it joins the Story deck for good."


class ChallengeCompleted(Event, frozen=True, tag="completed"):
    who: str
    challenge: str
    paid: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.who} completes '{self.challenge}', paying {_cards(self.paid)}."


class DeedDone(Event, frozen=True, tag="deed"):
    who: str
    deed: str
    target: str
    paid: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.who}: {self.deed} ({self.target}), paying {_cards(self.paid)}."


class RingAbilityUsed(Event, frozen=True, tag="ring-ability"):
    who: str
    ability: str

    def __str__(self) -> str:
        return f"{self.who} plays The One Ring: {self.ability}."


class CorruptionMoved(Event, frozen=True, tag="corruption"):
    src: int
    dst: int
    cause: str

    def __str__(self) -> str:
        way = "forward" if self.dst > self.src else "back"
        return f"The Corruption marker moves {way} from {self.src} to {self.dst} ({self.cause})."


class EyeDrawn(Event, frozen=True, tag="eye"):
    space: int
    card: str
    text: str

    def __str__(self) -> str:
        return f"The marker reaches the eye on space {self.space}: {self.card}. {self.text}"


class PlotRevealed(Event, frozen=True, tag="plot"):
    value: int
    text: str
    left: int

    def __str__(self) -> str:
        return f"Plot card {self.value}: {self.text} ({self.left} Plot cards left)."


class PlotIgnored(Event, frozen=True, tag="plot-ignored"):
    value: int

    def __str__(self) -> str:
        return f"The Plot Chart entry {self.value} is ignored this turn."


class PlotCardsReturned(Event, frozen=True, tag="plot-returned"):
    count: int

    def __str__(self) -> str:
        return f"{self.count} Plot cards go back under the Plot deck."


class PlotCardLost(Event, frozen=True, tag="plot-lost"):
    value: int

    def __str__(self) -> str:
        return f"A Plot card ({self.value}) is discarded unresolved."


class CounterMoved(Event, frozen=True, tag="counter-moved"):
    counter: str
    src: str
    dst: str

    def __str__(self) -> str:
        return f"{self.counter} moves from {self.src} to {self.dst}."


class CounterPlaced(Event, frozen=True, tag="counter-placed"):
    counter: str
    dst: str

    def __str__(self) -> str:
        return f"{self.counter} is placed on {self.dst}."


class CounterRemoved(Event, frozen=True, tag="counter-removed"):
    counter: str
    src: str
    cause: str

    def __str__(self) -> str:
        return f"{self.counter} is removed from {self.src} ({self.cause})."


class CounterRevealed(Event, frozen=True, tag="counter-revealed"):
    counter: str
    face: str

    def __str__(self) -> str:
        return f"{self.counter} is turned face up: {self.face}."


class CounterTurned(Event, frozen=True, tag="counter-turned"):
    counter: str
    space: str
    back: str

    def __str__(self) -> str:
        return f"{self.counter} on {self.space} turns into {self.back}."


class RuleNote(Event, frozen=True, tag="note"):
    text: str

    def __str__(self) -> str:
        return self.text


class ChapterWon(Event, frozen=True, tag="chapter-won"):
    chapter: int
    title: str

    def __str__(self) -> str:
        return f"Chapter {self.chapter}, {self.title}, is won!"


class ChapterLost(Event, frozen=True, tag="chapter-lost"):
    chapter: int
    reason: str
    text: str

    def __str__(self) -> str:
        return f"Chapter {self.chapter} is lost: {self.text}"
