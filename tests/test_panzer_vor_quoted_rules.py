"""Panzer Vor! rules the workbench applies that no other test quoted yet, each checked here
with its sentence (issue 49: the rules coverage map, ``make rules-coverage``): each
scenario's header as the rulebook prints it, against the shipped scenario file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import workbench
from workbench.games import get_game

GAME = get_game("panzer-vor")
MATCH_TYPES = {"Annihilation Battle": "annihilation", "Flag Battle": "flag"}

# each scenario's header lines, as printed (Scenarios: each scenario's header)
HEADERS = {
    "test-your-luck": ["Training Match.", "Players: 1.", "Play Time: 15 minutes.",
                       "Difficulty: 1 star.", "Map: Ōarai City Map", "Acts First: Player"],
    "mock-battle": ["Training Match.", "Players: 2.", "Play Time: 15 minutes.",
                    "Difficulty: 1 star.", "Map: Ōarai City Map",
                    "Match Type: Annihilation Battle"],
    "exhibition": ["Exhibition Match.", "Players: 2.", "Time: 45 minutes.",
                   "Difficulty: 1 star."],
    "st-gloriana": ["Inter-school Match.", "Players: 2.", "Time: 90 minutes.",
                    "Difficulty: 2 stars.", "Map: Ōarai City Map",
                    "Match Type: Annihilation Battle", "Deployment: St. Gloriana deploys first",
                    "Acts First: St. Gloriana"],
    "saunders": ["Inter-school Match.", "Players: 2.", "Time: 60 minutes.",
                 "Difficulty: 2 stars.", "Map: Saunders vs. Ōarai Map",
                 "Match Type: Flag Battle", "Acts First: Saunders"],
    "anzio-revised": ["Inter-school Match.", "Players: 2.", "Time: 90 minutes.",
                      "Difficulty: 2 stars.", "Map: Anzio vs. Ōarai", "Match Type: Flag Battle",
                      "Acts First: Anzio"],
    "anzio-original": ["Inter-school Match.", "Players: 2.", "Time: 60 minutes.",
                       "Difficulty: 2 stars.", "Map: Blank Map", "Match Type: Flag Battle",
                       "Acts First: Anzio"],
    "pravda": ["Inter-school Match.", "Players: 2.", "Time: 90 minutes.",
               "Difficulty: 2 stars.", "Map: Pravda vs. Ōarai Map", "Match Type: Flag Battle",
               "Acts First: Pravda"],
    "kuromorimine-stage-1": ["Inter-school Match.", "Players: 2.", "Time: 120 minutes.",
                             "Difficulty: 3 stars.",
                             "Map: Kuromorimine vs. Ōarai Girls Academy First Stage",
                             "Match Type: Flag Battle", "Deployment: Ōarai deploys first",
                             "Acts First: Ōarai"],
    "kuromorimine-stage-2": ["Map: Kuromorimine vs. Ōarai Girls Academy Second Stage",
                             "Match Type: Flag Battle", "Deployment: Ōarai deploys first",
                             "Acts First: Ōarai"],
}  # fmt: skip


def _map_name(name: str, scenario) -> str:
    if not isinstance(scenario.map, str):
        return scenario.map.name
    return workbench.load(Path(GAME.scenarios()[name]).parent / scenario.map).name


@pytest.mark.parametrize("name", sorted(HEADERS))
def test_each_scenario_is_set_up_as_its_header_says(name):
    scenario = workbench.load(GAME.scenarios()[name])
    for line in HEADERS[name]:
        field, _, value = line.rstrip(".").partition(": ")
        if not value:  # the kind of match
            assert scenario.kind == field, line
        elif field == "Players":
            assert scenario.players == int(value), line
        elif field in ("Time", "Play Time"):
            assert scenario.play_time == int(value.split()[0]), line
        elif field == "Difficulty":
            assert scenario.difficulty == int(value.split()[0]), line
        elif field == "Map":
            printed = re.sub(r" map$", "", value.lower())
            assert re.sub(r" map$", "", _map_name(name, scenario).lower()) == printed, line
        elif field == "Match Type":
            assert scenario.match_type == MATCH_TYPES[value], line
        elif field == "Acts First":
            assert scenario.acts_first == value, line
        elif field == "Deployment":
            assert scenario.deploys_first == value.removesuffix(" deploys first"), line
        else:
            raise AssertionError(f"no check for {line!r}")
