"""The campaign screen: the eight chapters, the corruption track, the Special cards won, and
the way into the next chapter. A chapter's end comes back here with what it changed."""

from __future__ import annotations

from collections import Counter

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_engine.games.adventure_book.chapters import LAST_CHAPTER

from ..dialogs.message import MessageDialog
from ..games.adventure_book.panels import corruption_line
from ..games.adventure_book.play import (
    ChapterSession,
    available,
    in_play,
    not_available_text,
    settle_finished,
    start_attempt,
)
from ..games.adventure_book.rules_data import SPECIALS
from ..games.adventure_book.saves import Attempt, CampaignRecord, chapter_title
from ..games.adventure_book.words import marked
from ..host import Host, host_of
from ..visible import visible
from ..widgets.steady_footer import SteadyFooter
from .game import GameScreen


def changes(attempt: Attempt) -> str:
    """What a chapter attempt changed, in a sentence or two."""
    verdict = visible(attempt.summary or f"Chapter {attempt.chapter}: {attempt.result}.")
    moved = attempt.corruption_after - attempt.corruption_before
    if moved:
        corruption = (
            f"Corruption moved from {attempt.corruption_before} to {attempt.corruption_after} "
            f"({moved:+d})."
        )
    else:
        corruption = f"Corruption stayed at {attempt.corruption_after}."
    cards = ", ".join(SPECIALS[s].name for s in attempt.specials_won if s in SPECIALS)
    won = f" Special cards won: {cards}." if cards else ""
    return f"{verdict} {corruption}{won}"


def campaign_summary(record: CampaignRecord, campaign: Campaign) -> str:
    """The whole campaign at its end: chapters, attempts, corruption, cards."""
    verdict = (
        "The One Ring is destroyed: the campaign is won!"
        if campaign.status == "won"
        else "The Corruption marker reached the end of the track: the Ring has won."
    )
    lines = [verdict, ""]
    lines.append(
        f"Chapters won: {len(campaign.chapters_won)} of {LAST_CHAPTER}, "
        f"in {len(record.history)} attempts."
    )
    for attempt in record.history:
        result = "won" if attempt.result == "won" else "lost"
        lines.append(
            f"  Chapter {attempt.chapter}, {chapter_title(attempt.chapter)}: {result} "
            f"(corruption {attempt.corruption_before} → {attempt.corruption_after})"
        )
    lines.append(f"Corruption at the end: {campaign.corruption}.")
    cards = ", ".join(SPECIALS[s].name for s in campaign.won_specials if s in SPECIALS)
    lines.append(f"Special cards won: {cards or 'none'}.")
    return "\n".join(lines)


def chapter_lines(record: CampaignRecord, campaign: Campaign) -> Text:
    attempts = Counter(a.chapter for a in record.history)
    lost = {a.chapter for a in record.history if a.result != "won"}
    text = Text("Chapters", style="bold")
    for number in range(1, LAST_CHAPTER + 1):
        won = number in campaign.chapters_won
        current = number == campaign.chapter and not campaign.finished
        mark = "✓" if won else "▶" if current else " "
        style = "green" if won else "bold" if current else ""
        line = f"\n{mark} {number} {chapter_title(number)}"
        notes = []
        if won:
            notes.append("won")
        elif current:
            notes.append("lost, to replay" if number in lost else "next")
        if attempts[number]:
            notes.append(f"{attempts[number]} attempt{'s' if attempts[number] > 1 else ''}")
        if not available(number):
            notes.append("not in this version yet")
            style = style or "grey50"
        text.append(line, style=style)
        if notes:
            text.append(f"  ({', '.join(notes)})", style="grey62")
    return text


def specials_text(campaign: Campaign) -> Group:
    """The Special cards won, each card's text going on under its name (a grid of two
    columns: the star and the rest)."""
    cards = [s for s in campaign.won_specials if s in SPECIALS]
    heading = Text(f"Special cards won ({len(cards)})", style="bold")
    grid = Table.grid()
    grid.add_column(width=4)
    grid.add_column(ratio=1)
    if not cards:
        grid.add_row("", "none yet: Challenges that reward one add it to the Story deck")
    for card in cards:
        star, _, name = marked(card).partition(" ")
        grid.add_row(f"  {star}", f"{name}: {SPECIALS[card].text}")
    return Group(heading, grid)


