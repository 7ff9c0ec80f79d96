"""Table companion: the banker and rule keeper for a physical Monopoly table."""

__version__ = "0.1.0"
