"""Release checks: the two distributions' versions and pins agree."""

from __future__ import annotations

import tomllib
from importlib.metadata import requires, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import ringbearer_engine
import ringbearer_tui

ROOT = Path(__file__).parents[2]


def requirement(dist: str, name: str) -> Requirement:
    for line in requires(dist) or []:
        parsed = Requirement(line)
        if parsed.name == name:
            return parsed
    raise AssertionError(f"{dist} does not require {name}")


def test_versions_in_code_match_the_installed_metadata() -> None:
    assert version("ringbearer-engine") == ringbearer_engine.__version__
    assert version("ringbearer-tui") == ringbearer_tui.__version__


def test_the_app_accepts_the_engine_of_this_repository() -> None:
    pin = requirement("ringbearer-tui", "ringbearer-engine")
    assert pin.specifier.contains(ringbearer_engine.__version__), (
        f"ringbearer-tui requires {pin}, but the engine here is {ringbearer_engine.__version__}: "
        "update the pin in packages/tui/pyproject.toml"
    )


def test_textual_is_pinned_exactly() -> None:
    pin = requirement("ringbearer-tui", "textual")
    assert str(pin.specifier).startswith("==")
    assert pin.specifier.contains(version("textual"))


ENGINE_EXTRAS = {
    "dask": {"distributed"},
    "pettingzoo": {"pettingzoo", "gymnasium", "numpy"},
    "gymnasium": {"gymnasium", "numpy"},
    "openspiel": {"open-spiel", "numpy"},
}
"""Each of the engine's extras and what it brings: the cluster, and the research adapters."""


def test_the_engine_depends_on_msgspec_only() -> None:
    """Only msgspec is required; everything else comes with one of the extras."""
    found = [Requirement(r) for r in requires("ringbearer-engine") or []]
    required = [r.name for r in found if r.marker is None]
    assert required == ["msgspec"]
    for extra, names in ENGINE_EXTRAS.items():
        brought = {r.name for r in found if r.marker and r.marker.evaluate({"extra": extra})}
        assert brought == names, extra
    optional = {r.name for r in found if r.marker is not None}
    assert optional == set().union(*ENGINE_EXTRAS.values())


@pytest.mark.parametrize("package", ["engine", "tui"])
def test_each_package_ships_a_readme_licence_and_type_marker(package: str) -> None:
    folder = ROOT / "packages" / package
    meta = tomllib.loads((folder / "pyproject.toml").read_text())["project"]
    assert meta["readme"] == "README.md"
    assert (folder / "README.md").stat().st_size > 200
    assert (folder / "LICENSE").exists()
    name = meta["name"].replace("-", "_")
    assert (folder / "src" / name / "py.typed").exists()


def test_the_snapshot_plugin_is_active(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.pluginmanager.hasplugin("textual-snapshot")
