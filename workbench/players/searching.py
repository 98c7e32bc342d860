"""One decision of a search player: the observation made an OpenSpiel state, searched with
OpenSpiel's MCTS (or information-set MCTS where something is hidden), the number chosen made
an action again.

How a game is searched is its :class:`~.settings.SearchSettings` (declared in its home):
greedy playouts from the greedy player's first few choices (:mod:`.playouts`), its own
evaluator weighing the candidates that evaluator names at the root, or by default every
action, the greedy player's choice favoured at the root, each leaf scored where it stands
(:class:`~.evaluator.OddsEvaluator`). The search overrules the favourite only on evidence
(:mod:`.root`, the game's ``root`` rule).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from workbench.openspiel.bridge import WorkbenchGame
from workbench.players.evaluator import OddsEvaluator, Stopped
from workbench.players.greedy import greedy_number
from workbench.players.playouts import CandidateISMCTS, GreedyPlayouts, ranking_of
from workbench.players.root import Seen, root_choice
from workbench.players.settings import settings_for

UCT_C = 2.0  # OpenSpiel's exploration constant (its examples' value)


class _StoppableMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTSBot, keeping its root so that a stopped search answers from it."""

    root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self.root = root
        return super()._apply_tree_policy(root, state)


def decide(player: Any, rules: Any, observation: Any, seed: int) -> Any:
    rng = random.Random(seed)
    settings = settings_for(rules.name)
    simulations = settings.simulations(player.level)
    state = rules.determinize(observation, rng)
    game = WorkbenchGame.around(rules, state)
    here = game.new_initial_state()
    playouts, ranking = settings.playouts, ranking_of(rules)
    searcher, uct_c = ismcts.ISMCTSBot, UCT_C
    if playouts is not None and ranking is not None:  # see workbench.players.playouts
        evaluator: OddsEvaluator = GreedyPlayouts(
            ranking, playouts, rng, player._stop, player.seconds
        )
        searcher, uct_c = CandidateISMCTS, playouts.uct_c
    elif settings.evaluator is not None:
        evaluator = settings.evaluator(rng, player._stop, player.seconds, simulations)
    else:
        evaluator = OddsEvaluator(player._stop, player.seconds)
    evaluator.root = state
    candidates = evaluator.at_root(here)  # the evaluator's own, the favourite first
    if candidates is not None:
        if len(candidates) == 1:
            return here.workbench_action(candidates[0])  # nothing to search
        evaluator.favoured = candidates[0]
    else:
        evaluator.favoured = greedy_number(rules, observation, rng, game, state)
    rule = settings.root
    random_state = np.random.RandomState(seed)
    if observation.hidden:
        bot = searcher(
            game, evaluator, uct_c, simulations, random_state=random_state,
            # every world is one of the game's, seen alike (workbench/openspiel: worlds), so a
            # player's information state gives its legal actions: OpenSpiel's default
            allow_inconsistent_action_sets=False,
            child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,  # the prior counts
        )  # fmt: skip
        worlds = random.Random(seed)  # OpenSpiel's own sampler is seeded from the clock
        bot.set_resampler(lambda state, player: state.resampled(player, worlds))
        try:
            number = bot.step(here)
        except Stopped:
            number = _most_visited(getattr(bot, "_root_node", None), evaluator.favoured, here)
        seen = _seen_by_ismcts(getattr(bot, "_root_node", None))
    else:
        bot = _StoppableMCTS(
            game, UCT_C, simulations, evaluator, solve=False,
            random_state=random_state, child_selection_fn=mcts.SearchNode.puct_value,
        )  # fmt: skip
        try:
            number = bot.step(here)
        except Stopped:
            number = _best_child(bot.root, evaluator.favoured, here)
        seen = _seen_by_mcts(bot.root)
    if seen:
        number = root_choice(seen, evaluator.favoured, int(number), rule)
    return here.workbench_action(number)


def _seen_by_ismcts(node: Any) -> Seen:
    """Each root action's simulations and mean score in an ``ISMCTSBot``'s root ``node``."""
    if node is None or not getattr(node, "child_info", None):
        return {}
    return {a: (c.visits, c.value() if c.visits else 0.0) for a, c in node.child_info.items()}


def _seen_by_mcts(root: Any) -> Seen:
    """Each root action's simulations and mean score in an ``MCTSBot``'s ``root``."""
    if root is None or not root.children:
        return {}
    return {c.action: (c.explore_count, c.total_reward / max(c.explore_count, 1))
            for c in root.children}  # fmt: skip


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
