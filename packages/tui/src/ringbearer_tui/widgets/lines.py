"""A fixed-size panel of wrapped lines with its own scrolling.

Textual lays the whole screen out again whenever a scrollable widget's content size
changes. A game screen changes its choices and its log on every step, so these panels keep
their size and scroll by themselves: a new step only repaints them.

They draw line by line (Textual's line API) from strips kept per wrapped item, so a repaint
converts only the items that are new, and a change marks only the rows that now show
something else: over SSH, where fifty games share two cores, the repaint is most of what a
keystroke or a move at a shared table costs, and the rows left alone are neither drawn nor
sent.
"""

from __future__ import annotations

import functools

from rich.style import Style
from rich.text import Span, Text
from textual import events
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from .framed_rows import FramingStylesCache
from .partial_repaint import repaint_regions

Painted = tuple[Strip, str] | None
"""What a row showed when it was last drawn: its strip and line style, or nothing."""

ItemKey = tuple[str, tuple[Span, ...], str | Style, str | None, bool | None]
"""What an item's wrapped lines depend on besides the width: its text, its styles and how
it asks to be wrapped."""

WRAP_CACHE_SIZE = 256
"""How many items' wrapped lines a panel remembers. A step's choices and board lines often
come back (the same option, a die that shows the same face again): about half of what a
Mount Doom game wraps has been wrapped before by the same panel."""

MARK_STYLE = "bold on dark_green"
"""The lines a lesson's coach points at (see :meth:`LinePanel.mark`)."""


