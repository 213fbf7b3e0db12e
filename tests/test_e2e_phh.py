"""`marquoir import phh` and `marquoir export phh` through the installed command, on the
sample of real hands in tests/data (README there)."""

from __future__ import annotations

from pathlib import Path

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

DATA = Path(__file__).resolve().parent / "data"
# wsop-sample.phhs: the 25 hold'em and Omaha hands of the WSOP file (11 NT, 7 FT, 7 PO), which
# PokerKit replays to their finishing_stacks, and one hand of each of the 6 other variants.
IMPORTED = 25
OTHER_VARIANTS = ["F7S", "FO/8", "FR", "N2L1D", "F7S/8", "F2L3D"]  # in the order of the file


def test_import_the_wsop_hands_then_export_them(cli: Marquoir, tmp_path: Path) -> None:
    lines = cli("import", "phh", str(DATA / "wsop-sample.phhs")).splitlines()
    assert lines[:2] == [
        f"{IMPORTED} hands imported into sessions wsop-sample, wsop-sample-2, wsop-sample-3, "
        "wsop-sample-4, wsop-sample-5, 6 skipped",
        f"finishing stacks: {IMPORTED} of {IMPORTED} hands match",
    ]
    assert [line.split(": variant ")[1] for line in lines[2:]] == [
        f"{variant} is not supported (Marquoir imports NT, FT and PO)" for variant in OTHER_VARIANTS
    ]
    sessions = ["wsop-sample"] + [f"wsop-sample-{n}" for n in range(2, 6)]
    exported = []
    for name in sessions:
        out = tmp_path / f"{name}.phhs"
        assert cli("export", "phh", "-o", str(out), "--session", name) == f"written to {out}\n"
        exported.append(str(out))
    assert Path(exported[0]).read_text(encoding="utf-8").startswith('[1]\nvariant = "NT"\n')
    # our own export imported again: the same hands, every one at its finishing stacks
    again = cli("import", "phh", *exported, "--session", "again").splitlines()
    assert again[1:] == [f"finishing stacks: {IMPORTED} of {IMPORTED} hands match"]
    assert again[0].startswith(f"{IMPORTED} hands imported into sessions again, again-2, ")


def test_import_refuses_clearly(cli: Marquoir, tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "NT"\nactions = [\n', encoding="utf-8")
    assert cli.refused("import", "phh", str(bad)).startswith("Error: ")
    done = cli.run("import", "phh", str(DATA / "famous.phhs"), "--session", "a b")
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        "Error: 'a b' is not a valid session name: one word, without '>' or '='\n",
    )
    assert not cli.db.exists() or "a b" not in cli("sessions")
