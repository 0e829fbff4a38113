"""Chapter 7, Shelob's Lair: the stairs of Cirith Ungol and the tunnel beyond.

Gollum leads Frodo and Sam up the stairs out of the Morgul Vale. Resting high on the pass the
hobbits talk of old tales, and Gollum, watching them, nearly turns back to good. Then he
leads them into the tunnel and slips away to his mistress. In the dark the Phial of Galadriel
holds Shelob off, Sting cuts her webs, and Sam stands over his master at the far cleft.

Special rules (code below):

* **Shelob's Lair** is every space past the cave entrance (FAQ): a named region of the
  page that requirements, Plot effects and lose conditions use as data.
* **Webs** appear on numbered spaces of the lair (the next free one upwards when taken,
  AB-A32); a Web never shares a space with another. Frodo or Samwise on a Web's space is
  caught: he cannot step off until the Web is cut. Either hobbit on a Web's space cuts it for
  a Combat Skill card (Sting). A Web cut, burnt or torn away is gone for the attempt, so at
  most three ever appear; with none left, none appears (AB-A33, AB-A65). The final Challenge
  needs no Web anywhere in the lair.
* **Gollum** is a character piece (a counter, AB-A8). Until he leaves the board, each
  "Gollum's treachery" entry sends him one space toward Shelob's Den; if he ever stands in
  Shelob's Lair he has fetched her: the chapter is lost (a lose condition given as data).
  "The Tale We Are In" ends his guiding: he slips ahead into the dark (leaves the board), and
  from then on his treachery brings a Web instead.
* **Shelob strikes**: if Frodo is in the lair and Samwise is not on his space, she stings
  Frodo and the chapter is lost; otherwise, with a hobbit in the lair, Sam beats her off and
  the active player discards a card.
* **The Great Web** across the last passage is entered only by tearing through it: a piece
  pays any one card instead of a step (AB-A10).
* **The Ring calls** (AB-A69): every One Ring card played by choice (paid, discarded to move,
  used for the ability; not a forced discard) while Gollum is on the board sends him one space
  toward Shelob's Den (he cannot keep away from his Precious); the first one in a turn played
  while Frodo is in the lair calls Shelob: she stings Frodo if Samwise is not with him (the
  chapter is lost), else she drags Samwise back to the Cave Entrance.
* **One Ring ability**: Frodo slips on the Ring and tears free: remove one Web from the board
  (the card it takes still calls Shelob, as above).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

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
    Region,
    Requirement,
    Reward,
    RingAbility,
    Space,
)
from ..events import PieceMoved, PieceReset, RuleNote
from ..rules.board import (
    Page,
    counters_at,
    counters_on_board,
    in_region,
    next_free_numbered,
    place_counter,
    plot_odds,
    remove_counter,
)
from ..rules.decisions import drop_for_active, push
from ..rules.ending import lose
from ..state import AdventureBookState

LAIR = "lair"
ENTRANCE = "cave-entrance"
DEN = "shelobs-den"
HOBBITS = ("frodo", "sam")
WEB = "web"
GOLLUM_LOSS = "gollum-fetches-shelob"
FAR = 6
"""Steps beyond which Gollum is no nearer fetching Shelob, for the position estimate."""
CALLED = "shelob-called"
"""Flag: the Ring has called Shelob this turn."""

SPACES = (
    Space("morgul-vale", "The Morgul Vale", 0, 5),
    Space("straight-stair", "The Straight Stair", 2, 3),
    Space("winding-stair", "The Winding Stair", 4, 1),
    Space("high-hollow", "The High Hollow", 7, 0),
    Space(ENTRANCE, "The Cave Entrance", 6, 4),
    # Past the entrance: Shelob's Lair (the FAQ).
    Space("dark-tunnel", "The Dark Tunnel", 8, 3, number=1),
    Space("side-passage", "The Side Passage", 8, 6, number=2),
    Space(DEN, "Shelob's Den", 11, 5, number=3),
    Space("choked-passage", "The Choked Passage", 10, 1, number=4),
    Space("great-web", "The Great Web", 13, 2, cost=("any",)),
    Space("the-cleft", "The Cleft", 15, 4),
)

LINKS = (
    ("morgul-vale", "straight-stair"),
    ("straight-stair", "winding-stair"),
    ("winding-stair", "high-hollow"),
    ("winding-stair", ENTRANCE),
    ("high-hollow", ENTRANCE),
    (ENTRANCE, "dark-tunnel"),
    (ENTRANCE, "side-passage"),
    ("dark-tunnel", "choked-passage"),
    ("dark-tunnel", DEN),
    ("side-passage", DEN),
    ("choked-passage", "great-web"),
    (DEN, "great-web"),
    ("great-web", "the-cleft"),
)

LAIR_SPACES = (
    "dark-tunnel",
    "side-passage",
    DEN,
    "choked-passage",
    "great-web",
    "the-cleft",
)

CHAPTER = Chapter(
    number=7,
    id="shelobs-lair",
    title="Shelob's Lair",
    intro=(
        "Gollum leads Frodo and Sam up the endless stairs above the Morgul Vale to a tunnel "
        "that reeks of old evil. Something waits in the dark, and their guide knows it."
    ),
    spaces=SPACES,
    links=LINKS,
    regions=(Region(LAIR, "Shelob's Lair", LAIR_SPACES, source="rulebook"),),
    pieces=(
        PieceStart("frodo", "Frodo", "morgul-vale"),
        PieceStart("sam", "Samwise", "morgul-vale"),
        PieceStart("gollum", "Gollum", "morgul-vale", counter=True),
    ),
    counters=tuple(CounterStart(f"web-{n}", WEB, f"Web {n}") for n in range(1, 4)),
    deeds=(
        Deed(
            "cut-web",
            "Cut a Web",
            "Frodo or Samwise on a Web's space pays a Combat Skill card: Sting cuts the Web, "
            "and it is gone for the rest of the attempt.",
            ("combat",),
            fighters=HOBBITS,
        ),
    ),
    challenges=(
        Challenge(
            "the-stairs",
            "The Stairs of Cirith Ungol",
            (
                Requirement(
                    "at",
                    "Frodo, Samwise and Gollum on the Winding Stair",
                    ("frodo", "sam", "gollum"),
                    "winding-stair",
                ),
            ),
            ("adventure", "courage"),
            (Reward("story", "draw 2 Story cards", 2),),
        ),
        Challenge(
            "the-tale",
            "The Tale We Are In",
            (
                Requirement("at", "Frodo and Samwise on the High Hollow", HOBBITS, "high-hollow"),
                Requirement(
                    "next-to", "Gollum next to the High Hollow", ("gollum",), "high-hollow"
                ),
            ),
            ("insight", "mystery"),
            (
                Reward("special", "draw 1 Special card", 1),
                Reward("leave", "Gollum slips ahead into the dark", key="gollum"),
            ),
        ),
        Challenge(
            "the-phial",
            "The Light of Eärendil",
            (
                Requirement("together", "Frodo and Samwise together", HOBBITS),
                Requirement("in-region", "in Shelob's Lair", HOBBITS, region=LAIR),
            ),
            ("insight", "courage", "any"),
            (
                Reward("custom", "the light drives Shelob back: every Web is gone", key="light"),
                Reward("story", "draw 1 Story card", 1),
            ),
        ),
        Challenge(
            "samwise-the-brave",
            "Samwise the Brave",
            (
                Requirement("at", "Frodo and Samwise on the Cleft", HOBBITS, "the-cleft"),
                Requirement("none-in-region", "no Web in Shelob's Lair", key=WEB, region=LAIR),
            ),
            ("courage", "combat", "any"),
            (Reward("ease", "Sam hands the Ring back: move the Corruption marker back 1", 1),),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(
            1,
            "Threads in the dark: a Web appears on space 1.",
            (Effect(WEB, 1),),
        ),
        PlotEntry(
            2,
            "Shelob strikes: Frodo in the lair without Samwise is stung (the chapter is lost); "
            "otherwise, with a hobbit in the lair, the active player discards 1 card.",
            (Effect("strike"),),
        ),
        PlotEntry(
            3,
            "The reek of the lair: the active player discards 1 card per character piece in "
            "Shelob's Lair.",
            (Effect("region-discard", 1, key=LAIR),),
        ),
        PlotEntry(
            4,
            "Gollum's treachery: Gollum slinks 1 space toward Shelob's Den; once he has gone, "
            "a Web appears on space 4 instead.",
            (Effect("treachery", 4),),
        ),
        PlotEntry(
            5,
            "Despair in the dark: every player, and the solo hand, discards 1 card.",
            (Effect("each-discard", 1),),
        ),
    ),
    ring_ability=RingAbility(
        "ring-in-the-dark",
        "The Ring in the dark",
        "Frodo slips on the Ring and tears free: remove one Web from the board.",
    ),
    lose_conditions=(
        LoseCondition(
            GOLLUM_LOSS,
            "Gollum reached Shelob's Lair while he still guided you, and fetched her",
            when=(Requirement("in-region", "Gollum in Shelob's Lair", ("gollum",), region=LAIR),),
        ),
        LoseCondition("frodo-stung", "Shelob struck while Frodo was in her lair without Samwise"),
    ),
    special_rules=(
        "Every space past the Cave Entrance is in Shelob's Lair.",
        "Webs appear on numbered spaces, one per space; a taken space passes them on.",
        "Frodo or Samwise on a Web's space is caught until the Web is cut.",
        "Frodo or Samwise on a Web's space cuts it for a Combat Skill card; it is gone.",
        "Gollum in Shelob's Lair while he still guides you: the chapter is lost.",
        "After 'The Tale We Are In', Gollum's treachery brings a Web instead.",
        "Shelob strikes: Frodo in the lair without Samwise is stung; the chapter is lost.",
        "The Great Web is entered only by paying its printed cost (any one card).",
        "A One Ring card played while Gollum guides you sends him 1 space toward the den.",
        "The first One Ring card played in a turn with Frodo in the lair calls Shelob.",
    ),
)


def web_spaces(page: Page, state: AdventureBookState) -> set[str]:
    return {state.counters[w] for w in counters_on_board(state, page, WEB)}


def placed(state: AdventureBookState, web: str) -> bool:
    """Whether a Web is on the board or already destroyed (then it never comes back)."""
    return bool(state.counters.get(web)) or bool(state.flags.get(f"gone-{web}"))


def destroy(
    page: Page, state: AdventureBookState, web: str, cause: str, events: list[Event]
) -> None:
    """A Web cut or burnt is gone for the rest of the attempt: Shelob has only three."""
    remove_counter(page, state, web, cause, events)
    state.flags[f"gone-{web}"] = 1


def stung(page: Page, state: AdventureBookState) -> bool:
    """Whether Shelob's strike would catch Frodo now: in the lair, Samwise not with him."""
    frodo = state.pieces.get("frodo")
    return in_region(page, LAIR, frodo) and state.pieces.get("sam") != frodo


