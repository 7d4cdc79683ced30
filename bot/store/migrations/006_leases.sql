-- Agora schema, version 6: leases, so that with several bot processes on one database exactly
-- one of them does each piece of background work (a game's publishing pump, the reminder
-- round). A process takes a lease for a few seconds and renews it while it works; a process
-- that dies stops renewing, and another takes the work over once `until` has passed.

CREATE TABLE leases (
    name  TEXT NOT NULL PRIMARY KEY,  -- the work: "pump:<game id>", "reminders"
    owner TEXT NOT NULL,              -- the process holding it ("host:pid:random")
    until REAL NOT NULL               -- unix seconds: free again after this
) WITHOUT ROWID;
