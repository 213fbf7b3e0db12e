"""The whole tournament night, worked by hand: 9 players, rebuys, a busted player at the
add-on break, a same-hand double knockout, a chip race and an ICM deal at three; the places,
prizes, bounties and settlement add up to the money collected, to the cent, and every
report and export shows money, not chips.

ICM is checked against an independent Malmuth-Harville written here with fractions."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from itertools import permutations

from .installed import Marquoir

FOLD = "fold\n"
NIGHT = (
    "new night --tournament --buy-in 20 --stack 1000 --levels 25/50,50/100,100/200,200/400"
    " --level-minutes 20 --rebuys 1 --rebuy-until 1 --add-on 1000 --add-on-price 10"
    " --bounty 5 --chips 25,100,500 --payouts 50/30/20 --payout-unit 0.01\n"
    + "".join(f"seat p{n}\n" for n in range(1, 10))
)
# Hand 1 (button p1, p2 25, p3 50): p4 all-in 1,000, everyone folds to p3, who calls:
# pot 1,000 + 1,000 + 25 = 2,025 to p3. p2 975, p3 2,025, p4 0 (may rebuy: level 1).
HAND_1 = "deal\nallin\n" + FOLD * 7 + "call\nwin p3\n"
# Hand 2 (button p2, p3 25, p4 50): p5 all-in, everyone folds to p4, who calls: pot 2,025
# to p4. p3 2,000, p4 2,025, p5 0: the last hand of the rebuy period.
HAND_2 = "deal\nallin\n" + FOLD * 7 + "call\nwin p4\n"
# Hand 3, level 2 (button p3, p4 50, p5 100): p6 and p7 all-in 1,000 each, folds to p4, who
# calls (950 more), p5 folds: pot 3 x 1,000 + 100 = 3,100 to p4: 2,025 - 1,000 + 3,100 =
# 4,125; p5 1,900. p6 and p7, 1,000 each at the start, share places 8 and 9 (no prize);
# p4 collects both bounties: 10. The rebuys closed with level 2's first hand: both out.
HAND_3 = "deal\nallin\nallin\n" + FOLD * 5 + "call\nfold\nwin p4\n"
# The race of the 25s: p2 975 (3 odd 25s), p4 4,125 (1): 4 x 25 = one 100, to p2 (the
# highest card): p2 975 - 75 + 100 = 1,000; p4 4,100.
RACE = "race 25 p2=3 p4=1 --draw p2,p4\n"
# Hand 4 (button p4, p5 50, p8 100): p9 all-in 1,000, p1 all-in 2,000, p2 all-in 1,000, p3
# folds, p4 calls 2,000, p5 folds, p8 all-in (1,000): pot 1,000 + 2,000 + 1,000 + 2,000 +
# 1,000 + 50 = 7,050 to p4: 4,100 - 2,000 + 7,050 = 9,150. p5 1,850, p3 2,000.
# p1 (2,000 at the start) is 4th; p2, p8, p9 (1,000 each) share 5th to 7th; bounties +20.
HAND_4 = "deal\nallin\nallin\nallin\nfold\ncall\nfold\nallin\nwin p4\n"

# The money collected: 9 entries x 20 + 2 rebuys x 20 + 2 add-ons x 10 = 240; 9 bounties of 5
# (45) apart: a prize pool of 195, paid 50/30/20 to the cent: 97.50, 58.50, 39.00.
COLLECTED = Decimal(240)
PRIZES = (Fraction(9750, 100), Fraction(5850, 100), Fraction(3900, 100))


def malmuth_harville(stacks: dict[str, int], prizes: tuple[Fraction, ...]) -> dict[str, Fraction]:
    """Each player's equity: the sum over finishing orders of its probability (each place
    taken with probability stack / chips left) times the prize of his place."""
    equity = dict.fromkeys(stacks, Fraction(0))
    for order in permutations(stacks):
        chance, left = Fraction(1), sum(stacks.values())
        for name in order:
            chance *= Fraction(stacks[name], left)
            left -= stacks[name]
        for place, name in enumerate(order):
            equity[name] += chance * prizes[place]
    return equity


def test_the_whole_night_adds_up_to_the_cent(cli: Marquoir) -> None:
    cli.play(NIGHT + HAND_1 + "rebuy p4\n" + HAND_2 + "level next\n")
    # the add-on break: p5 busted on the last hand of the rebuy period takes no add-on
    # without chips; he may still rebuy here, then take it
    assert "no chips" in cli.refused("addon", "p5")
    cli.play("rebuy p5\naddon p5\naddon p1\n" + HAND_3 + RACE + HAND_4)
    stacks = {p["name"]: p["stack"] for p in cli.stacks_json()["players"]}
    assert {n: s for n, s in stacks.items() if s} == {"p3": 2000, "p4": 9150, "p5": 1850}
    assert sum(stacks.values()) == 9 * 1000 + 2 * 1000 + 2 * 1000  # no chip lost

    places = {r["name"]: r for r in json.loads(cli("places", "--json"))["places"]}
    assert places["p6"]["place"] in (8, 9) and places["p6"]["shared"] == 2
    assert places["p1"]["place"] == 4
    assert {places[n]["shared"] for n in ("p2", "p8", "p9")} == {3}
    assert places["p6"]["knocked_out_by"] == ["p4"]

    deal = json.loads(cli("chop", "--icm", "--json"))
    shares = {
        name: Decimal(amount) for name, amount in ((s["name"], s["amount"]) for s in deal["shares"])
    }
    assert sum(shares.values()) == Decimal("195.00")
    oracle = malmuth_harville({"p3": 2000, "p4": 9150, "p5": 1850}, PRIZES)
    for name, amount in shares.items():
        assert abs(Fraction(amount) - oracle[name]) <= Fraction(1, 100), name

    # Bounties: p4 busted p6, p7 (10), p1, p2, p8, p9 (20); after a deal that ends the game
    # each of the three keeps his own head (5): p4 35, p3 5, p5 5; 45 in all.
    rows = {r["name"]: r for r in json.loads(cli("places", "--json"))["places"]}
    bounties = {n: Decimal(r["bounties"]) for n, r in rows.items() if Decimal(r["bounties"])}
    assert bounties == {"p3": Decimal(5), "p4": Decimal(35), "p5": Decimal(5)}
    prizes = sum((Decimal(r["prize"]) for r in rows.values()), Decimal(0))
    assert prizes + sum(bounties.values()) == COLLECTED

    # paid: p1 20 + 10 (add-on); p4 20 + 20 (rebuy); p5 20 + 20 + 10; the others 20.
    paid = {f"p{n}": Decimal(20) for n in range(1, 10)}
    paid["p1"] += 10
    paid["p4"] += 20
    paid["p5"] += 30
    assert sum(paid.values()) == COLLECTED
    won = {n: shares.get(n, Decimal(0)) + bounties.get(n, Decimal(0)) for n in paid}
    expected = {n: won[n] - paid[n] for n in paid}
    settle = json.loads(cli("settle", "--json"))
    balances = {n: Decimal(v) for n, v in settle["balances"].items()}
    assert balances == expected and sum(balances.values()) == 0

    # every report and export shows that money, never chips x a chip value
    report = json.loads(cli("report", "--format", "json"))
    assert {p["player"]: Decimal(p["net_money"]) for p in report["players"]} == expected
    rows_csv = cli("export", "csv", "--what", "ledger").splitlines()
    column = rows_csv[0].split(",").index("net_money")
    exported = {r.split(",")[3]: Decimal(r.split(",")[column]) for r in rows_csv[1:]}
    assert exported == expected
    assert "chip value" not in cli("report")
