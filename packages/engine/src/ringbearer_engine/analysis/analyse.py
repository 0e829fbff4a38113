"""Judging every step of a match: the work split into independent steps, and the whole.

Each step is judged on its own, from its position and a seed derived from the analysis's
seed and the step's index, so the result is the same whether the steps run one after another
or spread over processes. Only the estimate *after* a step needs its neighbour: it is the next
step's estimate *before*, when both are judged from the same seat's side (always, in a
cooperative game); otherwise it is estimated on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from ..actions import Action
from ..advice import advise
from ..chance import derive_seed
from ..errors import IllegalActionError, ScriptError
from ..game import Advisor, Game, GameState, get_game
from ..match import SCRIPT_PREFIX, Match, read_script
from .advisors import HINT, AdvisorFactory, advisor_name, default_advisor
from .compare import compare
from .judge import Estimate, estimate, from_ranking, horizon_of
from .marks import INACCURACY, MARK_BARS, mark_for, turning_points
from .records import Analysis, Kind, StepReview

if TYPE_CHECKING:
    from concurrent.futures import Executor

JUDGE_FUTURES = 100
"""Imagined futures behind an estimate the advisor does not give (a position before a roll,
a choice it did not search): about ±5 points at 50% with the game's own estimate."""


Part = Literal["whole", "review", "after"]
Order = Literal["log", "marks first"]
"""The order steps are judged in: the log's, or the decisions likeliest to be marked first
(those that left the game's own rules of thumb), then the rest, then the estimates after the
steps (they only place the turning points)."""

STRAY_MORE = 2
"""A stray still unsure of an inaccuracy's bar after its budget may imagine up to this many
times ``futures`` paired futures more, for that bar alone."""
COMPARE_BUDGET = 2
"""A deeper look may imagine up to this many times ``futures`` paired futures; it stops
sooner once the loss is clear of every mark's bar, so only near a bar does it spend them."""


class StepTask(msgspec.Struct, frozen=True):
    """One step to judge, with everything a worker process needs."""

    game: str
    step: int
    seat: int
    view: int
    kind: Kind
    chosen: str
    options: int
    state: bytes
    judged: bool
    """Whether the step is a decision of the viewed seat, for the advisor to judge."""
    after: bytes | None
    """The position after the step, when its estimate cannot come from the next step."""
    seed: int
    futures: int
    part: Part = "whole"
    """What to work out: the whole step, only its review (its estimate after waits), or
    only the estimate after it."""


class StepResult(msgspec.Struct, frozen=True):
    review: StepReview
    after: Estimate | None


def judge_step(task: StepTask, advisor: AdvisorFactory) -> StepResult:
    """Judge one step from its seat's view."""
    game = get_game(task.game)
    state = game.decode_state(task.state)
    chosen = game.parse_action(task.chosen)
    seeds = [derive_seed(task.seed, salt) for salt in range(6)]
    review = StepReview(
        step=task.step,
        seat=task.seat,
        view=task.view,
        kind=task.kind,
        chosen=task.chosen,
        options=task.options,
    )
    if task.part == "after":
        pass  # only the estimate after the step is asked for
    elif task.judged:
        review = _judge_decision(game, state, chosen, task, advisor, review, seeds)
    else:
        before = estimate(game, state, task.view, task.futures, seeds[2])
        review = msgspec.structs.replace(review, before=before.win)
    after = None
    if task.after is not None and task.part != "review":
        after = estimate(game, game.decode_state(task.after), task.view, task.futures, seeds[5])
    return StepResult(review, after)


