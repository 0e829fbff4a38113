"""What an analysis says about a match, as data: one record per step and the whole."""

from __future__ import annotations

from typing import Literal

import msgspec

Kind = Literal["decision", "chance", "forced"]
"""A step with a choice; one whose only action drew chance (a roll, a draw); one whose only
action drew nothing (a step the rules make)."""
Mark = Literal["inaccuracy", "mistake", "blunder"]


class StepReview(msgspec.Struct, frozen=True, kw_only=True):
    """One step of the match: what was done and how the estimated chance to win moved.

    Chances are for ``view``, the seat whose knowledge the step was judged by (the seat that
    decided, unless the analysis was asked for one seat's view); in a cooperative game every
    seat shares them. ``*_low``/``*_high`` bound a 95% Wilson interval of each figure.
    """

    step: int
    """The index of the step in the match's log."""
    seat: int | None
    """Who took the step."""
    view: int | None
    kind: Kind
    chosen: str
    """The action taken, in notation."""
    options: int
    """How many actions were legal."""
    best: str | None = None
    """The review's advised choice, in notation (decisions of the viewed seat only): the
    hint's, unless the deeper look is confident another is better."""
    hint: str | None = None
    """What the hint advised at this step, in notation (the game's one advisor)."""
    chosen_win: float | None = None
    chosen_low: float | None = None
    chosen_high: float | None = None
    best_win: float | None = None
    best_low: float | None = None
    best_high: float | None = None
    loss: float = 0.0
    """How much chance the choice gave up against the advice (0 when it followed it): the
    mean of the paired differences over the futures both were tried in."""
    loss_low: float = 0.0
    """The lower end of the loss's 95% interval; a mark needs it past the mark's bar. Both
    ends are below zero when the deeper look is sure the choice beat the hint's advice."""
    loss_high: float = 0.0
    before: float | None = None
    """The estimate of the position before the step."""
    after: float | None = None
    """The estimate after it (1 or 0 once the match is over)."""
    mark: Mark | None = None
    swing: float = 0.0
    """How much the step moved the estimate, ``after - before`` (positive: towards a win;
    0 while either is unknown)."""

    @property
    def luck(self) -> float:
        """The share of the swing that chance made, beyond what the choice was worth."""
        if self.after is None:
            return 0.0
        expected = self.chosen_win if self.chosen_win is not None else self.before
        return 0.0 if expected is None else self.after - expected


class Analysis(msgspec.Struct, frozen=True, kw_only=True):
    """A whole match reviewed step by step."""

    game: str
    players: list[str]
    view: int | None
    """The seat whose view every step was judged by; ``None``: each step's own seat."""
    seed: int
    advisor: str
    """Which advisor judged the decisions, e.g. ``mc:400``."""
    steps: list[StepReview]
    turning_points: list[int]
    """The log indices of the steps that moved the estimate most, largest swing first."""
    outcome: str | None = None
    """How the match ended, if it has."""
    complete: bool = True
    """Whether every step of the log was analysed (a cancelled analysis has fewer)."""

    def to_json(self) -> bytes:
        return msgspec.json.encode(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> Analysis:
        return msgspec.json.decode(data, type=cls)

    def at(self, step: int) -> StepReview | None:
        """The review of log step ``step``, if it was analysed (scripts have none)."""
        for review in self.steps:
            if review.step == step:
                return review
        return None

    @property
    def marked(self) -> list[StepReview]:
        return [review for review in self.steps if review.mark is not None]
