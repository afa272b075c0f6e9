"""Games on disk: SGF read (sgfgame) and written (sgfrecord), and the journal of the
events each game's SGF is written from."""
