"""One decision of a search player: the observation made an OpenSpiel state, searched with
OpenSpiel's MCTS (or information-set MCTS where something is hidden), the number chosen made
an action again.

The greedy player's choice is the search's prior favourite (:mod:`.evaluator`); the search
overrules it only on evidence (:func:`confirmed`): an action searched at least
:data:`MIN_VISITS` times whose mean score beats the favourite's by :data:`MARGIN`. With tens
of simulations over hundreds of actions, a child seen once or twice is mostly noise. Where
the greedy player is quick (:data:`TREE_PRIOR`, :data:`ROLLOUT_STEPS`) it is favoured below
the root too and plays a leaf's next steps (:mod:`.rollouts`), so the opponent's likely
replies are searched first. Three games search in their own way, each a policy improvement
on its greedy player: the card game (:data:`.playouts.PLAYOUTS`: the greedy player's first
three choices, greedy playouts to the end), Panzer Strike (:data:`GREEDY_LINES`: its best
few, carried on along greedy lines, the best mean taken by :func:`best_mean`) and TANKS
(:data:`OWN_CHOICE`: its best three, scored by the coming exchange of fire, chosen by
:func:`.tanks.choice`). A level's simulations may differ by game (``players.GAME_LEVELS``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from workbench.openspiel.bridge import WorkbenchGame
from workbench.players.evaluator import OddsEvaluator, Stopped
from workbench.players.panzer_strike import GreedyLines, candidates_for
from workbench.players.playouts import PLAYOUTS, CandidateISMCTS, GreedyPlayouts, ranking_of
from workbench.players.rollouts import GreedyRollouts, greedy_choice, greedy_number
from workbench.players.tanks import TanksEvaluator
from workbench.players.tanks import choice as tanks_choice

UCT_C = 2.0  # OpenSpiel's exploration constant (its examples' value)
MIN_VISITS = 4  # simulations an action needs before it may overrule the greedy choice
MARGIN = 0.05  # and how much higher its mean score must be (scores run from -1 to 1)
# steps of greedy play before a leaf is scored, by game (not listed: scored where it stands):
# the card game's greedy player decides in under a millisecond (a medium decision 0.4 -> 0.8 s)
ROLLOUT_STEPS: dict[str, int] = {"panzer-vor": 6}
# the games whose search favours the greedy choice at every position it expands, not only at
# the root: the card game's (Panzer Strike's greedy player may take most of a second over a
# shot, past the time a stop has to answer in; TANKS' takes some 0.1 s a decision)
TREE_PRIOR: set[str] = {"panzer-vor"}
# the games searched along greedy lines from the greedy player's best few (.panzer_strike)
GREEDY_LINES: set[str] = {"panzer-strike"}
# a game's own evaluator (its prior lists the greedy player's candidates, best first) and its
# own rule for the root's choice, in place of the most searched action and :func:`confirmed`:
# TANKS' (players/tanks.py: each candidate scored after a few steps of greedy play by the
# coming exchange of fire)
EVALUATORS: dict[str, type[TanksEvaluator]] = {"tanks": TanksEvaluator}
OWN_CHOICE: dict[str, Callable[[Any, int], int]] = {"tanks": tanks_choice}


def best_mean(seen: dict[int, tuple[int, float]], otherwise: int) -> int:
    """The root action of the highest mean score among those searched at least
    :data:`MIN_VISITS` times (``seen``: each one's simulations and mean), else ``otherwise``.

    >>> best_mean({3: (5, 0.2), 7: (12, 0.1), 9: (2, 0.9)}, 7), best_mean({3: (1, 0.2)}, 3)
    (3, 3)
    """
    enough = [a for a, (visits, _) in seen.items() if visits >= MIN_VISITS]
    return max(enough, key=lambda a: seen[a][1]) if enough else otherwise


def confirmed(chosen: int, favoured: int | None, seen: dict[int, tuple[int, float]]) -> int:
    """The search's choice if the evidence holds it above the favourite (see the module),
    else the favourite; ``seen``: each root action's simulations and mean score.

    >>> confirmed(3, 7, {3: (2, 0.5), 7: (20, 0.1)}), confirmed(3, 7, {3: (6, 0.3), 7: (20, 0.1)})
    (7, 3)
    """
    if favoured is None or chosen == favoured or favoured not in seen or chosen not in seen:
        return chosen
    visits, mean = seen[chosen]
    favoured_visits, favoured_mean = seen[favoured]
    if visits >= MIN_VISITS and (favoured_visits == 0 or mean >= favoured_mean + MARGIN):
        return chosen
    return favoured


class _StoppableMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTSBot, keeping its root so that a stopped search answers from it."""

    root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self.root = root
        return super()._apply_tree_policy(root, state)


def decide(player: Any, rules: Any, observation: Any, seed: int) -> Any:
    rng = random.Random(seed)
    simulations = player.simulations_in(rules.name)
    state = rules.determinize(observation, rng)
    game = WorkbenchGame.around(rules, state)
    here = game.new_initial_state()
    steps = ROLLOUT_STEPS.get(rules.name, 0)
    playouts, ranking = PLAYOUTS.get(rules.name), ranking_of(rules)
    searcher, uct_c = ismcts.ISMCTSBot, UCT_C
    if playouts is not None and ranking is not None:  # see workbench.players.playouts
        evaluator: OddsEvaluator = GreedyPlayouts(
            ranking, playouts, rng, player._stop, player.seconds
        )
        searcher, uct_c = CandidateISMCTS, playouts.uct_c
    elif rules.name in GREEDY_LINES:
        evaluator = GreedyLines(rng, player._stop, player.seconds, candidates_for(simulations))
    elif rules.name in EVALUATORS:
        evaluator = EVALUATORS[rules.name](rng, player._stop, player.seconds)
    elif steps:
        evaluator = GreedyRollouts(steps, rng, player._stop, player.seconds)
    else:
        evaluator = OddsEvaluator(player._stop, player.seconds)
    evaluator.root = state
    if rules.name in EVALUATORS:  # its prior lists the greedy player's candidates, best first
        candidates = evaluator.ranking(here, checked=False)
        if len(candidates) == 1:
            return here.workbench_action(candidates[0])  # nothing to search
        evaluator.favoured = candidates[0]
    else:
        evaluator.favoured = greedy_number(rules, observation, rng, game, state)
    if rules.name in TREE_PRIOR and playouts is None:
        evaluator.favour = lambda node: greedy_choice(node, rng)
    random_state = np.random.RandomState(seed)
    if observation.hidden:
        bot = searcher(
            game, evaluator, uct_c, simulations, random_state=random_state,
            allow_inconsistent_action_sets=True,  # other worlds, other actions further down
            child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,  # the prior counts
        )  # fmt: skip
        worlds = random.Random(seed)  # OpenSpiel's own sampler is seeded from the clock
        bot.set_resampler(lambda state, player: state.resampled(player, worlds))
        try:
            number = bot.step(here)
        except Stopped:
            number = _most_visited(getattr(bot, "_root_node", None), evaluator.favoured, here)
        node = getattr(bot, "_root_node", None)
        if node is not None and getattr(node, "child_info", None):
            seen = {a: (c.visits, c.value() if c.visits else 0.0)
                    for a, c in node.child_info.items()}  # fmt: skip
            number = confirmed(int(number), evaluator.favoured, seen)
    else:
        bot = _StoppableMCTS(
            game, UCT_C, simulations, evaluator, solve=False,
            random_state=random_state, child_selection_fn=mcts.SearchNode.puct_value,
        )  # fmt: skip
        try:
            number = bot.step(here)
        except Stopped:
            number = _best_child(bot.root, evaluator.favoured, here)
        if bot.root is not None and bot.root.children and rules.name in OWN_CHOICE:
            number = OWN_CHOICE[rules.name](bot.root, number)
        elif bot.root is not None and bot.root.children:
            seen = {c.action: (c.explore_count, c.total_reward / max(c.explore_count, 1))
                    for c in bot.root.children}  # fmt: skip
            if rules.name in GREEDY_LINES:  # a few candidates, each searched: the best mean
                number = best_mean(seen, int(number))
            number = confirmed(int(number), evaluator.favoured, seen)
    return here.workbench_action(number)


def _best_child(root: Any, favoured: int | None, here: Any) -> int:
    if root is not None and root.children and any(c.explore_count for c in root.children):
        return int(root.best_child().action)
    return favoured if favoured is not None else here.legal_actions()[0]


def _most_visited(node: Any, favoured: int | None, here: Any) -> int:
    if node is not None and getattr(node, "child_info", None):
        visits = {a: c.visits for a, c in node.child_info.items()}
        if any(visits.values()):
            return int(max(visits, key=lambda a: visits[a]))
    return favoured if favoured is not None else here.legal_actions()[0]
