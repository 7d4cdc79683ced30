""""Sealed offers": a small game written for the tests of the game-neutral host.

It has what Amun-Re needs from the host and Pantheon does not: every seat chooses at once and in
secret (a simultaneous agenda frame whose choices are sealed until the reveal), and a seat that is
not awaited may still act out of turn (the veto). Nothing in bot/ or engine/ knows it: it reaches
the host only through engine.registry, like a game outside the tree.

Rules (numbered, cited by the refusals):
    S-SETUP-1  3 to 5 players. Each seat starts with 5 coins, 0 points and one veto token. The
               seat that opens round 1 is drawn from the seed; the opening seat rotates.
    S-OFFER-1  At the start of each of the 2 rounds every seat at once seals an offer of 0 to 3
               coins, never more than it has. Nobody sees another seat's offer before the reveal.
    S-OFFER-2  Each seat seals one offer per round.
    S-REVEAL-1 When every offer is sealed they are revealed together: the highest offer that
               nobody else made (the highest unique offer) scores 3 points; every offer is paid.
    S-TURN-1   Then each seat in turn, from the opening seat clockwise, takes 1 or 2 coins from
               the bank. Only the seat whose turn it is takes.
    S-VETO-1   While a seat takes its turn, any other seat that still holds its veto token may
               veto that take, at any time before it is made: the take then gives 0 coins.
    S-VETO-2   A seat has one veto token for the whole game.
    S-VETO-3   A take can be vetoed once.
    S-END-1    After round 2 the game ends: most points wins (ties share the win).
"""

from __future__ import annotations

from engine import registry

GAME_ID = "sealed"


def register() -> None:
    registry.register(GAME_ID, rules="tests.sealed.rules", ai="tests.sealed.ai",
                      render="tests.sealed.render", commands="tests.sealed.commands")


def unregister() -> None:
    registry.unregister(GAME_ID)
