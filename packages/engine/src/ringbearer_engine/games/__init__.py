"""The games shipped with the engine; each module registers itself when imported."""
