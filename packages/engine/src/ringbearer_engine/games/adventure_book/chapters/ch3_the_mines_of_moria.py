"""Chapter 3, The Mines of Moria: through the dark to the Bridge of Khazad-dûm.

The Fellowship enters Moria by the West Gate, finds Balin's tomb in the Chamber of Mazarbul,
fights a cave troll while Goblins pour out of the dark, and flees to the East Gate while
Gandalf holds the Bridge against the Balrog.

Special rules (code below):

* **Goblins** appear on numbered spaces (the next free one upwards when taken, AB-A32).
  A fighter on a Goblin's space defeats it by paying a Combat Skill card. If a Goblin must be
  placed and all six are on the board, the horde overwhelms the Fellowship: chapter lost.
* **The cave troll** stands in the Chamber of Mazarbul once Balin's Tomb is found: a fighter
  there strikes it for a Combat Skill card, placing a Wound counter. The troll may recover
  (a Wound is removed); a completed "You Have a Cave Troll!" stays completed (FAQ).
* **The Bridge** is Gandalf's alone. He enters it by paying only its printed cards, Courage
  and Insight: no movement point, no card for the step (FAQ, AB-A10).
* **The Balrog** climbs its own track of flame. While Gandalf stands on the Bridge it does
  not move. If it must climb past the last space, the chapter is lost.
* **One Ring ability**: Frodo's Ring warns him; remove one Goblin from the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from ringbearer_engine.events import Event

from ..chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Deed,
    Effect,
    LoseCondition,
    PieceStart,
    PlotEntry,
    Requirement,
    Reward,
    RingAbility,
    Space,
    Track,
)
from ..events import RuleNote
from ..rules.board import (
    Page,
    counters_at,
    counters_on_board,
    move_counter,
    next_free_numbered,
    place_counter,
    plot_odds,
    remove_counter,
    supply_counter,
    track_ahead,
)
from ..rules.decisions import drop_for_active, push
from ..rules.ending import lose
from ..state import AdventureBookState

FIGHTERS = ("aragorn", "legolas", "gimli", "gandalf")
HOBBITS = ("frodo", "sam", "merry", "pippin")
FLAME = "flame"

CHAPTER = Chapter(
    number=3,
    id="the-mines-of-moria",
    title="The Mines of Moria",
    intro=(
        "The snows of Caradhras turn the Fellowship back, and Gandalf leads them into the dark "
        "of Moria. Drums sound in the deep; something older than the Goblins wakes."
    ),
    spaces=(
        Space("west-gate", "The West Gate", 0, 3),
        Space("stairs", "The Stairs", 2, 3, number=1),
        Space("dwarrowdelf", "Dwarrowdelf", 4, 1, number=2),
        Space("twenty-first-hall", "The Twenty-first Hall", 4, 5, number=3),
        Space("chamber", "The Chamber of Mazarbul", 6, 0, number=4),
        Space("great-hall", "The Great Hall", 7, 3, number=5),
        Space(
            "bridge",
            "The Bridge of Khazad-dûm",
            10,
            1,
            cost=("courage", "insight"),
            only=("gandalf",),
        ),
        Space("east-gate", "The East Gate", 10, 5),
        Space("flame-1", "The Deep", 2, 7, track=True),
        Space("flame-2", "Shadow", 5, 7, track=True),
        Space("flame-3", "Fire", 8, 7, track=True),
        Space("flame-4", "Smoke", 12, 6, track=True),
        Space("flame-5", "Shadow and Flame", 12, 2, track=True),
    ),
    links=(
        ("west-gate", "stairs"),
        ("stairs", "dwarrowdelf"),
        ("stairs", "twenty-first-hall"),
        ("dwarrowdelf", "chamber"),
        ("dwarrowdelf", "great-hall"),
        ("twenty-first-hall", "great-hall"),
        ("chamber", "great-hall"),
        ("great-hall", "bridge"),
        ("great-hall", "east-gate"),
    ),
    tracks=(
        Track(
            FLAME,
            "The Balrog's climb",
            ("flame-1", "flame-2", "flame-3", "flame-4", "flame-5"),
            False,
        ),
    ),
    pieces=(
        PieceStart("frodo", "Frodo", "west-gate"),
        PieceStart("sam", "Samwise", "west-gate"),
        PieceStart("merry", "Merry", "west-gate"),
        PieceStart("pippin", "Pippin", "west-gate"),
        PieceStart("aragorn", "Aragorn", "west-gate"),
        PieceStart("legolas", "Legolas", "west-gate"),
        PieceStart("gimli", "Gimli", "west-gate"),
        PieceStart("gandalf", "Gandalf", "west-gate", counter=True),
    ),
    counters=(
        CounterStart("balrog", "balrog", "The Balrog", "flame-1"),
        *(CounterStart(f"goblin-{n}", "goblin", f"Goblin {n}") for n in range(1, 7)),
        *(CounterStart(f"wound-{n}", "wound", f"Wound {n}") for n in range(1, 5)),
    ),
    deeds=(
        Deed(
            "fight-goblin",
            "Defeat a Goblin",
            "A fighter on a Goblin's space pays a Combat Skill card: the Goblin is defeated.",
            ("combat",),
            fighters=FIGHTERS,
            target_kind="goblin",
        ),
        Deed(
            "strike-troll",
            "Strike the cave troll",
            "A fighter in the Chamber of Mazarbul pays a Combat Skill card: place a Wound.",
            ("combat",),
            fighters=FIGHTERS,
        ),
    ),
    challenges=(
        Challenge(
            "journey-in-the-dark",
            "A Journey in the Dark",
            (
                Requirement(
                    "at",
                    "Gandalf, Frodo and Samwise on Dwarrowdelf",
                    ("gandalf", "frodo", "sam"),
                    "dwarrowdelf",
                ),
            ),
            ("insight", "mystery", "any"),
            (Reward("story", "draw 2 Story cards", 2),),
        ),
        Challenge(
            "balins-tomb",
            "Balin's Tomb",
            (
                Requirement(
                    "at",
                    "Gimli and Pippin in the Chamber of Mazarbul",
                    ("gimli", "pippin"),
                    "chamber",
                ),
            ),
            ("mystery", "adventure"),
            (Reward("story", "draw 1 Story card", 1),),
        ),
        Challenge(
            "cave-troll",
            "You Have a Cave Troll!",
            (
                Requirement(
                    "counter-at",
                    "2 Wounds on the cave troll",
                    space="chamber",
                    count=2,
                    key="wound",
                ),
                Requirement("at", "Frodo in the Chamber of Mazarbul", ("frodo",), "chamber"),
            ),
            ("pair",),
            (Reward("special", "draw 1 Special card", 1),),
            after=("balins-tomb",),
        ),
        Challenge(
            "you-cannot-pass",
            "You Cannot Pass!",
            (
                Requirement("at", "Gandalf on the Bridge", ("gandalf",), "bridge"),
                Requirement("at", "all four hobbits on the East Gate", HOBBITS, "east-gate"),
            ),
            ("courage", "courage", "insight"),
            (Reward("leave", "Gandalf falls with the Balrog", key="gandalf"),),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(
            1,
            "Goblins from the dark: a Goblin appears on space 2.",
            (Effect("goblin", 2),),
        ),
        PlotEntry(
            2,
            "Goblins close in: a Goblin appears on space 5.",
            (Effect("goblin", 5),),
        ),
        PlotEntry(3, "Drums in the deep: the Balrog climbs 1 space.", (Effect("balrog", 1),)),
        PlotEntry(
            4,
            "The troll recovers a Wound; every Goblin on a space with a companion costs the "
            "active player 1 card.",
            (Effect("troll-recovers"), Effect("goblins-attack")),
        ),
        PlotEntry(
            5,
            "Fire in the deep: the Balrog climbs 1 space; the Goblins attack.",
            (Effect("balrog", 1), Effect("goblins-attack")),
        ),
    ),
    ring_ability=RingAbility(
        "ring-warns",
        "The Ring warns",
        "Frodo feels the danger coming: remove one Goblin from the board.",
    ),
    lose_conditions=(
        LoseCondition("balrog-breaks-out", "the Balrog climbed past the end of its track"),
        LoseCondition("goblin-horde", "a Goblin had to be placed with all six on the board"),
    ),
    special_rules=(
        "Goblins appear on numbered spaces; a taken space passes them to the next free one.",
        "A fighter on a Goblin's space defeats it for a Combat Skill card.",
        "After Balin's Tomb, a fighter in the Chamber strikes the troll for a Combat Skill card.",
        "Only Gandalf enters the Bridge, by paying its printed cards (Courage, Insight).",
        "While Gandalf is on the Bridge the Balrog does not climb.",
    ),
)


class MoriaRules(ChapterRules[Page]):
    def deed_target_names(self, page: Page, deed: Deed) -> tuple[str, ...]:
        return ("troll",) if deed.id == "strike-troll" else ()

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "goblin":
            counter = supply_counter(state, page, "goblin")
            if counter is None:
                lose(state, "goblin-horde", page.lose_texts["goblin-horde"], events)
                return
            taken = [state.counters[g] for g in counters_on_board(state, page, "goblin")]
            spot = next_free_numbered(page, taken, effect.amount)
            if spot is not None:
                place_counter(page, state, counter, spot, events)
        elif effect.kind == "balrog":
            if state.pieces.get("gandalf") == "bridge":
                events.append(RuleNote("Gandalf holds the Bridge: the Balrog does not climb."))
                return
            ahead = track_ahead(page, FLAME, state.counters["balrog"], effect.amount)
            if len(ahead) < effect.amount:
                lose(state, "balrog-breaks-out", page.lose_texts["balrog-breaks-out"], events)
                return
            move_counter(page, state, "balrog", ahead[-1], events)
        elif effect.kind == "troll-recovers":
            wounds = counters_at(state, page, "wound", "chamber")
            if wounds:
                remove_counter(page, state, wounds[-1], "the troll recovers", events)
        elif effect.kind == "goblins-attack":
            occupied = set(state.pieces.values())
            biting = [
                g for g in counters_on_board(state, page, "goblin") if state.counters[g] in occupied
            ]
            if biting:
                push(state, drop_for_active(state, len(biting), "Goblins attack"))

    def deed_targets(self, page: Page, state: AdventureBookState, deed: Deed) -> list[str]:
        if deed.id != "strike-troll" or "balins-tomb" not in state.completed:
            return []
        if "cave-troll" in state.completed or supply_counter(state, page, "wound") is None:
            return []
        if any(state.pieces.get(f) == "chamber" for f in FIGHTERS):
            return ["troll"]
        return []

    def deed(
        self, page: Page, state: AdventureBookState, deed: Deed, target: str, events: list[Event]
    ) -> None:
        wound = supply_counter(state, page, "wound")
        if wound is not None:
            place_counter(page, state, wound, "chamber", events)

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        return counters_on_board(state, page, "goblin")

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        if target:
            remove_counter(page, state, target, "the Ring warns Frodo", events)

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        goblins = {state.counters[g] for g in counters_on_board(state, page, "goblin")}
        if space not in goblins:
            return 0.0
        return 4.0 * plot_odds(state).get(4, 0.0)

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        if challenge.id == "cave-troll":
            return {"gimli": "chamber"}
        return {}

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        goblins: list[str | None] = list(counters_on_board(state, page, "goblin"))
        return goblins[:1] if len(goblins) >= 6 else []


RULES = MoriaRules()
