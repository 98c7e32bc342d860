"""Every bad file, path and reference ends in BoardFileError naming the file and the JSON
path; saving keeps the file as it was, only newer (see RELIABILITY.md)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

import workbench
from workbench.boards.hexmap import HexMap
from workbench.errors import ArgumentError, WorkbenchError
from workbench.files import BoardFileError, load, load_document, save
from workbench.files.limits import MAX_EXPANDED_HEXES, MAX_FILE_BYTES
from workbench.games.panzer_vor.boards.scenario import PanzerVorScenario

ROOT = Path(__file__).resolve().parents[1]
PV = ROOT / "maps" / "panzer-vor"
MAP = {"format": "workbench.map.hex/1", "name": "tiny", "grid": {"rows": 4, "cols": 4}}


def scenario(**changes) -> dict:
    document = {
        "format": "workbench.scenario.panzer-vor/1",
        "name": "Duel",
        "map": "map.json",
        "sides": [
            {"key": "A", "tanks": [{"tank": "T-34/76", "hex": "0101"}]},
            {"key": "B", "tanks": [{"tank": "Tiger I", "hex": "0404"}]},
        ],
    }
    return {**document, **changes}


def write(path: Path, document: dict | str | bytes) -> Path:
    if isinstance(document, bytes):
        path.write_bytes(document)
    else:
        text = document if isinstance(document, str) else json.dumps(document)
        path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path | str, field: str | None = None, **kwargs) -> BoardFileError:
    with pytest.raises(BoardFileError) as caught:
        load(path, **kwargs)
    error = caught.value
    assert isinstance(error, WorkbenchError) and isinstance(error, ValueError)
    if field is not None:
        assert error.field == field, str(error)
    return error


def map_text(**fields: str) -> str:
    """A map document's JSON with some fields written as raw JSON text."""
    text = json.dumps(MAP)[:-1]
    return text + "".join(f', "{k}": {v}' for k, v in fields.items()) + "}"


# --- the bytes and the JSON -----------------------------------------------------------------
def test_deep_nesting(tmp_path):
    error = refused(write(tmp_path / "a.json", "[" * 100_000), "$")
    assert "nested" in error.found
    deep = '{"x": ' * 100 + "1" + "}" * 100
    error = refused(write(tmp_path / "b.json", map_text(description=deep)))
    assert error.field.startswith("$.description.x.x") and "nested" in error.found


def test_numbers_with_thousands_of_digits(tmp_path):
    text = map_text().replace('"rows": 4', '"rows": ' + "9" * 5000)
    error = refused(write(tmp_path / "a.json", text), "$.grid.rows")
    assert "5000 characters" in error.found
    table = json.loads((ROOT / "maps/tanks/standard-table.json").read_text("utf-8"))
    table["terrain"][0]["polygon"][0][0][0] = "@"
    text = json.dumps(table).replace('"@"', "3" * 401)
    error = refused(write(tmp_path / "t.json", text))
    assert error.field.startswith("$.terrain[") and error.field.endswith("[0]")


@pytest.mark.parametrize(
    "tag", ["workbench.map.hex/¹", "workbench.map.hex/" + "9" * 5000, "x" * 10_000, 7, None]
)
def test_strange_format_tags(tmp_path, tag):
    error = refused(write(tmp_path / "a.json", {**MAP, "format": tag}), "$.format")
    assert "workbench.map.hex/1" in error.expected and len(str(error)) < 2000


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_not_finite_numbers_in_a_table_polygon(tmp_path, constant):
    table = json.loads((ROOT / "maps/tanks/standard-table.json").read_text("utf-8"))
    table["terrain"][0]["polygon"][0][1][0] = "@"
    text = json.dumps(table).replace('"@"', constant)
    error = refused(write(tmp_path / "t.json", text), "$.terrain[0].polygon[0][1][0]")
    assert error.expected == "a finite number"


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    path = write(tmp_path / "a.json", b"\xef\xbb\xbf" + json.dumps(MAP).encode())
    assert load(path).name == "tiny"
    error = refused(write(tmp_path / "b.json", b"\xff\xfe" + json.dumps(MAP).encode()), "$")
    assert "not UTF-8" in error.found


def test_duplicate_keys(tmp_path):
    text = json.dumps(MAP)[:-1] + ', "places": {"0101": "a", "0101": "b"}}'
    error = refused(write(tmp_path / "a.json", text), "$.places")
    assert "'0101' twice" in error.found
    refused(write(tmp_path / "b.json", '{"name": "a", "name": "b"}'), "$")


