"""PHH hand histories: reading and writing the format, importing real hands through the
table's rules, exporting a session's hands and replaying them in PokerKit.

The real hands are a sample of the public PHH dataset in tests/data (README there): 258
Pluribus hands (no-limit hold'em, all with finishing_stacks, the 8 half-chip split pots among
them), 31 WSOP hands (every hold'em and Omaha hand, one of each other variant), 5 famous
hands. The real-hand tests also run on the dataset's full files (10,000 Pluribus hands, 83
WSOP hands) when the environment variable MARQUOIR_PHH_DIR names the folder that holds them.
"""

from __future__ import annotations

import os
import random
import warnings
from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import NamedTuple

import pytest
from pokerkit import HandHistory

from marquoir.domain import (
    Action,
    BettingKind,
    Game,
    IllegalAction,
    Phase,
    ShowdownError,
    TableConfig,
)
from marquoir.domain.events import Dealt, ShowedDown
from marquoir.domain.hand import Hand
from marquoir.domain.phh import (
    NotSupported,
    PHHAction,
    PHHError,
    PHHHand,
    dumps,
    dumps_hand,
    from_chips,
    loads,
    parse_action,
    scale_for,
    table_config,
    to_chips,
)
from marquoir.domain.table import SessionSettings, Table, TableEvent
from marquoir.reports.phh_export import export_phh, finished_hands
from marquoir.storage import codec
from marquoir.storage.ledger import Ledger, SessionInfo
from marquoir.storage.phh_import import (
    ImportReport,
    PHHImportError,
    PHHSource,
    import_phh,
    player_names,
)

DATA = Path(__file__).resolve().parent / "data"
PLURIBUS = DATA / "pluribus-sample.phhs"
WSOP = DATA / "wsop-sample.phhs"
FAMOUS = DATA / "famous.phhs"
FULL_DIR = os.environ.get("MARQUOIR_PHH_DIR")  # the dataset's full files, to run them too

# The 8 Pluribus hands ([key] in the files) whose finishing_stacks carry half chips.
HALF_CHIP_HANDS = {"177", "925", "2591", "4112", "5356", "5652", "5662", "7124"}


class RealFile(NamedTuple):
    """A file of real hands and its counts, read from the file itself (which hands reach
    their finishing_stacks is PokerKit's replay, in the tests)."""

    path: Path
    hands: int
    players: int = 0  # distinct names
    imported: dict[str, int] | None = None  # hands per variant Marquoir plays
    skipped: dict[str, int] | None = None  # hands per variant it does not


def real_files(sample: RealFile, full: RealFile) -> Sequence[object]:
    """The sample; the full file too when MARQUOIR_PHH_DIR is set (it must then be there)."""
    params = [pytest.param(sample, id="sample")]
    if FULL_DIR:
        path = Path(FULL_DIR) / full.path
        assert path.is_file(), f"MARQUOIR_PHH_DIR: {path} is not a file"
        params.append(pytest.param(full._replace(path=path), id="full"))
    return params


PLURIBUS_FILES = real_files(
    RealFile(PLURIBUS, 258, players=14), RealFile(Path("pluribus.phhs"), 10_000, players=14)
)
PLAYED = {"NT": 11, "FT": 7, "PO": 7}  # the WSOP hold'em and Omaha hands: all in the sample
WSOP_FILES = real_files(
    RealFile(
        WSOP,
        31,
        imported=PLAYED,
        skipped=dict.fromkeys(("F7S", "FO/8", "FR", "N2L1D", "F7S/8", "F2L3D"), 1),
    ),
    RealFile(
        Path("wsop.phhs"),
        83,
        imported=PLAYED,
        skipped={"F7S": 13, "FO/8": 14, "FR": 10, "N2L1D": 7, "F7S/8": 7, "F2L3D": 7},
    ),
)

HEADER = """variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
"""


def hand_text(actions: list[str], header: str = HEADER, **fields: object) -> str:
    extra = "".join(f"{name} = {value!r}\n" for name, value in fields.items())
    return header + f"actions = {actions!r}\n" + extra


def pokerkit_final(text: str) -> list[list[int]]:
    """Each hand of a PHH text replayed by PokerKit: the final stacks."""
    finals = []
    for history in HandHistory.loads_all(text):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(history)
        finals.append(list(states[-1].stacks))
    return finals


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[Ledger]:
    with Ledger(tmp_path / "marquoir.db") as book:
        yield book


