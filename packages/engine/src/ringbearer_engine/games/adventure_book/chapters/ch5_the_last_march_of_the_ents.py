"""Chapter 5, The Last March of the Ents: from Fangorn to the flooding of Isengard.

Merry and Pippin, escaped from the Uruk-hai, meet Treebeard in Fangorn. The Ents gather at
the Entmoot in Derndingle, Treebeard sees the trees Saruman's Goblins have felled and burned,
and the Ents march on Isengard, break the dam of the Isen and drown the Wizard's ring.

Special rules (code below, most of it generic data of the chapter format):

* **Treebeard** is a counter the rules treat as a character piece (AB-A8). **The three
  Ents** join at the Entmoot and move only with Merry or Pippin on their space, who walks
  with them (``carried_by``, FAQ); that stays so after "Free the River!" (FAQ).
* **Goblins** appear on the numbered spaces 1 to 9; a taken space passes them to the next
  free one upwards, from 9 on to 1 (FAQ, AB-A32). Anyone may share a space with a Goblin
  (FAQ) and may defeat it there for a Combat Skill card.
* **Fires.** Saruman's torches turn Goblins over into fires (``CounterStart.back``). Two
  Ents (Treebeard counts as one) on the spaces next to a fire, one space or two, put it out
  for an Adventure card (FAQ: on a neighbouring space, never on the fire's own). Three
  fires burning at once: Fangorn burns and the chapter is lost.
* **Free the River!** floods Isengard: every Goblin and fire on its spaces (5 to 9) is
  washed away.
* **Saruman hunts the Ring.** At the end of a turn, every space the Corruption marker went
  forward in it calls a Goblin onto space 9 (or the next free one), where it turns into a
  fire at once: careless use of the Ring sets Fangorn alight.
* **One Ring ability**: the Huorns smother one fire.
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
)
from ..events import RuleNote
from ..rules.board import (
    Page,
    counters_on_board,
    next_free_numbered,
    place_counter,
    plot_odds,
    remove_counter,
    supply_counter,
    turn_counter,
)
from ..rules.decisions import drop_for_active, push
from ..state import AdventureBookState

HOBBITS = ("merry", "pippin")
ENTS = ("ent-1", "ent-2", "ent-3")
TREE_FOLK = ("treebeard", *ENTS)
ISENGARD = ("north-wall", "forges", "pits", "gate", "orthanc")
FIRES_LOSE = 3
"""Fires burning at once that lose the chapter (designed)."""

CHAPTER = Chapter(
    number=5,
    id="the-last-march-of-the-ents",
    title="The Last March of the Ents",
    intro=(
        "Merry and Pippin flee the Uruk-hai into Fangorn, where an ancient shepherd of trees "
        "finds them. Slowly the Ents wake to Saruman's axes and fires, and march on Isengard."
    ),
    spaces=(
        Space("wellinghall", "Wellinghall", 0, 1),
        Space("eaves", "The Eaves of Fangorn", 0, 5, number=1),
        Space("derndingle", "Derndingle", 3, 3),
        Space("felled-wood", "The Felled Wood", 3, 7, number=2),
        Space("upper-isen", "The Upper Isen", 4, 0, number=3),
        Space("wizards-vale", "The Wizard's Vale", 6, 4, number=4),
        Space("dam", "The Dam of the Isen", 7, 0),
        Space("north-wall", "The Northern Wall", 9, 2, number=5),
        Space("forges", "The Forges", 12, 1, number=6),
        Space("pits", "The Pits", 12, 6, number=7),
        Space("gate", "The Gate of Isengard", 8, 7, number=8),
        Space("orthanc", "The Foot of Orthanc", 10, 4, number=9),
    ),
    links=(
        ("wellinghall", "eaves"),
        ("wellinghall", "derndingle"),
        ("wellinghall", "upper-isen"),
        ("eaves", "derndingle"),
        ("eaves", "felled-wood"),
        ("derndingle", "upper-isen"),
        ("derndingle", "wizards-vale"),
        ("felled-wood", "wizards-vale"),
        ("felled-wood", "gate"),
        ("upper-isen", "dam"),
        ("dam", "north-wall"),
        ("dam", "forges"),
        ("wizards-vale", "north-wall"),
        ("wizards-vale", "gate"),
        ("north-wall", "orthanc"),
        ("north-wall", "forges"),
        ("forges", "orthanc"),
        ("forges", "pits"),
        ("pits", "orthanc"),
        ("pits", "gate"),
        ("gate", "orthanc"),
    ),
    pieces=(
        PieceStart("merry", "Merry", "eaves"),
        PieceStart("pippin", "Pippin", "eaves"),
        PieceStart("treebeard", "Treebeard", "wellinghall", "rulebook", counter=True),
        *(
            PieceStart(ent, name, "", "rulebook", counter=True, kind="ent", carried_by=HOBBITS)
            for ent, name in zip(ENTS, ("Quickbeam", "Beechbone", "Skinbark"), strict=True)
        ),
    ),
    counters=tuple(
        CounterStart(f"goblin-{n}", "goblin", f"Goblin {n}", back="fire", back_name=f"Fire {n}")
        for n in range(1, 6)
    ),
    deeds=(
        Deed(
            "fight-goblin",
            "Defeat a Goblin",
            "Any piece on a Goblin's space pays a Combat Skill card: the Goblin is defeated.",
            ("combat",),
            fighters=(*HOBBITS, *TREE_FOLK),
            target_kind="goblin",
        ),
        Deed(
            "put-out-fire",
            "Put out a fire",
            "Two Ents (Treebeard counts as one) on spaces next to a fire, together or apart, "
            "pay an Adventure card: the fire is put out.",
            ("adventure",),
            fighters=TREE_FOLK,
            target_kind="fire",
            reach="next-to",
            fighters_needed=2,
        ),
    ),
    challenges=(
        Challenge(
            "shepherd-of-trees",
            "A Shepherd of Trees",
            (
                Requirement(
                    "at",
                    "Treebeard, Merry and Pippin on the Felled Wood",
                    ("treebeard", *HOBBITS),
                    "felled-wood",
                ),
            ),
            ("courage", "mystery"),
            (Reward("special", "draw 1 Special card", 1),),
        ),
        Challenge(
            "entmoot",
            "The Entmoot",
            (
                Requirement(
                    "at",
                    "Treebeard, Merry and Pippin in Derndingle",
                    ("treebeard", *HOBBITS),
                    "derndingle",
                ),
            ),
            ("insight", "mystery", "any"),
            (
                Reward("join", "Quickbeam joins in Derndingle", key="ent-1", space="derndingle"),
                Reward("join", "Beechbone joins in Derndingle", key="ent-2", space="derndingle"),
                Reward("join", "Skinbark joins in Derndingle", key="ent-3", space="derndingle"),
            ),
        ),
        Challenge(
            "free-the-river",
            "Free the River!",
            (Requirement("pieces-at", "2 Ents on the Dam of the Isen", ENTS, "dam", count=2),),
            ("combat", "courage", "any"),
            (
                Reward(
                    "custom",
                    "the Isen floods Isengard: every Goblin and fire on spaces 5 to 9 is "
                    "washed away",
                    key="flood",
                ),
            ),
            after=("entmoot",),
        ),
        Challenge(
            "isengard-drowned",
            "The Drowning of Isengard",
            (
                Requirement("at", "Treebeard at the Foot of Orthanc", ("treebeard",), "orthanc"),
                Requirement("at", "Merry and Pippin on the Gate of Isengard", HOBBITS, "gate"),
                Requirement("none-on-board", "no fire on the board", key="fire"),
            ),
            ("courage", "adventure", "mystery"),
            (Reward("ease", "move the Corruption marker back 1 space", 1),),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(
            1,
            "Axes in the forest: a Goblin comes out of Orthanc onto space 9.",
            (Effect("goblin", 9),),
        ),
        PlotEntry(
            2,
            "Orcs from the pits: a Goblin appears on space 7.",
            (Effect("goblin", 7),),
        ),
        PlotEntry(
            3,
            "Saruman's torches: the Goblin on the lowest-numbered space turns into a fire.",
            (Effect("turn", 1, key="goblin"),),
        ),
        PlotEntry(
            4,
            "Wolves in the vale: a Goblin appears on space 4; every Goblin on a space with a "
            "character piece costs the active player 1 card.",
            (Effect("goblin", 4), Effect("goblins-attack")),
        ),
        PlotEntry(
            5,
            "Smoke over Fangorn: a Goblin appears on space 2; every Goblin on a space with a "
            "character piece costs the active player 1 card.",
            (Effect("goblin", 2), Effect("goblins-attack")),
        ),
    ),
    ring_ability=RingAbility(
        "huorns",
        "The Huorns",
        "The dark trees of Fangorn close over a fire: remove one fire from the board.",
    ),
    lose_conditions=(LoseCondition("fangorn-burns", f"{FIRES_LOSE} fires burned at once"),),
    special_rules=(
        "Treebeard moves like a character piece.",
        "An Ent moves only with Merry or Pippin on its space, who walks with it.",
        "Goblins appear on numbered spaces; a taken space passes them to the next free one "
        "upwards, from 9 on to 1.",
        "Pieces may share a space with a Goblin without fighting it.",
        "Any piece on a Goblin's space may defeat it for a Combat Skill card.",
        "Two Ents (Treebeard counts) next to a fire put it out for an Adventure card.",
        f"{FIRES_LOSE} fires burning at once: the chapter is lost.",
        "Saruman hunts the Ring: for every space the Corruption marker went forward in a "
        "turn, a Goblin comes onto space 9 at its end and turns into a fire.",
    ),
)


class EntsRules(ChapterRules[Page]):
    def setup(self, page: Page, state: AdventureBookState) -> None:
        state.flags["ring-seen"] = state.corruption

    def end_turn(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """Saruman hunts the Ring: every space the Corruption marker went forward this turn
        calls a Goblin out of Orthanc, and the Goblins it calls bring fire."""
        called = state.corruption - state.flags.get("ring-seen", 0)
        state.flags["ring-seen"] = state.corruption
        for _ in range(called):
            events.append(RuleNote("Saruman feels the Ring: a Goblin comes with a torch."))
            counter = self.place(page, state, 9, events)
            if counter:
                turn_counter(page, state, counter, events)

    def place(self, page: Page, state: AdventureBookState, number: int, events: list[Event]) -> str:
        """Place a Goblin from the supply on space ``number`` or the next free one (FAQ)."""
        counter = supply_counter(state, page, "goblin")
        if counter is None:
            events.append(RuleNote("No Goblin is left in the supply: none appears."))
            return ""
        taken = [state.counters[g] for g in page.counter_kinds["goblin"] if state.counters[g]]
        spot = next_free_numbered(page, taken, number)
        if spot is None:
            return ""
        place_counter(page, state, counter, spot, events)
        return counter

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "goblin":
            self.place(page, state, effect.amount, events)
        elif effect.kind == "goblins-attack":
            occupied = set(state.pieces.values())
            biting = [
                g for g in counters_on_board(state, page, "goblin") if state.counters[g] in occupied
            ]
            if biting:
                push(state, drop_for_active(state, len(biting), "Goblins attack"))

    def reward(
        self, page: Page, state: AdventureBookState, reward: Reward, events: list[Event]
    ) -> None:
        for goblin in page.counter_kinds["goblin"]:
            if state.counters[goblin] in ISENGARD:
                remove_counter(page, state, goblin, "washed away by the Isen", events)

    def check(self, page: Page, state: AdventureBookState) -> str:
        # Only Goblins turn over here, and a turned counter is always on the board.
        if len(state.turned) >= FIRES_LOSE:
            return "fangorn-burns"
        return ""

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        return counters_on_board(state, page, "fire")

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        if target:
            remove_counter(page, state, target, "smothered by the Huorns", events)

    # -- hints for the heuristic bot -----------------------------------------------------

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        goals: dict[str, str] = {}
        if challenge.id == "free-the-river":
            ents = [e for e in ENTS if e in state.pieces]
            ents.sort(key=lambda e: (page.distance(state.pieces[e], "dam"), e))
            movers = [e for e in ents[:2] if state.pieces[e] != "dam"]
            for ent in ents[:2]:
                goals[ent] = "dam"
            self._lead(page, state, movers, "dam", goals)
        elif challenge.id == "isengard-drowned":
            fires = [state.counters[f] for f in counters_on_board(state, page, "fire")]
            ents = [e for e in ENTS if e in state.pieces]
            if fires and len(ents) >= 2:
                spot = fires[0]
                near = min(
                    page.adj[spot], key=lambda s: (page.distance(state.pieces[ents[0]], s), s)
                )
                goals[ents[0]] = goals[ents[1]] = near
                self._lead(
                    page, state, [e for e in ents[:2] if state.pieces[e] != near], near, goals
                )
        return goals

    def _lead(
        self,
        page: Page,
        state: AdventureBookState,
        movers: list[str],
        goal: str,
        goals: dict[str, str],
    ) -> None:
        """Send Merry and Pippin to the Ents that must walk, and on with them."""
        # A hobbit beside a walking Ent stays with it (the Ent's step carries him along).
        for hobbit, ent in zip(HOBBITS, movers, strict=False):
            goals[hobbit] = state.pieces[ent]

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

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        fires: list[str | None] = list(counters_on_board(state, page, "fire"))
        return fires[:1] if len(fires) >= FIRES_LOSE - 1 else []


RULES = EntsRules()