def test_a_lone_surrogate_is_refused_and_never_saved(tmp_path):
    text = json.dumps({**MAP, "name": "x\ud800"})  # written as the escape \ud800
    error = refused(write(tmp_path / "a.json", text), "$.name")
    assert "surrogate" in error.found
    hexmap = HexMap.blank(2, 2, name="x\ud800")
    with pytest.raises(BoardFileError) as caught:
        save(hexmap, tmp_path / "b.json")
    assert caught.value.field == "$.name" and not (tmp_path / "b.json").exists()


def test_documents_are_checked_like_files():
    with pytest.raises(BoardFileError) as caught:
        load_document({**MAP, "grid": {"rows": float("nan"), "cols": 2}})
    assert caught.value.field == "$.grid.rows"


# --- paths --------------------------------------------------------------------------------
def test_paths_that_are_not_files(tmp_path):
    assert "a directory" in refused(tmp_path).found
    assert "JSON" in refused(write(tmp_path / "empty.json", "")).expected
    assert "NUL" in refused("maps/a\0b.json").found
    assert refused("").found == "an empty path"
    assert "too long" in refused(tmp_path / ("x" * 300 + ".json")).found
    plain = write(tmp_path / "plain.json", MAP)
    assert "not a directory" in refused(plain / "x.json").found
    assert refused(tmp_path / "missing.json").found == "no such file"
    os.symlink(tmp_path / "loop-b", tmp_path / "loop-a")
    os.symlink(tmp_path / "loop-a", tmp_path / "loop-b")
    assert "loop of symbolic links" in refused(tmp_path / "loop-a").found
    with pytest.raises(ArgumentError, match="path"):
        load(42)  # type: ignore[arg-type]


def test_an_unreadable_file(tmp_path, monkeypatch):
    path = write(tmp_path / "a.json", MAP)
    real_open = os.open

    def denied(name, *args, **kwargs):
        if Path(name) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)  # root reads any file: the denial is simulated
    assert "permission denied" in refused(path).found


def test_fifos_and_devices_are_refused_without_opening(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    assert "FIFO" in refused(fifo).found
    assert "device" in refused("/dev/zero").found
    assert "device" in refused("/dev/null").found


def test_a_file_over_the_size_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing is read
    error = refused(path, "$")
    assert f"{MAX_FILE_BYTES:,} bytes" in error.expected


# --- size limits of the formats -------------------------------------------------------------
def test_map_rows_and_columns_are_limited(tmp_path):
    error = refused(write(tmp_path / "a.json", {**MAP, "grid": {"rows": 999, "cols": 999}}))
    assert error.field == "$.grid.rows" and "200" in error.expected


def test_ranges_naming_too_many_hexes(tmp_path):
    grid = {"rows": 200, "cols": 200, "digits": 3}
    zones = {f"z{i}": ["001001-200200"] for i in range(MAX_EXPANDED_HEXES // 40_000 + 1)}
    error = refused(write(tmp_path / "a.json", {**MAP, "grid": grid, "zones": zones}))
    assert error.field.startswith("$.zones") and "a limit" in error.expected


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["sides"][0].update(deployment=[{"within": 1000, "of": "0101"}]),
         "$.sides[0].deployment[0].within"),
        (lambda d: d["sides"][0]["tanks"].append({"tank": "Tiger I", "count": 100_000_000}),
         "$.sides[0].tanks[1].count"),
        (lambda d: d["sides"].extend({"key": f"k{i}"} for i in range(40_000)), "$.sides"),
        (lambda d: d["sides"][0].update(tanks=[{"tank": "Tiger I"}] * 101),
         "$.sides[0].tanks"),
    ],
)  # fmt: skip
def test_scenario_limits(tmp_path, change, field):
    write(tmp_path / "map.json", MAP)
    document = scenario()
    change(document)
    error = refused(write(tmp_path / "s.json", document), field)
    assert "limit" in error.expected or "at most" in error.expected
    assert len(str(error)) < 600  # no message lists 40,000 keys


def test_every_shipped_file_is_well_under_the_limits():
    for path in sorted((ROOT / "maps").rglob("*.json")):
        assert path.stat().st_size < MAX_FILE_BYTES / 100
        load(path)