def _judge_decision(
    game: Game[Any],
    state: GameState,
    chosen: Action,
    task: StepTask,
    advisor: AdvisorFactory,
    review: StepReview,
    seeds: list[int],
) -> StepReview:
    """The advice at a decision, the hint's own, and a mark only when the loss is clear.

    The advisor is asked exactly as the hint asks it (the step's index is the seed), so its
    first choice is what the hint advised. A choice that follows it is never marked; when
    the hint's own figures show another choice higher, a deeper look compares the two on the
    same futures and names the other only if it is surely better. A choice that strays is
    compared with the advice on the same futures, and marked by the lower end of the loss's
    interval: a near-tie is a tie.
    """
    # The game's own advisor is asked as the hint asks it, so a hint already worked out for
    # this step in this process is found rather than worked out again.
    built = advisor(game, task.step)
    ranking = advise(game, state, task.step, None if advisor is HINT else built)
    # The deeper look plays its futures as far ahead as the advice's did (the Book's hint
    # stops at the end of the turn): the same kind of figure, and no dearer.
    horizon = horizon_of(built, state)
    if not ranking:  # an advisor with nothing to say: judge the choice alone
        figure = estimate(game, state, task.view, task.futures, seeds[3], chosen)
        return msgspec.structs.replace(
            review, chosen_win=figure.win, chosen_low=figure.low, chosen_high=figure.high
        )
    hint = ranking[0]
    budget = COMPARE_BUDGET * task.futures
    best, loss, low, high = hint.action, 0.0, 0.0, 0.0
    if chosen == hint.action:
        advised = from_ranking(hint)
        rival = max(
            (r for r in ranking[1:] if from_ranking(r) is not None),
            key=lambda r: r.win_rate,
            default=None,
        )
        if advised is None:
            advised = estimate(game, state, task.view, task.futures, seeds[3], chosen)
            rival = None  # the hint judged without figures: nothing says another is higher
        best_figure = chosen_figure = advised
        if rival is not None and rival.win_rate > hint.win_rate:
            # Only one bar matters here: whether the rival is surely better by an
            # inaccuracy's worth (the step followed the hint: it is never marked).
            deeper = compare(
                game,
                state,
                task.view,
                rival.action,
                chosen,
                seeds[4],
                budget,
                (INACCURACY,),
                horizon,
            )
            chosen_figure = best_figure = deeper.second
            if deeper.low >= INACCURACY:
                best, best_figure = rival.action, deeper.first
    else:
        # A stray whose loss may or may not reach an inaccuracy gets more futures to tell.
        deeper = compare(
            game,
            state,
            task.view,
            hint.action,
            chosen,
            seeds[4],
            budget,
            MARK_BARS,
            horizon,
            more=STRAY_MORE * task.futures,
            more_bars=(INACCURACY,),
        )
        best_figure, chosen_figure = deeper.first, deeper.second
        loss, low, high = max(0.0, deeper.gain), deeper.low, deeper.high
        if deeper.high <= -INACCURACY:
            # The deeper look is sure the choice beat the hint's advice: no loss, and the
            # interval (below zero) says by how much it did better.
            best, best_figure, loss = chosen, chosen_figure, 0.0
    return msgspec.structs.replace(
        review,
        best=str(best),
        hint=str(hint.action),
        best_win=best_figure.win,
        best_low=best_figure.low,
        best_high=best_figure.high,
        chosen_win=chosen_figure.win,
        chosen_low=chosen_figure.low,
        chosen_high=chosen_figure.high,
        loss=loss,
        loss_low=low,
        loss_high=high,
        before=best_figure.win,
        mark=mark_for(low),
    )


