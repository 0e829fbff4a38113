"""The chapter's panels beside the board: the corruption track, the hands, the Challenges
with what each still needs, and the Plot Chart (the chapter's clock)."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.view import AdventureBookView

from .packing import pack
from .rules_data import PLOT_CARDS, SPECIALS, TRACK, Page, open_challenge, requirement_met
from .words import marked, paying, state_of, token

DONE = "✓"
MET, UNMET = "✓", "✗"
WIDE = 70
"""From this width the hand lists each Special card's text."""


def corruption_line(corruption: int, fired: list[int] | tuple[int, ...]) -> Text:
    """``✳··◉●·○…`` with the marker: the start, the spaces, eyes to come and eyes seen."""
    line = Text("Corruption ")
    for space in range(TRACK.last + 1):
        if space == corruption:
            line.append("●", style="bold white on red3")
        elif space == 0:
            line.append("✳")
        elif space in TRACK.eyes:
            seen = space in fired
            line.append("○" if seen else "◉", style="grey50" if seen else "bold red")
        elif space == TRACK.last:
            line.append("✖", style="bold red")
        else:
            line.append("·")
    line.append(f" {corruption}/{TRACK.last}")
    return line


def hands(view: AdventureBookView, players: list[str], width: int) -> Text:
    lines: list[Text] = []
    if view.hand is not None and view.seat is not None:
        lines.append(Text(f"Your hand ({len(view.hand)}):", style="bold"))
        lines.append(_cards(view.hand, width))
    others = [
        f"{name} {size}"
        for seat, (name, size) in enumerate(zip(players, view.hand_sizes, strict=False))
        if seat != view.seat
    ]
    if others:
        lines.append(Text("Cards in hand: " + ", ".join(others)))
    if view.solo_hand:
        lines.append(Text(f"Solo hand, face up ({len(view.solo_hand)}):", style="bold"))
        lines.append(_cards(view.solo_hand, width))
    lines.append(
        Text(
            f"Decks: Story {view.story_deck}, Special {view.special_deck} · "
            f"discards {len(view.story_discard)}",
            style="grey62",
        )
    )
    return Text("\n").join(lines)


def _cards(cards: list[str], width: int) -> Text:
    counts = Counter(token(card) for card in cards)
    specials = [t for t in counts if t in SPECIALS]
    plain = [t for t in counts if t not in SPECIALS]
    items = [Text(marked(t) + (f" ×{counts[t]}" if counts[t] > 1 else "")) for t in plain]
    text = pack(items, width, ", ", indent="  ")
    if items:
        text = Text("  ") + text
    for special in specials:
        line = f"\n  {marked(special)}"
        if width >= WIDE:
            line += f": {SPECIALS[special].text}"
        text.append(line)
    return text


ChallengeMarks = tuple[tuple[bool, bool, tuple[bool, ...]], ...]
"""Per Challenge: whether it is done, whether it is open, and which of its requirements
are met; with the chapter, all that its lines are drawn from."""


def challenge_marks(chapter: Page, match: rb.Match, view: AdventureBookView) -> ChallengeMarks:
    state = state_of(match)
    return tuple(
        (True, False, ())
        if challenge.id in view.completed
        else (
            False,
            not challenge.final and open_challenge(chapter, state, challenge),
            tuple(requirement_met(chapter, state, req) for req in challenge.requirements),
        )
        for challenge in chapter.chapter.challenges
    )


def challenges(chapter: Page, marks: ChallengeMarks) -> list[list[Text]]:
    """A block of lines per Challenge (the heading with the first), then the Ring's."""
    done = sum(1 for completed, _, _ in marks if completed)
    heading = Text(f"Challenges ({done} of {len(chapter.chapter.challenges)} done)", style="bold")
    blocks: list[list[Text]] = []
    for challenge, (completed, opened, met) in zip(chapter.chapter.challenges, marks, strict=True):
        line = Text()
        if completed:
            line.append(f"{DONE} {challenge.name}", style="green")
            blocks.append([line])
            continue
        line.append(f"• {challenge.name}", style="bold")
        line.append(f" — pay {paying(challenge.cost)}")
        if challenge.final:
            line.append(" (last)", style="grey62")
        elif not opened:
            line.append(" (not yet)", style="grey62")
        block = [line]
        for req, is_met in zip(challenge.requirements, met, strict=True):
            block.append(
                Text(f"  {MET if is_met else UNMET} {req.text}", style="green" if is_met else "red")
            )
        if challenge.rewards:
            rewards = "; ".join(r.text for r in challenge.rewards)
            block.append(Text(f"  reward: {rewards}", style="grey62"))
        blocks.append(block)
    if blocks:
        blocks[0].insert(0, heading)
    else:
        blocks.append([heading])
    ring = chapter.chapter.ring_ability
    blocks.append([Text(f"The One Ring: {ring.name}. ", style="bold").append(ring.text, style="")])
    return blocks


def plot_chart(chapter: Page, view: AdventureBookView) -> list[Text]:
    """The heading, a line per Plot card number, and the numbers drawn so far."""
    drawn = Counter(view.plot_discard)
    total = Counter(PLOT_CARDS)
    lines = [Text(f"Plot Chart: {view.plot_deck} Plot cards left", style="bold")]
    for entry in chapter.chapter.plot_chart:
        left = total.get(entry.value, 0) - drawn.get(entry.value, 0)
        lines.append(Text(f"{entry.value} ({max(0, left)} left) {entry.text}"))
    if view.plot_discard:
        lines.append(Text(f"Drawn so far: {' '.join(map(str, view.plot_discard))}", style="grey62"))
    return lines
