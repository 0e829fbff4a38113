"""The release path: supported Pythons declared alike, the nox matrix opt-in, the build
session's archive check, and workflows that publish without tokens, the engine first."""

from __future__ import annotations

import functools
import importlib.util
import os
import tarfile
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUPPORTED = ["3.11", "3.12", "3.13"]
WORKFLOWS = ROOT / ".github" / "workflows"


@functools.cache
def _load_noxfile() -> ModuleType:
    """The noxfile as a module, loaded once (nox refuses a session registered twice); the
    PATH it extends with pyenv's folders is put back as it was."""
    spec = importlib.util.spec_from_file_location("ringbearer_noxfile", ROOT / "noxfile.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    path = os.environ.get("PATH", "")
    try:
        spec.loader.exec_module(module)
    finally:
        os.environ["PATH"] = path
    return module


@pytest.fixture
def nox() -> ModuleType:
    pytest.importorskip("nox")
    return _load_noxfile()


@pytest.mark.parametrize("package", ["engine", "tui"])
def test_both_packages_declare_the_supported_pythons(package: str) -> None:
    project = tomllib.loads((ROOT / "packages" / package / "pyproject.toml").read_text())
    project = project["project"]
    assert project["requires-python"] == f">={SUPPORTED[0]}"
    declared = [
        c.rsplit(" :: ", 1)[1] for c in project["classifiers"] if c.count("::") == 2 and "3." in c
    ]
    assert declared == SUPPORTED


def test_the_default_checks_stay_on_one_python_and_the_matrix_is_opt_in(nox: ModuleType) -> None:
    assert nox.ENGINE_PYTHONS == SUPPORTED
    oldest_and_newest = SUPPORTED[::2]
    assert oldest_and_newest == nox.TUI_PYTHONS
    defaults = nox.nox.options.sessions
    assert defaults == ["lint", "typecheck", "engine-3.11", "tui-3.11", "docs", "build"]


def test_the_build_check_names_what_an_archive_lacks(nox: ModuleType, tmp_path: Path) -> None:
    wheel = tmp_path / "ringbearer_engine-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("ringbearer_engine/__init__.py", "")
        archive.writestr("ringbearer_engine-0.1.0.dist-info/licenses/LICENSE", "MIT")
    assert nox._missing_from(wheel) == ["ringbearer_engine/py.typed"]
    complete = tmp_path / "ringbearer_engine-0.2.0-py3-none-any.whl"
    with zipfile.ZipFile(complete, "w") as archive:
        archive.writestr("ringbearer_engine/py.typed", "")  # at the wheel's root
        archive.writestr("ringbearer_engine-0.2.0.dist-info/licenses/LICENSE", "MIT")
    assert nox._missing_from(complete) == []
    sdist = tmp_path / "ringbearer_tui-0.1.0.tar.gz"
    marker = tmp_path / "py.typed"
    marker.write_text("")
    with tarfile.open(sdist, "w:gz") as archive:
        archive.add(marker, "ringbearer_tui-0.1.0/src/ringbearer_tui/py.typed")
    assert nox._missing_from(sdist) == ["LICENSE"]


def test_the_release_publishes_by_trusted_publishing_the_engine_first() -> None:
    text = (WORKFLOWS / "release.yml").read_text()
    assert "id-token: write" in text
    assert "password" not in text
    assert "secrets." not in text
    assert text.index("publish-engine:") < text.index("publish-app:")
    assert "needs: publish-engine" in text
    assert "uvx nox -s build" in text
    assert 'tags: ["v*"]' in text


def test_ci_runs_the_matrix_the_noxfile_defines() -> None:
    text = (WORKFLOWS / "ci.yml").read_text()
    assert 'python: ["3.11", "3.12", "3.13"]' in text
    assert 'python: ["3.11", "3.13"]' in text
    assert "os: [ubuntu-latest, macos-latest]" in text
    assert "enable-cache: true" in text
