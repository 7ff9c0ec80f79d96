"""The compiled engine for `companion simulate`: the rule engine, the bots and the game loop turned
into C extensions by mypyc, about four times faster than the same source run by Python.

`modules` lists what is compiled and keys it by the hash of its source; `store` keeps the builds;
`build` makes one; `loader` imports one; `choice` decides, for a run, between a build and the pure
engine. The table daemon never uses it: it runs the pure engine. Nothing here imports the engine.
"""
