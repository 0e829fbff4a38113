"""Fixtures for the engine tests: the test-only Pig race game is registered for all of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from testgames.pig import PIG

import ringbearer_engine as rb


@pytest.fixture(autouse=True, scope="session")
def pig_registered() -> Iterator[None]:
    rb.register(PIG)
    yield
    rb.unregister(PIG.id)
