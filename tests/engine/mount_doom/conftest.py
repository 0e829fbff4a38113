"""Mount Doom tests share the engine's fixtures (tests/engine/conftest.py)."""