def counts(book: Ledger) -> list[int]:
    """Rows in the tables an import writes."""
    return [
        int(book.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        for table in ("sessions", "events", "snapshots", "hands")
    ]


# -- the format ----------------------------------------------------------------------------


def test_a_single_hand_and_a_file_of_hands_are_read() -> None:
    one = loads(hand_text(["d dh p1 AsKs", "p3 f"], players=["a", "b", "c"]))
    assert len(one) == 1 and one[0].key == "" and one[0].players == ("a", "b", "c")
    many = loads("[1]\n" + hand_text(["p3 f"]) + "\n[2]\n" + hand_text(["p3 cc"], hand=7))
    assert [h.key for h in many] == ["1", "2"] and many[1].hand == 7
    assert many[0].starting_stacks == (200, 200, 200) and many[0].min_bet == 2


def test_fractional_amounts_are_read_exactly() -> None:
    text = hand_text(["p3 cbr 10.25"]).replace("[200, 200, 200]", "[1259450.25, 678473.5, 1]")
    hand = loads(text)[0]
    assert hand.starting_stacks == (Decimal("1259450.25"), Decimal("678473.5"), 1)
    assert parse_action("p3 cbr 10.25").amount == Decimal("10.25")
    assert scale_for([1, Decimal("0.5"), Decimal("1259450.25")]) == 100
    assert to_chips(Decimal("1259450.25"), 100) == 125945025
    assert from_chips(125945025, 100) == Decimal("1259450.25") and from_chips(300, 100) == 3
    with pytest.raises(PHHError, match="whole number"):
        to_chips(Decimal("0.5"), 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 AsKd", PHHAction("d", "dh", 1, "AsKd")),
        # (the usual deal is read in one step; these other ways of writing it are not)
        ("d dh p10 ????", PHHAction("d", "dh", 10, "????")),
        ("d dh p01 Ah", PHHAction("d", "dh", 1, "Ah")),
        (" d  dh p2 AsKdQh2c ", PHHAction("d", "dh", 2, "AsKdQh2c")),
        ("d dh p3 7c7d # pocket sevens", PHHAction("d", "dh", 3, "7c7d", comment="pocket sevens")),
        ("d db 9dKd8d", PHHAction("d", "db", None, "9dKd8d")),
        ("p2 cbr 225", PHHAction("p2", "cbr", 2, amount=225)),
        ("p12 cc # tank", PHHAction("p12", "cc", 12, comment="tank")),
        ("p1 f", PHHAction("p1", "f", 1)),
        ("p4 sm", PHHAction("p4", "sm", 4)),
        ("p4 sm ????", PHHAction("p4", "sm", 4, "????")),
        ("p4 sm -", PHHAction("p4", "sm", 4, "-")),
        ("# a burn card is shown", PHHAction("", "", comment="a burn card is shown")),
    ],
)
def test_actions_are_read(text: str, expected: PHHAction) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        *("p0 f", "x1 f", "p1 cbr", "p1 cbr -3", "d db Xs", "p1 raise 5"),
        *("d dh p1 AsK", "d dh p0 AsKd", "d dh p1 1sKd"),
    ],
)
def test_unreadable_actions_are_refused(text: str) -> None:
    with pytest.raises(PHHError):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = 'NT'\n", "the field"),
        ("[1]\nx = 1\n", "missing"),
        ("a = [\n", "not a PHH file"),
        (HEADER.replace("[0, 0, 0]", "[0, 0]") + "actions = []\n", "antes has 2 entries"),
        (hand_text([], players=["a", "b"]), "players must list 3"),
    ],
)
def test_malformed_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(PHHError, match=message):
        loads(text)


def test_written_hands_read_back_the_same() -> None:
    hands = loads(FAMOUS.read_text(encoding="utf-8"))
    odd = (
        HEADER
        + "actions = ['p3 cbr 5 # \"all\" in']\n"
        + 'players = [\'a "b"\', "c\\\\d", "\u00e9"]\n'
    )
    hands += loads('["x y"]\n' + odd)
    assert hands[-1].players == ('a "b"', "c\\d", "\u00e9") and hands[-1].key == "x y"
    for hand in hands:
        assert loads(dumps_hand(hand))[0] == hand._replace(key="")
    assert loads(dumps(hands)) == hands
    assert HandHistory.loads(dumps_hand(hands[-1])).players == ['a "b"', "c\\d", "\u00e9"]


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, TableConfig(1, 2)),
        ({"antes": [3, 3, 3]}, TableConfig(1, 2, ante=3)),
        ({"antes": [0, 4, 0]}, TableConfig(1, 2, ante=4, bb_ante=True)),
        ({"blinds_or_straddles": [1, 2, 4]}, TableConfig(1, 2, straddle=True)),
        (
            {"variant": "FT", "small_bet": 2, "big_bet": 4, "min_bet": None},
            TableConfig(1, 2, betting=BettingKind.FIXED_LIMIT, small_bet=2, big_bet=4, cap=4),
        ),
        (
            {"variant": "PO"},
            TableConfig(1, 2, game=Game.OMAHA, betting=BettingKind.POT_LIMIT),
        ),
    ],
)
def test_table_configurations(fields: dict[str, object], expected: TableConfig) -> None:
    base = loads(hand_text([]))[0]
    lists = {k: tuple(v) for k, v in fields.items() if isinstance(v, list)}
    hand = base._replace(**{**fields, **lists})
    assert table_config(hand) == expected


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"variant": "F7S"}, "variant F7S is not supported"),
        ({"antes": (0, 0, 5)}, r"antes \[0, 0, 5\] cannot be played"),
        ({"blinds_or_straddles": (1, 2, 3)}, "at most one straddle of twice"),
        ({"blinds_or_straddles": (0, 2, 0)}, "a small and a big blind"),
        ({"min_bet": 1}, "min_bet 1 is not the big blind"),
        ({"starting_stacks": (200, Decimal("inf"), 200)}, "unknown starting stacks"),
        ({"starting_stacks": (200,) * 11, "antes": (0,) * 11}, "seats 10"),
    ],
)
def test_tables_marquoir_does_not_play(fields: dict[str, object], message: str) -> None:
    hand = loads(hand_text([]))[0]._replace(**fields)
    with pytest.raises(NotSupported, match=message):
        table_config(hand)


def test_player_names_are_one_word() -> None:
    hand = loads(hand_text([], players=["Brian  Rast", "a>b=c", "x"]))[0]
    assert player_names(hand) == ["Brian_Rast", "a_b_c", "x"]
    assert player_names(hand._replace(players=None)) == ["p1", "p2", "p3"]
    assert player_names(hand._replace(players=("a", "a", "b"))) == ["p1", "p2", "p3"]


