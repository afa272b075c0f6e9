"""The one error type a user sees: its message is the whole story."""


class UserError(Exception):
    """Bad input the user can fix: printed as one line, exit status 2."""
