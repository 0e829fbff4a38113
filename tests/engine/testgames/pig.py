"""Pig race: a tiny test-only game that exercises every feature of the engine core.

Players take turns rolling a die and adding it to their turn total; a 1 loses the total and
ends the turn, holding banks it. A 6 puts a pending decision on the state (bank at once, or
push on). Each player holds one secret boon card, which can be revealed once to add its
value: hidden information, and an action that cannot be undone. First to the target wins.
"""

from __future__ import annotations

import msgspec

import ringbearer_engine as rb
from ringbearer_engine import Action, Chance, Event, Game, GameState, Outcome
from ringbearer_engine.bots import Bot

BOONS = ("boon-1", "boon-2", "boon-3", "boon-4", "boon-5")


def boon_value(card: str) -> int:
    return int(card.rsplit("-", 1)[1])


class PigOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    target: int = 30


class PigState(GameState, kw_only=True):
    target: int
    scores: list[int]
    boons: list[str]
    revealed: list[bool]
    seat: int = 0
    turn_total: int = 0
    six_pending: bool = False
    winner: int | None = None
    turns: int = 1


class PigView(msgspec.Struct, frozen=True):
    seat: int | None
    scores: list[int]
    turn_total: int
    to_move: int | None
    boons: list[str | None]


class Roll(Action, frozen=True, tag="roll"):
    pass


class Hold(Action, frozen=True, tag="hold"):
    pass


class Reveal(Action, frozen=True, tag="reveal"):
    pass


class Choose(Action, frozen=True, tag="choose"):
    option: str


class Rolled(Event, frozen=True, tag="rolled"):
    seat: int
    face: int

    def __str__(self) -> str:
        return f"Seat {self.seat + 1} rolls a {self.face}."


class Banked(Event, frozen=True, tag="banked"):
    seat: int
    points: int
    score: int

    def __str__(self) -> str:
        return f"Seat {self.seat + 1} banks {self.points} and has {self.score}."


class Busted(Event, frozen=True, tag="busted"):
    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat + 1} loses the turn total."


class Revealed(Event, frozen=True, tag="revealed"):
    seat: int
    card: str

    def __str__(self) -> str:
        return f"Seat {self.seat + 1} reveals {self.card}."


class PigGame(Game[PigState]):
    id = "pig"
    title = "Pig race"
    min_players = 1
    max_players = 4
    default_players = 2
    cooperative = False
    state_type = PigState
    options_type = PigOptions
    action_types = (Roll, Hold, Reveal, Choose)

    def setup(self, players: tuple[str, ...], options: PigOptions, chance: Chance) -> PigState:
        deck = chance.shuffle("boons", BOONS)
        return PigState(
            players=players,
            chance=chance,
            target=options.target,
            scores=[0] * len(players),
            boons=deck[: len(players)],
            revealed=[False] * len(players),
        )

    def actions(self, state: PigState) -> list[Action]:
        if state.winner is not None:
            return []
        if state.six_pending:
            return [Choose("bank"), Choose("push")]
        options: list[Action] = [Roll(), Hold()]
        if not state.revealed[state.seat]:
            options.append(Reveal())
        return options

    def apply(self, state: PigState, action: Action) -> list[Event]:
        seat = state.seat
        if isinstance(action, Roll):
            face = state.chance.roll("die")
            events: list[Event] = [Rolled(seat, face)]
            if face == 1:
                state.turn_total = 0
                events.append(Busted(seat))
                self._next(state)
            elif face == 6:
                state.turn_total += 6
                state.six_pending = True
            else:
                state.turn_total += face
            return events
        if isinstance(action, Choose):
            state.six_pending = False
            return self._bank(state) if action.option == "bank" else []
        if isinstance(action, Reveal):
            state.revealed[seat] = True
            state.turn_total += boon_value(state.boons[seat])
            return [Revealed(seat, state.boons[seat])]
        return self._bank(state)

    def _bank(self, state: PigState) -> list[Event]:
        seat = state.seat
        state.scores[seat] += state.turn_total
        event = Banked(seat, state.turn_total, state.scores[seat])
        state.turn_total = 0
        if state.scores[seat] >= state.target:
            state.winner = seat
        else:
            self._next(state)
        return [event]

    def _next(self, state: PigState) -> None:
        state.seat = (state.seat + 1) % len(state.players)
        state.turns += 1

    def to_move(self, state: PigState) -> int | None:
        return None if state.winner is not None else state.seat

    def outcome(self, state: PigState) -> Outcome | None:
        if state.winner is None:
            return None
        name = state.players[state.winner]
        return Outcome((state.winner,), "target-reached", f"{name} reaches {state.target}.")

    def view(self, state: PigState, seat: int | None) -> PigView:
        return PigView(
            seat=seat,
            scores=list(state.scores),
            turn_total=state.turn_total,
            to_move=self.to_move(state),
            boons=[
                card if (n == seat or state.revealed[n]) else None
                for n, card in enumerate(state.boons)
            ],
        )

    def prompt(self, state: PigState) -> str:
        if state.six_pending:
            return f"{state.players[state.seat]} rolled a 6: bank it, or push on?"
        return super().prompt(state)

    def why_illegal(self, state: PigState, action: Action) -> str | None:
        if isinstance(action, Reveal) and state.revealed[state.seat]:
            return "your boon card has already been revealed"
        if isinstance(action, Roll | Hold) and state.six_pending:
            return "first decide what to do with the 6"
        return None

    def undoable(self, state: PigState, action: Action, revealed: bool) -> bool:
        return not revealed and not isinstance(action, Reveal)

    def determinize(self, state: PigState, seat: int | None, chance: Chance) -> PigState:
        copy = super().determinize(state, seat, chance)
        known = {n for n in range(len(state.players)) if n == seat or state.revealed[n]}
        unseen = [c for c in BOONS if c not in {state.boons[n] for n in known}]
        dealt = chance.shuffle("redeal", unseen)
        for n in range(len(state.players)):
            if n not in known:
                copy.boons[n] = dealt.pop()
        return copy

    def turn_number(self, state: PigState) -> int:
        return state.turns

    def chance_faces(self) -> dict[str, frozenset[str]]:
        return {"die": frozenset(str(face) for face in range(1, 7)), "boons": frozenset(BOONS)}

    def bots(self) -> dict[str, rb.game.BotFactory]:
        return {"heuristic": HoldAtTwenty}


class HoldAtTwenty:
    """Rolls until the turn total reaches 20 or the target is in reach, then holds."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game[PigState], state: GameState) -> Action:
        assert isinstance(state, PigState)
        if state.six_pending:
            return Choose("bank")
        needed = state.target - state.scores[state.seat]
        return Hold() if state.turn_total >= min(20, needed) else Roll()


_: type[Bot] = HoldAtTwenty
PIG = PigGame()
