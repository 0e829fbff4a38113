"""The list of choices for the decision at hand, each with the key that plays it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string import ascii_lowercase

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message

from ..choice_groups import Entry
from .lines import MARK_STYLE, LinePanel
from .phrases import break_at

MARKED_CURSOR_STYLE = "bold black on green3"
"""The choice a lesson asks for, under the cursor."""

TAKEN_LETTERS = frozenset("chqu")
"""Letters the game screen keeps for itself (cards, hint, undo) or that quit elsewhere in the app,
so that a stray press of them never plays a choice."""
CHOICE_KEYS = (*"123456789", *(c for c in ascii_lowercase if c not in TAKEN_LETTERS))
"""The key of each choice by position: the digits, then the letters left over."""
TABLE_LETTERS = frozenset("bix")
"""Letters a shared table keeps for its owner (a bot for an absent player, who may come,
closing it)."""
TABLE_CHOICE_KEYS = tuple(key for key in CHOICE_KEYS if key not in TABLE_LETTERS)
"""The choices' keys at a shared table, the same for everybody there."""


class ActionMenu(LinePanel):
    """Every legal action as a line led by its key: press the key, click the line, or move
    with the arrows and press enter. When the list is longer than the panel, the bottom
    border says how many choices are above and below."""

    can_focus = True
    DEFAULT_CSS = """
    ActionMenu { height: 1fr; min-height: 4; border: round $primary; }
    ActionMenu:focus { border: round $accent; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False, id="choices.up"),
        Binding("down", "move(1)", "Down", show=False, id="choices.down"),
        Binding("home", "jump(0)", "First", show=False, id="choices.first"),
        Binding("end", "jump(-1)", "Last", show=False, id="choices.last"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="choices.page-up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="choices.page-down"),
        Binding("enter", "select", "Choose", show=False, id="choices.select"),
    ]

    class Chosen(Message):
        """A choice, or a kind of choices to open (see :mod:`ringbearer_tui.choice_groups`)."""

        def __init__(self, action: Entry) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, hanging=2)  # under the label, past "1 "
        self._actions: list[Entry] = []
        self.highlighted = 0
        self.border_title = "Choices"
        self.on_choice_key: Callable[[str], object] | None = None
        """Plays a choice key pressed while the list has the focus, in place of the
        screen's binding for it (see :meth:`on_key`)."""

    @property
    def actions(self) -> list[Entry]:
        return list(self._actions)

    def show(
        self,
        actions: Sequence[Entry],
        labels: Sequence[str],
        notes: Sequence[str] | None = None,
    ) -> None:
        """Replace the choices. ``notes`` (e.g. the advisor's estimates) follow the labels."""
        same_choices = list(actions) == self._actions
        self._actions = list(actions)
        if not same_choices or self.highlighted >= len(self._actions):
            self.highlighted = 0
        items = []
        for index, label in enumerate(labels):
            line = Text(f"{self.key_of(index)} ", style="bold")
            line.append(label)
            if notes and notes[index]:
                line.append(f"  {notes[index]}", style="dim")
            items.append(line)
        self.set_items(items)
        if self._actions:
            self.keep_visible(self.highlighted)
        self.after_scroll()

    def _wrap(self, item: Text, width: int) -> list[Text]:
        """A long choice is broken between its phrases where it can ("Swap Defeat Orcs" /
        "for a new card"), its later lines indented past the key."""
        indent = self.hanging
        if item.cell_len <= width or "\n" in item.plain or not 0 < indent < width // 2:
            return super()._wrap(item, width)
        rows: list[Text] = []
        rest, room, after = item, width, indent  # never break right after the key
        while rest.cell_len > room:
            cut = break_at(rest.plain, room, after)
            if cut is None:
                break
            rows.append(rest[:cut])
            rest = rest[cut + 1 :]
            rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
            room, after = width - indent, 0
        rows += rest.wrap(self.app.console, room, overflow="fold")
        pad = Text(" " * indent, style=item.style, end="")
        return [rows[0], *(pad + row for row in rows[1:])]

    def line_style(self, index: int) -> str:
        cursor = index == self.highlighted and self.has_focus
        if index in self.marked:
            return MARKED_CURSOR_STYLE if cursor else MARK_STYLE
        return "reverse" if cursor else ""

    keys: tuple[str, ...] = CHOICE_KEYS
    """The key of each choice by position (:data:`TABLE_CHOICE_KEYS` at a shared table)."""

    def key_of(self, index: int) -> str:
        """The key shown beside (and playing) the choice at ``index``; " " past the last."""
        return self.keys[index] if index < len(self.keys) else " "

    def _tell_chosen(self, chosen: Chosen) -> None:
        # Straight to the screen, which plays it: bubbling up through the containers
        # between would wake each of them for nothing.
        self.screen.post_message(chosen)

    def choose_key(self, key: str) -> bool:
        """Choose the option shown with ``key``; False if there is none."""
        return key in self.keys and self.choose_number(self.keys.index(key) + 1)

    def choose_number(self, number: int) -> bool:
        """Choose the option shown with ``number`` (1-based); False if there is none."""
        if not 1 <= number <= len(self._actions):
            return False
        self._tell_chosen(self.Chosen(self._actions[number - 1]))
        return True

    def point_at(self, index: int | None) -> None:
        """Mark the choice at ``index`` (a lesson's expected one) and put the cursor on it;
        None: no mark."""
        self.mark(frozenset() if index is None else frozenset({index}))
        if index is not None and index != self.highlighted:
            self.highlighted = index
            if self.content_size.height > 0:  # else on_resize brings it into view
                self.keep_visible(index)
            self.repaint_changed_rows()

    def on_resize(self) -> None:
        super().on_resize()
        if self._actions:
            # A new height (a lesson fits the panel to its choices): the window is found
            # again from the top, so no choice is left above it for nothing.
            self.top = 0
            self.keep_visible(self.highlighted)

    def _highlight(self, index: int) -> None:
        if self._actions:
            self.highlighted = index % len(self._actions)
            self.keep_visible(self.highlighted)

    def action_move(self, delta: int) -> None:
        self._highlight(self.highlighted + delta)

    def action_jump(self, index: int) -> None:
        self._highlight(index)

    def action_page(self, direction: int) -> None:
        self._highlight(max(0, min(len(self._actions) - 1, self.highlighted + direction * 5)))

    def action_select(self) -> None:
        if not 0 <= self.highlighted < len(self._actions):
            return
        if not self.is_visible_item(self.highlighted):
            # Never play what the player cannot see: bring it into view first.
            self.keep_visible(self.highlighted)
            return
        self._tell_chosen(self.Chosen(self._actions[self.highlighted]))

    def after_scroll(self) -> None:
        above, below = self.items_out_of_view()
        marks = [f"↑ {above} more" if above else "", f"↓ {below} more" if below else ""]
        subtitle = "  ".join(mark for mark in marks if mark)
        if subtitle != self.border_subtitle:
            self.border_subtitle = subtitle

    def on_key(self, event: events.Key) -> None:
        # Played here rather than by the screen's binding: the key would otherwise bubble
        # through every container up to the app, which only then looks up the binding, a
        # tenth of what a Mount Doom key costs.
        if self.on_choice_key is not None and event.key in self.keys:
            event.stop()
            event.prevent_default()
            self.on_choice_key(event.key)

    def on_click(self, event: events.Click) -> None:
        index = self.item_at(event.y - 1)  # the border takes the first row
        if index is not None:
            self.highlighted = index
            self._tell_chosen(self.Chosen(self._actions[index]))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