# -- importing -----------------------------------------------------------------------------


def test_a_hand_is_played_through_the_table(ledger: Ledger) -> None:
    actions = ["d dh p1 AsKs", "d dh p2 2c2d", "d dh p3 7h8h", "p3 f", "p1 cbr 10", "p2 cc"]
    actions += ["d db AhKh3c", "p1 cbr 20", "p2 cc", "d db 4d", "p1 cc", "p2 cc", "d db 9s"]
    actions += ["p1 cc", "p2 cc", "p2 sm 2c2d", "p1 sm AsKs"]
    text = hand_text(actions, players=["Ann Lee", "Bob", "Cy"], finishing_stacks=[230, 170, 200])
    report = import_phh(ledger, [PHHSource("one.phh", text)], session="night")
    assert (report.imported, report.matching, report.sessions) == (1, 1, ("night",))
    info = ledger.current()
    assert info.name == "night" and info.settings.table == TableConfig(1, 2)
    kinds = [e.kind for e in ledger.events(info)]
    assert (
        kinds == ["seat"] * 3 + ["button", "deal"] + ["action"] * 9 + ["showdown"] + ["leave"] * 3
    )
    summary = ledger.hands(info)[0]
    assert summary["final"] == {"Ann_Lee": 230, "Bob": 170, "Cy": 200}
    assert summary["button"] == "Cy"
    table = ledger.load(info)
    assert table.present() == [] and table.accounts["Ann_Lee"].cashed_out == 230


def test_a_name_in_another_case_is_the_same_player(ledger: Ledger) -> None:
    """Marquoir's names ignore case (`Ann` is `ann`): a history that spells a player one way
    in a hand and another way in the next imports both hands, under the first spelling."""
    first = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 cc", "p2 f"]
    first += ["d db 2h3h4h", "p1 cc", "p3 cc", "d db 5c", "p1 cc", "p3 cc", "d db 9d"]
    first += ["p1 cc", "p3 cc", "p1 sm AsKs", "p3 sm QhQd"]
    second = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 cc", "p2 f"]
    second += ["d db 2h3h4h", "p1 cbr 10", "p3 f"]
    # hand 1: the wheel (A-2-3-4-5) beats the queens, Élodie takes 6 + 6 + 2; hand 2: Ann
    # folds to the bet, Élodie takes the 14 again and her 10 back
    stacks = [208, 198, 194]
    one = hand_text(first, players=["Élodie", "Bob", "ann"], finishing_stacks=stacks)
    two = hand_text(second, players=["élodie", "BOB", "Ann"], finishing_stacks=stacks)
    text = f"[1]\n{one}\n[2]\n{two}"
    assert pokerkit_final(text) == [stacks, stacks]  # PokerKit agrees with the hand-worked
    report = import_phh(ledger, [PHHSource("case.phhs", text)], session="night")
    assert (report.imported, report.matching) == (2, 2)
    table = ledger.load(ledger.current())
    assert {name: a.cashed_out - a.bought for name, a in table.accounts.items()} == {
        "Élodie": 16,
        "Bob": -4,
        "ann": -12,
    }


def test_a_refused_action_imports_nothing(ledger: Ledger) -> None:
    ledger.create_session("before", SessionSettings(TableConfig(1, 2)))
    rows = counts(ledger)
    good = hand_text(["p3 f", "p1 f"])
    bad = hand_text(["p3 f", "p1 cbr 3"])  # the minimum raise is to 4
    text = f"[1]\n{good}\n[2]\n{bad}"
    with pytest.raises(PHHImportError, match=r"^f.phhs hand 2: action 2 \('p1 cbr 3'\): the "):
        import_phh(ledger, [PHHSource("f.phhs", text)], session="night")
    assert counts(ledger) == rows and ledger.current().name == "before"
    with pytest.raises(PHHImportError, match=r"^f.phh: action 1 \('p1 f'\): it is p3's turn"):
        import_phh(ledger, [PHHSource("f.phh", hand_text(["p1 f"]))], session="night")
    with pytest.raises(IllegalAction, match="a session named before already exists"):
        import_phh(ledger, [PHHSource("f.phhs", good)], session="before")
    assert counts(ledger) == rows


def test_unreadable_files_name_themselves(ledger: Ledger, tmp_path: Path) -> None:
    with pytest.raises(PHHImportError, match="cannot read .*missing.phhs"):
        import_phh(ledger, [tmp_path / "missing.phhs"], session="s")
    with pytest.raises(PHHImportError, match="^x.phh: not a PHH file"):
        import_phh(ledger, [PHHSource("x.phh", "a = [\n")], session="s")
    with pytest.raises(PHHImportError, match=r"^x.phh: cannot read the action 'p1 go'"):
        import_phh(ledger, [PHHSource("x.phh", hand_text(["p1 go"]))], session="s")
    with pytest.raises(PHHImportError, match="no hand can be imported: variant F7S"):
        import_phh(ledger, [PHHSource("x.phh", hand_text([]).replace("NT", "F7S"))], session="s")
    assert counts(ledger)[:2] == [0, 0]


