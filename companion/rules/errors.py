"""The two ways a command can fail, named for what went wrong."""


class CommandError(Exception):
    """Base of every error a command can raise; the message is meant for people."""

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else ""


class Malformed(CommandError):
    """The input cannot be read as a command: not an object, unknown command, missing or bad field."""


class Rejected(CommandError):
    """A well-formed command that the rules refuse now; the game is unchanged."""
