### Every sentence of the table companion in English: the engine's, the story's,
### the table's and the pages' (Python reads it with fluent.runtime, the browser with
### @fluent/bundle). How to add a message: docs/developers.md, "Languages" (under "The rule engine").


## The language itself (companion/i18n LANGUAGES): espeak-ng's voice for it, the browser's locale
## for its dates and numbers (BCP 47); its board labels break where pyphen's dictionary
## for it allows (companion/i18n/hyphenation.py).

language-espeak = en-gb
language-locale = en-GB

## The engine (companion/rules): refusals, events, decisions and the reasons money moves

rules-no_player = There is no player called '{ $name }' in this game
rules-player_bankrupt = { $player } is bankrupt and out of the game
rules-reserved_name = '{ $name }' cannot be a player's name: the table's own accounts and parts are called that (bank, pot, table, banker)
rules-no_square = There is no square called '{ $square }' on this board
rules-not_property = { $square } is not a property
rules-the_bank = the bank
rules-thing-house = house
rules-thing-hotel = hotel
rules-house =
    { $count ->
        [0] no houses
        [one] { $count } house
       *[other] { $count } houses
    }
rules-building =
    { $count } { $count ->
        [one] building
       *[other] buildings
    }
rules-jail_card =
    { $count } { $count ->
        [one] Get out of Jail Free card
       *[other] Get out of Jail Free cards
    }
rules-over = The game is over
rules-over-won = The game is over: { $player } won
rules-over-wins = The game is over: { $player } wins
rules-turn-not_yours = It is { $player }'s turn, not { $other }'s
rules-turn-next = { $player }'s turn
rules-turn-interpol_skip = { $player } misses this turn (held by Interpol)
rules-block-auction = an auction is running
rules-block-choice = { $player } must first make a choice
rules-block-draw = { $player } must first draw a { $deck } card
rules-block-utility_roll = { $player } must first roll the dice once more for { $square }
rules-block-debt = { $player } owes { MONEY($amount) } to { $creditor } and must pay, raise the cash or go bankrupt
rules-block-buy = { $player } must first buy or decline { $square }
rules-block-trade = { $player } must first answer { $other }'s trade proposal
rules-busy-auction = { $player } cannot { $doing } now: an auction is running; only bids and passes are taken until it ends
rules-busy-choice = { $player } cannot { $doing } now: { $other } must first make a choice
rules-busy-draw = { $player } cannot { $doing } now: { $other } must first draw a card
rules-busy-utility_roll = { $player } cannot { $doing } now: { $other } must first roll the dice once more
rules-in_debt = { $player } cannot { $doing }: { $player } first owes { MONEY($amount) } to { $creditor }
rules-too_dear = { $player } cannot { $doing }: it costs { MONEY($cost) } and { $player } has { MONEY($cash) }
rules-roll-bad_die = A die shows 1 to 6, not { $die }
rules-roll-blocked = { $player } cannot roll now: { $reason }
rules-roll-none_due = { $player } has no roll due; the next thing is to end the turn
rules-roll-rolls = { $player } rolls { $die1 } and { $die2 }
rules-roll-interpol = { $player } rolled doubles three times: held by Interpol
rules-roll-third_doubles = { $player } rolled doubles three times
rules-end_turn-blocked = { $player } cannot end the turn yet: { $reason }
rules-end_turn-doubles = { $player } rolled doubles and must roll again
rules-end_turn-roll_first = { $player } must roll before ending the turn
rules-doing-pay_fine = pay the jail fine
rules-doing-use_card = use a Get out of Jail Free card
rules-jail-not_in = { $player } is not in jail
rules-jail-before_roll = { $player } cannot { $doing } now: it is done before a roll
rules-jail-no_card = { $player } has no Get out of Jail Free card
rules-jail-pays_fine = { $player } pays the fine and leaves jail
rules-jail-uses_card = { $player } uses a Get out of Jail Free card and leaves jail
rules-jail-rolls_doubles = { $player } rolls doubles and leaves jail
rules-jail-third_fail = { $player } has failed three times, pays the fine and leaves jail
rules-jail-stays = { $player } stays in jail
rules-jail-goes = { $player } goes to jail
rules-rent-claim_lost = { $player } did not claim the rent in time; it is lost
rules-rent-may_claim = { $player } may claim { MONEY($amount) } rent for { $square }
rules-rent-nothing_to_claim = { $player } has no rent to claim now
rules-rent-not_yours = The rent for { $square } is { $player }'s to claim
rules-doing-claim = claim rent
rules-choice-none = There is no choice to make now
rules-choice-not_yours = The choice is { $player }'s to make, not { $other }'s
rules-choice-options = { $player } can choose { $options }, not '{ $option }'
rules-debt-owes = { $player } owes { MONEY($amount) } to { $creditor } ({ $reason })
rules-buy-may = { $player } may buy { $square } for { MONEY($price) }
rules-buy-none = No deed is on offer now
rules-buy-not_yours = { $square } is offered to { $player }, not to { $other }
rules-buy-too_dear = { $player } cannot buy { $square }: it costs { MONEY($price) } and { $player } has { MONEY($cash) }; raise cash first or decline
rules-buy-buys = { $player } buys { $square }
rules-buy-declines = { $player } declines { $square }
rules-doing-buy = buy { $square }
rules-doing-decline = decline { $square }
rules-card-draw_at_table = { $player } draws a { $deck } card from the table
rules-card-draws = { $player } draws { $deck }: { $card }
rules-card-utility_roll = { $player } rolls once more and pays { $owner } { $times } times the total for { $square }
rules-card-none_due = No card is to be drawn now
rules-card-not_yours = It is { $player } who draws, not { $other }
rules-card-wrong_deck = { $player } draws from the { $deck } deck, not { $asked }
rules-card-no_number = The { $deck } deck has cards 1 to { $count }, not { $number }
rules-card-held = { $card } is kept by a player; it cannot be drawn now
rules-build-not_lot = { $player } cannot build on { $square }: only colour-group streets carry buildings
rules-build-not_whole = { $player } cannot build on { $square }: { $player } does not own the whole { $group } group ({ $other_square } belongs to { $holder })
rules-build-mortgaged = { $player } cannot build on { $square }: { $other_square } is mortgaged
rules-build-has_hotel = { $player } cannot build on { $square }: it already has a hotel
rules-build-evenly = { $player } cannot build on { $square }: build evenly; { $other_square } has { $houses }
rules-build-bank_out_house = { $player } cannot build on { $square }: the bank has no houses left
rules-build-bank_out_hotel = { $player } cannot build on { $square }: the bank has no hotels left
rules-build-own_turn = { $player } cannot build on { $square }: with a building limit, only in { $player }'s own turn (house rule)
rules-build-before_roll = { $player } cannot build on { $square }: with a building limit, only before the roll (house rule)
rules-build-turn_limit = { $player } cannot build on { $square }: at most { $limit } a turn (house rule)
rules-build-group_limit = { $player } cannot build on { $square }: at most { $limit } on the { $group } group a turn (house rule)
rules-build-house = { $player } builds a house on { $square }
rules-build-hotel = { $player } builds a hotel on { $square }
rules-doing-build = build on { $square }
rules-sell-not_owner = { $player } cannot sell a building on { $square }: it belongs to { $holder }
rules-sell-none = { $player } cannot sell a building on { $square }: it has no buildings
rules-sell-evenly = { $player } cannot sell a building on { $square }: sell evenly; { $other_square } has more buildings
rules-sell-no_houses = { $player } cannot sell a building on { $square }: the bank has { $houses }, not the 4 that replace the hotel; sell all the group's buildings at once instead
rules-sell-no_group = There is no colour group called '{ $group }'
rules-sell-group_not_owned = { $player } does not own the whole { $group } group
rules-sell-group_bare = { $player } has no buildings on the { $group } group
rules-sell-sells_house = { $player } sells a house on { $square }
rules-sell-sells_hotel = { $player } sells a hotel on { $square }
rules-sell-sells_group = { $player } sells every building on the { $group } group
rules-doing-sell = sell a building on { $square }
rules-doing-sell_group = sell the { $group } buildings
rules-doing-mortgage = mortgage { $square }
rules-mortgage-not_owner = { $player } cannot mortgage { $square }: { $player } does not own it
rules-mortgage-already = { $player } cannot mortgage { $square }: it is already mortgaged
rules-mortgage-built = { $player } cannot mortgage { $square }: sell the { $group } group's buildings first
rules-mortgage-mortgages = { $player } mortgages { $square }
rules-doing-lift = lift the mortgage on { $square }
rules-lift-not_owner = { $player } cannot { $doing }: { $player } does not own it
rules-lift-not_mortgaged = { $player } cannot { $doing }: it is not mortgaged
rules-lift-lifts = { $player } lifts the mortgage on { $square }
rules-trade-twice = A trade lists the same square twice
rules-trade-cash = { $player } has { MONEY($cash) }, not the { MONEY($offered) } offered
rules-doing-hand_cash = hand over cash in a trade
rules-trade-cards = { $player } has { $held }, not { $wanted }
rules-trade-not_owner = { $player } does not own { $square }
rules-trade-built = { $square } cannot change hands: the { $group } group has buildings; sell them first
rules-trade-lift_received = { $player } can lift only mortgages on deeds received in the trade
rules-trade-lift_not_mortgaged = { $square } is not mortgaged
rules-trade-window = { $player } cannot { $doing } now: deals are made only before the dice are thrown (house rule)
rules-doing-propose = propose a trade
rules-trade-self = { $player } cannot trade with themself
rules-trade-open = { $player }'s proposal to { $other } is still open; it must be answered first
rules-trade-empty = A trade must hand over something
rules-trade-proposes = { $player } proposes a trade to { $other }
rules-trade-none = There is no trade proposal for { $player } to answer
rules-trade-only_partner = Only { $other } can accept { $player }'s proposal
rules-doing-accept = accept a trade
rules-doing-lift_in_trade = lift mortgages in a trade
rules-trade-lift_too_dear = { $player } cannot lift the mortgages at once: it costs { MONEY($cost) } and { $player } would have { MONEY($cash) }
rules-trade-accepts = { $player } accepts { $other }'s trade
rules-trade-not_party = The proposal is between { $player } and { $other }
rules-doing-answer = answer a trade
rules-trade-rejects = { $player } rejects { $other }'s trade
rules-trade-withdraws = { $player } withdraws the proposal
rules-bankrupt-no_debt = { $player } owes nothing; only a player in debt can go bankrupt
rules-doing-bankrupt = go bankrupt
rules-doing-retire = end the computer's seat
rules-seats-retire_person = { $player } is a person, not the computer: only a computer's seat is ended by the banker
rules-seats-retires = The banker ends the computer's seat: { $player } leaves the game
rules-seats-hand_over_person = { $player } is played by a person already
rules-seats-handed_over = A person takes { $player }'s seat: the computer plays it no more
rules-bankrupt-goes = { $player } goes bankrupt to { $creditor }
rules-bankrupt-deeds = { $player } receives { $bankrupt }'s deeds: { $deeds }
rules-bankrupt-mortgaged_deeds = { $player } receives { $bankrupt }'s mortgaged deeds and owes the bank 10% on each: { $deeds }
rules-bankrupt-cards =
    { $count ->
        [one] { $player } receives { $bankrupt }'s Get out of Jail Free card
       *[other] { $player } receives { $bankrupt }'s { $count } Get out of Jail Free cards
    }
