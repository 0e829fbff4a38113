"""The Python examples in docs/engine.md run, and print what the page says they print."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import ringbearer_engine as rb

PAGE = Path(__file__).parents[3] / "docs" / "engine.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE.read_text(), flags=re.DOTALL)


def test_the_engine_page_examples_run_and_print_what_they_promise() -> None:
    namespace: dict[str, object] = {}
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            for code in blocks("python"):
                exec(compile(code, str(PAGE), "exec"), namespace)
    finally:
        rb.unregister("race")
    promised = blocks("text")[0]
    assert out.getvalue().startswith(promised)
