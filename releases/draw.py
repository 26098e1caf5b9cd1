"""The draw itself, pure: the same seed and the same entries give the same places, on any machine, for ever
(docs/DESIGN.md §11). Anyone with the release's recorded seed and its entries can re-run it and check the winners."""

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Entrant:
    """What the draw reads of an entry: its id, when it was made, and whose card and address it is."""

    id: int
    size_id: int
    created_at: datetime
    card: str
    address: str


def entries_split(entrants: Iterable[Entrant]) -> tuple[list[Entrant], list[Entrant]]:
    """(valid, void): the earliest entry of a card or an address stands, every later one with the same card or the
    same address is void (one account per person is the entries' own rule)."""
    cards: set[str] = set()
    addresses: set[str] = set()
    valid, void = [], []
    for entrant in sorted(entrants, key=lambda e: (e.created_at, e.id)):
        if (entrant.card and entrant.card in cards) or entrant.address in addresses:
            void.append(entrant)
            continue
        if entrant.card:
            cards.add(entrant.card)
        addresses.add(entrant.address)
        valid.append(entrant)
    return valid, void


def draw_rank(*, seed: str, size_id: int, entry_ids: Iterable[int]) -> list[int]:
    """The size's valid entries in the order the draw takes them: the first `pairs` win, and a winner whose capture
    fails passes the pair to the next. A shuffle of the ids in ascending order by Python's Mersenne Twister seeded
    with "<seed>:<size id>" (its string seeding is fixed: random's version 2, SHA-512 of the string)."""
    ranked = sorted(entry_ids)
    random.Random(f"{seed}:{size_id}").shuffle(ranked)
    return ranked