rules-bankrupt-deeds_to_bank = { $player }'s deeds go back to the bank, unmortgaged: { $deeds }
rules-bankrupt-cards_to_decks =
    { $count ->
        [one] { $player }'s Get out of Jail Free card goes back to the bottom of its deck
       *[other] { $player }'s { $count } Get out of Jail Free cards go back to the bottom of their decks
    }
rules-end_game-auction = The game cannot end while an auction runs; it must finish first
rules-end_game-choice = The game cannot end while { $player } has a card choice to make; it must be made first
rules-end_game-draw = The game cannot end while { $player } must draw a card; it must be drawn first
rules-end_game-utility_roll = The game cannot end while { $player } must roll the dice once more; they must be rolled first
rules-auction-none = No auction is running
rules-auction-out = { $player } is out of the auction for { $lot }
rules-doing-bid = bid for { $lot }
rules-auction-too_low = { $player }'s bid of { MONEY($bid) } for { $lot } must be more than { MONEY($high) }
rules-auction-too_high = { $player } cannot bid { MONEY($bid) } for { $lot }: { $player } has { MONEY($cash) }
rules-auction-say_square = A bid for a { $thing } must say the square it will stand on
rules-auction-wrong_kind = { $player }'s next building on { $square } would be a { $thing }, not a { $asked }
rules-auction-below_cost = The opening bid for a { $thing } on { $square } is its cost, { MONEY($cost) }
rules-auction-bids = { $player } bids { MONEY($bid) } for { $lot }
rules-auction-already_out = { $player } is already out of the auction for { $lot }
rules-auction-high_cannot_pass = { $player } holds the high bid for { $lot } and cannot pass
rules-auction-passes = { $player } passes
rules-auction-no_bids = Nobody bid: { $lot } stays with the bank
rules-auction-wins = { $player } wins { $lot } for { MONEY($price) }
rules-auction-opens = { $lot } goes to auction
rules-auction-already = An auction is already running
rules-auction-bank_none_house = The bank has no houses left to auction
rules-auction-bank_none_hotel = The bank has no hotels left to auction
rules-auction-bank_opens_house = The bank auctions a house
rules-auction-bank_opens_hotel = The bank auctions a hotel
rules-auction-bank_house = a house from the bank
rules-auction-bank_hotel = a hotel from the bank
rules-tap-unknown = The tag { $tag } is not known at this table; the banker can enroll it
rules-tap-other_board = The tag { $tag } is { $thing } of the { $board } board, not of this game's board: nothing changes
rules-tap-not_card = The tag { $tag } stands for '{ $written }', which is no card of this game
rules-tap-not_ours = The tag { $tag } stands for '{ $written }', which is neither a token nor a deed
rules-tap-nothing = Tag { $tag } read; nothing to do in the game now
rules-tap-computer = { $player } is played by the table, which bids and buys for itself: the tap changes nothing
rules-why-jail_fine = jail fine
rules-why-interpol_fine = Interpol fine
rules-why-fine_not_chance = fine instead of a Chance card
rules-why-income_tax = income tax
rules-why-income_tax_percent = income tax (percent)
rules-why-salary = salary for passing GO
rules-why-rent = rent for { $square }
rules-why-tax = { $square }
rules-why-pot = Free Parking pot
rules-why-card = { $card }
rules-why-bought = bought { $square }
rules-why-won_auction = won the auction for { $lot }
rules-why-won_house = won the auction for a house on { $square }
rules-why-won_hotel = won the auction for a hotel on { $square }
rules-why-house = house on { $square }
rules-why-hotel = hotel on { $square }
rules-why-sold_house = sold a house on { $square }
rules-why-sold_hotel = sold a hotel on { $square }
rules-why-sold_group = sold every building on the { $group } group
rules-why-mortgaged = mortgaged { $square }
rules-why-lifted = lifted the mortgage on { $square }
rules-why-trade = trade
rules-why-interest = 10% on mortgaged { $square } received
rules-why-estate_buildings = { $player }'s buildings on { $square } sold to the bank
rules-why-bankruptcy = bankruptcy of { $player }
rules-now-auction_open = Auction for { $lot }: no bid yet; { $bidders } may bid or pass
rules-now-auction_bid = Auction for { $lot }: { MONEY($bid) } by { $player }; { $bidders } may bid more or pass
rules-now-choice_card = { $player } chooses: pay a { MONEY($fine) } fine, or take a { $deck } card
rules-now-choice_tax = { $player } chooses the income tax: { MONEY($tax) }, or { $percent }% of net worth ({ MONEY($percent_tax) })
rules-now-draw = { $player } draws a { $deck } card at the table and taps it (or enters its number)
rules-now-utility_roll = { $player } rolls the dice once more and pays { $owner } { $times } times the total for { $square }
rules-now-debt = { $player } owes { MONEY($amount) } to { $creditor } ({ $reason }): raise { MONEY($short) } by selling buildings, mortgaging or trading, or go bankrupt
rules-now-buy = { $player } may buy { $square } for { MONEY($price) }, or decline it
rules-now-buy_auction = { $player } may buy { $square } for { MONEY($price) }, or decline it and it goes to auction
rules-now-trade = { $player } answers { $other }'s trade proposal: accept or reject
rules-now-end_turn = { $player } ends the turn (or builds, mortgages and trades first)
rules-now-jail = { $player } is in jail: pay the { MONEY($fine) } fine, or roll for doubles (try { $try } of 3)
rules-now-jail_card = { $player } is in jail: pay the { MONEY($fine) } fine, use a Get out of Jail Free card, or roll for doubles (try { $try } of 3)
rules-now-roll = { $player } rolls the dice
rules-now-roll_again = { $player } rolled doubles and rolls again
rules-table-no_game = No game is running; the banker starts one first
rules-auction-not_this_deed = A bid for { $lot } cannot name { $square }
rules-the_pot = the Free Parking pot
rules-correct-same_account = Money moves between two different accounts
rules-correct-amount = A correction moves { MONEY(1) } to { MONEY($most) }
rules-correct-short = { $account } has { MONEY($balance) }, not the { MONEY($amount) } to move
rules-correct-note_long = A note is at most { $most } characters
rules-correct-moved = The banker moves { MONEY($amount) } from { $source } to { $target }
rules-correct-placed = The banker puts { $player } on { $square }
rules-correct-deed_already = { $square } is already { $holder }'s
rules-correct-deed_on_offer = { $square } is on offer now; it is bought or declined first
rules-correct-deed_at_auction = { $square } is being auctioned; the auction ends first
rules-correct-deed_given = The banker gives { $square } to { $holder }
rules-why-correction = banker's correction: { $note }
rules-why-correction_plain = banker's correction
rules-trade-counters = { $player } turns down { $other }'s proposal with a counter-offer
rules-hotel =
    { $count } { $count ->
        [one] hotel
       *[other] hotels
    }
