-- FindOptimizationBySession looks an order up by its checkout session or
-- its upgrade's; without this index the upgrade half read every order (the
-- success page asks every 2 s). Its expression is the query's, to the
-- letter, so SQLite answers the OR with two index look-ups.
CREATE INDEX optimizations_upgrade_session ON optimizations (json_extract(upgrade, '$.sessionId'));