def test_the_check_pokerkit_asks_of_a_lone_player_is_passed_over(ledger: Ledger) -> None:
    """p3 calls all-in for the big blind, p1 folds: PokerKit asks the big blind to check
    (test_differential_pokerkit), Marquoir asks him nothing."""
    header = HEADER.replace("[200, 200, 200]", "[100, 100, 2]")
    actions = ["d dh p1 ????", "d dh p2 AsAh", "d dh p3 KsKh", "p3 cc", "p1 f", "p2 cc"]
    actions += ["d db 2c3d9h", "d db Jc", "d db Qs", "p2 sm AsAh", "p3 sm KsKh"]
    text = hand_text(actions, header, finishing_stacks=[99, 103, 0])
    assert pokerkit_final(f"[1]\n{text}") == [[99, 103, 0]]
    report = import_phh(ledger, [PHHSource("lone.phh", text)], session="s")
    assert report.matching == 1
    with pytest.raises(
        PHHImportError, match=r"^lone.phh: action 6 \('p1 cbr 9'\): nobody is to act"
    ):
        bad = hand_text([*actions[:4], "p1 f", "p1 cbr 9"], header)
        import_phh(ledger, [PHHSource("lone.phh", bad)], session="t")


def test_hands_that_cannot_be_settled_are_skipped(ledger: Ledger) -> None:
    unfinished = hand_text(["p3 f"])
    unknown = hand_text(["p3 cc", "p1 cc", "p2 cc", "d db AhKh3c"])  # stops on the flop
    river = ["p3 cc", "p1 cc", "p2 cc", "d db AhKh3c", "p1 cc", "p2 cc", "p3 cc", "d db 4d"]
    river += ["p1 cc", "p2 cc", "p3 cc", "d db 9s", "p1 cc", "p2 cc", "p3 cc"]
    no_cards = hand_text([*river, "p1 sm ????", "p2 sm ????", "p3 sm"])
    muck = hand_text([*river, "p1 sm AsKs", "p2 sm", "p3 sm"], finishing_stacks=[204, 198, 198])
    # p2 keeps his cards hidden: not named, he loses to the cards p1 shows (as in PokerKit)
    hidden = hand_text([*river, "p1 sm AsKs", "p2 sm ????", "p3 sm 2c2d"])
    hidden += "finishing_stacks = [204, 198, 198]\n"
    hands = [unfinished, unknown, no_cards, muck, hidden]
    text = "\n".join(f"[{i}]\n{t}" for i, t in enumerate(hands))
    report = import_phh(ledger, [PHHSource("s.phhs", text)], session="s")
    assert report.imported == 2 and report.matching == 2
    assert pokerkit_final(f"[1]\n{muck}\n[2]\n{hidden}") == [[204, 198, 198]] * 2
    assert [h.message for h in report.hands if not h.imported] == [
        "the actions stop before the end of the hand (p1 to act)",
        "the actions stop before the end of the hand (p1 to act)",
        "the showdown cards of p1, p2 are not known",
    ]
    assert "skipped s.phhs hand 2: the showdown cards of p1, p2 are not known" in report.lines()
    assert ledger.load(ledger.current()).hand_no == 2


def test_the_odd_chip_is_reported(ledger: Ledger) -> None:
    """The small blind folds: a pot of 5 split between p2 and p3. Marquoir gives the odd
    chip to p2 (the first left of the button, p3); this history says p3 took it."""
    header = HEADER.replace("[200, 200, 200]", "[10, 10, 10]")
    actions = ["d dh p1 2c7h", "d dh p2 AsKs", "d dh p3 AdKd", "p3 cc", "p1 f", "p2 cc"]
    actions += ["d db 2s3h4c", "p2 cc", "p3 cc", "d db 9d", "p2 cc", "p3 cc", "d db Jc"]
    actions += ["p2 cc", "p3 cc", "p2 sm AsKs", "p3 sm AdKd"]
    text = hand_text(actions, header, finishing_stacks=[9, 10, 11])
    report = import_phh(ledger, [PHHSource("odd.phh", text)], session="s")
    assert report.differing == 1
    assert report.hands[0].message == (
        "odd chip: the main pot of 5 is split between p2 and p3: Marquoir gives the odd chip "
        "to p2, the first winner left of the button; the history gives it to p3"
    )
    assert pokerkit_final(f"[1]\n{text}") == [[9, 11, 10]]  # PokerKit agrees with Marquoir


def test_amounts_with_decimals_are_scaled_per_session(ledger: Ledger) -> None:
    cents = hand_text(["p3 cbr 2.5", "p1 f", "p2 f"]).replace("[1, 2, 0]", "[0.5, 1, 0]")
    cents = cents.replace("min_bet = 2", "min_bet = 1")
    whole = hand_text(["p3 f", "p1 f"])
    text = f"[1]\n{cents}finishing_stacks = [199.5, 199, 201.5]\n\n[2]\n{whole}"
    report = import_phh(ledger, [PHHSource("c.phhs", text)], session="s")
    assert report.sessions == ("s", "s-2") and report.scales == {"s": 10}
    assert report.matching == 1
    assert "session s: amounts multiplied by 10 to make whole chips (a chip is 0.1" in (
        "\n".join(report.lines())
    )
    info = ledger.session_named("s")
    assert info.settings.table.big_blind == 10 and info.settings.chip_value == "0.1"
    assert ledger.session_named("s-2").settings.chip_value == "1"


def test_heads_up_hands_put_the_button_on_p2(ledger: Ledger) -> None:
    header = HEADER.replace("[0, 0, 0]", "[0, 3]").replace("[1, 2, 0]", "[1, 2]")
    header = header.replace("[200, 200, 200]", "[100, 100]")
    text = hand_text(["p2 f"], header, finishing_stacks=[101, 99])  # p1: big blind and ante
    report = import_phh(ledger, [PHHSource("hu.phh", text)], session="hu")
    assert report.matching == 1
    assert ledger.session_named("hu").settings.table == TableConfig(1, 2, ante=3, bb_ante=True)
    assert pokerkit_final(f"[1]\n{text}") == [[101, 99]]


