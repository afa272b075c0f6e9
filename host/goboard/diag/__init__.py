"""`goboard diag`'s library: a board's bring-up from its raw readings (analysis),
the session that drives the board's diagnostics over the link (session), the
report and the terminal heat map (report), the page's data (page)."""