rules-raise-ways = { $player } owes { MONEY($owed) } to { $creditor } and needs { MONEY($short) } more: { $ways }
rules-raise-ways_short = { $player } owes { MONEY($owed) } to { $creditor } and needs { MONEY($short) } more: { $ways }; even that is not enough, so trade or go bankrupt
rules-raise-nothing = { $player } owes { MONEY($owed) } to { $creditor } and needs { MONEY($short) } more, with nothing left to sell or mortgage: trade or go bankrupt
rules-raise-mortgage = mortgaging { $square } raises { MONEY($raises) }
rules-raise-sell_building = selling a building on { $square } raises { MONEY($raises) }
rules-raise-sell_group = selling the { $things } on the { $group } group raises { MONEY($raises) }
rules-trade-deeds = { $player } receives { $deeds }

## The story (companion/web/story): money movements and the log

story-money-in = { $to } receives { MONEY($amount) } from { $from }: { $why }
story-money-out = { $from } pays { $to } { MONEY($amount) }: { $why }
story-money-between = { $from } pays { $to } { MONEY($amount) }: { $why }
story-money-bank = { MONEY($amount) } moves from { $from } to { $to }: { $why }
story-money-starting = { $to } gets { MONEY($amount) } starting cash
story-money-undone = Undone: { $line }
story-money-why-rent = { $from } pays { $to } { MONEY($amount) } rent for { $square }
story-money-why-salary = { $to } collects { MONEY($amount) } salary for passing GO
story-money-why-bought = { $from } buys { $square } for { MONEY($amount) }
story-money-why-won_auction = { $from } pays { MONEY($amount) } for { $lot }, won at auction
story-money-why-won_house = { $from } pays { MONEY($amount) } for a house on { $square }, won at auction
story-money-why-won_hotel = { $from } pays { MONEY($amount) } for a hotel on { $square }, won at auction
story-money-why-house = { $from } pays { MONEY($amount) } for a house on { $square }
story-money-why-hotel = { $from } pays { MONEY($amount) } for a hotel on { $square }
story-money-why-sold_house = { $to } gets { MONEY($amount) } for a house sold on { $square }
story-money-why-sold_hotel = { $to } gets { MONEY($amount) } for a hotel sold on { $square }
story-money-why-sold_group = { $to } gets { MONEY($amount) } for the buildings sold on the { $group } group
story-money-why-mortgaged = { $to } mortgages { $square } for { MONEY($amount) }
story-money-why-lifted = { $from } pays { MONEY($amount) } to lift the mortgage on { $square }
story-money-why-trade = { $from } pays { $to } { MONEY($amount) } in a trade
story-money-why-interest = { $from } pays { $to } { MONEY($amount) }: 10% on mortgaged { $square } received
story-money-why-jail_fine = { $from } pays a { MONEY($amount) } jail fine to { $to }
story-money-why-interpol_fine = { $from } pays an { MONEY($amount) } Interpol fine to { $to }
story-money-why-fine_not_chance = { $from } pays a { MONEY($amount) } fine to { $to } instead of a Chance card
story-money-why-income_tax = { $from } pays { MONEY($amount) } income tax to { $to }
story-money-why-income_tax_percent = { $from } pays { MONEY($amount) } income tax (a share of net worth) to { $to }
story-money-why-tax = { $from } pays { MONEY($amount) } { $square } to { $to }
story-money-why-pot = { $to } collects { MONEY($amount) } from the Free Parking pot
story-money-why-card-in = { $to } collects { MONEY($amount) }: { $card }
story-money-why-card = { $from } pays { $to } { MONEY($amount) }: { $card }
story-money-why-bankruptcy = { $to } receives { $from }'s { MONEY($amount) }: bankruptcy of { $player }
story-money-why-estate_buildings = { $to } receives { MONEY($amount) }: { $player }'s buildings on { $square } sold to the bank
story-money-why-correction = The banker moves { MONEY($amount) } from { $from } to { $to }: { $note }
story-money-why-correction_plain = The banker moves { MONEY($amount) } from { $from } to { $to }
story-story-new_game = New game: { $players }, { MONEY($amount) } each
story-log-new = New game: { $players }
story-log-undo_one = The banker took back 1 move
story-log-undo_many = The banker took back { $n } moves
story-log-redo = The banker put back: { $line }
story-log-clock = The table's clock was corrected
story-log-import = The game was imported from a table script
story-log-nothing = Nothing changed
story-timer-passes = The time ran out: { $player } did not bid
story-roll-banker_sets = The banker sets { $player }'s dice: { $die1 } and { $die2 }

## The table (companion/table): token waits, pairings, commands said

