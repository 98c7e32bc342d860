"""One decision of a search player: the observation made an OpenSpiel state, searched with
OpenSpiel's MCTS (or information-set MCTS where something is hidden), the number chosen made
an action again."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from workbench.openspiel.bridge import WorkbenchGame
from workbench.players.evaluator import OddsEvaluator, Stopped

UCT_C = 2.0  # OpenSpiel's exploration constant (its examples' value)


class _StoppableMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTSBot, keeping its root so that a stopped search answers from it."""

    root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self.root = root
        return super()._apply_tree_policy(root, state)


def decide(player: Any, rules: Any, observation: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = rules.determinize(observation, rng)
    game = WorkbenchGame.around(rules, state)
    here = game.new_initial_state()
    evaluator = OddsEvaluator(player._stop, player.seconds)
    evaluator.root = state
    evaluator.favoured = _favoured(rules, observation, rng, game, state)
    random_state = np.random.RandomState(seed)
    if observation.hidden:
        bot = ismcts.ISMCTSBot(
            game, evaluator, UCT_C, player.simulations, random_state=random_state,
            allow_inconsistent_action_sets=True,  # other worlds, other actions further down
            child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,  # the prior counts
        )  # fmt: skip
        worlds = random.Random(seed)  # OpenSpiel's own sampler is seeded from the clock
        bot.set_resampler(lambda state, player: state.resampled(player, worlds))
        try:
            number = bot.step(here)
        except Stopped:
            number = _most_visited(getattr(bot, "_root_node", None), evaluator.favoured, here)
    else:
        bot = _StoppableMCTS(
            game, UCT_C, player.simulations, evaluator, solve=False,
            random_state=random_state, child_selection_fn=mcts.SearchNode.puct_value,
        )  # fmt: skip
        try:
            number = bot.step(here)
        except Stopped:
            number = _best_child(bot.root, evaluator.favoured, here)
    return here.workbench_action(number)


def _favoured(
    rules: Any, observation: Any, rng: random.Random, game: Any, state: Any
) -> int | None:
    greedy = rules.bots.get("greedy")
    if greedy is None:
        return None
    choice = greedy(rules, observation, rng)
    return game.space.number(choice, state)


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
