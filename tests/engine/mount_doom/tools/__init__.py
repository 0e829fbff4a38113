"""Command-line tools for Mount Doom calibration and bot experiments (not collected as tests)."""