table-token-wait_pair = This screen's code is { $code }. Tap your token on the reader, then tap it again when this screen says its code is offered (or pick { $code } on the table's screen)
table-token-wait_confirm = { $player }, tap your token on the reader to confirm
table-token-ambiguous = { $count } screens were waiting for a token, so the tap went to none of them: ask again, one screen at a time
table-token-expired_pair = No token was tapped; tap your token on the reader and try again
table-token-expired_confirm = No token was tapped: { $player }, tap your token on the reader to confirm
table-token-wrong = That was { $tapped }'s token; { $player } must confirm this
table-token-not_their_move = That is no longer { $player }'s move; nothing was done
table-token-replaced = This screen asked again; its earlier request was dropped
table-token-cancelled = The request was withdrawn
table-token-game_changed = Another game was started or opened; ask again
table-token-too_many = Too many screens are waiting for a token; try again in a moment
table-token-too_many_address = Screens from this address already wait for the table; try again once one of them is answered
table-token-expired_banker = Nobody made the banker's step at the table in time; ask again
table-choice-gone = Nothing is being chosen at the table now; ask again
table-choice-no_code = No waiting screen shows the code { $code }
table-choice-too_soon = Too soon: the table had only just offered that code. Do it again when your screen says its code is offered
table-choice-table_only = Only the table's own screen or the banker's can choose which screen
table-token-closing = The companion is stopping; ask again once it is back
table-paired-token = { $player }'s token paired screen { $screen }
table-paired-banker = The banker paired screen { $screen } to { $player }
table-cmd-roll = roll the dice
table-cmd-buy = buy { $square }
table-cmd-buy_offer = buy the deed on offer
table-cmd-decline = decline { $square }
table-cmd-decline_offer = decline the deed on offer
table-cmd-bid = bid { $amount } for { $square }
table-cmd-pass = pass in the auction for { $square }
table-cmd-choose = choose: { $option }
table-cmd-draw = enter { $deck } card { $card } as drawn
table-cmd-pay_jail_fine = pay the jail fine
table-cmd-use_jail_card = use a Get out of Jail Free card
table-cmd-build = build on { $square }
table-cmd-sell_building = sell a building on { $square }
table-cmd-sell_all_buildings = sell every building of the { $group } group
table-cmd-mortgage = mortgage { $square }
table-cmd-unmortgage = lift the mortgage on { $square }
table-cmd-trade = propose a trade to { $to }: give { $give }, take { $take } (and any deeds named)
table-cmd-accept = accept the trade
table-cmd-reject = reject the trade
table-cmd-claim_rent = claim rent
table-cmd-bankrupt = declare bankruptcy
table-cmd-end_turn = end the turn
table-taps-waits_pair = Screen { $screen } waits for a token to pair
table-taps-waits_confirm_any = Screen { $screen } waits for a token to confirm: { $command }
table-taps-waits_confirm = Screen { $screen } waits for { $player }'s token to confirm: { $command }
table-taps-next_ambiguous = { $count } screens wait for a token: the next token tapped goes to none of them
table-taps-next_confirm_any = The next token tapped confirms screen { $screen }'s command as that token's player's: { $command }
table-taps-next_confirm = { $player }'s tap confirms: { $command }
table-taps-next_bid = A token tap bids in the auction for { $square }
table-taps-next_bid_pairing_held = A token tap bids in the auction for { $square }; no screen is paired until it ends
table-taps-next_pair = { $count ->
    [one] A screen waits to pair: a token tapped now starts choosing it by its code
   *[other] { $count } screens wait to pair: a token tapped now starts choosing among them by their codes
}
table-taps-next_choice = { $player }'s token: choose { $player }'s screen. Tap the token again when its code is offered, or pick the code on the table's screen
table-taps-next_draw = Tap the { $deck } card drawn
table-taps-next_none = Nothing waits for a tap
table-authority-unpaired = Pair this screen first: tap your token on the reader
table-authority-banker_only = Only the banker can do that
table-authority-not_yours = That is { $owner }'s move, not { $player }'s
table-authority-not_now = That is not { $player }'s move now; nothing was done
table-authority-computer_seat = { $player } is played by the table: no phone can play for it
table-authority-person_seat = { $player } is played by a person: the table's computer plays only its own seats
table-new_game-computer_levels = "computer" must give some of the players a level: { $levels }
table-new_game-one_person = At least one player must be a person: not every seat can be the computer's
table-token-wait_confirm_any = Tap your token on the reader to confirm
table-token-no_game = No game is running yet
table-token-expired_confirm_any = No token was tapped; nothing was done
table-churn-trade = { $player } has made { $moves } trade moves within { $seconds } seconds; wait { $wait } s before the next one
table-acting-confirm_token = confirm must be "token" (a shared tablet: the player taps their token)
table-acting-confirm_table_only = Only the table's own screen (set up by the banker) or a paired phone can ask for a token tap
table-acting-table_rolls = The table rolls the dice: send { "{" }{ "{" }"do": "roll"{ "}" }{ "}" } without dice. Only the banker may set dice (a correction), unless the table is configured for ordinary dice (manual_dice)
table-unpaired-not_me = Screen { $screen } is no longer { $player }'s: "not me" was pressed
table-not_me-not_paired = That screen is not paired with anyone
table-not_me-no_screen = There is no such paired screen (it may be unpaired already)
table-not_me-not_yours = Only this screen, { $player }'s own screens, the table's screen or the banker can unpair it
table-acting-pair_banker_only = Only the banker can pair a screen without a token tap
table-voice-language_unknown = The language must be one of { $languages }, not { $lang }
table-voice-language_table_only = Only the table's own screen says the language the table speaks
table-acting-no_such_player = There is no player called { $name } in this game
table-acting-no_such_request = This screen asked for no such request (or it was long ago)
table-auction-wait_none = No auction is running, so there is nothing to wait for
table-auction-wait_used = This auction's wait has been used already: it is given once per auction
# A computer seat's answer to a trade, with its reason (companion/table/computer_trades.py): from the
# odds' advice ($before, $after: its chance of winning in whole percent, without and with the deal)
# or from its own reckoning of what the deal is worth to each side.
table-computer-accepts_chances = { $player } accepts: its chance of winning would rise from { $before }% to { $after }%
table-computer-rejects_chances = { $player } rejects: its chance of winning would fall from { $before }% to { $after }%
table-computer-accepts_worth = { $player } accepts: by its reckoning the deal is fair to it
table-computer-rejects_worth = { $player } rejects: by its reckoning the deal gives { $partner } more than it gets
table-reads-unreadable = The game could not be read just now; ask again in a moment
table-reads-bad_window = after and limit must be whole numbers (after: the last seq this screen has; limit: how many entries)
table-ledger-after_backup_lost = Game { $game }: entries after the backup's, if there were any, are lost.
table-ledger-damaged_everywhere = Game { $game } is damaged in every record it has: { $cause }, so { $span } of its { $readable } cannot be trusted. `companion recover { $game }` starts a new game from its first { $kept } entries; the damaged files are kept as they are.
table-ledger-db_damaged = its database is damaged ({ $cause })
table-ledger-db_extended = Game { $game }: the database lacked { $span } (lost by the card, or the command in flight when the table stopped); put back from { $source }.
table-ledger-db_lacks = its database lacks { $span } (lost by the card, or the command in flight when the table stopped)
table-ledger-db_rebuilt = Game { $game }: the database was damaged ({ $cause }); it was rebuilt from { $source } with all { $entries } entries (the damaged file is kept as { $kept_as }).
table-ledger-entry_changed = entry { $entry } (or its money movements) has been changed
table-ledger-entry_missing = entry { $entry } is missing
table-ledger-file_damaged = its file is damaged ({ $detail })
table-ledger-file_unopenable = its file cannot be opened ({ $detail })
table-ledger-file_unreadable = its file cannot be read ({ $detail })
table-ledger-from-backup = the backup { $backup }
table-ledger-from-database = the database
table-ledger-from-journal = the journal
table-ledger-header_unreadable = its header cannot be read
table-ledger-history_damaged = Game { $game } is damaged: { $cause }. Its file is kept as it is for the banker to look at.
table-ledger-journal_rewritten = Game { $game }: the journal held { $good } good entries of { $entries }; it was rewritten.
table-ledger-journal_short = its journal holds { $good } good entries of { $entries }
table-ledger-line_unreadable = line { $line } cannot be read
table-ledger-no_journal = it has no journal
table-ledger-not_damaged_everywhere = Game { $game } is not damaged in every record, so nothing of it is lost: the table opens it (and puts right what one record lost) as it is.
table-ledger-nothing_to_recover = Game { $game }: no record of it holds a first entry this table can check, so there is nothing to recover.
table-ledger-read_only-file = Game { $game } is read-only: its file { $name } cannot be written by { $user } (owner { $owner }, mode { $mode }); fix: { $fix }
table-ledger-read_only-folder = Game { $game } is read-only: its folder { $path } cannot be written by { $user } (owner { $owner }, mode { $mode }); fix: { $fix }, or check that the disk is not read-only
table-ledger-record-backup = the backup { $backup }
table-ledger-record-database = the database
table-ledger-record-journal = the journal
table-ledger-records_disagree = Game { $game }: { $first } and { $second } disagree from entry { $entry } on; the files are kept as they are. `companion recover { $game }` starts a new game from the entries both hold.
table-ledger-snapshot_dropped = Game { $game }: the snapshot at entry { $entries } was damaged; it was dropped and the game rebuilt from its log (nothing was lost).
table-ledger-span-one = entry { $first }
table-ledger-span-many = entries { $first } to { $last }
table-ledger-unreadable_everywhere = Game { $game } cannot be read in any record ({ $cause }); its files are kept as they are.
table-ledger-will_repair = game { $game }: { $what }; { $source } holds all { $entries } entries, and the table puts it right when it opens the game (nothing is lost)
table-ledger-written_further = it was written up to entry { $entry }

## The banker's sign-in, presence and clock (companion/web/presence.py)

