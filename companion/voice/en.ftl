## The table's voice (companion/voice/): one short sentence per moment of the game, said aloud by
## the Pi's espeak-ng and by the screens' speechSynthesis. Amounts and dice are words, never digits:
## { POUNDS($amount) } ("twenty-two pounds"), { WORDS($n) } ("seven"). A player may carry a
## $gender ("female", "male"; "other" when the game does not know it) for the languages that need it.

# The noun after an amount in words; its form is Fluent's plural of $amount.
voice-pound-noun = { $amount ->
    [one] pound
   *[other] pounds
}
voice-turn = { $player }'s turn.
voice-roll = { $double ->
    [yes] { $player } rolls a double { WORDS($first) }: { $square }.
   *[no] { $player } rolls { WORDS($first) } and { WORDS($second) }: { $square }.
}
voice-buy = { $player } buys { $square } for { POUNDS($amount) }.
voice-rent = { $payer } pays { $owner } { POUNDS($amount) } rent.
voice-card = { $player } draws { $deck }: { $card }
voice-jail = { $player } goes to jail.
voice-jail-leaves = { $player } leaves jail.
voice-auction-opens = { $lot } goes to auction.
voice-auction-last = Last seconds for { $lot }!
voice-bid = { $player } bids { POUNDS($amount) }.
voice-auction-wins = { $player } wins { $lot } for { POUNDS($amount) }.
voice-auction-none = Nobody bids: { $lot } stays with the bank.
voice-debt = { $player } owes { POUNDS($amount) } to { $creditor }.
voice-bankrupt = { $player } goes bankrupt.
voice-winner = { $player } wins the game!
# The test sentence `companion doctor` plays.
voice-test = The table speaks. Ann pays Bob twenty-two pounds rent.
