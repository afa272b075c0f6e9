"""GTP both ways: the protocol's text rules, the client of an engine, and the board
as a game against a side the host speaks for."""
