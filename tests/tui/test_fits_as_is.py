"""A line that fits its panel skips Rich's word search (issue 49): Rich's wrap would have
given it back unchanged, its words, styles and end alike."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from ringbearer_tui.widgets.lines import fits_as_is, item_key

words = st.text(alphabet=st.sampled_from(list("ab ·◉Éé\t\n")), max_size=30)
styles = st.sampled_from(["", "bold", "dim", "red on blue"])


@st.composite
def items(draw: st.DrawFn) -> Text:
    text = Text(style=draw(styles), justify=draw(st.sampled_from([None, "default", "left"])))
    for _ in range(draw(st.integers(0, 4))):
        text.append(draw(words), style=draw(styles))
    return text


@given(items(), st.integers(1, 40))
def test_a_line_that_fits_as_is_is_what_rich_wraps_it_to(item: Text, width: int) -> None:
    if not fits_as_is(item, width):
        return
    wrapped = list(item.wrap(Console(), width, overflow="fold"))
    assert [item_key(line) for line in wrapped] == [item_key(item)]
    assert wrapped[0].end == item.end


def test_a_line_too_wide_a_break_or_a_tab_goes_through_rich() -> None:
    assert fits_as_is(Text("abc"), 3)
    assert not fits_as_is(Text("abcd"), 3)
    assert not fits_as_is(Text("a\nb"), 10)
    assert not fits_as_is(Text("a\tb"), 10)
    assert not fits_as_is(Text("ab", justify="center"), 10)
