"""A session report's story, told once: titled facts, lines and tables of strings.

`sections(report)` builds it; the formats (`render.py` for text, Markdown, CSV and JSON,
`html.py` for HTML) only dress it differently, so every format tells the same story.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from ..domain.games import GAMES
from ..domain.i18n import N_, _, date_text, french, game_words, in_own_words, ngettext, number
from ..domain.i18n import money as i18n_money
from ..domain.missing import HOST, SHARED, shown_name
from ..domain.records import Record
from .model import HandLine, HandLog, Missing, PlayerLine, PotLine, SessionReport
from .scan import Spool, pot_title

CENT = Decimal("0.01")


class Section(Record):
    """One part of a report: a title, then facts (label, value), lines, and one table."""

    title: str
    facts: tuple[tuple[str, str], ...] = ()
    lines: tuple[str, ...] = ()
    headers: tuple[str, ...] = ()
    # a tuple, or a long table's rows spooled by the hand scan (read back as written)
    rows: Sequence[tuple[str, ...]] | Spool = ()
    numeric: tuple[bool, ...] = ()  # per column: right-aligned


# --- numbers ------------------------------------------------------------------------------


def signed(chips: int) -> str:
    """+160, -153, 0."""
    if not chips:
        return "0"
    return ("+" if chips > 0 else "-") + number(abs(chips))  # (French: `+1 320`)


def money(amount: Decimal, currency: str = "", *, sign: bool = False) -> str:
    """12.50 (two decimals, exact), "+12.50 EUR" with a sign and a currency."""
    text = f"{amount.quantize(CENT):{'+' if sign and amount else ''}f}"
    if currency and french():
        return i18n_money(text, currency)
    return f"{text} {currency}" if currency else text


def decimal_text(value: Decimal) -> str:
    """A decimal with at least two places, never rounded: 0.10, 0.005, 1.00."""
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent >= -2:
        return f"{value.quantize(CENT):f}"
    return f"{value:f}"


# --- the story, once ----------------------------------------------------------------------


def sections(report: SessionReport) -> list[Section]:
    """The report's sections, in order: session, players, settlement, hands, stacks."""
    tournament = [Section(_("Tournament"), lines=report.tournament)] if report.tournament else []
    return [
        session_section(report),
        *tournament,
        players_section(report),
        settlement_section(report),
        hands_section(report),
        stacks_section(report),
    ]


def local_time(stamp: str) -> str:
    """A stored UTC time ("2026-12-01T21:05:00+00:00") as the reader's local time:
    "2026-12-01 22:05" in Paris in winter. A text that is not a time is shown as it is."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is None:  # stored times are UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def session_section(report: SessionReport) -> Section:
    """The session's settings."""
    caves = report.settings.get("caves", {})
    facts = [
        (_("game"), game_words(report.title)),
        (_("chip value"), chip_value_text(report)),
        (_("currency"), report.currency or "-"),
        (_("date"), date_text(local_time(report.created_at))),
    ]
    if report.settings.get("tournament"):
        del facts[1]  # a tournament's chips are worth no money: its buy-in is below
    if caves.get("default"):
        facts.append((_("default cave"), _("{chips} chips").format(chips=number(caves["default"]))))
    labels = (("minimum", N_("minimum")), ("maximum", N_("maximum")), ("recaves", N_("recaves")))
    limits = [f"{_(label)} {caves[key]}" for key, label in labels if caves.get(key) is not None]
    if limits:
        facts.append((_("cave limits"), ", ".join(limits)))
    facts.append((_("hands"), str(len(report.hands))))
    runs = stakes_runs(report.hands)
    if len(runs) > 1:
        facts.append((_("stakes"), ", ".join(runs)))
    return Section(report.name, facts=tuple(facts))


PLAYER_HEADERS = (
    N_("seat"),
    N_("player"),
    N_("bought"),
    N_("recaves"),
    N_("cashed out"),
    N_("at table"),
    N_("net chips"),
    N_("net money"),
    N_("hands"),
    N_("won"),
    N_("biggest pot"),
)


def chip_value_text(report: SessionReport) -> str:
    """What a chip is worth: "0.10 EUR", "0,10 €" in French."""
    value = decimal_text(report.chip_value)
    if report.currency and french():
        return i18n_money(value, report.currency)
    return f"{value} {report.currency}".strip()


