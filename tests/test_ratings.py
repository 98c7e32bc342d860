"""The strength benchmark's Bradley–Terry fit (benchmarks/ratings.py): the closed form where
there is one, ratings recovered from games drawn at known strengths, and bad input refused."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.ratings import ELO, Result, fitted, results_of, seat_edges, verdicts


def logit(p: float) -> float:
    return math.log(p / (1.0 - p))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 39), st.integers(1, 39), st.integers(1, 39))
def test_two_players_from_both_seats_fit_the_closed_form(first_points, second_points, seat_b):
    # X scores first_points of 40 from the first seat, and (40 - seat_b-points of Y) from the
    # second: X - Y + h = logit(a), Y - X + h = logit(b), so X - Y = (logit a - logit b) / 2.
    games = [Result("x", "y", "s", float(first_points), 40),
             Result("y", "x", "s", float(seat_b), 40)]  # fmt: skip
    fit = fitted(games, anchor="y", prior=0.0)  # the plain likelihood has the closed form
    a, b = first_points / 40, seat_b / 40
    assert fit.elo["x"] == pytest.approx((logit(a) - logit(b)) / 2 * ELO, abs=1e-3)
    assert fit.seat["s"] == pytest.approx((logit(a) + logit(b)) / 2 * ELO, abs=1e-3)


def test_strengths_and_seat_terms_are_recovered_from_games_drawn_at_them():
    truth = {"greedy": 0.0, "easy": 60.0, "medium": 180.0}
    seats = {"open": 40.0, "closed": -90.0}
    rng, results = random.Random(3), []
    for scenario, h in seats.items():
        for a in truth:
            for b in truth:
                if a != b:
                    p = 1 / (1 + math.exp(-(truth[a] - truth[b] + h) / ELO))
                    wins = sum(rng.random() < p for _ in range(400))
                    results.append(Result(a, b, scenario, float(wins), 400))
    fit = fitted(results, anchor="greedy")
    for name, value in truth.items():
        low, high = fit.interval(name)
        assert low - 15 <= value <= high + 15, (name, fit.elo[name], (low, high))
    for scenario, h in seats.items():
        assert abs(fit.seat[scenario] - h) < 4 * fit.error[f"seat:{scenario}"]
    d, low, high = fit.difference("medium", "easy")
    assert low < 120 < high and d == pytest.approx(fit.elo["medium"] - fit.elo["easy"])


def test_a_player_who_always_wins_is_rated_high_with_a_finite_rating_and_shown_apart():
    fit = fitted([Result("medium", "greedy", "s", 20.0, 20),
                  Result("greedy", "medium", "s", 0.0, 20)], anchor="greedy")  # fmt: skip
    assert 400 < fit.elo["medium"] < math.inf
    d, low, high = fit.difference("medium", "greedy")
    assert 200 < low < d < high < 2000  # an interval that means something
    said = verdicts(fit, ("greedy", "medium"), [])
    assert "**meets**" in said[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("a", "b", "s", 3.0, 2), "points"),
        (("a", "b", "s", 1.0, 0), "games"),
    ],
)
def test_results_that_tell_nothing_or_cannot_be_are_refused(args, said):
    with pytest.raises(ValueError, match=said):
        Result(*args)


def test_a_player_against_itself_weighs_only_the_seat():
    # greedy against itself: 70 of 100 from the first seat is the seat's worth, logit 0.7
    results = [Result("greedy", "greedy", "s", 70.0, 100),
               *results_of("medium", "greedy", "s", [80.0, 60.0], 100)]  # fmt: skip
    alone = fitted(results[:1] + results[1:], anchor="greedy")
    assert alone.seat["s"] > 0 and alone.elo["medium"] > 0
    only_self = fitted([Result("greedy", "greedy", "s", 70.0, 100),
                        Result("greedy", "medium", "s", 50.0, 100)], anchor="greedy")  # fmt: skip
    assert only_self.seat["s"] == pytest.approx(logit(0.7) * ELO, rel=0.2)


def test_the_verdicts_name_each_target_met_or_not():
    results = [*results_of("medium", "greedy", "s", [80.0, 75.0], 100),
               *results_of("easy", "greedy", "s", [55.0, 50.0], 100),
               *results_of("medium", "easy", "s", [70.0, 65.0], 100)]  # fmt: skip
    fit = fitted(results, anchor="greedy")
    said = verdicts(fit, ("greedy", "easy", "medium"), seat_edges([80, 75], [50, 50], 100))
    assert said[0].startswith("medium over greedy +") and "**meets**" in said[0]
    assert "easy over greedy" in said[1] and "merge them" in said[1]  # about +25 Elo
    assert "medium over easy" in said[2] and "**apart**" in said[2]
    assert all("**met**" in line for line in said[3:5]) and len(said) == 5
    alone = verdicts(fitted(results[:2], anchor="greedy"), ("greedy", "medium"), [])
    assert len(alone) == 1  # greedy and medium adjacent: said once, with medium's target


def test_the_anchor_must_have_played():
    with pytest.raises(ValueError, match="anchor"):
        fitted([Result("a", "b", "s", 1.0, 2)], anchor="greedy")


def test_the_module_example_holds():
    import doctest

    import benchmarks.ratings

    assert doctest.testmod(benchmarks.ratings).failed == 0
