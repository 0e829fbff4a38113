"""Tools for the Adventure Book Game: calibration runs and the design page's tables."""