banker-pin-rule = The banker PIN is 6 to 12 digits
banker-pin-wrong = That is not the banker PIN
banker-pin-wait = The table has been sent too many wrong PINs, from any screen; it checks the next one in { $seconds } seconds. At the table, the banker logs in without the PIN: press "Log in at the table", then lay the banker's tag on the reader or hold the dice button for { $hold } seconds
banker-pin-already_set = The banker PIN is already set; log in with it
banker-pin-not_set = No banker PIN is set yet; set one first
banker-presence-wait = This screen's code is { $code }. At the table: lay the banker's tag on the reader, or hold the dice button for { $hold } seconds; when this screen says its code is offered, lay the tag again or hold the dice button again (or pick { $code } on the table's screen)
banker-presence-set_since = The banker PIN was set meanwhile, from another screen; log in with it
banker-clock-not_asked = No screen has said what time it is
banker-clock-unnamed = Say which proposed time you answer (its id, as the Banker page read it): no other screen's time is taken
banker-clock-gone = That proposed time is no longer there (another screen proposed more since, or it was answered): read the question again. The Pi's clock is left as it is
banker-banker-only = Only the banker can do that; log in with the banker PIN
banker-game-status-archived = archived
banker-game-status-over = over
banker-game-status-playing = playing
banker-game-status-won = over: { $player } won

## Enrolling tags (companion/web/enrolment.py)

enrol-enrol-no_file = This table has no tags file to enrol into (the tags were given to it by a test)
enrol-enrol-bad_request = Say what to enrol: "what" is "set" (with "cards" and "again" true or false) or "one" (with its "meaning")
enrol-enrol-bad_meaning = That is no deed, token, card or banker's tag of this set
enrol-enrol-bad_uid = { $uid } is not a tag's UID
enrol-enrol-in_use = The tag { $uid } already stands for { $meaning }: redo that one instead
enrol-enrol-nothing_to_undo = No tag of this enrolment is left to take back
enrol-enrol-edition_in_game = A game on the { $edition } board is at the table: its tags are the ones to enrol now (not { $asked }'s)
enrol-enrol-bad_edition = Cannot enrol that board: { $why }

## The pages (companion/web/site): every word the browser shows

page-app-name = Table companion
page-app-simulated = Simulated
page-nav-label = Pages
page-nav-language = Language
page-nav-skip = Skip to content
page-nav-table = Table
page-nav-player = Player
page-nav-history = History
page-nav-chart = Chart
page-nav-banker = Banker
page-nav-virtual = Virtual table
page-connection-connecting = Connecting…
page-connection-live = Live
page-connection-offline = Offline — retrying
page-connection-polling = Live (checking every few seconds)
page-common-loading = Loading…
page-common-close = Close
page-common-yes = Yes
page-common-cancel = Cancel
page-common-bank = the bank
page-common-pot = the Free Parking pot
page-player-unpaired_elsewhere = This screen no longer plays for { $player }. To play, pair it again with your token.
page-taps-title = The reader
page-taps-unknown = The table has not said yet.
page-taps-waiting = Waiting for a token ({ $n })
page-taps-for = for { $player }
page-taps-any_token = any player's token
page-taps-from = asked by { $screen }
page-taps-from_this = asked by { $screen } (this screen)
page-taps-left = { $seconds } s left
page-wait-code_label = This screen's code
page-wait-pair_steps = Tap your token on the reader. The table then offers the waiting screens' codes: when this screen says its code is offered, tap your token again (or pick this code on the table's screen).
page-wait-banker_steps = Lay the banker's tag on the reader (or hold the dice button { $hold } s). When this screen says its code is offered, lay the tag again or hold the dice button again (or pick this code on the table's screen).
page-wait-waiting = Waiting for the tap at the table…
page-wait-next = This screen's code ({ $code }) is next: get ready…
page-wait-yours_pair = Now: tap { $player }'s token again. The table offers this screen ({ $code }).
page-wait-yours_banker = Now: lay the banker's tag again, or hold the dice button again. The table offers this screen ({ $code }).
page-wait-other = The table offers another screen's code ({ $code }), not this one: wait for { $mine }.
page-wait-left = ({ $seconds } s left)
page-wait-deadline = The table waits { $seconds } s more.
page-wait-simulated_banker = This table is simulated: the banker's tag and the dice button are buttons on the Virtual table page.
page-wait-open_virtual = Open the Virtual table
page-choice-pair_title = { $player }'s token: which screen is { $player }'s?
page-choice-pair_hint = Touch the code { $player }'s screen shows. A guest's screen may wait too: never pick a code you cannot see at the table.
page-choice-banker_title = The banker's step: which screen is the banker's?
page-choice-banker_hint = Touch the code the banker's screen shows. Never pick a code you cannot see at the table.
page-choice-pick = Pick the screen with code { $code }
page-choice-none = None of these
page-table_setup-title = This screen is not the table's own yet
page-table_setup-why = A token tap confirms a move only for the table's own screen, which the banker sets up once. The banker types the PIN here.
page-table_setup-first = A new table: the banker first sets the banker PIN on the Banker page, then makes this screen the table's own here.
page-table_setup-pin = Banker PIN
page-table_setup-make = Make this the table's screen
page-table_setup-done = This is the table's screen now
page-player-this_screen = This screen is { $screen }.
page-paired-token = { $player }'s token paired { $screen }
page-paired-banker = The banker paired { $screen } to { $player }
page-paired-a_screen = a new screen
page-paired-not_me = Not me — unpair
page-paired-unpaired = { $screen } is unpaired
page-agent-on = { $browser } on { $system }
page-agent-other = another browser
page-screens-title = Screens
page-screens-hint = Every phone or tablet that plays for a player, banks, or is the table's own screen. Revoke one you do not know: it goes back to pairing.
page-screens-numbered = screen { $n }
page-screens-unnamed = screen { $id }
page-screens-banker_group = The banker
page-screens-not_in_game = not in this game
page-screens-none = No screen plays or banks yet.
page-screens-no_screen = No screen
page-screens-by_token = paired by token
page-screens-by_banker = paired by the banker
page-screens-banks = logged in as the banker
page-screens-table_screen = the table's own screen
page-screens-table_group = The table's own screen
page-screens-revoke_table = Revoke { $screen }? It is no longer the table's own screen.
page-screens-connected = connected
page-screens-not_connected = not connected
page-screens-this = this screen
page-screens-also_banker = also the banker
page-screens-since = since { $when }
page-screens-seen = last seen { $when }
page-screens-never = never
page-screens-just_now = just now
page-screens-revoke = Revoke
page-screens-revoke_player = Revoke { $screen }? It no longer plays for { $player } and goes back to pairing.
page-screens-revoke_banker = Revoke { $screen }? It is no longer the banker's.
page-screens-revoked = { $screen } no longer plays nor banks
page-error-network = The table cannot be reached. Is this screen on the table's wifi?
page-error-status = The table answered with an error ({ $status })
page-error-wait = { $reason } (wait { $seconds } s)
page-error-401 = Pair this screen with your token first, or log in as the banker
page-error-403 = That is not this screen's move
page-error-408 = No token was tapped in time. Try again.
page-error-503 = The table could not store that; nothing changed
page-toast-refused = Refused: { $reason }
page-toast-confirm_tap = Tap { $player }'s token on the reader to confirm…
page-toast-confirm_tap_any = Tap your token on the reader to confirm…
page-toast-identified = Hello, { $player }
page-toast-ignored = Read { $what }; nothing to do now
page-board-label = Board
page-board-mortgaged = Mortgaged
page-board-in_jail = In jail
page-board-collect = collect salary
page-board-hotel = hotel
page-board-house = house
page-board-houses = { $n } houses
# A colour group's name ($group) is the edition's, in one form everywhere: lower case ("dark blue"), never capitalised.
page-board-group = the { $group } group
page-board-owner = owned by { $player }
page-board-unowned = for sale
page-board-jailed = in jail: { $players }
page-board-visiting = just visiting: { $players }
page-board-here = here: { $players }
page-board-bank_houses = Bank: { $n } houses
page-board-bank_hotels = { $n } hotels
page-board-pot = Free Parking pot { $amount }
page-board-rents = rents
# A colour group's title where it stands alone (a heading of deeds, a deed card).
page-group-colour = The { $group } group
page-group-station = Stations
page-group-railroad = Railroads
page-group-utility = Utilities
page-group-other = Other
page-table-decision = Now
page-table-turn = Turn
page-table-current_player = Whose turn
page-table-last_roll = Last roll
page-table-no_roll = No roll yet
page-table-rolled = Rolled { $a } and { $b }: { $total }
page-table-doubles = Doubles!
page-table-players = Players
page-table-messages = What happened
page-table-join = Join on your phone
page-table-qr_wifi = 1. Join the wifi
page-table-qr_join = 2. Open the dashboard
page-table-qr_wifi_alt = QR code: join the table's wifi
page-table-qr_join_alt = QR code: open this dashboard
page-table-turn_badge = turn
page-table-bankrupt = bankrupt
page-table-worth = worth { $amount }
page-decision-no_game = No game is running. The banker starts one on the Banker page.
page-decision-winner = { $player } wins!
page-decision-over = The game is over
page-decision-roll = { $player }'s turn: roll, or end the turn
page-decision-your_roll = Your turn: roll, or end your turn
page-decision-buy = { $player } may buy { $square } for { $price }
page-decision-auction = Auction: { $square }
page-decision-building_house = a house
page-decision-building_hotel = a hotel
page-decision-high_bid = High bid { $amount } by { $player }
page-decision-no_bids = No bids yet
page-decision-bidders = Still bidding: { $players }
page-decision-queued = { $n } more auctions after this one
page-decision-countdown = { $n } s, then the table passes for everyone silent
page-decision-countdown_over = Time is up: the table passes…
page-decision-high_cannot_pass = The high bidder cannot pass
page-decision-choice = { $player } chooses:
page-decision-draw = { $player } draws a { $deck } card
page-decision-draw_hint = Tap the drawn { $deck } card on the reader, or pick it here.
page-decision-debt = { $player } owes { $amount } to { $creditor }
page-decision-more_debts = and { $n } more debts after this one
page-decision-debt_hint = The game waits while the debtor raises the cash or goes bankrupt.
page-decision-debt_hint_mine = Raise the cash: sell buildings, mortgage or trade. The debt is paid as soon as you can cover it. Or go bankrupt below.
page-decision-trade = { $from } proposes a trade to { $to }
page-decision-trade_gives = { $player } gives
page-decision-rent_claim = { $player } may claim { $amount } rent from { $payer } for { $square }
page-option-pay = Pay { $amount }
page-option-fixed = Pay { $amount }
page-option-percent = Pay the percentage: { $amount }
page-option-chance = Take a Chance card
page-action-buy = Buy for { $price }
page-action-decline = Decline (auction)
page-action-bid_plus = Bid { $amount }
page-action-bid = Bid
page-action-bid_amount = { $player }'s bid
page-action-build_on = Build on
page-action-pass = Pass
page-action-draw = This card was drawn
page-action-card_drawn = The card drawn
page-action-accept = Accept
page-action-reject = Reject
# The Table page's one button for both parties of a trade: the token tapped says whose (the partner rejects, the proposer withdraws).
page-action-claim_rent = Claim { $amount } rent
page-action-roll_here = Roll here
page-action-pay_jail_fine = Pay the jail fine
page-action-use_jail_card = Use a Get out of Jail Free card
page-action-end_turn = End my turn
page-action-bankrupt = Go bankrupt
page-action-build = Build ({ $cost })
page-action-sell_building = Sell a building (+{ $value })
page-action-sell_all = Sell all buildings (+{ $value })
page-action-mortgage = Mortgage (+{ $value })
page-action-unmortgage = Lift mortgage ({ $cost })
page-player-pair_title = Whose screen is this?
page-player-pair_intro = This screen watches only. To make moves, pair it with your token.
page-player-pair = Pair this screen: tap your token on the reader
page-player-pair_waiting = Asking the table…
page-player-pair_timeout = No token was tapped. Try again.
page-player-banker_pick = Banker: act for a player without a tap
page-player-banker_hint = The banker can pair screens without a reader:
page-player-player = Player
page-player-act_as = Act as this player
page-player-unpair = Not me
page-player-cash = Cash
page-player-net_worth = Net worth
page-player-jail_cards = Get out of Jail Free cards
page-player-where = Where
page-player-my_turn = My turn
page-player-deeds = My deeds
page-player-no_deeds = No deeds yet
page-player-not_in_game = { $player } is not in this game
page-player-danger = Give up
page-player-bankrupt_confirm = Declare { $player } bankrupt? This cannot be taken back (only the banker can undo it).
page-trade-title = Propose a trade
page-trade-partner = With
page-trade-i_give = I give
page-trade-i_take = { $player } gives
page-trade-cash = Cash
page-trade-jail_cards = Get out of Jail Free cards
page-trade-jail_cards_n = { $n }× Get out of Jail Free
page-trade-no_deeds = No deeds
page-trade-nobody = Nobody to trade with
page-trade-nothing = nothing
page-trade-propose = Propose
page-trade-lift_now = Lift these mortgages at once
page-trade-lift_hint = Whoever receives a mortgaged deed pays the bank 10% of its mortgage value.
page-history-title = Money movements
page-history-filter = Player
page-history-all = Everyone
page-history-seq = #
page-history-time = Time
page-history-from = From
page-history-to = To
page-history-amount = Amount
page-history-reason = Reason
page-history-balance = Cash after
page-history-empty = No money has moved yet.
page-chart-title = Cash over the game
page-chart-empty = No game yet.
page-chart-moves = move
page-banker-title = Banker
page-banker-login = Banker login
page-banker-setup = Set the banker PIN
page-banker-setup_hint = First start: choose a PIN of 6 to 12 digits (it is stored hashed on the Pi), then confirm at the table: lay the banker's tag on the reader or hold the dice button for { $hold } seconds.
page-banker-login_hint = Wrong PINs are limited for the whole table: after ten, a PIN is checked only every five minutes, from any screen.
page-banker-pin = PIN
page-banker-pin_repeat = PIN again
page-banker-pin_mismatch = The two PINs differ
page-banker-log_in = Log in
page-banker-set_pin = Set PIN
page-banker-logout = Log out
page-banker-no_game = No game is running.
page-banker-game_running = Game { $game }: { $stored }, { $player }'s turn.
page-banker-game_over = Game { $game } is over; winner { $winner }.
page-banker-new_game = New game
page-banker-players = Players, in turn order, with their pieces
page-banker-player_n = Player { $n }
page-banker-piece = Piece
page-banker-add_player = Add a player
page-banker-same_players = Same players again
page-banker-remove_player = Remove player { $n }
page-banker-house_rules = House rules
page-banker-seed = Seed (optional)
page-banker-seed_random = random
page-banker-edition = Board
page-banker-edition_files = Edition files in the data folder:
page-banker-edition_offered = { $file }: offered as { $name }
page-banker-edition_refused = { $file }: not offered, because
page-banker-start = Start the game
page-banker-started = Game { $game } started
page-banker-names_needed = Every player needs a name, and names must differ
page-banker-pieces_differ = Each player needs a different piece
page-banker-replace_game = A game is running. Start a new one? The current game stays stored and can be resumed.
page-banker-games = Stored games
page-banker-game_id = Game
page-banker-game_players = Players
page-banker-game_started = Started
page-banker-game_last = Last move
page-banker-game_status = Status
page-banker-game_actions = Actions
page-banker-current = now
page-banker-resume = Resume
page-banker-export_script = Script (.jsonl)
page-banker-export_ledger = Ledger (.csv)
page-banker-fix = Undo and corrections
page-banker-undo_count = Moves
page-banker-undo = Undo…
page-banker-redo = Redo
page-banker-correction = One JSON command per line, sent as the banker
page-banker-send = Send
page-banker-bad_json = Line { $line } is not valid JSON
page-banker-sent = Commands applied: { $n }
page-banker-end_game = End the game now
page-banker-end_confirm = End the game now and rank the players by net worth?
page-banker-devices = Devices
page-banker-log = What happened, move by move
page-device-reader = RFID reader
page-device-button = Dice button
page-device-dice_unit = Dice unit
page-device-feedback = Lights and buzzer
page-device-voice = Voice
page-piece-boot = boot
page-piece-car = car
page-piece-dog = dog
page-piece-hat = hat
page-piece-iron = iron
page-piece-ship = ship
page-piece-thimble = thimble
page-piece-wheelbarrow = wheelbarrow
page-rule-none = none
page-rule-starting_cash = Starting cash
page-rule-salary = Salary for passing GO
page-rule-jail_fine = Jail fine
page-rule-shuffle = Shuffle the decks
page-rule-auction_on_decline = Auction a declined property
page-rule-decliner_may_bid = The decliner may bid
page-rule-auto_collect_rent = Collect rent automatically
page-rule-jail_doubles_roll_again = Doubles out of jail roll again
page-rule-building_sellback = Buildings sell back for (fraction of cost)
page-rule-max_houses_per_turn = Most houses per turn
page-rule-houses = Houses in the bank
page-rule-hotels = Hotels in the bank
page-rule-trade_window = When trades are allowed
page-rule-trade_window-any = any time
page-rule-trade_window-before_roll = only before the roll
page-rule-free_parking_pot = Free Parking pot
page-rule-income_tax_percent = Income tax: or this percent of net worth
page-rule-interpol = Interpol (third doubles: fine, skip a turn)
page-rule-physical_decks = Printed cards drawn at the table
page-virtual-not_simulated = The virtual table exists only when the companion runs with --simulate.
page-virtual-dice = Dice
page-virtual-press = Dice button
page-virtual-press_long = Long press (end turn)
page-virtual-press_hint = Short press: roll. Hold for a second and let go: end the turn. Hold on for 6 seconds: the banker's step (logs in the screen waiting for the banker).
page-virtual-unit = Dice unit
page-virtual-tags = Tap a tag on the reader
page-virtual-tokens = Tokens
page-virtual-cards = Cards
page-virtual-other = Other tags
page-virtual-no_tags = No tags are enrolled.
page-trade-not_now = No trades can be proposed now (a decision is pending, or the house rule allows deals only before the roll)
page-offline-banner = The connection to the table is lost. Buttons are off until it is back; retrying…
page-sound-on = Sounds on (tap to switch off)
page-sound-off = Sounds off (tap to switch on)
# The word beside each header switch's icon (a phone shows no tooltip): short, it shares a phone's header.
page-sound-word_on = Sound on
page-sound-word_off = Sound off
page-voice-word_on = Voice on
page-voice-word_off = Voice off
page-board-rent = rent { $amount }
page-board-bank_buildings = Bank: { $houses } houses, { $hotels } hotels
page-deed-rent = Rent
page-deed-with_house = With 1 house
page-deed-with_houses = With { $n } houses
page-deed-with_hotel = With a hotel
page-deed-station = 1 station owned
page-deed-stations = { $n } stations owned
page-deed-railroad = 1 railroad owned
page-deed-railroads = { $n } railroads owned
page-deed-utility = 1 utility owned
page-deed-utilities = { $n } utilities owned
page-deed-times_dice = { $n } × the dice
page-deed-price = Price
page-deed-house_cost = Each house costs
page-deed-mortgage_value = Mortgage value
page-deed-owner = Owner
page-deed-bank = the bank (for sale)
page-deed-buildings = Buildings
page-deed-no_buildings = none
page-deed-mortgaged = Mortgaged
page-deed-rent_now = Rent now
page-common-no = No
page-table-dice = Dice
page-table-not_rolled = { $player } has not rolled yet
page-action-end_turn_of = End { $player }'s turn
page-action-counter = Counter-offer…
page-action-withdraw = Withdraw the proposal
page-action-pay_jail_fine_cost = Pay the jail fine ({ $cost })
page-decision-you_lead = highest bid
page-over-ranking = Ranking by net worth
page-over-biggest_rents = Biggest rents
page-over-no_rents = No rent was paid.
page-history-what = What happened
page-trade-counter_note = A counter-offer to { $player }: it answers their proposal. Change it as you like.
page-trade-send_counter = Send the counter-offer
page-trade-pick_something = Choose something either side hands over: a trade of nothing cannot be sent.
page-account-bank = The bank
page-account-pot = Free Parking pot
page-source-reader = reader
page-source-button = dice button
page-source-dice = dice unit
page-source-tablet = a screen
page-source-banker = banker
page-source-import = import
page-source-script = script
page-source-bot = computer
page-source-table = the table
page-source-computer = computer player
page-device-status-ok = working
page-device-status-simulated = simulated
page-device-status-off = not used
page-banker-overview = Everyone at a glance
page-banker-undo_would = The last move: { $what }
page-banker-undo_nothing = Nothing to undo yet.
page-banker-undo_ask = Take back these moves ({ $n })? Everyone's screen goes back with them.
page-banker-undo_yes = Undo
page-banker-undone_n = Taken back: { $n }
page-banker-redone = Put back
page-banker-do_it = Do it
page-banker-done = Done
page-banker-note_hint = why (optional)
page-banker-fix_money = Money
page-banker-from = From
page-banker-to = To
page-banker-amount = Amount
page-banker-note = Note
page-banker-fix_money_go = Move the money…
page-banker-fix_money_ask =
    Move { $amount } from { $from_kind ->
        [bank] the bank
        [pot] the Free Parking pot
       *[player] { $from }
    } to { $to_kind ->
        [bank] the bank
        [pot] the Free Parking pot
       *[player] { $to }
    }?
