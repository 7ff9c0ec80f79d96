"""Simulated games: bots playing thousands of full games to measure the rules and the engine."""