# --- references stay inside the board folder --------------------------------------------------
def test_references_may_not_leave_the_board_folder(tmp_path):
    outside = write(tmp_path / "secret.json", {**MAP, "name": "SECRET-CONTENT"})
    folder = tmp_path / "game" / "scenarios"
    folder.mkdir(parents=True)
    for reference in ["../../secret.json", str(outside), "/etc/passwd"]:  # outside on purpose
        error = refused(write(folder / "s.json", scenario(map=reference)), "$.map")
        assert "SECRET" not in str(error) and (
            "board folder" in error.expected or "absolute" in error.expected
        )
    os.symlink(outside, folder / "link.json")  # a link inside that leads out
    error = refused(write(folder / "s.json", scenario(map="link.json")), "$.map")
    assert "board folder" in error.expected
    assert load(folder / "s.json", root=tmp_path).hexmap.name == "SECRET-CONTENT"  # widened


def test_the_shipped_layout_names_maps_one_folder_up():
    scenario = load(PV / "scenarios" / "saunders.json")
    assert isinstance(scenario, PanzerVorScenario) and scenario.map == "../saunders.json"


@pytest.mark.parametrize("field", ["map", "roster", "next_stage"])
def test_a_scenario_naming_itself(tmp_path, field):
    write(tmp_path / "map.json", MAP)
    error = refused(write(tmp_path / "s.json", scenario(**{field: "s.json"})), f"$.{field}")
    assert "s.json -> s.json" in error.expected or "is not" in error.expected


def test_a_cycle_of_stages(tmp_path):
    write(tmp_path / "map.json", MAP)
    write(tmp_path / "a.json", scenario(next_stage="b.json"))
    write(tmp_path / "b.json", scenario(next_stage="a.json"))
    error = refused(tmp_path / "a.json")
    assert "a.json -> b.json -> a.json" in error.expected


def test_the_loaded_value_must_be_the_right_kind(tmp_path):
    write(tmp_path / "map.json", MAP)
    error = refused(write(tmp_path / "s.json", scenario(next_stage="map.json")), "$.next_stage")
    assert "is not one (a HexMap)" in error.expected
    write(tmp_path / "ok.json", scenario())
    error = refused(write(tmp_path / "t.json", scenario(map="ok.json")), "$.map")
    assert "a PanzerVorScenario" in error.expected


def test_a_board_tile_set_stays_inside(tmp_path):
    board = json.loads((ROOT / "maps/panzer-strike/capture-the-flag.json").read_text("utf-8"))
    (tmp_path / "inner").mkdir()
    shutil.copy(ROOT / "maps/panzer-strike/tiles.json", tmp_path / "tiles.json")
    error = refused(write(tmp_path / "inner" / "b.json", {**board, "tile_set": "../tiles.json"}))
    assert error.field == "$.tile_set" and "board folder" in error.expected


def test_a_record_saved_outside_keeps_its_scenario_inline(tmp_path):
    from workbench.games import get_game
    from workbench.rules.play import play

    game = get_game("panzer-vor")
    record = play(game, load(PV / "scenarios" / "test-your-luck.json"), seed=1)
    path = record.save(tmp_path / "r.json")
    assert isinstance(json.loads(path.read_text("utf-8"))["scenario"], dict)
    assert load(path).steps == record.steps