class Analyser:
    """Judges the steps of ``match`` one at a time (:meth:`run`) and assembles them
    (:meth:`analysis`), so a client can show the marks as they come and stop early."""

    def __init__(
        self,
        match: Match,
        advisor: AdvisorFactory | Advisor | None = None,
        *,
        seat: int | None = None,
        seed: int = 0,
        futures: int = JUDGE_FUTURES,
        first: int = 0,
    ) -> None:
        if seat is not None and not 0 <= seat < len(match.players):
            raise ValueError(f"there is no seat {seat + 1} in a {len(match.players)}-player match")
        if futures < 1:
            raise ValueError("an estimate needs at least one imagined future")
        self.match = match
        self.advisor = _factory(advisor) if advisor is not None else default_advisor(match.game_id)
        self.seat = seat
        self.seed = seed
        self.tasks = [task for task in self._tasks(futures) if task.step >= first]
        self.results: dict[int, StepResult] = {}
        """The results so far, by the task's place in :attr:`tasks`."""
        self._after_due: set[int] = set()
        """Tasks reviewed whose estimate after the step is still to be worked out."""

    @property
    def total(self) -> int:
        return len(self.tasks)

    @property
    def done(self) -> int:
        """How many steps have been judged (their estimates after may still be due)."""
        return len(self.results)

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.tasks) and not self._after_due

    def _tasks(self, futures: int) -> Iterator[StepTask]:
        match = self.match
        game = match.game
        # The loading constructor, not Match.new: a save may keep names from before the
        # new-match checks, and whatever loads must also analyse.
        fresh = Match(game, match.players, match.seed, match.options, chance=match.chance)
        pending: list[tuple[int, int, int, Kind, str, int, bytes, bool]] = []
        states: list[bytes] = []
        for index, entry in enumerate(match.log):
            if entry.startswith(SCRIPT_PREFIX):
                try:
                    script = read_script(entry)
                    fresh.script(script.rolls, script.orders)
                except ScriptError as error:
                    raise ScriptError(f"step {index + 1} of the log: {error}") from error
                continue
            seat = fresh.to_move
            if seat is None:
                raise IllegalActionError(
                    entry, f"step {index + 1} of the log comes after the match has ended"
                )
            options = len(fresh.actions())
            before = game.clone(fresh.state)
            try:
                fresh.play(entry)
            except IllegalActionError as error:  # its kind kept: a NotationError stays one
                raise type(error)(entry, f"step {index + 1} of the log: {error.reason}") from error
            if options > 1:
                kind: Kind = "decision"
            else:
                kind = "chance" if before.chance != fresh.state.chance else "forced"
            view = seat if self.seat is None else self.seat
            judged = kind == "decision" and view == seat
            pending.append(
                (index, seat, view, kind, entry, options, game.encode_state(before), judged)
            )
            states.append(game.encode_state(fresh.state))
        for n, (index, seat, view, kind, entry, options, state, judged) in enumerate(pending):
            needs_after = n + 1 == len(pending) or not (
                game.cooperative or pending[n + 1][2] == view
            )
            yield StepTask(
                game=game.id,
                step=index,
                seat=seat,
                view=view,
                kind=kind,
                chosen=entry,
                options=options,
                state=state,
                judged=judged,
                after=states[n] if needs_after else None,
                seed=derive_seed(self.seed, index),
                futures=futures,
            )

    def run(
        self,
        workers: int = 1,
        executor: Executor | None = None,
        order: Order = "log",
    ) -> Iterator[StepReview]:
        """Judge the remaining steps, yielding each review as it is done (its estimate after
        the step may wait for the next one, or, in ``"marks first"`` order, for the end: see
        :meth:`analysis`). The reviews are the same in any order."""
        todo = [n for n in range(len(self.tasks)) if n not in self.results]
        if order == "log":
            jobs = [(n, self.tasks[n]) for n in todo]
        else:
            suspects = set(self._suspects(todo))
            first = [n for n in todo if n in suspects] + [n for n in todo if n not in suspects]
            jobs = [(n, self._part(n, "review")) for n in first]
        for (n, task), result in zip(
            jobs, _judged([t for _, t in jobs], self.advisor, workers, executor), strict=True
        ):
            self.results[n] = result
            if task.part == "review" and task.after is not None:
                self._after_due.add(n)
            yield result.review
        due = sorted(self._after_due)
        afters = _judged([self._part(n, "after") for n in due], self.advisor, workers, executor)
        for n, result in zip(due, afters, strict=True):
            self.results[n] = msgspec.structs.replace(self.results[n], after=result.after)
            self._after_due.discard(n)
            yield self.results[n].review

    def _part(self, n: int, part: Part) -> StepTask:
        return msgspec.structs.replace(self.tasks[n], part=part)

    def _suspects(self, todo: list[int]) -> list[int]:
        """The decisions (of ``todo``) where the choice differs from what the game's rules of
        thumb (its ``heuristic`` bot, the advisor's starting point) would have played there:
        the likeliest to stray from the advice. A quick look, only to order the work."""
        game = self.match.game
        make = game.bots().get("heuristic")
        if make is None:
            return []
        found: list[tuple[float, int]] = []
        for n in todo:
            task = self.tasks[n]
            if not task.judged:
                continue
            state = game.decode_state(task.state)
            bot = make(task.seed)
            liked = bot.choose(game, game.clone(state))
            if str(liked) == task.chosen:
                continue
            # A heuristic that scores its options tells how far below its favourite the
            # choice fell: the farthest are judged first, as the likeliest clear losses.
            scorer = getattr(bot, "scorer", None)
            gap = 0.0
            if callable(scorer):
                score = scorer(state)
                gap = score(liked) - score(game.parse_action(task.chosen))
            found.append((-gap, n))
        return [n for _, n in sorted(found)]

    def analysis(self) -> Analysis:
        """The analysis of the steps judged so far, in the log's order."""
        reviews: list[StepReview] = []
        for n in sorted(self.results):
            result = self.results[n]
            after = result.after.win if result.after is not None else None
            if after is None and self.tasks[n].after is None and n + 1 in self.results:
                after = self.results[n + 1].review.before
            before = result.review.before
            swing = after - before if after is not None and before is not None else 0.0
            reviews.append(msgspec.structs.replace(result.review, after=after, swing=swing))
        outcome = self.match.outcome
        return Analysis(
            game=self.match.game_id,
            players=list(self.match.players),
            view=self.seat,
            seed=self.seed,
            advisor=advisor_name(self.advisor),
            steps=reviews,
            turning_points=turning_points(reviews),
            outcome=outcome.summary if outcome else None,
            complete=self.complete,
        )


