"""Win chances: from any position, bots play many continuations to the end and count who wins.

`rollout` plays one continuation (compiled with the engine); `jobs` is what a worker process is
handed; `estimate` spreads continuations over the workers and sums them up into `Odds`;
`live` keeps the table's odds up to date beside the daemon; `review` names the turns that moved
the chances most. Imports the rules, the bots and the simulate workers; nothing imports it but the
CLI, the daemon and the web.
"""
