-- Agora schema, version 6 (PostgreSQL), as bot/migrations/006_leases.sql: named leases, so that
-- of several bot processes sharing the database one at a time does a shared chore (a lease is
-- held by `owner` until `until`, unix seconds; see claim/release in bot/store_pg.py).

CREATE TABLE leases (
    name  TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    until DOUBLE PRECISION NOT NULL
);