_POOL_ADVISOR: dict[str, AdvisorFactory] = {}
"""The advisor a forked worker process inherits (a factory need not be picklable)."""


def _pool_judge(task: StepTask) -> StepResult:
    return judge_step(task, _POOL_ADVISOR["advisor"])


def _judged(
    tasks: list[StepTask],
    advisor: AdvisorFactory,
    workers: int,
    executor: Executor | None = None,
) -> Iterator[StepResult]:
    """The results of ``tasks`` in order, on ``executor``, on this process or on ``workers``
    local ones: the one place that decides where the work runs."""
    if executor is not None:
        # Every step is a task of its own; they come back in order, so marks fill in from
        # the first step on whichever worker finishes first.
        futures = [executor.submit(judge_step, task, advisor) for task in tasks]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()
        return
    if workers <= 1 or len(tasks) < 2:
        for task in tasks:
            yield judge_step(task, advisor)
        return
    import multiprocessing  # only runs with workers pay for importing it

    _POOL_ADVISOR["advisor"] = advisor
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield from pool.imap(_pool_judge, tasks)


class _Same:
    """An advisor object used for every step (its seeding is its own); it pickles when the
    advisor does."""

    def __init__(self, advisor: Advisor) -> None:
        self.advisor = advisor
        self.__qualname__ = type(advisor).__name__

    def __call__(self, game: Game[Any], seed: int) -> Advisor:
        return self.advisor


def _factory(advisor: AdvisorFactory | Advisor) -> AdvisorFactory:
    """A factory as it is; an advisor object wrapped to serve every step."""
    if not hasattr(advisor, "rank"):
        return advisor
    return _Same(advisor)


def analyse(
    match: Match,
    advisor: AdvisorFactory | Advisor | None = None,
    *,
    seat: int | None = None,
    seed: int = 0,
    futures: int = JUDGE_FUTURES,
    first: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Review every step of ``match``, finished or not.

    ``advisor`` builds the advisor that judges decisions from a seed, the step's index (by
    default the game's own, :meth:`Game.advisor`, as the hint asks it), or is an advisor
    used for every decision;
    ``seat`` judges every step from that seat's view and only its decisions (by default
    each decision from its own seat's view); ``futures`` is the number of imagined futures
    behind an estimate the advisor does not give (a deeper look may imagine up to twice
    as many paired futures); ``first`` skips the log's earlier steps;
    ``workers`` spreads the steps over local processes, and ``executor`` (any
    :class:`concurrent.futures.Executor`: a process pool, a Dask client's ``get_executor()``)
    runs them wherever it runs tasks, the advisor factory being sent with each (the defaults
    pickle). The same match and options always give the same analysis, whatever runs it.
    """
    analyser = Analyser(match, advisor, seat=seat, seed=seed, futures=futures, first=first)
    total = analyser.total
    if progress:
        progress(0, total)
    for done, _ in enumerate(analyser.run(workers, executor), start=1):
        if progress:
            progress(done, total)
    return analyser.analysis()