class ShelobsLairRules(ChapterRules[Page]):
    danger_company = frozenset({"frodo"})
    blockable = frozenset(HOBBITS)

    def deed_target_names(self, page: Page, deed: Deed) -> tuple[str, ...]:
        return page.counter_kinds.get(WEB, ()) if deed.id == "cut-web" else ()

    def blocked(self, page: Page, state: AdventureBookState, piece: str, space: str) -> bool:
        """A hobbit on a Web's space is caught: he cannot step off until it is cut."""
        if piece not in HOBBITS:
            return False
        here = state.pieces.get(piece, "")
        return bool(counters_at(state, page, WEB, here))

    def blocked_spaces(
        self, page: Page, state: AdventureBookState, piece: str
    ) -> Collection[str] | None:
        """:meth:`blocked` for all spaces at once: every space, or none."""
        if piece not in HOBBITS:
            return ()
        caught = counters_at(state, page, WEB, state.pieces.get(piece, ""))
        return page.spaces if caught else ()

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == WEB:
            self.web(page, state, effect.amount, events)
        elif effect.kind == "strike":
            if stung(page, state):
                lose(state, "frodo-stung", page.lose_texts["frodo-stung"], events)
            elif any(in_region(page, LAIR, state.pieces.get(h)) for h in HOBBITS):
                events.append(RuleNote("Shelob strikes, and Samwise beats her off."))
                push(state, drop_for_active(state, 1, f"plot {state.plot_value}"))
            else:
                events.append(RuleNote("Shelob strikes at nothing: no hobbit is in her lair."))
        elif effect.kind == "treachery":
            if "gollum" in state.pieces:
                self.slink(page, state, events)
            else:
                self.web(page, state, effect.amount, events)

    def web(self, page: Page, state: AdventureBookState, number: int, events: list[Event]) -> None:
        counter = next((w for w in page.counter_kinds[WEB] if not placed(state, w)), None)
        if counter is None:
            events.append(RuleNote("No Web is left in the supply: none appears."))
            return
        spot = next_free_numbered(page, web_spaces(page, state), number)
        if spot is not None:
            place_counter(page, state, counter, spot, events)

    def slink(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """Gollum steps along a shortest path toward Shelob's Den (ties: the first link)."""
        here = state.pieces["gollum"]
        if here == DEN:
            return
        there = min(page.adj[here], key=lambda s: page.distance(s, DEN))
        state.pieces["gollum"] = there
        events.append(PieceMoved("gollum", "Gollum", page.name(here), page.name(there)))
        if in_region(page, LAIR, there):
            # At once, not after the action: a payment's reward must not whisk him away first.
            lose(state, GOLLUM_LOSS, page.lose_texts[GOLLUM_LOSS], events)

    def on_ring_played(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """Gollum lusts after it: while he guides, he slinks a space toward the den. And the
        Ring calls Shelob: the first one played in a turn while Frodo is in her lair brings
        her out of the dark (once a turn: she answers the call, not each card of it)."""
        if "gollum" in state.pieces:
            self.slink(page, state, events)
            if state.result:
                return
        if state.flags.get(CALLED) or not in_region(page, LAIR, state.pieces.get("frodo")):
            return
        state.flags[CALLED] = 1
        if stung(page, state):
            lose(state, "frodo-stung", page.lose_texts["frodo-stung"], events)
            return
        events.append(RuleNote("The Ring calls to Shelob: she drags Samwise away from Frodo."))
        state.pieces["sam"] = ENTRANCE
        events.append(PieceReset("sam", "Samwise", page.name(ENTRANCE), "Shelob drags him back"))

    def end_turn(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        state.flags.pop(CALLED, None)

    def reward(
        self, page: Page, state: AdventureBookState, reward: Reward, events: list[Event]
    ) -> None:
        for web in counters_on_board(state, page, WEB):
            destroy(page, state, web, "the light of the Phial", events)

    def deed_targets(self, page: Page, state: AdventureBookState, deed: Deed) -> list[str]:
        """Webs that share a space with Frodo or Samwise (Sting is at hand)."""
        hobbits = {state.pieces.get(h) for h in HOBBITS} - {None}
        return [w for w in counters_on_board(state, page, WEB) if state.counters[w] in hobbits]

    def deed(
        self, page: Page, state: AdventureBookState, deed: Deed, target: str, events: list[Event]
    ) -> None:
        destroy(page, state, target, "Sting cuts it", events)

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        return counters_on_board(state, page, WEB)

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        if target:
            destroy(page, state, target, "Frodo tears free with the Ring", events)

    # -- hints for the heuristic bot ---------------------------------------------------------

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        if challenge.id == "the-phial":
            # "Together in the lair" names no space: meet in her den, on the way out.
            return dict.fromkeys(HOBBITS, DEN)
        if challenge.final:
            webs = web_spaces(page, state)
            if webs:
                # Sting must cut every Web first; Frodo keeps to Samwise's side. From beyond
                # the Great Web the way back is through it again (entered by paying).
                here = state.pieces.get("sam", DEN)
                nearest = min(sorted(webs), key=lambda s: (page.distance(here, s), s))
                back = "great-web" if here == "the-cleft" else nearest
                return dict.fromkeys(HOBBITS, back)
            # The Cleft lies beyond the Great Web, which is entered only by paying for it.
            return {
                h: "great-web"
                for h in HOBBITS
                if state.pieces.get(h) not in ("great-web", "the-cleft")
            }
        return {}

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        odds = plot_odds(state)
        if piece == "gollum":
            if in_region(page, LAIR, space):
                return 1000.0
            slink = min(page.adj[space], key=lambda s: page.distance(s, DEN))
            return 150.0 * odds.get(4, 0.0) if in_region(page, LAIR, slink) else 0.0
        if piece not in HOBBITS or not in_region(page, LAIR, space):
            return 0.0
        risk = 0.0
        webs = web_spaces(page, state)
        landing: dict[str, float] = {}
        for value, number in ((1, 1), (4, 4)):
            if value == 4 and "gollum" in state.pieces:
                continue
            spot = next_free_numbered(page, webs, number)
            if spot is not None:
                landing[spot] = landing.get(spot, 0.0) + odds.get(value, 0.0)
        risk += 4.0 * landing.get(space, 0.0)
        if piece == "frodo" and "sam" not in company:
            risk += 150.0 * odds.get(2, 0.0)
        return risk

    feature_names = (
        "Gollum's steps to the lair",
        "Webs on the board",
        "hobbits caught in a Web",
        "Frodo in the lair without Samwise",
    )

    def features(self, page: Page, state: AdventureBookState) -> tuple[float, ...]:
        gollum = state.pieces.get("gollum")
        steps = FAR
        if gollum:
            steps = min(FAR, *(page.distance(gollum, s) for s in LAIR_SPACES))
        webs = web_spaces(page, state)
        caught = sum(state.pieces.get(h) in webs for h in HOBBITS)
        frodo = state.pieces.get("frodo")
        alone = in_region(page, LAIR, frodo) and state.pieces.get("sam") != frodo
        return (float(steps), float(len(webs)), float(caught), float(alone))

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        """Tear a Web away with the Ring only on the last turns, and never with Frodo in the
        lair, where the card would call Shelob down on the hobbits."""
        if len(state.plot_deck) > 2 or in_region(page, LAIR, state.pieces.get("frodo")):
            return []
        return list(counters_on_board(state, page, WEB)[:1])


RULES = ShelobsLairRules()