# -- the real hands --------------------------------------------------------------------------


@pytest.fixture(scope="module", params=PLURIBUS_FILES)
def pluribus(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[ImportReport, Path, RealFile]:
    real: RealFile = request.param
    path = tmp_path_factory.mktemp("pluribus") / "pluribus.db"
    with Ledger(path) as book:
        return import_phh(book, [real.path], session="pluribus"), path, real


def reached_by_pokerkit(path: Path, variants: Collection[str] | None = None) -> set[str]:
    """The oracle: the hands ([key]) of the file, of these variants, that PokerKit replays
    to their finishing_stacks."""
    text = path.read_text(encoding="utf-8")
    reached = set()
    for hand, history in zip(loads(text), HandHistory.loads_all(text), strict=True):
        if variants is not None and hand.variant not in variants:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, last = history
        if list(last.stacks) == list(hand.finishing_stacks or ()):
            reached.add(hand.key)
    return reached


def test_every_pluribus_hand_reaches_its_finishing_stacks_but_the_half_chips(
    pluribus: tuple[ImportReport, Path, RealFile],
) -> None:
    report, _, real = pluribus
    assert (report.imported, report.skipped, report.compared) == (real.hands, 0, real.hands)
    half = len(HALF_CHIP_HANDS)
    assert (report.matching, report.differing) == (real.hands - half, half)
    keys = {h.label.rsplit(" ", 1)[1]: h for h in report.hands}
    differing = {key: h.message for key, h in keys.items() if h.differs}
    assert set(differing) == HALF_CHIP_HANDS
    # PokerKit gives the odd chip of these 8 pots to one player, not half to each
    assert reached_by_pokerkit(real.path) == set(keys) - HALF_CHIP_HANDS
    for message in differing.values():
        assert message.startswith("the finishing_stacks carry fractions of a chip (")
        assert "Marquoir gives the odd chip to" in message
    # hand 5662: Pluribus (p1) and MrBlue (p4) split the pot; the button is p6, Bill
    assert differing["5662"] == (
        "the finishing_stacks carry fractions of a chip (10112.5, 10112.5): the main pot of "
        "1349 is split between Pluribus and MrBlue: Marquoir gives the odd chip to Pluribus, "
        "the first winner left of the button"
    )


def test_the_pluribus_session_is_a_session_like_any_other(
    pluribus: tuple[ImportReport, Path, RealFile],
) -> None:
    report, path, real = pluribus
    with Ledger(path) as book:
        info = book.current()
        assert info.name == "pluribus" and report.sessions == ("pluribus",)
        assert info.settings.table == TableConfig(50, 100)
        hands = book.hands(info)
        # the file's first hand: Bill raises to 225 and takes the blinds
        assert len(hands) == real.hands and hands[0]["final"]["Bill"] == 10150
        table = book.load(info)
        assert table.hand_no == real.hands and table.present() == []
        results = {a.name: a.result for a in table.accounts.values()}
        assert sum(results.values()) == 0 and len(results) == real.players
        snapshots = book.conn.execute("SELECT count(*) FROM snapshots").fetchone()[0]
        # one every 200 hands, and one after the last event
        assert snapshots == real.hands // 200 + (real.hands % 200 > 0)


def test_pluribus_exported_again_has_the_same_betting_and_replays_in_pokerkit(
    pluribus: tuple[ImportReport, Path, RealFile],
) -> None:
    """Marquoir -> PHH: every hand's betting actions are the original ones, and PokerKit
    replays the hands (every one of the sample; of the full file every 25th and the
    half-chip ones) to Marquoir's stacks."""
    _, path, real = pluribus
    with Ledger(path) as book:
        text, skipped = export_phh(book)
    assert skipped == []
    ours, originals = loads(text), loads(real.path.read_text(encoding="utf-8"))
    assert len(ours) == len(originals) == real.hands

    def betting(hand: PHHHand) -> list[str]:
        return [a for a in hand.actions if a.split()[1] in ("f", "cc", "cbr")]

    assert all(betting(a) == betting(b) for a, b in zip(ours, originals, strict=True))
    assert [h.players for h in ours] == [
        player_names(h) and tuple(player_names(h)) for h in originals
    ]
    every = 1 if real.hands < 1000 else 25
    sample = [i for i, h in enumerate(originals) if i % every == 0 or h.key in HALF_CHIP_HANDS]
    finals = pokerkit_final(dumps([ours[i] for i in sample]))
    assert finals == [list(ours[i].finishing_stacks or ()) for i in sample]


@pytest.mark.parametrize("real", WSOP_FILES)
def test_wsop_holdem_and_omaha_hands_reach_their_finishing_stacks(
    ledger: Ledger, real: RealFile
) -> None:
    report = import_phh(ledger, [real.path], session="wsop")
    imported = Counter(h.variant for h in report.hands if h.imported)
    skipped = Counter(h.variant for h in report.hands if not h.imported)
    assert len(report.hands) == real.hands
    assert imported == real.imported and skipped == real.skipped
    assert (report.compared, report.matching, report.differing) == (25, 25, 0)
    # the oracle: PokerKit replays the same 25 to their finishing_stacks
    keys = {h.label.rsplit(" ", 1)[1] for h in report.hands if h.imported}
    assert reached_by_pokerkit(real.path, PLAYED) == keys
    assert all(
        h.message == f"variant {h.variant} is not supported (Marquoir imports NT, FT and PO)"
        for h in report.hands
        if not h.imported
    )
    assert len(report.sessions) == 5  # three blind levels of NT, one of PO, one of FT
    for name in report.sessions:  # each table loads as a full replay of its log would
        info = ledger.session_named(name)
        replayed = Table(info.settings)
        for stored in ledger.events(info):
            replayed.apply(codec.event_from_record(stored.kind, stored.data, replayed))
        loaded = codec.table_to_snapshot(ledger.load(info))
        assert codec.table_to_snapshot(replayed) == loaded
    # undo the last event: the table comes back from the snapshot before it
    last = ledger.events(ledger.current())[-1]
    _, undone, table = ledger.undo()
    assert undone == last and last.kind == "leave" and len(table.present()) == 1


def test_real_hands_exported_replay_in_pokerkit_to_the_same_stacks(ledger: Ledger) -> None:
    report = import_phh(ledger, [WSOP, FAMOUS], session="real")
    assert report.scales == {"real-6": 100}  # the famous PLO hand: 1259450.25
    assert ledger.session_named("real-6").settings.chip_value == "0.01"
    assert ledger.session_named("real-6").settings.currency == "USD"
    total = 0
    for name in report.sessions:
        text, skipped = export_phh(ledger, name)
        assert skipped == []
        ours = [list(h.finishing_stacks or ()) for h in loads(text)]
        assert pokerkit_final(text) == ours
        total += len(ours)
    assert total == report.imported == 27
    # the famous hands have no finishing_stacks: PokerKit's replay of the originals agrees
    originals = loads(FAMOUS.read_text())
    played = [h for h in originals if h.variant in ("NT", "PO")]
    theirs = pokerkit_final(dumps(played))
    mine = []
    for name in ("real-6", "real-7"):
        (summary,) = ledger.hands(ledger.session_named(name))
        scale = 100 if name == "real-6" else 1
        names = player_names(played[len(mine)])
        mine.append([from_chips(summary["final"][n], scale) for n in names])
    assert mine == theirs


# -- exporting -------------------------------------------------------------------------------

CONFIGS = {
    "nl": TableConfig(1, 2),
    "nl-ante": TableConfig(1, 2, ante=1),
    "nl-bb-ante": TableConfig(5, 10, ante=10, bb_ante=True),
    "nl-straddle": TableConfig(1, 2, straddle=True),
    "fl": TableConfig(1, 2, betting=BettingKind.FIXED_LIMIT),
    "fl-ante": TableConfig(5, 10, betting=BettingKind.FIXED_LIMIT, ante=2),
    "plo": TableConfig(1, 2, game=Game.OMAHA, betting=BettingKind.POT_LIMIT),
    "plo-bb-ante": TableConfig(
        2, 4, game=Game.OMAHA, betting=BettingKind.POT_LIMIT, ante=4, bb_ante=True
    ),
}
NAMES = ("ann", "bob", "cy", "dee", "eve", "fox", "gus", "hal", "ivy")
HANDS_PER_SESSION = 30


def random_stack(rng: random.Random, config: TableConfig, floor: int) -> int:
    bb = config.big_blind
    depth = rng.random()
    low, high = (1, 8) if depth < 0.25 else (8, 80) if depth < 0.75 else (80, 400)
    return max(floor, rng.randint(low * bb, high * bb))


def choose(rng: random.Random, hand: Hand) -> Action:
    """A random legal action, within what PokerKit also allows (see
    test_differential_pokerkit): no raise that nobody could call, no short all-in raise in
    fixed-limit."""
    legal = hand.legal()
    fixed = hand.config.betting is BettingKind.FIXED_LIMIT
    others = [p for p in hand.players if p.name != legal.player and not p.folded]
    callable_ = any(p.stack + p.bet > legal.current_bet for p in others)
    can_raise = legal.min_to is not None and legal.max_to is not None and callable_
    allin_call = legal.allin_to <= legal.current_bet
    choices = [(6.0, "check")] if legal.can_check else [(3.0, "fold"), (5.0, "call")]
    if can_raise:
        choices.append((2.5, "raise"))
    if legal.allin_ok and (allin_call or (can_raise and not fixed)):
        choices.append((0.5, "allin"))
    pick = rng.random() * sum(weight for weight, _ in choices)
    verb = choices[-1][1]
    for weight, word in choices:
        pick -= weight
        if pick < 0:
            verb = word
            break
    if verb != "raise":
        said: Action = getattr(Action, verb)()
        return said
    assert legal.min_to is not None and legal.max_to is not None
    low, high = legal.min_to, legal.max_to
    draw = rng.random()
    total = low if draw < 0.4 else high if draw < 0.5 else low + int((high - low) * draw**3)
    return Action.bet(total)


def showdown(rng: random.Random, table: Table, hand: Hand, stats: Counter[str]) -> TableEvent:
    """Deal random cards to the players still in; some losers muck; now and then the
    scorekeeper gives the ranking without the cards."""
    standing = [p.name for p in hand.players if not p.folded]
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    rng.shuffle(deck)
    holes = 4 if hand.config.game is Game.OMAHA else 2
    cards = {n: " ".join(deck[i * holes : (i + 1) * holes]) for i, n in enumerate(standing)}
    board = " ".join(deck[-5:])
    everyone, _ = table.game.cards_showdown_event(board, cards)
    if rng.random() < 0.05:
        stats["ranking without cards"] += 1
        return table.showdown_event(everyone.ranking)
    best = set(everyone.ranking[0])
    mucking = {n for n in standing if n not in best and rng.random() < 0.3}
    if mucking:
        try:
            shown = {n: c for n, c in cards.items() if n not in mucking}
            event, _ = table.game.cards_showdown_event(board, shown)
        except ShowdownError:
            return everyone
        awards = hand.verify_showdown(event.ranking).awards
        # A player who takes a pot of his own without showing is written `sm ????`, which
        # PokerKit 0.7.7 cannot replay in Omaha (test_found_pokerkit_...): not generated.
        if not mucking & {name for award in awards for name in award.winners}:
            stats["some muck"] += 1
            return event
    return everyone


def session_events(
    table: Table, rng: random.Random, players: int, stats: Counter[str]
) -> Iterator[TableEvent]:
    """Seat the players, then play HANDS_PER_SESSION hands; between hands a short stack
    reloads so that every forced bet is posted in full (where PokerKit's rules and ours
    differ, see test_differential_pokerkit), and now and then a player leaves or sits down."""
    config = table.config
    floor = config.ante + 2 * config.big_blind + 1
    for name in NAMES[:players]:
        yield table.seat_event(name, cave=random_stack(rng, config, floor))
    for _ in range(HANDS_PER_SESSION):
        present = table.present()
        if len(present) > 2 and rng.random() < 0.1:
            yield table.leave_event(rng.choice(present).name)
        elif len(present) < players and rng.random() < 0.5:
            newcomer = next(n for n in NAMES if n not in {a.name for a in table.present()})
            yield table.seat_event(newcomer, cave=random_stack(rng, config, floor))
        for account in table.present():
            if account.stack < floor:
                yield table.house.recave_event(account.name, random_stack(rng, config, floor))
        yield table.deal_event()
        while (hand := table.hand) is not None:
            if hand.phase is Phase.SHOWDOWN:
                yield showdown(rng, table, hand, stats)
            else:
                yield table.act_event(choose(rng, hand))


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Counter[str]]:
    """Hundreds of seeded random hands, one session per table and size of table."""
    path = tmp_path_factory.mktemp("generated") / "generated.db"
    rng = random.Random("marquoir phh round trip")
    stats: Counter[str] = Counter()
    with Ledger(path) as book:
        for label, config in CONFIGS.items():
            for players in (2, rng.randint(3, 9)):
                book.create_session(f"{label}-{players}", SessionSettings(config))
                book.execute_all(lambda t, p=players: session_events(t, rng, p, stats))
    return path, stats