# --- saving: the file as it was, only newer -------------------------------------------------
def test_saving_keeps_mode_and_writes_through_links(tmp_path):
    hexmap = HexMap.blank(3, 3, name="first")
    path = save(hexmap, tmp_path / "m.json")
    os.chmod(path, 0o640)
    save(HexMap.blank(3, 3, name="second"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640 and load(path).name == "second"
    link = tmp_path / "link.json"
    link.symlink_to(path)
    save(HexMap.blank(3, 3, name="third"), link)
    assert link.is_symlink() and load(path).name == "third"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "m.json"]


def test_a_new_file_gets_the_usual_mode(tmp_path):
    mask = os.umask(0o027)
    try:
        path = save(HexMap.blank(2, 2), tmp_path / "m.json")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_read_only_file_or_a_folder_is_refused(tmp_path):
    path = save(HexMap.blank(2, 2, name="kept"), tmp_path / "m.json")
    os.chmod(path, 0o444)
    with pytest.raises(BoardFileError, match="read-only"):
        save(HexMap.blank(2, 2, name="new"), path)
    assert load(path).name == "kept"
    with pytest.raises(BoardFileError, match="not a regular file"):
        save(HexMap.blank(2, 2), tmp_path)


@pytest.mark.parametrize("failure", [OSError(errno.ENOSPC, "No space left"), KeyboardInterrupt()])
def test_a_failed_save_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch, failure):
    path = save(HexMap.blank(2, 2, name="kept"), tmp_path / "m.json")
    before = path.read_bytes()

    def broken(fd):
        raise failure

    monkeypatch.setattr(os, "fsync", broken)
    expected = BoardFileError if isinstance(failure, OSError) else KeyboardInterrupt
    with pytest.raises(expected):
        save(HexMap.blank(5, 5, name="new"), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def test_a_killed_save_s_temporary_is_removed_by_the_next(tmp_path):
    path = save(HexMap.blank(2, 2), tmp_path / "m.json")
    stale = write(tmp_path / ".m.json.saving-999999999.abcd.tmp", "partial")
    save(HexMap.blank(2, 2, name="again"), path)
    assert not stale.exists() and load(path).name == "again"


def test_workbench_exports_the_same_error():
    assert workbench.BoardFileError is BoardFileError


def test_scenario_areas_naming_too_many_hexes(tmp_path):
    write(tmp_path / "map.json", {**MAP, "grid": {"rows": 200, "cols": 200, "digits": 3}})
    whole = ["001001-200200"] * (MAX_EXPANDED_HEXES // 40_000 + 1)
    document = scenario()
    document["sides"] = [
        {"key": "A", "tanks": [{"tank": "T-34/76", "hex": "001001"}], "deployment": whole},
        {"key": "B", "tanks": [{"tank": "Tiger I", "hex": "004004"}]},
    ]
    error = refused(write(tmp_path / "s.json", document))
    assert error.field.startswith("$.sides[0].deployment[") and "a limit" in error.expected


def test_the_readme_lists_every_limit():
    from workbench.files import limits
    from workbench.files.registry import known_formats, schema

    readme = (ROOT / "maps" / "README.md").read_text("utf-8")
    table = readme[readme.index("## Limits") :]
    numbers = {v for k, v in vars(limits).items() if k.startswith("MAX_")} - {MAX_FILE_BYTES}
    assert f"{MAX_FILE_BYTES:,}" in table

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("maxItems", "maxProperties", "maxLength") and value > 9:
                    numbers.add(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for fmt in known_formats().values():
        walk(schema(fmt.schema, fmt.schemas))
    for number in numbers:
        assert f"{number:,}" in table or f" {number}" in table, number


def test_saving_keeps_the_owner(tmp_path):
    path = save(HexMap.blank(2, 2, name="first"), tmp_path / "m.json")
    if os.geteuid() == 0:  # only root may give a file away; elsewhere the owner is ours anyway
        os.chown(path, 1234, 5678)
    owner = path.stat().st_uid, path.stat().st_gid
    save(HexMap.blank(2, 2, name="second"), path)
    assert (path.stat().st_uid, path.stat().st_gid) == owner


def test_the_new_contents_reach_the_disk_before_the_rename(tmp_path, monkeypatch):
    path = save(HexMap.blank(2, 2), tmp_path / "m.json")
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(
        os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1]
    )
    save(HexMap.blank(3, 3), path)
    assert calls[:2] == ["fsync", "replace"]


def test_a_file_of_too_many_values_is_refused_before_the_schema_check(tmp_path):
    from workbench.files.limits import MAX_VALUES

    table = json.loads((ROOT / "maps/tanks/standard-table.json").read_text("utf-8"))
    ring = [[10, 10]] * (MAX_VALUES // 3 + 1)  # each point: a list and two numbers
    table["terrain"][0]["polygon"] = [ring]
    error = refused(write(tmp_path / "t.json", table), "$")
    assert f"{MAX_VALUES:,}" in error.expected


@pytest.mark.parametrize(
    ("shipped", "change", "field"),
    [
        ("maps/tanks/my-cards-roster.json",
         lambda d: d["tanks"].update({"ISU-122": {"points": 0.0}}), '$.tanks["ISU-122"].points'),
        ("workbench/data/roster-panzer-vor.json",
         lambda d: next(iter(d["tanks"].values())).update(range=8.0), "$.tanks"),
    ],
)  # fmt: skip
def test_a_whole_number_written_as_a_float_is_refused(tmp_path, shipped, change, field):
    """Found by the fuzzer: JSON Schema counts 8.0 as an integer, the values did not."""
    document = json.loads((ROOT / shipped).read_text("utf-8"))
    change(document)
    error = refused(write(tmp_path / "r.json", document))
    assert error.field.startswith(field) and "whole number" in error.expected