def players_section(report: SessionReport) -> Section:
    """One row per player, and a total row: what was bought, cashed out, won and lost."""
    corrected = any(p.adjusted for p in report.players)
    headers = tuple(_(h) for h in PLAYER_HEADERS) + ((_("corrected"),) if corrected else ())
    rows = [player_row(p, report.currency, corrected) for p in report.players]
    if report.players:
        total = sum((p.net_money for p in report.players), Decimal("0.00"))
        rows.append(
            (
                "",
                _("total"),
                number(sum(p.bought for p in report.players)),
                number(sum(p.recaves for p in report.players)),
                number(sum(p.cashed_out for p in report.players)),
                number(sum(p.stack for p in report.players)),
                signed(sum(p.net_chips for p in report.players)),
                money(total, report.currency, sign=True),
                "",
                "",
                "",
            )
            + ((signed(sum(p.adjusted for p in report.players)),) if corrected else ())
        )
    numeric = tuple(h != _("player") for h in headers)
    return Section(_("Players"), headers=headers, rows=tuple(rows), numeric=numeric)


def player_row(player: PlayerLine, currency: str, corrected: bool) -> tuple[str, ...]:
    """A player's line of the players table ("left" when he cashed out and went home)."""
    row = (
        str(player.seat),
        player.name,
        number(player.bought),
        str(player.recaves),
        number(player.cashed_out),
        _("left") if player.left else number(player.stack),
        signed(player.net_chips),
        money(player.net_money, currency, sign=True),
        str(player.hands_played),
        str(player.hands_won),
        number(player.biggest_pot),
    )
    return row + ((signed(player.adjusted),) if corrected else ())


def settlement_section(report: SessionReport) -> Section:
    """Who pays whom, or why the session cannot be settled yet."""
    settlement = report.settlement
    if settlement is None:
        not_yet = _("Not settled yet: {why}").format(why=report.unsettled)
        return Section(_("Settlement"), lines=(not_yet,))
    lines = [
        _("{payer} pays {payee} {amount}").format(
            payer=shown_name(t.payer),
            payee=shown_name(t.payee),
            amount=money(t.amount, report.currency),
        )
        for t in settlement.transfers
    ]
    if not lines:
        lines.append(_("Nobody owes anything."))
    if settlement.missing is not None:
        lines.insert(0, missing_line(settlement.missing, report.currency))
    if len(settlement.groups) > 1:
        groups = "; ".join(", ".join(map(shown_name, group)) for group in settlement.groups)
        count = len(settlement.groups)
        lines.append(
            _("({count} groups settle apart: {groups})").format(count=count, groups=groups)
        )
    return Section(_("Settlement"), lines=tuple(lines))


def missing_line(missing: Missing, currency: str) -> str:
    """ "3 chips missing at the count (0.30 EUR): shared in proportion to the chips each
    player cashed out" (or absorbed by the house, by a player; or chips too many)."""
    chips = abs(missing.chips)
    amount = money(abs(missing.money), currency)
    if missing.chips < 0:
        what = ngettext(
            "{chips} chip missing at the count ({amount})",
            "{chips} chips missing at the count ({amount})",
            chips,
        )
    else:
        what = ngettext(
            "{chips} chip too many at the count ({amount})",
            "{chips} chips too many at the count ({amount})",
            chips,
        )
    if missing.by == SHARED:
        how = _("shared in proportion to the chips each player cashed out")
    elif missing.by == HOST:
        how = _("absorbed by the house")
    else:
        how = _("absorbed by {player}").format(player=missing.by)
    return _("{what}: {how}").format(what=what.format(chips=chips, amount=amount), how=how)


def missing_data(missing: Missing | None) -> dict[str, Any]:
    """A count that did not balance, as data: `missing`, who absorbed it (`shared`, `host`
    or a player), the difference in chips (cashed out minus bought: negative when chips were
    missing) and its money at face value; nothing when the count balanced."""
    if missing is None:
        return {}
    return {"missing": {"by": missing.by, "chips": missing.chips, "money": money(missing.money)}}


def stakes_runs(hands: Sequence[HandLine]) -> list[str]:
    """The forced bets over the evening: "1/2 (hands 1-12)", "2/4 ante 1 (hands 13-20)"."""
    if isinstance(hands, HandLog):  # (counted by the scan, not read again)
        return _runs_text(hands.scan().runs)
    runs: list[list[Any]] = []  # [stakes, first hand, last hand]
    for hand in hands:
        if runs and runs[-1][0] == hand.stakes:
            runs[-1][2] = hand.hand_no
        else:
            runs.append([hand.stakes, hand.hand_no, hand.hand_no])
    return _runs_text(runs)