def test_exported_hands_replay_in_pokerkit(generated: tuple[Path, Counter[str]]) -> None:
    path, stats = generated
    tally: Counter[str] = Counter()
    with Ledger(path) as book:
        for info, _ in book.sessions():
            text, skipped = export_phh(book, info)
            assert skipped == []
            hands = list(finished_hands(book, info))
            assert len(hands) == HANDS_PER_SESSION
            records = loads(text)
            assert len(records) == HANDS_PER_SESSION  # every hand, with or without cards
            blind = [showed is not None and not showed.cards for _, _, showed in hands]
            for record, unknown in zip(records, blind, strict=True):
                if unknown:  # a showdown given as a ranking: unknown cards, the result in
                    # finishing_stacks; PokerKit cannot replay a board it does not know
                    assert "d db ??????" in record.actions
            tally["no cards"] += sum(blind)
            known = [r for r, unknown in zip(records, blind, strict=True) if not unknown]
            written = [h for h, unknown in zip(hands, blind, strict=True) if not unknown]
            theirs = pokerkit_final(dumps(known))  # PokerKit reads and replays every hand
            for (_, played, showed), pk_final, phh in zip(written, theirs, known, strict=True):
                tally[_compare(played, showed, pk_final, phh)] += 1
    assert tally["same stacks"] >= 400, tally
    assert sum(tally.values()) == 16 * 30
    assert tally["no cards"] == stats["ranking without cards"] > 0
    assert stats["some muck"] > 10 and tally["same stacks, an odd chip"] >= 1, tally


