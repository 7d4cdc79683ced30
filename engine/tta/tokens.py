"""Food and resources as blue tokens on farm and mine cards (T-BOARD-2, T-PAY, T-GAIN), the
yellow and blue banks and the box (T-TOK, G-BANK).

Paying X (T-PAY-1/2, G-PAY-1): the engine looks at every arrangement of the tokens that stores
exactly X less and that the rules can reach — tokens only ever move *down* in value (a token
returned and replaced by lower change, or moved to a lower card), which is the same as saying
that, for every value v, the value stored on cards worth v or more never grows. Among those it
takes the one with the fewest tokens on the cards (the most tokens in the blue bank, so the least
corruption), ties broken by keeping higher-value tokens. Change needs tokens from the blue bank;
if it has too few, the player overpays by the smallest amount possible (G-BANK-5d).

Gaining X (T-GAIN-1, G-PAY-2): tokens from the bank onto the cards, fewest tokens first (highest
values first); tokens already on cards never move. With too few tokens in the bank the largest
amount up to X that can be formed is gained (G-BANK-5b)."""

from __future__ import annotations

from itertools import product

from data.tta import CARDS

from .state import Player

VALUE = {"farm": "food", "mine": "resources"}


def stores(p: Player, kind: str) -> list[tuple[str, int]]:
    """(card, value per token) of the player's farm or mine technologies in play, highest value
    first."""
    field_ = VALUE[kind]
    cards = [(c, getattr(CARDS[c], field_)) for c in p.techs if CARDS[c].kind == kind]
    return sorted(cards, key=lambda cv: -cv[1])


def stored(p: Player, kind: str) -> int:
    """Food (kind "farm") or resources (kind "mine") stored on the cards."""
    return sum(p.blue.get(c, 0) * v for c, v in stores(p, kind))


def _set(p: Player, card: str, count: int) -> None:
    if count:
        p.blue[card] = count
    else:
        p.blue.pop(card, None)


def _arrangements(values: list[int], caps: list[int], target: int):
    """Every count vector storing exactly `target` whose value on the first i cards never
    exceeds caps[i] (cards sorted by falling value)."""
    if not values:
        if target == 0:
            yield ()
        return
    v, rest = values[0], values[1:]
    top = min(target, caps[0]) // v
    for k in range(top, -1, -1):
        used = k * v
        for tail in _arrangements(rest, [c - used for c in caps[1:]], target - used):
            yield (k, *tail)


def pay_plan(p: Player, kind: str, amount: int) -> dict[str, int] | None:
    """The new token counts per card after paying `amount` (G-PAY-1), or None if the stored
    value is short. Pure: changes nothing."""
    cards = stores(p, kind)
    have = [p.blue.get(c, 0) for c, _ in cards]
    values = [v for _, v in cards]
    total = sum(h * v for h, v in zip(have, values, strict=True))
    if amount > total:
        return None
    caps, run = [], 0
    for h, v in zip(have, values, strict=True):
        run += h * v
        caps.append(run)
    tokens_now = sum(have)
    for left in range(total - amount, -1, -1):  # overpay only if change is impossible
        best = None
        for counts in _arrangements(values, caps, left):
            if sum(counts) - tokens_now > p.blue_bank:
                continue  # not enough bank tokens for the change (G-BANK-5d)
            key = (sum(counts), tuple(-c for c in counts))
            if best is None or key < best[0]:
                best = (key, counts)
        if best is not None:
            return {c: n for (c, _), n in zip(cards, best[1], strict=True)}
    return None  # unreachable: an empty arrangement always exists


def pay(p: Player, kind: str, amount: int) -> bool:
    """Pay `amount` food or resources (T-PAY-1/2); False (nothing changed) if short."""
    if amount <= 0:
        return True
    plan = pay_plan(p, kind, amount)
    if plan is None:
        return False
    _apply_plan(p, plan)
    return True


def _apply_plan(p: Player, plan: dict[str, int]) -> None:
    for card, count in plan.items():
        p.blue_bank += p.blue.get(card, 0) - count
        _set(p, card, count)


def lose(p: Player, kind: str, amount: int) -> int:
    """Lose up to `amount` (corruption, famine): pay it if possible, else everything; returns
    the amount that could not be paid."""
    have = stored(p, kind)
    if amount <= 0:
        return 0
    if have >= amount:
        pay(p, kind, amount)
        return 0
    for card, _ in stores(p, kind):
        p.blue_bank += p.blue.get(card, 0)
        _set(p, card, 0)
    return amount - have


def gain(p: Player, kind: str, amount: int) -> int:
    """Gain up to `amount` food or resources (T-GAIN-1, G-PAY-2, G-BANK-5b); returns what was
    gained."""
    cards = stores(p, kind)
    if amount <= 0 or not cards:
        return 0
    values = [v for _, v in cards]
    for want in range(amount, 0, -1):
        best = None
        for counts in product(*(range(want // v + 1) for v in values)):
            if sum(k * v for k, v in zip(counts, values, strict=True)) != want:
                continue
            key = (sum(counts), tuple(-c for c in counts))
            if best is None or key < best[0]:
                best = (key, counts)
        if best is not None and best[0][0] <= p.blue_bank:
            for (card, _), k in zip(cards, best[1], strict=True):
                _set(p, card, p.blue.get(card, 0) + k)
            p.blue_bank -= sum(best[1])
            return want
    return 0


def produce(p: Player, kind: str, extra: list[str] | None = None) -> int:
    """T-PROD-1/2: one token per worker on each farm (mine) card, highest values first while
    the bank lasts (G-BANK-5a); `extra` lists cards producing one more token. Returns the
    value produced."""
    made = 0
    for card, value in stores(p, kind):
        n = p.workers.get(card, 0) + (extra or []).count(card)
        n = min(n, p.blue_bank)
        if n:
            _set(p, card, p.blue.get(card, 0) + n)
            p.blue_bank -= n
            made += n * value
    return made


def box_blue(p: Player, count: int) -> None:
    """T-TOK-1: +count blue tokens from the box into the blue bank (negative: back to the box,
    only what the bank holds, G-BANK-6)."""
    if count < 0:
        count = -min(-count, p.blue_bank)
    p.blue_bank += count
    p.blue_box += count


def box_yellow(p: Player, count: int) -> None:
    """T-TOK-1/3: the same for the yellow bank; losses take only bank tokens (G-AGE-3)."""
    if count < 0:
        count = -min(-count, p.yellow_bank)
    p.yellow_bank += count
    p.yellow_box += count