class CampaignScreen(Screen[None]):
    HELP_TITLE = "the campaign"
    HELP_TEXT = (
        "The campaign plays the book's chapters in order. A won chapter leads to the next; a "
        "lost one is played again, with the Corruption marker where it stands. Special cards "
        "won stay in the Story deck for the rest of the campaign. The campaign is won with the "
        "last chapter, and lost when the marker reaches the end of the track. It is saved after "
        "every step: Continue on the main menu brings you back to where you were."
    )
    BINDINGS = [
        Binding("p", "play", "Play the chapter", show=False, id="campaign.play"),
        Binding("escape", "leave", "Menu", show=False, id="campaign.menu"),
    ]
    DEFAULT_CSS = """
    CampaignScreen #campaign-scroll { height: 1fr; padding: 0 1; }
    CampaignScreen #campaign-title { text-style: bold; }
    CampaignScreen .campaign-part { margin-top: 1; height: auto; }
    CampaignScreen #campaign-changes { color: $accent; }
    CampaignScreen #campaign-notice { color: $warning; }
    CampaignScreen #campaign-buttons { height: auto; padding: 0 1; }
    CampaignScreen #campaign-buttons Button { margin-right: 1; }
    """

    def __init__(self, record: CampaignRecord) -> None:
        super().__init__()
        self.record = record
        self.last: Attempt | None = None
        """The attempt that just ended, to say what it changed."""

    @property
    def rb_app(self) -> Host:
        return host_of(self.app)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="campaign-scroll"):
            yield Static(id="campaign-title")
            yield Static(id="campaign-changes", classes="campaign-part")
            yield Static(id="campaign-notice")
            yield Static(id="campaign-chapters", classes="campaign-part")
            yield Static(id="campaign-corruption")
            yield Static(id="campaign-specials")
        with Horizontal(id="campaign-buttons"):
            yield Button("Play (p)", variant="primary", id="campaign-play")
            yield Button("Menu (esc)", id="campaign-menu")
        yield SteadyFooter()

    def on_mount(self) -> None:
        settled = settle_finished(self.record)
        if settled is not None:  # the app stopped between a chapter's end and this screen
            self.last = settled
            self._save()
        self.refresh_campaign()
        self.query_one("#campaign-play", Button).focus()
        match = in_play(self.record)
        if match is not None:  # Continue mid-chapter: straight back into it
            self.call_after_refresh(self._open_chapter, match)

    def _save(self) -> None:
        try:
            self.rb_app.campaigns.write(self.record)
        except OSError as error:
            self.notify(f"The campaign could not be saved: {error}", severity="error")

    # -- drawing ----------------------------------------------------------------------------

    def refresh_campaign(self) -> None:
        record, campaign = self.record, self.record.state
        seats = visible(", ".join(seat.label() for seat in record.seats))
        solo = " (solo: with the face-up extra hand)" if len(record.seats) == 1 else ""
        self.query_one("#campaign-title", Static).update(
            f"Campaign: {visible(record.name)}\nPlayers: {seats}{solo}"
        )
        changed = self.query_one("#campaign-changes", Static)
        changed.update(changes(self.last) if self.last else "")
        changed.display = self.last is not None
        self.query_one("#campaign-chapters", Static).update(chapter_lines(record, campaign))
        self.query_one("#campaign-corruption", Static).update(
            corruption_line(campaign.corruption, campaign.fired_eyes)
        )
        self.query_one("#campaign-specials", Static).update(specials_text(campaign))
        button = self.query_one("#campaign-play", Button)
        notice = self.query_one("#campaign-notice", Static)
        replay = any(a.chapter == campaign.chapter and a.result != "won" for a in record.history)
        button.label = f"{'Replay' if replay else 'Play'} chapter {campaign.chapter} (p)"
        button.disabled = campaign.finished or not available(campaign.chapter)
        if campaign.finished:
            button.label = "Play (p)"
            told = campaign_summary(record, campaign)
        elif not available(campaign.chapter):
            told = not_available_text(campaign.chapter)
        else:
            told = ""
        # Right under what changed, or a line below the title when nothing just changed.
        notice.update(told if self.last else f"\n{told}")
        notice.display = bool(told)

    # -- playing ----------------------------------------------------------------------------

    def action_play(self) -> None:
        campaign = self.record.state
        if campaign.finished:
            self.notify("The campaign is over.")
            return
        if not available(campaign.chapter):
            self.notify(not_available_text(campaign.chapter), severity="warning")
            return
        match = start_attempt(self.record)
        self._open_chapter(match)

    def _open_chapter(self, match: rb.Match) -> None:
        session = ChapterSession(match, self.rb_app.campaigns, self.record)
        try:
            session.autosave()
        except OSError as error:
            self.notify(f"The campaign could not be saved: {error}", severity="error")
        self.app.push_screen(GameScreen(session), lambda _: self._chapter_closed(session))

    def _chapter_closed(self, session: ChapterSession) -> None:
        if not session.over:
            self.dismiss(None)  # left in the middle of the chapter: back to the menu
            return
        try:
            self.last = session.fold()
        except OSError as error:
            self.notify(f"The campaign could not be saved: {error}", severity="error")
        self.refresh_campaign()
        campaign = self.record.state
        if campaign.finished:
            title = "The campaign is won!" if campaign.status == "won" else "The campaign is lost"
            self.app.push_screen(MessageDialog(title, campaign_summary(self.record, campaign)))

    def action_leave(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#campaign-play")
    def _on_play(self) -> None:
        self.action_play()

    @on(Button.Pressed, "#campaign-menu")
    def _on_menu(self) -> None:
        self.action_leave()
