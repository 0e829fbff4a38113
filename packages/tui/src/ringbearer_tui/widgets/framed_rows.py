"""A panel's content rows framed (border and padding) as Textual frames them, for less.

Textual draws every row of a widget again through its styles cache: for each row it works
out the border's colours and styles anew, looks up the box characters, pads the line, wraps
it in a new strip and applies the line filters. At Mount Doom that framing was about a fifth
of a key (some twenty rows a key, each redrawn for a changed line). The panels here have a
plain frame (a border, padding, no outline, hatch, tint or transparency): the frame's pieces
are worked out once for the rows drawn together, and each row is the panel's own line
between them. The top and bottom rows (the border with its title) and padding rows are
still drawn by Textual, as is every row of a frame that is not plain.

The result is the same strip Textual draws, cell by cell and style by style: every snapshot
is drawn through here, and ``tests/tui/test_framed_rows.py`` compares the two for each kind
of panel. It mirrors the content branch of Textual's ``StylesCache.render_line`` (a private
module), which is safe only because the app pins Textual to one release.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.segment import Segment
from textual._border import get_box
from textual._segment_tools import line_pad
from textual._styles_cache import StylesCache
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget


def framed_rows(
    widget: Widget, crop: Region, render_content_line: Callable[[int], Strip]
) -> list[Strip | None] | None:
    """The rows of ``crop`` (a band of the widget's whole width) that are content rows,
    framed; None for the rows Textual must draw (border, padding); None in all when the
    frame is not plain."""
    styles = widget.styles
    if (
        (widget.auto_links and widget.hover_style.link_id)
        or styles.text_opacity != 1.0
        or styles.tint.a
        or (styles.has_rule("hatch") and styles.hatch != "none")
        or any(edge for edge, _ in styles.outline)
        or widget.opacity != 1.0
    ):
        return None
    region = widget.region
    width, height = region.size
    if crop.x != 0 or crop.width != width:
        return None
    gutter = styles.gutter
    content_width, content_height = region.shrink(gutter).size
    pad_top, pad_right, pad_bottom, pad_left = styles.padding
    (
        (border_top, _),
        (border_right, border_right_color),
        (border_bottom, _),
        (border_left, border_left_color),
    ) = styles.border
    base_background, background = widget.background_colors
    inner, outer = widget._styles_cache.get_inner_outer(base_background, background)
    inner_style = inner.rich_style
    left: Segment | None = None
    right: Segment | None = None
    if border_left:
        left_style = Style(foreground=base_background + border_left_color.multiply_alpha(1.0))
        left = get_box(border_left, inner, outer, left_style)[1][0]
    if border_right:
        right_style = Style(foreground=base_background + border_right_color.multiply_alpha(1.0))
        right = get_box(border_right, inner, outer, right_style)[1][2]
    filters = widget.get_line_filters()
    rows: list[Strip | None] = []
    for y in crop.line_range:
        if (
            (border_top and y == 0)
            or (border_bottom and y == height - 1)
            or (pad_top and y < gutter.top)
            or (pad_bottom and y >= height - gutter.bottom)
        ):
            rows.append(None)  # Textual's: the border and its title, or padding
            continue
        content_y = y - gutter.top
        if content_y < content_height:
            line = render_content_line(content_y).adjust_cell_length(content_width, inner_style)
        else:
            line = Strip.blank(content_width, inner_style)
        segments: list[Segment] | Strip = line
        if pad_left or pad_right:
            segments = line_pad(line, pad_left, pad_right, inner_style)
        if left is not None and right is not None:
            segments = [left, *segments, right]
        elif left is not None:
            segments = [left, *segments]
        elif right is not None:
            segments = [*segments, right]
        strip = Strip(segments, width)
        for line_filter in filters:
            strip = strip.apply_filter(line_filter, background)
        rows.append(strip)
    return rows


class FramingStylesCache(StylesCache):
    """Textual's styles cache for a panel with a plain frame: its content rows are framed
    by :func:`framed_rows`, the rest drawn (and kept) by Textual."""

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        rows = framed_rows(widget, crop, widget.render_line)
        if rows is None:
            return super().render_widget(widget, crop)
        # What is left (the border with its title, padding) is drawn by Textual, in bands
        # of consecutive rows.
        start = 0
        while start < len(rows):
            if rows[start] is not None:
                start += 1
                continue
            end = start + 1
            while end < len(rows) and rows[end] is None:
                end += 1
            band = Region(crop.x, crop.y + start, crop.width, end - start)
            rows[start:end] = super().render_widget(widget, band)
            start = end
        return [row for row in rows if row is not None]