def _runs_text(runs: list[list[Any]]) -> list[str]:
    return [
        _("{stakes} (hand {first})").format(stakes=stakes, first=first)
        if first == last
        else _("{stakes} (hands {first}-{last})").format(stakes=stakes, first=first, last=last)
        for stakes, first, last in (
            (game_words(stakes), first, last) for stakes, first, last in runs
        )
    ]


def winners_text(hand: HandLine, pot: PotLine) -> str:
    """ "dave 14, alice 13, bob 13", marked when everybody else folded; a pot split high /
    low: "high alice 41 / low bob 40"."""
    if pot.low:
        return _("high {high} / low {low}").format(high=_shares(pot.high), low=_shares(pot.low))
    text = _shares(pot.shares)
    return _("{winners} (others folded)").format(winners=text) if hand.by_fold else text


def _shares(shares: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name} {number(amount)}" for name, amount in shares)


def hands_section(report: SessionReport) -> Section:
    """The hand log: one row per pot of each hand (its forced bets on its first row), with
    its amount and what each winner took."""
    if not report.hands:
        return Section(_("Hands"), lines=(_("No hand finished yet."),))
    labels = (N_("hand"), N_("button"), N_("stakes"), N_("pot"), N_("amount"), N_("winners"))
    headers = tuple(_(h) for h in labels)
    game = report.settings.get("table", {}).get("game")
    if game in GAMES:  # (in the game's own words: the Bouillotte dealer is "le donneur")
        headers = (headers[0], in_own_words("button", GAMES[game].own_words), *headers[2:])
    numeric = (True, False, False, False, True, False)
    if isinstance(report.hands, HandLog):
        log = report.hands.scan().log
        return Section(_("Hands"), headers=headers, rows=log, numeric=numeric)
    rows = []
    for hand in report.hands:
        first = True
        for pot in hand.pots or ():
            rows.append(
                (
                    str(hand.hand_no) if first else "",
                    hand.button if first else "",
                    game_words(hand.stakes) if first else "",
                    pot_title(pot.name),
                    number(pot.amount),
                    winners_text(hand, pot),
                )
            )
            first = False
        if first:  # a void deal: nobody opened, the chips wait for the next deal
            row = (
                str(hand.hand_no),
                hand.button,
                game_words(hand.stakes),
                _("void"),
                number(hand.carry),
            )
            rows.append((*row, _("next deal")))
    return Section(_("Hands"), headers=headers, rows=tuple(rows), numeric=numeric)


def stack_columns(report: SessionReport) -> list[str]:
    """The players of the stacks table, in seat order, then any other name met in the hands."""
    if isinstance(report.hands, HandLog):
        return report.hands.scan().columns
    names = [p.name for p in sorted(report.players, key=lambda p: (p.seat, p.name))]
    seen = set(names)
    for hand in report.hands:
        for name in [*hand.players, *hand.stacks]:
            if name not in seen:
                seen.add(name)
                names.append(name)
    return names


def _average(value: object) -> str:
    """A tournament's average stack in the stacks table (French: `1 750`)."""
    return number(value) if isinstance(value, int) else str(value)


def stacks_section(report: SessionReport) -> Section:
    """Each player's stack after every hand (empty where he was not at the table)."""
    if not report.hands:
        return Section(_("Stacks after each hand"), lines=(_("No hand finished yet."),))
    names = stack_columns(report)
    # a tournament adds the average stack of the players left
    averages = report.tournament_data["average_stacks"] if report.tournament_data else None
    if isinstance(report.hands, HandLog) and averages is None:
        table = report.hands.scan().stack_table
        headers = (_("hand"), *names)
        numeric = (True,) * (len(names) + 1)
        return Section(_("Stacks after each hand"), headers=headers, rows=table, numeric=numeric)
    rows = tuple(
        (
            str(hand.hand_no),
            *(number(hand.stacks[n]) if n in hand.stacks else "" for n in names),
            *([_average(averages.get(str(hand.hand_no), ""))] if averages is not None else []),
        )
        for hand in report.hands
    )
    extra = (_("average"),) if averages is not None else ()
    return Section(
        _("Stacks after each hand"),
        headers=(_("hand"), *names, *extra),
        rows=rows,
        numeric=(True,) * (len(names) + 1 + len(extra)),
    )
