"""Full screens: the main menu, the load list, settings, rules, and the game."""
