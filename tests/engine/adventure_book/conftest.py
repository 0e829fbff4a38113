"""Adventure Book tests share the engine's fixtures (tests/engine/conftest.py)."""
