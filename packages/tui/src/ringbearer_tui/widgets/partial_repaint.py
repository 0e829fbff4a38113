"""A compositor whose partial repaints draw only what shows where the screen changed.

Textual's compositor repaints a partial update by drawing every widget that overlaps the
rectangle around all the changed regions, each over its whole height, and then keeps, on
each changed row, the cells of the changed spans from the front-most widget there. A game
step changes a row of the board, the choices, the prompt and the foot of the log: the
rectangle around them is the whole screen, so every widget of the screen, its containers
too, was drawn in full (about a hundred and seventy rows at 80x24) for some thirty rows of
four panels to be kept.

This one goes from the front widget to the back and draws a widget only where a changed cell
is still to be filled and the widget covers it, and only the band of its rows from the first
such row to the last. A container whose children cover what changed is not drawn at all.
What reaches the terminal is the same: every changed cell still comes from the front-most
widget that covers it, drawn as Textual draws it.

It overrides two methods of Textual's private compositor (``render_partial_update`` and
``_render_chops``), which is safe only because the app pins Textual to one release; an
upgrade must pass ``tests/tui/test_partial_repaint.py``, which replays partial repaints onto
a copy of the screen and compares it with a full repaint cell by cell.

:func:`repaint_regions` hands a widget's changed rows to its screen at once, as Textual does
them a message later.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class PartialRepaintCompositor(Compositor):
    """Textual's compositor, with partial repaints cut to what changed (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        self._changed: list[Region] = []
        """The regions of the partial repaint being drawn; none outside one."""

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = []

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> Sequence[Mapping[int, Strip]]:
        if not self._changed:  # a full repaint, or an export: Textual's own way
            return super()._render_chops(crop, is_rendered_line)
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(line[:-1]) for line in cuts]
        to_fill = self._chops_to_fill(cuts)
        for widget, (region, clip) in self.visible_widgets.items():
            if not to_fill:
                break
            shown = region.intersection(clip)
            left, right = shown.x, shown.right
            rows = [
                y
                for y in range(shown.y, shown.bottom)
                if y in to_fill and any(left <= cut < right for cut in to_fill[y])
            ]
            if not rows:
                continue  # what it would show there is hidden, or did not change
            top, bottom = rows[0], rows[-1] + 1
            strips = widget.render_lines(
                Region(left - region.x, top - region.y, shown.width, bottom - top)
            )
            for y, strip in zip(range(top, bottom), strips, strict=False):
                wanted = to_fill.get(y)
                if not wanted:
                    continue
                # Cut as Textual cuts a widget's line: at every cut within it, its right
                # edge included; the piece from each cut goes to that cut's chop.
                line_cuts = [cut for cut in cuts[y] if left <= cut <= right]
                pieces = strip.divide([cut - left for cut in line_cuts[1:]])
                for cut, piece in zip(line_cuts, pieces, strict=False):
                    if cut in wanted:
                        chops[y][cut] = piece
                        wanted.discard(cut)
                if not wanted:
                    del to_fill[y]
        return chops  # type: ignore[return-value]  # unfilled chops lie outside the change

    def _chops_to_fill(self, cuts: list[list[int]]) -> dict[int, set[int]]:
        """For each changed row, the cuts whose chop (from the cut to the next one) meets a
        changed span."""
        spans: dict[int, list[tuple[int, int]]] = {}
        for y, start, end in self._regions_to_spans(self._changed):
            if 0 <= y < len(cuts):
                spans.setdefault(y, []).append((start, end))
        to_fill: dict[int, set[int]] = {}
        for y, row_spans in spans.items():
            line = cuts[y]
            wanted = {
                cut
                for cut, after in itertools.pairwise(line)
                if any(cut < end and after > start for start, end in row_spans)
            }
            if wanted:
                to_fill[y] = wanted
        return to_fill


def repaint_regions(widget: Widget, regions: list[Region]) -> None:
    """Mark ``regions`` of ``widget`` (content coordinates) to be drawn again, as
    ``widget.refresh(*regions)`` does, and hand the widget to its screen's next repaint now.

    Textual's refresh only raises a flag: the widget's own message loop is woken to notice
    it and tell the screen with a message, and the screen is woken again for that. Each
    panel a step changes paid those two wake-ups, about a third of a million instructions.
    What the screen does with the message (:meth:`Screen._on_update`) is done here instead;
    a widget that is not on show yet takes Textual's way.
    """
    if not widget.is_mounted or widget._closing or not widget.display:
        widget.refresh(*regions)
        return
    screen = widget.screen
    if screen not in screen._compositor:  # not laid out yet
        widget.refresh(*regions)
        return
    widget._layout_cache.clear()
    widget._set_dirty(*regions)
    widget.clear_cached_dimensions()
    widget._rich_style_cache.clear()
    screen._dirty_widgets.add(widget)
    screen.check_idle()
