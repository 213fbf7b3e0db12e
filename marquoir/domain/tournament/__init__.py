"""Tournament arithmetic: levels and the clock, payouts, ICM and deals, places and bounties,
chip stacks and the chip race.

Pure functions of what was recorded (and, for the clock, of a "now" passed in): no I/O, no
clock reads, standard library only. docs/rules.md ("Tournaments") lists the rules applied.
"""