page-banker-fix_place = Move a token
page-banker-player = Player
page-banker-square = To the square
page-banker-fix_place_hint = The square does nothing: no rent, no card, no jail.
page-banker-fix_place_go = Move the token…
page-banker-fix_place_ask = Put { $player } on { $square }? The square does nothing.
page-banker-fix_deed = Give a deed
page-banker-deed = Deed
page-banker-fix_deed_go = Give the deed…
page-banker-fix_deed_ask =
    Give { $square } to { $to_kind ->
        [bank] the bank
       *[player] { $to }
    }?
page-banker-no_corrections = No corrections now.
page-banker-expert = A table-script command (for experts)
page-banker-undone = undone
page-banker-pin_set = The banker PIN is set
page-banker-game_times = started { $started }, last move { $last }
page-banker-presence = Log in at the table
page-banker-presence_hint = Locked out, or no PIN at hand? At the table, the banker's tag or the dice button logs you in.
page-banker-presence_done = Logged in at the table
page-banker-presence_failed = The banker's step at the table did not come
page-banker-clock = The Pi's clock
page-banker-clock_question = A screen ({ $address }) says it is { $screen }; the Pi says { $pi }. Use the screen's time?
page-banker-clock_use = Use the screen's time
page-banker-clock_keep = Keep the Pi's
page-banker-clock_taken = The Pi's clock now follows that screen; the correction is in the history.
page-banker-clock_kept = The Pi's clock was left as it is.
page-virtual-press_hold = Hold on (the banker's step)
page-virtual-banker_tag = The banker's tag
page-virtual-banker = The banker (logs in the screen waiting for the banker)
page-seat-open = Open { $player }'s panel: deeds, trades, debts
page-seat-title = { $player }: moves without a phone
page-seat-close = Close
page-seat-deeds = { $player }'s deeds
page-seat-trade = { $player } proposes a trade
page-seat-bankrupt = { $player } goes bankrupt
page-seat-raise = { $player }: raise the cash
page-seat-hint = Each move waits for { $player }'s token on the reader.
page-seat-offer = { $from } offers { $player } a trade
page-banker-moves_stored =
    { $n ->
        [one] { $n } move stored
       *[other] { $n } moves stored
    }
page-banker-end_title = The end of the game
page-banker-end_hint = Ends the game for everyone at once and ranks the players by net worth. It is asked again before it happens.
page-enrol-title = Tags on the reader
page-enrol-count =
    { $n ->
        [one] { $n } tag enrolled; deeds and tokens without a tag: { $missing }.
       *[other] { $n } tags enrolled; deeds and tokens without a tag: { $missing }.
    }
page-enrol-hint = Each deed, token and card has a sticker (a tag) the reader knows. Enrol the missing ones, a whole new set, or redo one damaged sticker alone. While it runs, taps on the reader go to the enrolment, not to the game.
page-enrol-board = Board whose deeds and cards to enrol (the same sticker may be a deed of each board)
page-enrol-board_of_game = The deeds and cards of this game's board: { $board }
page-enrol-with_cards = With the printed Chance and Community Chest cards
page-enrol-missing = Enrol the missing tags
page-enrol-all = Enrol a whole new set
page-enrol-all_ask = Tap every deed and token again, in board order? Each new tag replaces the old one for the same thing as soon as it is tapped; stop at any time.
page-enrol-one_label = One tag alone (a damaged or lost sticker)
page-enrol-redo = Redo this tag
page-enrol-tap = Lay { $what } on the reader
page-enrol-progress = Tag { $n } of { $steps }
page-enrol-saved = Saved: { $what }
page-enrol-undone = Taken back: { $what }. Tap it again.
page-enrol-in_use = That sticker is already { $what }: use another one, or redo that one.
page-enrol-bad_uid = The reader sent something that is not a tag; tap again.
page-enrol-undo = Undo the last tag
page-enrol-stop = Stop
page-enrol-finished = Done: { $done } tags enrolled and saved.
page-enrol-stopped = Stopped: { $done } of { $steps } tags enrolled and saved; taps go to the game again.
page-enrol-token = the { $piece } token
page-enrol-card = { $deck } card { $n }
page-enrol-banker_tag = the banker's tag
page-enrol-deeds = Deeds
page-enrol-tokens = Tokens
page-enrol-cards = Cards
page-enrol-other = The banker
page-enrol-none_yet = no tag yet
page-enrol-unknown = A tag the table does not know was tapped ({ $uid }). What is it?
page-enrol-unknown_label = This tag is
page-enrol-unknown_save = Enrol this tag
page-enrol-unknown_dismiss = Not now
page-chart-turns = turn
page-board-rent_dice = rent { $n }× the dice
page-action-build_house = Build a house ({ $cost })
page-action-build_hotel = Build a hotel ({ $cost })
page-rule-unit-percent = %
page-rule-unit-of_cost = × the cost
page-rule-unit-houses = houses
page-rule-unit-hotels = hotels
page-games-condition-repaired = put right on opening, nothing lost
page-games-condition-damaged = damaged
page-games-condition-read-only = read-only
page-games-recover = Recover from the last good entry
page-games-recovered = Game { $game } goes on from game { $from }: { $entries } entries kept, { $lost } lost. Resume it to play.
page-auction-timer = Auctions
page-auction-seconds = Seconds after each bid (0: no timer)
page-auction-opening = Seconds to wait for the first bid
page-auction-timer_hint = The countdown starts with the first bid; each bid adds time; anyone may ask once per auction to wait.
page-auction-countdown_opening = { $n } s for a first bid, then the table passes for everyone
page-auction-wait = Wait: more time
page-auction-wait_given = Everyone has more time
page-auction-waited = More time was given (once per auction)
page-odds_shared-label = Show the win chances on the Table page
page-odds_shared-shown = The Table page shows the chances
page-odds_shared-hidden = The Table page hides the chances and the trade advice

# The win chances (odds.js): the bars on the Table page, the trade advice and the game review.
# $n of the games is a count (written as it is); $pm is the margin in percentage points.
page-odds-title = Chances of winning
page-odds-basis = After turn { $turn } · { $n } { $n ->
        [one] game
       *[other] games
    } played out by the bots from here · ±{ $pm } { $pm ->
        [one] point
       *[other] points
    }
page-odds-start = At the start · { $n } { $n ->
        [one] game
       *[other] games
    } played out by the bots from here · ±{ $pm } { $pm ->
        [one] point
       *[other] points
    }
page-odds-over = The game is over
page-odds-working = Working out the chances…
page-odds-none = The chances show once a game is running.
page-odds-assume = The chances assume everyone plays on as the bots do.
page-odds-if_accept = If { $player } accepts
page-odds-if_reject = If { $player } rejects
page-odds-advice_basis = { $n } { $n ->
        [one] game
       *[other] games
    } played out by the bots for each answer
page-odds-advice_working = Working out what this trade does to both players' chances…
page-odds-refused = not possible
page-odds-review = Game review
page-odds-review_working = The review is being worked out…
page-odds-chart = Each player's chance of winning after every turn
page-odds-turn = Turn { $turn } ({ $player })
page-odds-moved = { $player }: { $before } → { $after }
page-odds-quiet = no deed changed hands
page-odds-turn_axis = turn
page-odds-at_start = At the start
page-odds-at_start_ago = At the start, { $n } { $n ->
        [one] turn
       *[other] turns
    } ago
page-odds-after_turn = After { $player }'s turn
page-odds-after_turn_ago = After { $player }'s turn, { $n } { $n ->
        [one] turn
       *[other] turns
    } ago
