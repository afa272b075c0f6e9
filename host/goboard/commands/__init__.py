"""The subcommands of `goboard`, one module each (`add_arguments`, `run`); `goboard.cli`
is the table that maps a name to its module. Commands import the libraries beside
this package; no library imports a command."""