class LinePanel(Widget):
    """Shows a window of ``items`` (rich Text, each wrapped to the width) with a border."""

    DEFAULT_CSS = """
    LinePanel { border: round $primary; }
    """

    def __init__(
        self, *, id: str | None = None, follow_end: bool = False, hanging: int = 0
    ) -> None:
        super().__init__(id=id)
        self.items: list[Text] = []
        self.top = 0
        """Index of the first wrapped line shown."""
        self.follow_end = follow_end
        self.hanging = hanging
        """Columns by which an item's continuation lines are indented, so that a wrapped
        item cannot be mistaken for the start of the next one."""
        self._wrapped: list[tuple[int, Strip]] = []
        self._wrapped_width = -1
        self._item_strips: list[list[Strip]] = []
        """Each item's wrapped lines at ``_wrapped_width`` (empty: not wrapped yet)."""
        self._wrapped_items = 0
        """How many of ``items`` are in ``_wrapped`` (new items are wrapped on their own)."""
        self._recent_strips: dict[ItemKey, list[Strip]] = {}
        """Wrapped lines of items seen lately, at ``_wrapped_width``, by what they show."""
        self._painted: dict[int, Painted] = {}
        """What each row of the content area showed when it was last drawn."""
        self.marked: frozenset[int] = frozenset()
        """The items drawn in :data:`MARK_STYLE` (what a lesson's coach points at)."""
        self._drawing_width: int | None = None
        self._styles_cache = FramingStylesCache()
        """The content's width while rows are drawn (see ``render_lines``)."""

    # -- content ----------------------------------------------------------------------------

    def set_items(self, items: list[Text]) -> None:
        if same_lines(items, self.items):
            return  # nothing to repaint
        self.items = items
        # Each item's wrapped lines come back from what the panel drew lately (an
        # unchanged line of the board, a choice offered again), or are wrapped anew.
        self._item_strips = []
        self._wrapped, self._wrapped_items = [], 0
        self.top = 0
        self._after_change()

    def append_items(self, items: list[Text], keep: int | None = None) -> None:
        """Add items at the end (dropping all but the last ``keep``) without re-wrapping
        the ones already shown: a long log stays cheap to extend."""
        self.items.extend(items)
        if keep is not None and len(self.items) > keep:
            dropped = len(self.items) - keep
            self.items = self.items[dropped:]
            self._item_strips = self._item_strips[dropped:]
            self._wrapped, self._wrapped_items = [], 0
        self._after_change()

    def _after_change(self) -> None:
        # Before layout there is no size: wrapping to it would be wasted, and on_resize
        # finds the end once the size is known.
        if self.follow_end:
            width, height = self.content_size
            if height:
                self.top = max(0, len(self.wrapped(width)) - height)
        self.repaint_changed_rows()

    def repaint_changed_rows(self) -> None:
        """Mark for drawing the rows that would now show something other than what they
        showed when last drawn; every row, if nothing has been drawn at this size yet."""
        width, height = self.content_size
        if not self._painted or width <= 0:
            self.refresh()
            return
        lines = self.wrapped(width)  # once: every row is compared with what it would show
        painted = self._painted
        changed = [y for y in range(height) if painted.get(y) != self._row_of(lines, y)]
        regions: list[Region] = []
        for y in changed:
            last = regions[-1] if regions else None
            if last is not None and last.bottom == y:
                regions[-1] = Region(0, last.y, width, last.height + 1)
            else:
                regions.append(Region(0, y, width, 1))
        if regions:
            repaint_regions(self, regions)

    def _row_of(self, lines: list[tuple[int, Strip]], y: int) -> Painted:
        """What row ``y`` would show, of ``lines`` (the panel's wrapped lines)."""
        row = self.top + y
        if not 0 <= row < len(lines):
            return None
        index, strip = lines[row]
        return strip, self.line_style(index)

    def wrapped(self, width: int | None = None) -> list[tuple[int, Strip]]:
        """Every line to draw as (item index, strip), wrapped to the current width (the
        content's width, if the caller has it at hand: Textual works it out anew each time
        it is asked, from the widget's place on the screen)."""
        width = max(1, self.content_size.width if width is None else width)
        if width != self._wrapped_width:
            self._item_strips, self._wrapped, self._wrapped_width = [], [], width
            self._wrapped_items = 0
            self._recent_strips.clear()
        if self._wrapped_items == len(self.items):
            return self._wrapped
        strips_of = self._item_strips
        strips_of += [[] for _ in range(len(self.items) - len(strips_of))]
        for index in range(self._wrapped_items, len(self.items)):
            if not strips_of[index]:
                strips_of[index] = self._recalled_strips(self.items[index], width)
            self._wrapped += [(index, strip) for strip in strips_of[index]]
        self._wrapped_items = len(self.items)
        return self._wrapped

    def _recalled_strips(self, item: Text, width: int) -> list[Strip]:
        key = item_key(item)
        strips = self._recent_strips.get(key)
        if strips is None:
            if len(self._recent_strips) >= WRAP_CACHE_SIZE:
                self._recent_strips.clear()
            strips = self._recent_strips[key] = self._strips(item, width)
        return strips

    def _strips(self, item: Text, width: int) -> list[Strip]:
        console = self.app.console
        lines = self._wrap(item, width)
        strips = []
        for number, line in enumerate(lines):
            if number < len(lines) - 1:
                line.rstrip()  # the space where a line was broken is not shown
            strip = Strip(line.render(console), line.cell_len)
            if line.style:  # a Text's own style lies under its spans
                strip = strip.apply_style(console.get_style(line.style))
            strips.append(strip)
        return strips

    def _wrap(self, item: Text, width: int) -> list[Text]:
        """The item's lines; with a hanging indent, the first keeps the full width and the
        rest are wrapped narrower and indented (Rich's wrap has no hanging indent)."""
        if fits_as_is(item, width):
            return [item.copy()]  # what Rich's wrap gives for it, without its word search
        console = self.app.console
        lines = list(item.wrap(console, width, overflow="fold"))
        indent = self.hanging_of(item)
        if len(lines) < 2 or not 0 < indent < width // 2 or "\n" in item.plain:
            return lines
        first = lines[0]
        rest = item[len(first.plain) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
        continued = [
            Text(" " * indent, style=item.style, end="") + line
            for line in rest.wrap(console, width - indent, overflow="fold")
        ]
        return [first, *continued]

    def hanging_of(self, item: Text) -> int:
        """The indent of ``item``'s continuation lines: ``hanging`` for every item."""
        return self.hanging

    def item_at(self, y: int) -> int | None:
        """The item drawn on row ``y`` of the content area."""
        lines = self.wrapped()
        row = self.top + y
        return lines[row][0] if 0 <= row < len(lines) else None

    def first_line_of(self, index: int) -> int:
        return next((n for n, (i, _) in enumerate(self.wrapped()) if i == index), 0)

    # -- scrolling --------------------------------------------------------------------------

    def scroll_lines(self, delta: int) -> bool:
        """Move the window ``delta`` lines; whether it moved."""
        last = max(0, len(self.wrapped()) - self.content_size.height)
        top = min(max(0, self.top + delta), last)
        moved = top != self.top
        self.top = top
        self.after_scroll()
        self.repaint_changed_rows()
        return moved

    def items_out_of_view(self) -> tuple[int, int]:
        """How many items start above the window, and how many end below it."""
        width, height = self.content_size
        lines = self.wrapped(width)
        if not lines or height <= 0 or self.top >= len(lines):
            return 0, 0
        top, bottom = self.top, self.top + height
        above = lines[top][0] + (top > 0 and lines[top - 1][0] == lines[top][0])
        if bottom >= len(lines):
            return above, 0
        last_shown = lines[bottom - 1][0]
        cut = lines[bottom][0] == last_shown  # the last item shown goes on below
        return above, len(self.items) - 1 - last_shown + cut

    def is_visible_item(self, index: int) -> bool:
        """Whether every line of item ``index`` is inside the window."""
        rows = [n for n, (i, _) in enumerate(self.wrapped()) if i == index]
        return bool(rows) and self.top <= rows[0] and rows[-1] < self.top + self.content_size.height

    def fit_height_to_lines(self) -> None:
        """Make the panel exactly as tall as its wrapped lines (plus its border), for panels
        that must show everything. The screen is laid out again only when that changes."""
        if self.content_size.width <= 0:
            return  # not laid out yet: on_resize comes back here
        rows = len(self.wrapped()) + self.styles.gutter.height
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows

    def after_scroll(self) -> None:
        """Called when the window moved or the items changed (e.g. to show what is hidden)."""

    def keep_visible(self, index: int) -> None:
        lines = self.wrapped()
        first = self.first_line_of(index)
        last = max((n for n, (i, _) in enumerate(lines) if i == index), default=first)
        height = self.content_size.height
        if first < self.top:
            self.top = first
        elif last >= self.top + height:
            self.top = max(0, min(first, last - height + 1))
        self.after_scroll()
        self.repaint_changed_rows()

    # The wheel is kept only when it moved this window: a panel that shows all its lines
    # (a drawing as tall as they are) or has reached its end passes it to the container,
    # which scrolls what is taller than the screen's panel.
    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.scroll_lines(2):
            event.stop()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.scroll_lines(-2):
            event.stop()

    def on_resize(self) -> None:
        self._wrapped_width = -1
        self._painted.clear()
        if self.follow_end:
            self.top = max(0, len(self.wrapped()) - self.content_size.height)
        self.after_scroll()
        # The new size may already have been painted with the old top (a log filled before
        # layout, as after Continue, showed only blank rows): paint again.
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------

    def mark(self, indexes: frozenset[int]) -> None:
        """Draw the items at ``indexes`` marked (none: an empty set); repaints what changed."""
        if indexes != self.marked:
            self.marked = indexes
            self.repaint_changed_rows()

    def line_style(self, index: int) -> str:
        return MARK_STYLE if index in self.marked else ""

    def render(self) -> Text:
        """Every item, one per line: what the panel holds, for readers other than the screen
        (the screen itself is drawn by ``render_line``)."""
        return Text("\n").join(self.items)

    def lines_style(self) -> VisualStyle:
        """The style under every line: the panel's own (a panel may switch to another)."""
        return self.visual_style

    def render_lines(self, crop: Region) -> list[Strip]:
        # The content's width, worked out once for the rows drawn now rather than per row.
        self._drawing_width = self.content_size.width
        try:
            return super().render_lines(crop)
        finally:
            self._drawing_width = None

    def render_line(self, y: int) -> Strip:
        width = self._drawing_width
        if width is None:
            width = self.content_size.width
        base = self.lines_style().rich_style
        row = self.top + y
        lines = self.wrapped(width)
        if not 0 <= row < len(lines):
            self._painted[y] = None
            return Strip.blank(width, background_of(base))
        index, strip = lines[row]
        style = self.line_style(index)
        self._painted[y] = (strip, style)
        if style:
            strip = strip.extend_cell_length(width).apply_style(self.app.console.get_style(style))
        return strip.apply_style(base).crop_extend(0, width, background_of(base))


def item_key(item: Text) -> ItemKey:
    """What the item shows. Rich's ``Text`` equality leaves out the text's own style, so a
    line that only turned from bold to dim would compare equal to what it replaces."""
    return (item.plain, tuple(item.spans), item.style, item.justify, item.no_wrap)


def fits_as_is(item: Text, width: int) -> bool:
    """Whether Rich's wrap would give ``item`` back as it is, one line: it fits ``width``
    and has no line break, no tab and no justification to pad it with."""
    plain = item.plain
    return (
        item.justify in (None, "default")
        and "\n" not in plain
        and "\t" not in plain
        and item.cell_len <= width
    )


def same_lines(some: list[Text], others: list[Text]) -> bool:
    """Whether two lists of lines would be drawn the same."""
    return len(some) == len(others) and all(
        # The same line (a part of a table kept from the step before) needs no comparing.
        one is other or item_key(one) == item_key(other)
        for one, other in zip(some, others, strict=True)
    )


@functools.cache
def background_of(style: Style) -> Style:
    """Padding shows only the background, as Textual pads its own widgets."""
    return Style(bgcolor=style.bgcolor)


class Drawing(LinePanel):
    """A borderless panel exactly as tall as its wrapped lines: a board, a hand. A new
    drawing repaints only the rows that changed, and the screen is laid out again only when
    the number of rows changed."""

    DEFAULT_CSS = """
    Drawing { height: auto; border: none; }
    """

    def show(self, lines: list[Text]) -> None:
        self.set_items(lines)
        self.fit_height_to_lines()

    def on_resize(self) -> None:
        super().on_resize()
        self.fit_height_to_lines()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Asked before the first fit, while the height is still "auto".
        return max(1, sum(len(self._wrap(item, max(1, width))) for item in self.items))