page-odds-newer_coming = the figure after the last turn is being worked out
page-odds-gone = { $players } out: the chances are of the players still in
page-odds-hidden_here = The chances are hidden on this shared screen (the banker's setting).
# A turn's biggest rent in the game review (companion/odds/review.py).
odds-rent = { $payer } pays { MONEY($amount) } rent to { $owner } for { $square }

## The server's own answers (companion/web: app.py, front.py, events.py, lanes.py)

server-too_large = That request is too large
server-too_many = Too many requests from this address; try again in a second
server-busy = The table is busy with other screens' requests; try again in a second
server-foreign_host = Requests are accepted only at the table's own address
server-streams_full = Too many live streams are open: this screen polls the table instead

## A player's name as a sentence names it (companion/i18n/persons.py): English has no cases;
## the new-game form's choice of whom sentences agree with (grammar23).

grammar-unknown-gen = { $name }
grammar-unknown-dat = { $name }
grammar-unknown-acc = { $name }
grammar-unknown-ins = { $name }
grammar-unknown-pre = { $name }
page-grammar-unknown_gen = { $name }
page-grammar-unknown_dat = { $name }
page-grammar-unknown_acc = { $name }
page-grammar-unknown_ins = { $name }
page-grammar-unknown_pre = { $name }
page-banker-gender = Pronoun: whom the table's sentences about each player agree with; guessed from the name, change it as you like.
page-banker-gender_label = Pronoun
page-banker-gender-she = she
page-banker-gender-he = he
page-banker-gender-not_said = not said
page-banker-plays = Played by
page-banker-plays-person = a person
page-banker-plays-simple = the computer: simple
page-banker-plays-smart = the computer: smart
page-banker-level_hint-simple = Simple: keeps money in reserve, buys what it can afford, builds evenly and offers twice the price for the last lot of a group.
page-banker-level_hint-smart = Smart: buys nearly everything early, weighs every deal for both sides, builds three houses fast and stays in jail late in the game.
page-banker-one_person = At least one player must be a person: not every seat can be the computer's
page-banker-retire = End its seat
page-banker-retire_label = End { $player }'s seat
page-banker-retire_confirm = End the computer's seat { $player }? It leaves the game as a bankrupt does: what it owns goes to the player it owes, or to the bank.
page-banker-hand_over = A person takes over
page-banker-hand_over_label = A person takes over { $player }
page-banker-hand_over_confirm = Hand { $player } over to a person? The computer stops playing it, and a phone can be paired to it.
page-computer-level-simple = simple
page-computer-level-smart = smart
page-computer-played_by = { $player } is played by the computer: { $level }
page-computer-story = (computer)
page-device-status-not_started = not started
page-device-status-offline = offline: { $why }
page-device-status-searching = looking for the unit
page-device-status-starting = starting
page-device-status-stopped = stopped
page-device-status-unit = working: unit { $unit }, version { $version }
page-device-status-unit_simulated = simulated: unit { $unit }
page-rule-max_houses_per_group_per_turn = Most houses per colour group per turn

## The table's voice (companion/voice/): one short sentence per moment of the game, said aloud by
## the Pi's espeak-ng and by the screens' speechSynthesis. Amounts and dice are words, never digits:
## { SPOKEN_MONEY($amount) } ("twenty-two" and the edition's noun for its money), { WORDS($n) } ("seven"). A player may carry a
## $player_gender ("she", "he"; "none" when the game does not know it) for the languages that need it.

voice-turn = { $player }'s turn.
voice-roll = { $double ->
    [yes] { $player } rolls a double { WORDS($first) }: { $square }.
   *[no] { $player } rolls { WORDS($first) } and { WORDS($second) }: { $square }.
}
voice-roll-banker = The banker sets { $player }'s dice: { WORDS($first) } and { WORDS($second) }: { $square }.
voice-buy = { $player } buys { $square } for { SPOKEN_MONEY($amount) }.
voice-rent = { $payer } pays { $owner } { SPOKEN_MONEY($amount) } rent.
voice-card = { $player } draws { $deck }: { $card }
voice-jail = { $player } goes to jail.
voice-jail-leaves = { $player } leaves jail.
voice-auction-opens = { $lot } goes to auction.
voice-auction-last = Last seconds for { $lot }!
voice-bid = { $player } bids { SPOKEN_MONEY($amount) }.
voice-auction-wins = { $player } wins { $lot } for { SPOKEN_MONEY($amount) }.
voice-auction-none = Nobody bids: { $lot } stays with the bank.
voice-debt = { $player } owes { SPOKEN_MONEY($amount) } to { $creditor }.
voice-bankrupt = { $player } goes bankrupt.
voice-winner = { $player } wins the game!
voice-choice-pair = { $player }'s token: screen { $code }?
voice-choice-banker = The banker: screen { $code }?
# The test sentence `companion doctor` plays.
voice-test = The table speaks. Ann pays Bob { SPOKEN_MONEY(22) } rent.

## The voice's switch and the Virtual table's list of what was said (pages)
page-voice-on = Voice on: this screen says what happens (tap to switch off)
page-voice-off = Voice off (tap to switch on: this screen says what happens)
page-virtual-voice = The table's voice
page-virtual-voice_none = Nothing said yet.
page-virtual-voice_hint = Each sentence the table said, as the Pi's speaker would say it (a WAV written in the data folder).

## The ledger's rarer refusals: whose file a game is, a log out of order, undo and redo, a write that failed (companion/ledger/verify.py, store.py, key.py, errors.py; worded by companion/table/problem_words.py)
table-ledger-unsealed = Game { $game } carries no key of this table: it was stored before tables had keys and was not sealed with this one, so it was copied in or rewritten. It can be listed, read and exported, not played (import its export to go on). The file is kept as it is.
table-ledger-not_a_game_file = Game { $game } is not a companion game file (format { $format }). The file is kept as it is.
table-ledger-key_missing = Game { $game } is sealed with a table's key, and this table's key ({ $key_file } in the data folder) is missing or cannot be read, so it cannot be checked. The file is kept as it is.
table-ledger-key_damaged = This table's key ({ $path }) is damaged, so no game sealed with it can be checked: put back a copy of it (or, if no game was ever stored, delete it).
table-ledger-table_changed = Game { $game }: the table named in its file has been changed. The file is kept as it is.
table-ledger-another_table = Game { $game } was sealed by another table (table { $table }), not this one ({ $here }), so this table cannot check it. To play it here, export it on its own table and import the export. The file is kept as it is.
table-ledger-entry_out_of_place = entry { $entry } is out of place
table-ledger-redo_not_undone = entry { $entry } redoes a command that was not undone
table-ledger-no_history = it has no history
table-ledger-stray_rows = money movements or snapshots belong to entries it does not have
table-ledger-entry_refused = stored command { $entry } no longer applies ({ $reason })
table-ledger-file_exists = A game file { $name } already exists, so no new game was started; try again.
table-ledger-unwritable-file = Game { $game } is read-only: its file { $name } cannot be written by { $user } (owner { $owner }, mode { $mode })
table-ledger-unwritable-folder = Game { $game } is read-only: its folder { $path } cannot be written by { $user } (owner { $owner }, mode { $mode })
rules-ledger-undo_count = Say how many commands to undo (1 or more)
rules-ledger-undo_too_many = { $played ->
    [one] Only 1 command can be undone in this game
   *[other] Only { $played } commands can be undone in this game
}
rules-ledger-redo_nothing = There is nothing to redo
table-ledger-storage_full = The companion's storage is full, so it could not { $doing }; nothing was changed. Free some space on the data disk, then try again.
table-ledger-storage_read_only = The data folder cannot be written, so the companion could not { $doing }; nothing was changed. Check that the disk is not read-only and the folder belongs to the companion.
table-ledger-storage_failed = The companion could not { $doing } ({ $detail }); nothing was changed. Try again; if it keeps failing, run `companion doctor`.
table-ledger-doing_record = record the command
table-ledger-doing_start = start the game
table-ledger-doing_open = open game { $game }
table-ledger-doing_use_folder = use the data folder { $path } (`companion games`, `history` and `export` still read it)
table-ledger-doing_make_key = make this table's key
table-ledger-doing_move = move the game
table-ledger-doing_recover = recover the game
table-ledger-doing_backup = make a backup

## The data folder's own refusals (companion/ledger/folder.py, committed.py): worded here, not in the ledger.
table-ledger-no_game = There is no game { $game }
table-ledger-game_archived = Game { $game } is archived; restore it first
table-ledger-no_archived_game = There is no archived game { $game }
table-ledger-folder_locked = Another companion (process { $holder }) is already using { $path }; stop it first, or give this one another --data folder.
table-ledger-folder_read_only = The data folder { $path } is open for reading only, so the companion cannot { $doing }; check that the disk is not read-only, and that no other companion runs.
table-ledger-no_table_key = The data folder { $path } has no table key to seal with.
table-ledger-unreadable_now = Game { $game } cannot be read now ({ $detail })

## A computer player's things, moved by the people (companion/table/computer_acts.py): its piece,
## deeds, houses and jail cards are real, and the table asks the people to move them.
## $thing is the computer's piece as the sentence names it (table-computer-thing).
table-computer-thing = { $piece ->
    [boot] { $player }'s boot
    [car] { $player }'s car
    [dog] { $player }'s dog
    [hat] { $player }'s hat
    [iron] { $player }'s iron
    [ship] { $player }'s ship
    [thimble] { $player }'s thimble
    [wheelbarrow] { $player }'s wheelbarrow
    [other] { $player }'s piece
   *[none] { $player }
}
table-computer-move = Move { $thing } to { $square }
table-computer-jail = Put { $thing } in jail
table-computer-jail-out = Move { $thing } out of jail to Just Visiting
table-computer-off-board = Take { $thing } off the board: { $player } is out
table-computer-card = { $player } draws { $deck }: { $card }
table-computer-jail-card-back = Put { $player }'s Get Out of Jail Free card back under the { $deck } deck
table-computer-jail-card-to = Give { $from }'s Get Out of Jail Free card to { $to }
table-computer-deed-from-bank = Give { $to } the { $square } deed
table-computer-deed-to-bank = Put { $from }'s { $square } deed back in the bank
table-computer-deed-to = Give { $from }'s { $square } deed to { $to }
table-computer-face-down = Turn { $owner }'s { $square } deed face down (mortgaged)
table-computer-face-up = Turn { $owner }'s { $square } deed face up (mortgage lifted)
table-computer-houses-on = Put { $count ->
    [one] a house
   *[other] { $count } houses
} on { $owner }'s { $square }
table-computer-houses-off = Take { $count ->
    [one] a house
   *[other] { $count } houses
} off { $owner }'s { $square }, back to the bank
table-computer-hotel-on = { $count ->
    [0] Put a hotel on { $owner }'s { $square }
   *[other] Put a hotel on { $owner }'s { $square } and give its { $count } houses back to the bank
}
table-computer-hotel-off = Take the hotel off { $owner }'s { $square }, back to the bank
# The confirm endpoint's refusals (POST /api/computer/confirm).
table-computer-table_only = Only the table's own screens can say the computer's things are moved
table-computer-nothing = Nothing waits to be moved for a computer now
# The Table page's panel of the computer's things to move (prompts.js).
page-prompts-title = Move for the computer
page-prompts-done = Done
page-prompts-hint_act = When it is done: touch Done, lay the computer's token on the reader or press the dice button.
page-prompts-hint_seconds = The computer goes on by itself in a few seconds.
# The voice says what to move for a computer ($text: the table's words, as the Table page shows them).
voice-computer = { $text }.
