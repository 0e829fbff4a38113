"""A Mount Doom game lost to one blunder: the engine's analysis tests and the app's Review
tests both read it."""

# Seed 45, two players, played by the heuristic for 41 steps: then Faramir may be used to
# move the Nazgûl marker 2, 3 or 4 spaces; moving it 2 gathers the Nazgûl and loses at once,
# where 4 keeps a fair chance.
OPENING = (
    "roll orange,purple", "keep 4 orange", "add blue", "keep 3 blue", "roll orange,blue",
    "keep 1 blue", "add purple", "keep 2 orange", "use vision -", "choose keep",
    "roll orange,blue", "keep 6 blue", "add purple", "keep 4 purple", "roll orange,green",
    "keep 5 orange", "add red", "keep 2 green", "roll orange,green", "keep 4 green", "add red",
    "keep 1 orange", "use galadriel -", "use theoden legolas", "roll orange,blue",
    "keep 1 blue", "add red", "keep 6 orange", "roll orange,blue", "keep 6 orange", "add red",
    "keep 1 blue", "roll orange,green", "keep 6 orange", "add blue", "keep 1 blue",
    "roll orange,blue", "keep 2 orange", "add red", "keep 2 blue", "choose 1",
)  # fmt: skip
FATAL = "use faramir 2"
"""The blunder: the Nazgûl marker two spaces, which gathers the Nazgûl and loses."""