def _compare(
    played: Hand | None, showed: ShowedDown | None, pk_final: list[int], phh: PHHHand
) -> str:
    """Compare PokerKit's final stacks with ours where the cards are known; with an odd chip
    PokerKit gives the whole remainder of a pot to its first winner (after merging pots)."""
    assert played is not None and played.result is not None
    result = played.result
    ours = list(phh.finishing_stacks or ())
    assert ours == [result.final[name] for name in played.order_of_play()]
    assert sum(pk_final) == sum(ours)
    split = [a for a in result.awards if len(a.winners) > 1 and a.pot.amount % len(a.winners)]
    if pk_final == ours:
        return "same stacks, an odd chip" if split else "same stacks"
    assert split, f"hand {phh.hand}: PokerKit {pk_final}, Marquoir {ours}"
    winners = {name for award in split for name in award.winners}
    order = played.order_of_play()
    assert {order[i] for i, (a, b) in enumerate(zip(pk_final, ours, strict=True)) if a != b} <= (
        winners
    )
    return "odd chip"


def test_exported_hands_import_back_to_the_same_stacks(
    generated: tuple[Path, Counter[str]], tmp_path: Path
) -> None:
    path, stats = generated
    with Ledger(path) as book:
        texts = [PHHSource(info.name, export_phh(book, info)[0]) for info, _ in book.sessions()]
    # Without Marquoir's own fields (a history as another tool would read it): the hands
    # given as a ranking are exported with unknown cards; the import takes their result from
    # finishing_stacks
    plain = [t._replace(text=t.text.replace("_marquoir = 1\n", "")) for t in texts]
    with Ledger(tmp_path / "plain.db") as back:
        report = import_phh(back, plain, session="back")
    no_cards = stats["ranking without cards"]
    assert (report.imported, report.skipped, no_cards) == (480, 0, 18)
    assert report.imported == report.matching == report.compared
    assert 0 < report.from_result <= no_cards  # the others had one player left per pot
    # With them: every hand comes back with its recorded showdown, one session per table
    with Ledger(tmp_path / "back.db") as back:
        report = import_phh(back, texts, session="back")
    assert (report.imported, report.skipped, report.from_result) == (480, 0, 0)
    assert report.imported == report.matching == report.compared
    with Ledger(path) as book, Ledger(tmp_path / "back.db") as back:
        sessions = [info for info, _ in book.sessions()]
        assert len(report.sessions) == len(sessions)
        for info, name in zip(sessions, report.sessions, strict=True):
            again = back.session_named(name)
            assert again.settings == info.settings  # the table, chip value and currency
            assert list(back.hands(again)) == list(book.hands(info))
            assert _seats_dealt(back, again) == _seats_dealt(book, info)


