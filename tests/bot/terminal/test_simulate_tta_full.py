"""`agora simulate tta --json --option mode=full`: random full games (F-SETUP-3) print each
game's scores and decisions_by_kind, and over a fixed slice of seeds the full game's politics
happen: aggressions (F-AGGR), wars (F-WAR) and, with 3 and 4 players, pacts (F-PACT)."""

from __future__ import annotations

import json

import pytest

from bot.cli import main

# fixed seeds whose random full games (seen once, engine/simulate.py's random seats) reach
# Age II/III politics before random resignations end them (F-RES)
SLICES = {3: (148, 1), 4: (69, 1)}


def simulate(players: int, seed: int, games: int, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    code = main(["simulate", "tta", "--players", str(players), "--games", str(games),
                 "--seed", str(seed), "--json", "--option", "mode=full"])
    assert code == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("players", sorted(SLICES))
def test_random_full_games_have_aggressions_wars_and_pacts(
        players: int, capsys: pytest.CaptureFixture[str]) -> None:
    seed, games = SLICES[players]
    rows = simulate(players, seed, games, capsys)
    played, summary = rows[:-1], rows[-1]["summary"]
    assert len(played) == games and summary["games"] == games
    kinds: dict[str, int] = {}
    for g in played:
        assert g["options"]["mode"] == "full"
        assert len(g["scores"]) == players and g["winner_seats"]
        assert sum(g["decisions_by_kind"].values()) == g["decisions"]
        for kind, n in g["decisions_by_kind"].items():
            kinds[kind] = kinds.get(kind, 0) + n
    assert kinds.get("aggression", 0) >= 1  # F-AGGR
    assert kinds.get("war", 0) >= 1  # F-WAR
    assert kinds.get("offer", 0) >= 1 and kinds.get("accept", 0) >= 1  # F-PACT
