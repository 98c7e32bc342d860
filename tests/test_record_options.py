"""A record keeps every option (ARCHITECTURE.md: "Records keep every option"): it is saved
with each option of its game written out, so a default that changes later changes no saved
record; a record that leaves an option out (saved before records wrote them all) is read with
the value it was played with, the option's ``unwritten`` value (Panzer Strike's Barricades,
off by default now, were on)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import workbench
from workbench import panzer_strike as ps
from workbench.files.record_options import as_recorded, written_out
from workbench.games import all_games
from workbench.rules.canonical import canonical
from workbench.rules.options import Option, with_defaults

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "records"


def test_a_saved_record_writes_every_option_out(tmp_path):
    scenario = ps.load_scenario("capture-the-flag")
    record = ps.play(scenario, ps.greedy_player, seed=2, options={"turn_limit": 2})
    path = record.save(tmp_path / "game.json")
    written = json.loads(path.read_text(encoding="utf-8"))["options"]
    assert written == with_defaults(ps.options(scenario), {"turn_limit": 2})
    assert written["barricades"] is False and list(written) == [o.name for o in ps.OPTIONS]
    loaded = workbench.load(path)
    assert dict(loaded.options) == written
    assert ps.replay(loaded) == ps.replay(record)


def test_a_record_that_leaves_an_option_out_is_read_as_it_was_played(tmp_path):
    # the records saved before every option was written out played the board's barricades
    old = json.loads((GOLDEN / "panzer-strike-capture-the-flag-8.json").read_text("utf-8"))
    assert "barricades" not in old["options"]
    loaded = workbench.load(GOLDEN / "panzer-strike-capture-the-flag-8.json")
    assert loaded.options["barricades"] is True and loaded.options["turn_limit"] == 3
    first = ps.replay(loaded)[0]
    assert first.in_play_barricades() == first.board.barricades != frozenset()
    again = workbench.load(loaded.save(tmp_path / "again.json"))  # now written out: the same
    assert dict(again.options) == dict(loaded.options)
    assert ps.replay(again) == ps.replay(loaded)


def test_a_scenarios_own_option_is_what_a_record_leaving_it_out_played():
    # the shipped annihilation scenario sets "damage": true itself
    scenario = ps.load_scenario("annihilation")
    assert as_recorded("panzer-strike", scenario, {})["damage"] is True
    assert written_out("panzer-strike", scenario, {})["damage"] is True
    assert as_recorded("panzer-strike", scenario, {"damage": False})["damage"] is False


def test_the_prepared_game_keeps_its_own_options():
    prepared = json.loads(
        (ROOT / "maps" / "panzer-strike" / "games" / "flag-capture.json").read_text("utf-8")
    )
    assert prepared["options"]["barricades"] is True
    assert list(prepared["options"]) == [o.name for o in ps.OPTIONS]


def test_a_record_of_a_game_not_registered_keeps_its_options_as_written(tmp_path):
    record = ps.play(ps.load_scenario("capture-the-flag"), seed=1, options={"turn_limit": 1})
    document = json.loads(record.save(tmp_path / "game.json").read_text("utf-8"))
    document["game"], document["options"] = "no-such-game", {"speed": 3}
    (tmp_path / "other.json").write_text(json.dumps(document), encoding="utf-8")
    assert dict(workbench.load(tmp_path / "other.json").options) == {"speed": 3}


def test_an_options_unwritten_value_is_its_default_unless_it_changed():
    plain = Option.flag("walls", "Optional Rules", "on, walls stand")
    changed = Option.flag("walls", "Optional Rules", "on, walls stand", unwritten=True)
    assert plain.if_unwritten is False and changed.if_unwritten is True
    assert changed.with_default(False).if_unwritten is False  # a scenario's own value
    assert "(a record that leaves it out: True)" in changed.line()
    assert "record" not in plain.line()


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_option_written_out_at_its_default_starts_the_same_game(game):
    # saving writes the defaults out: they must mean what leaving them out means
    found = next(g for g in all_games() if g.name == game)
    for name in sorted(found.scenarios()):
        scenario = found.load_scenario(name)
        full = written_out(game, scenario, {})
        assert set(full) == {o.name for o in found.options(scenario)}
        assert canonical(found.start(scenario, full)) == canonical(found.start(scenario, {}))