def _seats_dealt(book: Ledger, info: SessionInfo) -> list[list[tuple[str, int]]]:
    """Who sat where at each deal (the log replayed: a deal's players are the table's)."""
    table, found = Table(info.settings), []
    for stored in book.events(info):
        event = codec.event_from_record(stored.kind, stored.data, table)
        table.apply(event)
        if isinstance(event, Dealt):
            found.append(sorted((seat.name, seat.seat) for seat in event.seats))
    return found


def test_what_phh_cannot_say_is_skipped(ledger: Ledger) -> None:
    bouillotte = TableConfig(0, 0, game=Game.BOUILLOTTE, passe=1)
    ledger.create_session("b", SessionSettings(bouillotte))
    assert export_phh(ledger) == (
        "",
        ["session b: PHH has no variant for Bouillotte passe 1 (0 hands skipped)"],
    )
    ledger.create_session("plh", SessionSettings(TableConfig(1, 2, betting=BettingKind.POT_LIMIT)))
    assert export_phh(ledger, "plh")[1] == [
        "session plh: PHH has no variant for hold'em pot-limit 1/2 (0 hands skipped)"
    ]
    ledger.create_session("nl", SessionSettings(TableConfig(1, 2)))
    for name in ("ann", "bob"):
        ledger.execute(lambda t, n=name: t.seat_event(n, cave=100))
    ledger.execute(lambda t: t.deal_event())
    ledger.execute(lambda t: t.act_event(Action.fold()))
    ledger.execute(lambda t: t.deal_event())
    text, skipped = export_phh(ledger, ledger.session_named("nl"))
    assert skipped == ["hand 2: not finished"]
    (hand,) = loads(text)
    assert hand.actions == ("d dh p1 ????", "d dh p2 ????", "p2 f")
    assert hand.players == ("bob", "ann") and hand.finishing_stacks == (101, 99)
    assert hand.blinds_or_straddles == (1, 2) and hand.min_bet == 2 and hand.hand == 1


def test_a_showdown_is_written_with_its_cards(ledger: Ledger) -> None:
    ledger.create_session("nl", SessionSettings(TableConfig(1, 2, ante=1)))
    for name in ("ann", "bob", "cy"):
        ledger.execute(lambda t, n=name: t.seat_event(n, cave=100))
    ledger.execute(lambda t: t.deal_event())  # button ann: bob small blind, cy big blind
    for action in (Action.allin(), Action.call(), Action.fold()):
        ledger.execute(lambda t, a=action: t.act_event(a))
    ledger.execute(
        lambda t: t.game.cards_showdown_event("2c 3d 9h Jc Qs", {"ann": "As Ah", "bob": "Kd Kh"})[0]
    )
    (hand,) = loads(export_phh(ledger)[0])
    assert hand.players == ("bob", "cy", "ann") and hand.antes == (1, 1, 1)
    assert hand.actions == (
        "d dh p1 KdKh",
        "d dh p2 ????",
        "d dh p3 AsAh",
        "p3 cbr 99",
        "p1 cc",
        "p2 f",
        "d db 2c3d9h",
        "d db Jc",
        "d db Qs",
        "p1 sm KdKh",
        "p3 sm AsAh",
    )
    assert hand.finishing_stacks == (0, 97, 203)
    assert pokerkit_final(dumps([hand])) == [[0, 97, 203]]


def test_found_pokerkit_fails_when_an_omaha_player_takes_his_own_side_pot_unseen() -> None:
    """p3 is all-in for 6; p1 and p2 go on, p2 folds on the flop: the side pot is p1's alone.
    p1 does not show at the showdown (`sm ????????`, or a muck): PokerKit 0.7.7 kills his
    unknown Omaha hand and then fails on a pot left without players (an AssertionError in
    push_chips). The same hand in hold'em replays, and Marquoir gives p1 his side pot."""
    actions = ["d dh p1 {h}", "d dh p2 {h}", "d dh p3 {c}", "p3 cbr 6", "p1 cbr 20", "p2 cc"]
    actions += ["d db AsKsQd", "p1 cbr 20", "p2 f", "d db 3c", "d db 4d", "p1 sm {h}", "p3 sm {c}"]
    header = HEADER.replace("[200, 200, 200]", "[100, 100, 6]")
    holdem = hand_text([a.format(h="????", c="7h2c") for a in actions], header)
    assert pokerkit_final(f"[1]\n{holdem}") == [[108, 80, 18]]
    omaha = hand_text([a.format(h="????????", c="7h2c8c9c") for a in actions], header)
    omaha = omaha.replace("'NT'", "'PO'")
    with pytest.raises(AssertionError):
        pokerkit_final(f"[1]\n{omaha}")
