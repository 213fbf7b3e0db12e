"""The tournament's side of the table: entries, levels, rebuys, add-ons, re-entries, busts,
the clock's pause and deals: the table's part `Table.director`; a cash game's refuses them.

Rules applied (TDA 2024): a new level applies from the next deal (rule 23); entries and
re-entries get the full starting stack (rule 8). Players out on the same hand are placed by
their starting stacks (the WSOP rule and the usual practice, in `tournament/places.py`).
"""

from __future__ import annotations

from .errors import IllegalAction, MarquoirError
from .events import (
    AddedOn,
    Chopped,
    LevelSet,
    Paused,
    Raced,
    Rebought,
    Reentered,
    Resumed,
    Seated,
)
from .extension import TablePart
from .i18n import N_, _, ngettext

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .accounts import Account
    from .extension import Applier, Host
    from .hand import Hand, HandResult
    from .table_room import TableRoom
    from .tournament.session import TournamentSettings
    from .tournament.state import TournamentState


def _money_positive(text: str) -> bool:
    """Whether a money text is more than zero (without importing `decimal`: hot path)."""
    return any(c in "123456789" for c in text) and not text.startswith("-")


class TournamentDirector(TablePart):
    """The tournament commands and their effects, held by every table (`Table.director`): a
    cash game's refuses them."""

    # the room of a tournament at several tables (the table sets it)
    room: TableRoom

    def __init__(self, table: Host) -> None:
        super().__init__(table)
        # the level now in force (1 until the director moves it), the hands dealt at it,
        # whether the clock is stopped, whether `resume` started it before any deal (a room
        # whose tables are not tracked deals no hand), and the entries (None: a cash game)
        self.level = 1
        self.level_hands = 0
        self.paused = False
        self.started = False
        self.state: TournamentState | None = None
        if table.settings.tournament is not None:
            # imported here: a cash game never loads the tournament modules
            from .tournament.state import TournamentState

            self.state = TournamentState()

    def appliers(self) -> dict[type, Applier]:
        return {
            LevelSet: self._apply_level,
            Rebought: self._apply_entry_money,
            AddedOn: self._apply_entry_money,
            Reentered: self._apply_entry_money,
            Paused: self._apply_pause,
            Resumed: self._apply_resume,
            Chopped: self._apply_chop,
            Raced: self._apply_race,
        }

    def check_deal(self) -> None:
        """Refuse a deal after a deal between the players that left nothing to play for."""
        chop = self.state.chop if self.state is not None else None
        if chop is not None and not _money_positive(chop["kept"]):
            raise IllegalAction(_("the tournament ended with a deal: nothing is left to play for"))

    def _apply_level(self, event: LevelSet) -> None:
        self.level_event(event.level)
        self._set_level(event.level)

    def _apply_pause(self, event: Paused) -> None:
        self.pause_event(event.minutes)
        self.paused = True

    def _apply_resume(self, event: Resumed) -> None:
        self.resume_event()
        self.paused = False
        # (only a start before the first deal counts: the first deal starts the clock, and a
        # file written before `resume` could start it keeps its snapshots as they were)
        self.started = self.started or self.table.hand_no == 0

    def _apply_chop(self, event: Chopped) -> None:
        custom = event.shares if event.method == "custom" else None
        if event != self.chop_event(event.method, event.keep, custom):
            raise MarquoirError(_("the recorded deal does not match the tournament"))
        assert self.state is not None
        self.state.chop = {
            "method": event.method,
            "kept": event.keep,
            "amounts": dict(event.shares),
        }

    def entry_event(
        self,
        name: str,
        previous: Account | None,
        seat: int | None,
        cave: int | None,
        tournament: TournamentSettings,
    ) -> Seated:
        """A tournament entry: the buy-in gives the starting stack, until late registration
        closes (the end of level `late_until`)."""
        if previous is not None:
            raise IllegalAction(
                _(
                    "{name} has already entered this tournament: `reenter {name}` for a new entry"
                ).format(name=name)
            )
        if cave is not None and cave != tournament.stack:
            raise IllegalAction(
                _("a tournament entry gets the starting stack ({stack} chips), not {cave}").format(
                    stack=tournament.stack, cave=cave
                )
            )
        self._check_late(tournament, N_("registration"))
        if self.room.active:
            if seat is not None:
                raise IllegalAction(
                    _("seats are drawn at random (`move {name} T:S` moves a player)").format(
                        name=name
                    )
                )
            seed = self.room.next_seed()
            drawn = self.room.draw_seat(name, seed)
            return Seated(name, drawn, tournament.stack, seed=seed)
        return Seated(name, self.table.free_seat(seat), tournament.stack)

    def seated(self, event: Seated) -> None:
        """A player sat down: in a tournament, an entry (and, with several tables, his drawn
        seat counted)."""
        if self.state is not None:
            self.state.enter(event.player)
            if self.room.active:
                self.room.entered(event.player, event.seat, event.seed)

    def snapshot(self) -> dict[str, object]:
        """What a snapshot of the table keeps of the tournament (nothing for a cash game)."""
        if self.state is None:
            return {}
        return {
            "level": self.level,
            "level_hands": self.level_hands,
            "paused": self.paused,
            **({"started": True} if self.started else {}),
            "tournament": self.state.to_dict(),
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Take back what `snapshot` kept."""
        if self.state is None:
            return
        from .tournament.state import TournamentState

        self.level = data.get("level", 1)
        self.level_hands = data.get("level_hands", 0)
        self.paused = data.get("paused", False)
        self.started = data.get("started", False)
        if "tournament" in data:
            self.state = TournamentState.from_dict(data["tournament"])

    def entries_open(self) -> bool:
        """Whether an entry or a re-entry may still come (late registration open, or play
        not started): until then the field may grow, so a place given at a bust is
        provisional."""
        tournament = self.table.settings.tournament
        if tournament is None:
            return False
        late = tournament.late_until
        return self.level <= late if late is not None else self.play_started() is None

    def play_started(self) -> str | None:
        """How play started, which closes the entries of a tournament without late
        registration (docs/rules.md): `deal` (the first hand dealt), `clock` (the director
        started the clock with `resume` before it: a room whose hands are not typed in deals
        none) or `bust` (a bust recorded with `out`: cards are in the air); None: not yet."""
        if self.table.hand_no:
            return "deal"
        if self.started:
            return "clock"
        if self.state is not None and any(e.busted for e in self.state.entries):
            return "bust"
        return None

    def _check_late(self, tournament: TournamentSettings, what: str) -> None:
        late = tournament.late_until
        if late is not None and self.level > late:
            raise IllegalAction(
                _("late {what} closed at the end of level {late}").format(what=_(what), late=late)
            )
        started = self.play_started() if late is None else None
        if started is not None:
            closed = {
                "deal": N_(
                    "{what} closed when the first hand was dealt "
                    "(no late registration: --late-until LEVEL)"
                ),
                "clock": N_(
                    "{what} closed when the clock was started "
                    "(no late registration: --late-until LEVEL)"
                ),
                "bust": N_(
                    "{what} closed at the first bust (no late registration: --late-until LEVEL)"
                ),
            }[started]
            raise IllegalAction(_(closed).format(what=_(what)))

    def _tournament(self, what: str) -> tuple[TournamentSettings, TournamentState]:
        if self.table.settings.tournament is None or self.state is None:
            raise IllegalAction(
                _("{what} is for tournaments: this session is a cash game").format(what=_(what))
            )
        return self.table.settings.tournament, self.state

    def rebuy_event(self, name: str) -> Rebought:
        """A rebuy: within its limit and period, at or below the starting stack (or busted),
        between hands."""
        settings, state = self._tournament(N_("a rebuy"))
        account = self.table.account(name)
        self.table.between_hands(N_("rebuy"))
        entry = state.entry_of(account.name)
        if not settings.rebuys:
            raise IllegalAction(_("this tournament has no rebuys"))
        if entry.out:
            raise IllegalAction(_("{label} is out of the tournament").format(label=entry.label))
        from .tournament.entry_rules import rebuy_open

        if not rebuy_open(settings, level=self.level, hands_at_level=self.level_hands):
            raise IllegalAction(
                _("the rebuy period ended with level {rebuy_until}").format(
                    rebuy_until=settings.rebuy_until
                )
            )
        if entry.rebuys >= settings.rebuys:
            raise IllegalAction(
                ngettext(
                    "{label} has used the {rebuys} rebuy",
                    "{label} has used all {rebuys} rebuys",
                    settings.rebuys,
                ).format(label=entry.label, rebuys=settings.rebuys)
            )
        if account.stack > settings.stack:
            raise IllegalAction(
                _(
                    "a rebuy is at or below the starting stack ({stack}); {name} has {stack2}"
                ).format(stack=settings.stack, name=account.name, stack2=account.stack)
            )
        return Rebought(account.name, settings.rebuy_chips)

    def addon_event(self, name: str) -> AddedOn:
        """The add-on: once an entry, at the end of the rebuy period (the last rebuy level,
        or the next one before its first hand), or at the first break without rebuys."""
        settings, state = self._tournament(N_("an add-on"))
        account = self.table.account(name)
        self.table.between_hands(N_("take the add-on"))
        if not settings.add_on:
            raise IllegalAction(_("this tournament has no add-on"))
        entry = state.entry_of(account.name)
        if entry.out:
            raise IllegalAction(_("{label} is out of the tournament").format(label=entry.label))
        if entry.add_on:
            raise IllegalAction(_("{label} has taken the add-on already").format(label=entry.label))
        from .tournament.entry_rules import check_add_on_chips

        check_add_on_chips(account.stack, entry.label)
        last = settings.rebuy_until
        if last is None:
            every = int(settings.breaks.partition(":")[0]) if settings.breaks else 1
            last = every
        level = self.level
        at_break = level == last or (level == last + 1 and not self.level_hands)
        if not at_break:
            raise IllegalAction(
                _("the add-on is taken at the break after level {last} (now level {level})").format(
                    last=last, level=self.level
                )
            )
        return AddedOn(account.name, settings.add_on)

    def reenter_event(self, name: str) -> Reentered:
        """A re-entry: a busted player buys a new entry, within the limit, while late
        registration is open."""
        settings, state = self._tournament(N_("a re-entry"))
        account = self.table.account(name)
        self.table.between_hands(N_("re-enter"))
        if not settings.reentries:
            raise IllegalAction(_("this tournament has no re-entries"))
        if account.stack:
            raise IllegalAction(
                _("{name} still has chips: a re-entry is after a bust").format(name=account.name)
            )
        if state.entries_of(account.name) > settings.reentries:
            raise IllegalAction(
                _("{name} has used all {reentries} re-entries").format(
                    name=account.name, reentries=settings.reentries
                )
            )
        self._check_late(settings, N_("registration"))
        if self.room.active:
            seed = self.room.next_seed()
            seat = self.room.draw_seat(account.name, seed)
            return Reentered(account.name, settings.stack, seat, seed)
        return Reentered(account.name, settings.stack)

    def chop_event(
        self, method: str, keep: str = "0", custom: tuple[tuple[str, str], ...] | None = None
    ) -> Chopped:
        """A deal between the players left (the players agree on it; the director only checks
        and records it: club practice), computed by `method` from their stacks and the prizes
        still to be won (or, `custom`, the players' own amounts, which must add up
        to them); `keep` stays to play for."""
        from .tournament.state import chop_shares, custom_shares, prize_pool

        settings, state = self._tournament(N_("a deal"))
        self.table.between_hands(N_("make a deal"))
        if state.chop is not None:
            raise IllegalAction(_("a deal was made already (undo it to make another)"))
        players = [a for a in self.table.present() if a.stack > 0]
        if len(players) < 2:
            raise IllegalAction(_("a deal needs at least two players with chips"))
        if not prize_pool(settings, state):
            raise IllegalAction(
                _("there is no prize money to share (a freeroll): play it out to the last player")
            )
        stacks = [(state.entry_of(a.name).label, a.stack) for a in players]
        if method == "custom":
            if custom is None:
                raise IllegalAction(
                    _("a custom deal names each player: --custom alice=300 bob=200")
                )
            shares = custom_shares(settings, state, custom, keep, stacks)
        else:
            shares = chop_shares(settings, state, method, keep, stacks)
        return Chopped(method, keep, shares)

    def race_event(
        self,
        removed: int,
        odd: tuple[tuple[str, int], ...],
        *,
        draw: tuple[str, ...] | None = None,
        seed: int | None = None,
    ) -> Raced:
        """The chip race when the `removed` denomination of the chip set leaves the table
        (TDA 2024 rule 24), between hands: `odd` gives each racing player's odd chips, left
        after he changed what he could; the order of the `draw` is read at the table, or the
        cards are dealt here from `seed`. The arithmetic is `tournament.chips.chip_race`."""
        from .tournament.chips import chip_race, parse_denominations

        settings, state = self._tournament(N_("a chip race"))
        self.table.between_hands(N_("race the chips"))
        if not settings.chips:
            raise IllegalAction(_("a chip race needs the chip set: `new ... --chips 25,100,500`"))
        chips = parse_denominations(settings.chips)
        if removed not in chips[:-1]:
            raise IllegalAction(
                _("{removed} is not a chip that can leave the set ({chips})").format(
                    removed=removed, chips=", ".join(map(str, chips[:-1]))
                )
            )
        if removed in state.raced:
            # the removed chips left the table at their race: a second race would race
            # chips nobody holds any more
            raise IllegalAction(
                _("the {removed} chips were raced already: `undo` takes that race back").format(
                    removed=removed
                )
            )
        next_chip = chips[chips.index(removed) + 1]
        odd = self._racing(odd, removed, next_chip)
        if draw is not None:
            draw = tuple(self.table.account(name).name for name in draw)
            if sorted(draw) != sorted(name for name, _ in odd):
                raise IllegalAction(_("the draw must name each player with odd chips once"))
        stacks = {name: self.table.accounts[name].stack for name, _ in odd}
        race = chip_race(
            dict(odd), stacks, removed=removed, next_chip=next_chip, draw=draw, seed=seed
        )
        cards = tuple((name, " ".join(race.cards[name])) for name, _ in odd if race.cards)
        return Raced(removed, next_chip, odd, race.draw, seed, cards, race.won, race.protected)

    def _racing(
        self, odd: tuple[tuple[str, int], ...], removed: int, next_chip: int
    ) -> tuple[tuple[str, int], ...]:
        """The racing players in seat order, each checked: at the table with chips, named
        once, fewer odd chips than make one of the next (he changes the others first), no
        more than his stack."""
        if not odd:
            raise IllegalAction(_("a chip race needs the players' odd chips: alice=3 bob=1"))
        counts: dict[str, int] = {}
        per = next_chip // removed
        for written, count in odd:
            account = self.table.account(written)
            name = account.name
            if account.left or account.stack <= 0:
                raise IllegalAction(_("{name} has no chips at the table to race").format(name=name))
            if name in counts:
                raise IllegalAction(_("{name} is named twice in the race").format(name=name))
            if not 1 <= count < per:
                raise IllegalAction(
                    _(
                        "{name}'s odd chips: 1 to {most} chips of {removed} "
                        "({per} make a {chip}: change them first)"
                    ).format(name=name, most=per - 1, removed=removed, per=per, chip=next_chip)
                )
            if count * removed > account.stack:
                raise IllegalAction(
                    _("{name} has {stack} chips, fewer than {count} x {removed}").format(
                        name=name, stack=account.stack, count=count, removed=removed
                    )
                )
            counts[name] = count
        order = sorted(counts, key=lambda name: self.table.accounts[name].seat)
        return tuple((name, counts[name]) for name in order)

    def _apply_race(self, event: Raced) -> None:
        draw = None if event.seed is not None else event.draw
        if event != self.race_event(event.removed, event.odd, draw=draw, seed=event.seed):
            raise MarquoirError(_("the recorded chip race does not match the table"))
        for name, _count in event.odd:
            account = self.table.accounts[name]
            change = event.change(name)
            # chips the race adds or takes out of play, as a count correction does
            account.stack += change
            account.adjusted += change
        assert self.state is not None
        self.state.raced.add(event.removed)

    def pause_event(self, minutes: int | None = None) -> Paused:
        """Stop the tournament's clock (with `minutes`: a break of that length, now)."""
        from .tournament.clock_rules import check_pause

        check_pause(self._tournament(N_("the clock"))[0], paused=self.paused, minutes=minutes)
        return Paused(minutes)

    def resume_event(self) -> Resumed:
        """Start the stopped clock again, or start it before the first deal (the clock
        otherwise starts with the first hand dealt)."""
        self._tournament(N_("the clock"))
        if not self.paused and self.clock_started():
            raise IllegalAction(_("the clock is running: nothing to resume"))
        return Resumed()

    def clock_started(self) -> bool:
        """Whether the clock was started: by the first deal, or by `resume` before it."""
        return self.started or self.table.hand_no > 0

    def level_event(self, level: int) -> LevelSet:
        """Tournament: move to level `level` between hands; it applies from the next deal."""
        tournament = self.table.settings.tournament
        if tournament is None:
            raise IllegalAction(_("levels are for tournaments: `blinds` changes a cash game's"))
        self.table.between_hands(N_("change the level"))
        count = len(tournament.level_list())
        if not 1 <= level <= count:
            raise IllegalAction(
                _("the levels are numbered 1 to {count} (got {level})").format(
                    count=count, level=level
                )
            )
        if level == self.level:
            raise IllegalAction(_("the level is already {level}").format(level=level))
        return LevelSet(level)

    def _set_level(self, level: int) -> None:
        tournament = self.table.settings.tournament
        assert tournament is not None
        table = self.table.config.with_schedule(tournament.schedule(level))
        self.table.settings = self.table.settings._replace(table=table)
        self.level = level
        self.level_hands = 0

    def _apply_entry_money(self, event: Rebought | AddedOn | Reentered) -> None:
        account = self.table.accounts[event.player]
        assert self.state is not None
        if isinstance(event, Rebought):
            if event != self.rebuy_event(event.player):
                raise MarquoirError(_("the recorded rebuy does not match the tournament"))
            entry = self.state.entry_of(event.player)
            entry.rebuys += 1
            entry.bust_hand, entry.eliminators, entry.step = None, {}, 0
        elif isinstance(event, AddedOn):
            if event != self.addon_event(event.player):
                raise MarquoirError(_("the recorded add-on does not match the tournament"))
            self.state.entry_of(event.player).add_on = True
        else:
            if event != self.reenter_event(event.player):
                raise MarquoirError(_("the recorded re-entry does not match the tournament"))
            self.state.entry_of(event.player).out = True
            self.state.enter(event.player)
            if event.seat:
                account.seat = event.seat
                self.room.entered(event.player, event.seat, event.seed)
        account.stack += event.chips
        account.bought += event.chips

    def busts(self, hand: Hand, result: HandResult) -> None:
        """Players left without chips: out, unless they may still rebuy (before the next
        deal). A cash game's table has nothing to do."""
        state = self.state
        if state is None:
            return
        from .tournament.state import eliminators

        busted = []
        for name, chips in result.final.items():
            if chips or not result.start.get(name):
                continue
            beaten_by = eliminators(name, result.awards)
            state.bust(name, self.table.hand_no, result.start[name], beaten_by)
            entry = state.entry_of(name)
            entry.out = not self.may_rebuy(name)
            busted.append(name)
        if self.room.active:
            self.room.hand_over(hand, busted)

    def may_rebuy(self, name: str) -> bool:
        """Whether `name`'s entry may still rebuy (its limit and period)."""
        settings, state = self.table.settings.tournament, self.state
        if settings is None or state is None or not settings.rebuys:
            return False
        assert settings.rebuy_until is not None
        from .tournament.entry_rules import rebuy_open

        entry = state.entry_of(name)
        open_ = rebuy_open(settings, level=self.level, hands_at_level=self.level_hands)
        return open_ and entry.rebuys < settings.rebuys

    def deal(self) -> None:
        """At the deal: a bust who did not rebuy is out; levels by hands move on (the new
        level applies to this hand, TDA 2024 rule 23). A cash game's table has nothing to
        do."""
        settings, state = self.table.settings.tournament, self.state
        if settings is None or state is None:
            return
        for entry in state.entries:
            if entry.busted:
                entry.out = True
        count = len(settings.level_list())
        due = settings.level_hands and self.level_hands >= settings.level_hands
        if due and self.level < count:
            self._set_level(self.level + 1)
        self.level_hands += 1
