### Every sentence of the table companion in Russian: the engine's, the story's,
### the table's and the pages' (Python reads it with fluent.runtime, the browser with
### @fluent/bundle). How to add a message: docs/developers.md, "Languages" (under "The rule engine").


## The language itself (companion/i18n LANGUAGES): espeak-ng's voice for it, the browser's locale
## for its dates and numbers (BCP 47); its board labels break where pyphen's dictionary
## for it allows (companion/i18n/hyphenation.py).

language-espeak = ru
language-locale = ru-RU

## The engine (companion/rules): refusals, events, decisions and the reasons money moves

rules-no_player = В этой игре нет игрока «{ $name }»
rules-player_bankrupt = { $player } — банкрот и выбывает из игры
rules-reserved_name = «{ $name }» не может быть именем игрока: так называются счета и части самого стола (банк, копилка, стол, банкир)
rules-no_square = На этом поле нет клетки «{ $square }»
rules-not_property = { $square } — не собственность
rules-the_bank = банк
    .gen = банка
    .dat = банку
    .acc = банк
    .ins = банком
    .pre = банке
rules-thing-house = дом
rules-thing-hotel = отель
rules-house =
    { $count ->
        [0] ни одного дома
        [one] { $count } дом
        [few] { $count } дома
       *[many] { $count } домов
    }
rules-building =
    { $count } { $count ->
        [one] строение
        [few] строения
       *[many] строений
    }
rules-jail_card =
    { $count } { $count ->
        [one] карточка освобождения из тюрьмы
        [few] карточки освобождения из тюрьмы
       *[many] карточек освобождения из тюрьмы
    }
rules-over = Игра окончена
rules-over-won = Игра окончена: победитель — { $player }
rules-over-wins = Игра окончена: победитель — { $player }
rules-turn-not_yours = Сейчас ход { $player_gen }, а не { $other_gen }
rules-turn-next = Ход { $player_gen }
rules-turn-interpol_skip = { $player } пропускает этот ход (задержание Интерполом)
rules-block-auction = идёт аукцион
rules-block-choice =
    { $player_gender ->
        [she] { $player } должна сначала сделать выбор
        [he] { $player } должен сначала сделать выбор
       *[other] сначала нужен выбор { $player_gen }
    }
rules-block-draw =
    { $player_gender ->
        [she] { $player } должна сначала взять карточку «{ $deck }»
        [he] { $player } должен сначала взять карточку «{ $deck }»
       *[other] сначала { $player_dat } нужно взять карточку «{ $deck }»
    }
rules-block-utility_roll =
    { $player_gender ->
        [she] { $player } должна сначала ещё раз бросить кубики: от них зависит плата за { $square_acc }
        [he] { $player } должен сначала ещё раз бросить кубики: от них зависит плата за { $square_acc }
       *[other] сначала { $player_dat } нужно ещё раз бросить кубики: от них зависит плата за { $square_acc }
    }
rules-block-debt =
    { $player_gender ->
        [she] { $player } должна { $creditor_dat } { MONEY($amount) } и должна заплатить, собрать деньги или объявить банкротство
        [he] { $player } должен { $creditor_dat } { MONEY($amount) } и должен заплатить, собрать деньги или объявить банкротство
       *[other] за { $player_ins } долг { MONEY($amount) } перед { $creditor_ins }: нужно заплатить, собрать деньги или объявить банкротство
    }
rules-block-buy =
    { $player_gender ->
        [she] { $player } должна сначала купить { $square_acc } или отказаться
        [he] { $player } должен сначала купить { $square_acc } или отказаться
       *[other] сначала { $player_dat } нужно купить { $square_acc } или отказаться
    }
rules-block-trade =
    { $player_gender ->
        [she] { $player } должна сначала ответить на предложение сделки от { $other_gen }
        [he] { $player } должен сначала ответить на предложение сделки от { $other_gen }
       *[other] сначала { $player_dat } нужно ответить на предложение сделки от { $other_gen }
    }
rules-busy-auction = { $player } не может сейчас { $doing }: идёт аукцион; до его конца принимаются только ставки и пасы
rules-busy-choice =
    { $other_gender ->
        [she] { $player } не может сейчас { $doing }: { $other } должна сначала сделать выбор
        [he] { $player } не может сейчас { $doing }: { $other } должен сначала сделать выбор
       *[other] { $player } не может сейчас { $doing }: сначала нужен выбор { $other_gen }
    }
rules-busy-draw =
    { $other_gender ->
        [she] { $player } не может сейчас { $doing }: { $other } должна сначала взять карточку
        [he] { $player } не может сейчас { $doing }: { $other } должен сначала взять карточку
       *[other] { $player } не может сейчас { $doing }: сначала { $other_dat } нужно взять карточку
    }
rules-busy-utility_roll =
    { $other_gender ->
        [she] { $player } не может сейчас { $doing }: { $other } должна сначала ещё раз бросить кубики
        [he] { $player } не может сейчас { $doing }: { $other } должен сначала ещё раз бросить кубики
       *[other] { $player } не может сейчас { $doing }: сначала { $other_dat } нужно ещё раз бросить кубики
    }
rules-in_debt = { $player } не может { $doing }: сначала нужно отдать { $creditor_dat } долг { MONEY($amount) }
rules-too_dear = { $player } не может { $doing }: это стоит { MONEY($cost) }, а у игрока { MONEY($cash) }
rules-roll-bad_die = На кубике от 1 до 6, а не { $die }
rules-roll-blocked = { $player } не может сейчас бросать кубики: { $reason }
rules-roll-none_due = У { $player_gen } нет броска; дальше — закончить ход
rules-roll-rolls = { $player } выбрасывает { $die1 } и { $die2 }
rules-roll-interpol =
    { $player_gender ->
        [she] { $player } трижды выбросила дубль: задержание Интерполом
        [he] { $player } трижды выбросил дубль: задержание Интерполом
       *[other] У { $player_gen } трижды дубль: задержание Интерполом
    }
rules-roll-third_doubles =
    { $player_gender ->
        [she] { $player } трижды выбросила дубль
        [he] { $player } трижды выбросил дубль
       *[other] У { $player_gen } трижды дубль
    }
rules-end_turn-blocked = { $player } пока не может закончить ход: { $reason }
rules-end_turn-doubles =
    { $player_gender ->
        [she] { $player } выбросила дубль и должна бросать ещё раз
        [he] { $player } выбросил дубль и должен бросать ещё раз
       *[other] У { $player_gen } дубль: нужно бросать ещё раз
    }
rules-end_turn-roll_first =
    { $player_gender ->
        [she] { $player } должна бросить кубики, прежде чем закончить ход
        [he] { $player } должен бросить кубики, прежде чем закончить ход
       *[other] Сначала { $player_dat } нужно бросить кубики, потом закончить ход
    }
rules-doing-pay_fine = заплатить штраф за выход из тюрьмы
rules-doing-use_card = использовать карточку освобождения из тюрьмы
rules-jail-not_in = { $player } не в тюрьме
rules-jail-before_roll = { $player } не может сейчас { $doing }: это делают до броска
rules-jail-no_card = У { $player_gen } нет карточки освобождения из тюрьмы
rules-jail-pays_fine = { $player } платит штраф и выходит из тюрьмы
rules-jail-uses_card = { $player } использует карточку освобождения и выходит из тюрьмы
rules-jail-rolls_doubles = { $player } выбрасывает дубль и выходит из тюрьмы
rules-jail-third_fail =
    { $player_gender ->
        [she] { $player } не выбросила дубль в третий раз, платит штраф и выходит из тюрьмы
        [he] { $player } не выбросил дубль в третий раз, платит штраф и выходит из тюрьмы
       *[other] У { $player_gen } и в третий раз нет дубля: штраф, и { $player } выходит из тюрьмы
    }
rules-jail-stays = { $player } остаётся в тюрьме
rules-jail-goes = { $player } отправляется в тюрьму
rules-rent-claim_lost =
    { $player_gender ->
        [she] { $player } не потребовала ренту вовремя; она пропала
        [he] { $player } не потребовал ренту вовремя; она пропала
       *[other] Рента пропала: { $player_dat } нужно было потребовать её вовремя
    }
rules-rent-may_claim = { $player } может потребовать { MONEY($amount) } ренты за { $square_acc }
rules-rent-nothing_to_claim = Сейчас { $player_dat } нечего требовать
rules-rent-not_yours = Ренту за { $square_acc } требует { $player }
rules-doing-claim = потребовать ренту
rules-choice-none = Сейчас нечего выбирать
rules-choice-not_yours = Выбирает { $player }, а не { $other }
rules-choice-options = { $player } может выбрать { $options }, а не «{ $option }»
rules-debt-owes =
    { $player_gender ->
        [she] { $player } должна { $creditor_dat } { MONEY($amount) } ({ $reason })
        [he] { $player } должен { $creditor_dat } { MONEY($amount) } ({ $reason })
       *[other] За { $player_ins } долг { MONEY($amount) } перед { $creditor_ins } ({ $reason })
    }
rules-buy-may = { $player } может купить { $square_acc } за { MONEY($price) }
rules-buy-none = Сейчас ничего не продаётся
rules-buy-not_yours = { $square } — предложение для { $player_gen }, а не для { $other_gen }
rules-buy-too_dear = { $player } не может купить { $square_acc }: это стоит { MONEY($price) }, а у игрока { MONEY($cash) }; сначала соберите деньги или откажитесь
rules-buy-buys = { $player } покупает { $square_acc }
rules-buy-declines = { $player } отказывается от покупки { $square_gen }
rules-doing-buy = купить { $square_acc }
rules-doing-decline = отказаться от { $square_gen }
rules-card-draw_at_table = { $player } берёт карточку «{ $deck }» со стола
rules-card-draws = { $player } берёт карточку «{ $deck }»: { $card }
rules-card-utility_roll = { $player } ещё раз бросает кубики и платит { $owner_dat } сумму очков × { $times } за { $square_acc }
rules-card-none_due = Сейчас не нужно брать карточку
rules-card-not_yours = Карточку берёт { $player }, а не { $other }
rules-card-wrong_deck = { $player } берёт из колоды «{ $deck }», а не «{ $asked }»
rules-card-no_number = В колоде «{ $deck }» карточки с 1 по { $count }, а не { $number }
rules-card-held = Карточка «{ $card }» у игрока; её нельзя взять сейчас
rules-build-not_lot = { $player } не может строить на { $square_pre }: строят только на улицах цветных групп
rules-build-not_whole = { $player } не может строить на { $square_pre }: у игрока не вся { $group } группа ({ $other_square } принадлежит: { $holder })
rules-build-mortgaged = { $player } не может строить на { $square_pre }: собственность «{ $other_square }» заложена
rules-build-has_hotel = { $player } не может строить на { $square_pre }: там уже отель
rules-build-evenly = { $player } не может строить на { $square_pre }: стройте равномерно; на { $other_square_pre } { $houses }
rules-build-bank_out_house = { $player } не может строить на { $square_pre }: у банка не осталось домов
rules-build-bank_out_hotel = { $player } не может строить на { $square_pre }: у банка не осталось отелей
rules-build-own_turn = { $player } не может строить на { $square_pre }: при лимите строительства — только в свой ход (домашнее правило)
rules-build-before_roll = { $player } не может строить на { $square_pre }: при лимите строительства — только до броска (домашнее правило)
rules-build-turn_limit = { $player } не может строить на { $square_pre }: не больше { $limit } за ход (домашнее правило)
rules-build-group_limit = { $player } не может строить на { $square_pre }: не больше { $limit } на группу «{ $group }» за ход (домашнее правило)
rules-build-house = { $player } строит дом на { $square_pre }
rules-build-hotel = { $player } строит отель на { $square_pre }
rules-doing-build = строить на { $square_pre }
rules-sell-not_owner = { $player } не может продать строение на { $square_pre }: владелец — { $holder }
rules-sell-none = { $player } не может продать строение на { $square_pre }: там нет строений
rules-sell-evenly = { $player } не может продать строение на { $square_pre }: продавайте равномерно; на { $other_square_pre } строений больше
rules-sell-no_houses = { $player } не может продать строение на { $square_pre }: у банка { $houses }, а на замену отелю нужно 4; продайте сразу все строения группы
rules-sell-no_group = Нет цветной группы «{ $group }»
rules-sell-group_not_owned = У { $player_gen } не вся { $group } группа
rules-sell-group_bare = У { $player_gen } нет строений в группе «{ $group }»
rules-sell-sells_house = { $player } продаёт дом на { $square_pre }
rules-sell-sells_hotel = { $player } продаёт отель на { $square_pre }
rules-sell-sells_group = { $player } продаёт все строения группы «{ $group }»
rules-doing-sell = продать строение на { $square_pre }
rules-doing-sell_group = продать строения группы «{ $group }»
rules-doing-mortgage = заложить { $square_acc }
rules-mortgage-not_owner =
    { $player_gender ->
        [she] { $player } не может заложить { $square_acc }: это не её собственность
        [he] { $player } не может заложить { $square_acc }: это не его собственность
       *[other] { $player } не может заложить { $square_acc }: это чужая собственность
    }
rules-mortgage-already = { $player } не может заложить { $square_acc }: эта собственность уже заложена
rules-mortgage-built = { $player } не может заложить { $square_acc }: сначала продайте строения группы «{ $group }»
rules-mortgage-mortgages = { $player } закладывает { $square_acc }
rules-doing-lift = выкупить { $square_acc } из залога
rules-lift-not_owner =
    { $player_gender ->
        [she] { $player } не может { $doing }: это не её собственность
        [he] { $player } не может { $doing }: это не его собственность
       *[other] { $player } не может { $doing }: это чужая собственность
    }
rules-lift-not_mortgaged = { $player } не может { $doing }: эта собственность не заложена
rules-lift-lifts = { $player } выкупает { $square_acc } из залога
rules-trade-twice = В сделке одна клетка указана дважды
rules-trade-cash = У { $player_gen } { MONEY($cash) }, а не предложенные { MONEY($offered) }
rules-doing-hand_cash = отдать деньги в сделке
rules-trade-cards = У { $player_gen }: { $held }, а не { $wanted }
rules-trade-not_owner = { $square } не принадлежит { $player_dat }
rules-trade-built = { $square } нельзя передать: в группе «{ $group }» есть строения; сначала продайте их
rules-trade-lift_received = { $player } может выкупить из залога только полученное в сделке
rules-trade-lift_not_mortgaged = Собственность «{ $square }» не заложена
rules-trade-window = { $player } не может сейчас { $doing }: сделки заключают только до броска (домашнее правило)
rules-doing-propose = предложить сделку
rules-trade-self = { $player } не может заключить сделку с самим собой
rules-trade-open = Предложение { $player_gen } для { $other_gen } ещё открыто; сначала на него нужно ответить
rules-trade-empty = В сделке должно что-то передаваться
rules-trade-proposes = { $player } предлагает сделку { $other_dat }
rules-trade-none = Отвечать { $player_dat } не на что: предложений нет
rules-trade-only_partner = Принять предложение { $player_gen } может только { $other }
rules-doing-accept = принять сделку
rules-doing-lift_in_trade = выкупить залог в сделке
rules-trade-lift_too_dear = { $player } не может сразу выкупить залог: это стоит { MONEY($cost) }, а у игрока будет { MONEY($cash) }
rules-trade-accepts = { $player } принимает сделку от { $other_gen }
rules-trade-not_party = Это сделка между { $player_ins } и { $other_ins }
rules-doing-answer = ответить на сделку
rules-trade-rejects = { $player } отклоняет сделку от { $other_gen }
rules-trade-withdraws = { $player } отзывает предложение
rules-bankrupt-no_debt =
    { $player_gender ->
        [she] { $player } никому не должна; банкротом может стать только должник
        [he] { $player } никому не должен; банкротом может стать только должник
       *[other] У { $player_gen } нет долгов; банкротом может стать только должник
    }
rules-doing-bankrupt = объявить банкротство
rules-doing-retire = убрать компьютер из игры
rules-seats-retire_person = { $player } — человек, а не компьютер: банкир убирает из игры только компьютер
rules-seats-retires = Банкир убирает компьютер из игры: { $player } выбывает
rules-seats-hand_over_person = За { $player_acc } уже играет человек
rules-seats-handed_over = Место { $player_gen } занимает человек: компьютер больше не играет за это место
rules-bankrupt-goes = { $player } становится банкротом; всё получает { $creditor }
rules-bankrupt-deeds = { $player } получает собственность { $bankrupt_gen }: { $deeds }
rules-bankrupt-mortgaged_deeds = { $player } получает заложенную собственность { $bankrupt_gen } и платит банку по 10 % за каждую: { $deeds }
rules-bankrupt-cards =
    { $count ->
        [one] { $player } получает от { $bankrupt_gen } карточку освобождения из тюрьмы
       *[other] { $player } получает от { $bankrupt_gen } карточки освобождения из тюрьмы ({ $count })
    }
rules-bankrupt-deeds_to_bank = Собственность { $player_gen } возвращается банку без залогов: { $deeds }
rules-bankrupt-cards_to_decks =
    { $count ->
        [one] Карточка освобождения из тюрьмы { $player_gen } возвращается под низ колоды
       *[other] Карточки освобождения из тюрьмы { $player_gen } ({ $count }) возвращаются под низ колод
    }
rules-end_game-auction = Игру нельзя закончить во время аукциона; сначала он должен завершиться
rules-end_game-choice = Игру нельзя закончить, пока { $player } выбирает по карточке; сначала нужно выбрать
rules-end_game-draw =
    { $player_gender ->
        [she] Игру нельзя закончить, пока { $player } должна взять карточку; сначала её нужно взять
        [he] Игру нельзя закончить, пока { $player } должен взять карточку; сначала её нужно взять
       *[other] Игру нельзя закончить, пока { $player_dat } нужно взять карточку; сначала её нужно взять
    }
rules-end_game-utility_roll =
    { $player_gender ->
        [she] Игру нельзя закончить, пока { $player } должна ещё раз бросить кубики; сначала нужно их бросить
        [he] Игру нельзя закончить, пока { $player } должен ещё раз бросить кубики; сначала нужно их бросить
       *[other] Игру нельзя закончить, пока { $player_dat } нужно ещё раз бросить кубики; сначала нужно их бросить
    }
rules-auction-none = Сейчас нет аукциона
rules-auction-out =
    { $player_gender ->
        [she] { $player } выбыла из аукциона за { $lot_acc }
        [he] { $player } выбыл из аукциона за { $lot_acc }
       *[other] { $player } больше не участвует в аукционе за { $lot_acc }
    }
rules-doing-bid = делать ставку за { $lot_acc }
rules-auction-too_low = Ставка { $player_gen } { MONEY($bid) } за { $lot_acc } должна быть больше { MONEY($high) }
rules-auction-too_high = { $player } не может поставить { MONEY($bid) } за { $lot_acc }: у игрока { MONEY($cash) }
rules-auction-say_square = В ставке за { $thing } нужно указать клетку, где он встанет
rules-auction-wrong_kind = Следующее строение { $player_gen } на { $square_pre } — { $thing }, а не { $asked }
rules-auction-below_cost = Начальная ставка за { $thing } на { $square_pre } — его стоимость, { MONEY($cost) }
rules-auction-bids = { $player } ставит { MONEY($bid) } за { $lot_acc }
rules-auction-already_out =
    { $player_gender ->
        [she] { $player } уже выбыла из аукциона за { $lot_acc }
        [he] { $player } уже выбыл из аукциона за { $lot_acc }
       *[other] { $player } уже не участвует в аукционе за { $lot_acc }
    }
rules-auction-high_cannot_pass = У { $player_gen } высшая ставка за { $lot_acc }; пасовать нельзя
rules-auction-passes = { $player } пасует
rules-auction-no_bids = Ставок нет: { $lot } остаётся у банка
rules-auction-wins = { $player } получает { $lot_acc } за { MONEY($price) }
rules-auction-opens = { $lot } выставляется на аукцион
rules-auction-already = Аукцион уже идёт
rules-auction-bank_none_house = У банка не осталось домов для аукциона
rules-auction-bank_none_hotel = У банка не осталось отелей для аукциона
rules-auction-bank_opens_house = Банк выставляет на аукцион дом
rules-auction-bank_opens_hotel = Банк выставляет на аукцион отель
rules-auction-bank_house = дом банка
rules-auction-bank_hotel = отель банка
rules-tap-unknown = Метка { $tag } этому столу неизвестна; банкир может её зарегистрировать
rules-tap-other_board = Метка { $tag } — это { $thing } с поля «{ $board }», а не с поля этой игры: ничего не меняется
rules-tap-not_card = Метка { $tag } означает «{ $written }», но такой карточки в этой игре нет
rules-tap-not_ours = Метка { $tag } означает «{ $written }», а это не фишка и не карточка собственности
rules-tap-nothing = Метка { $tag } считана; в игре сейчас нечего делать
rules-tap-computer = За { $player_acc } играет стол, он сам делает ставки и покупки: касание ничего не меняет
rules-why-jail_fine = штраф за выход из тюрьмы
rules-why-interpol_fine = штраф Интерпола
rules-why-fine_not_chance = штраф вместо карточки «Случай»
rules-why-income_tax = подоходный налог
rules-why-income_tax_percent = подоходный налог (процент)
rules-why-salary = зарплата за проход «Старта»
rules-why-rent = рента за { $square_acc }
rules-why-tax = { $square }
rules-why-pot = копилка «Свободной парковки»
rules-why-card = { $card }
rules-why-bought = покупка: { $square }
rules-why-won_auction = аукцион: { $lot }
rules-why-won_house = аукцион: дом на { $square_pre }
rules-why-won_hotel = аукцион: отель на { $square_pre }
rules-why-house = дом на { $square_pre }
rules-why-hotel = отель на { $square_pre }
rules-why-sold_house = продан дом на { $square_pre }
rules-why-sold_hotel = продан отель на { $square_pre }
rules-why-sold_group = проданы все строения группы «{ $group }»
rules-why-mortgaged = залог: { $square }
rules-why-lifted = выкуп из залога: { $square }
rules-why-trade = сделка
rules-why-interest = 10 % за полученную заложенную собственность: { $square }
rules-why-estate_buildings = строения { $player_gen } на { $square_pre } проданы банку
rules-why-bankruptcy = банкротство { $player_gen }
rules-now-auction_open = Аукцион за { $lot_acc }: ставок ещё нет; ставят или пасуют: { $bidders }
rules-now-auction_bid = Аукцион за { $lot_acc }: { MONEY($bid) } от { $player_gen }; ставят больше или пасуют: { $bidders }
rules-now-choice_card = { $player } выбирает: заплатить штраф { MONEY($fine) } или взять карточку «{ $deck }»
rules-now-choice_tax = { $player } выбирает подоходный налог: { MONEY($tax) } или { $percent } % капитала ({ MONEY($percent_tax) })
rules-now-draw = { $player } берёт карточку «{ $deck }» со стола и прикладывает её (или вводит номер)
rules-now-utility_roll = { $player } ещё раз бросает кубики и платит { $owner_dat } сумму очков × { $times } за { $square_acc }
rules-now-debt =
    { $player_gender ->
        [she] { $player } должна { $creditor_dat } { MONEY($amount) } ({ $reason }): соберите { MONEY($short) }, продав строения, заложив собственность или заключив сделку, или объявите банкротство
        [he] { $player } должен { $creditor_dat } { MONEY($amount) } ({ $reason }): соберите { MONEY($short) }, продав строения, заложив собственность или заключив сделку, или объявите банкротство
       *[other] За { $player_ins } долг { MONEY($amount) } перед { $creditor_ins } ({ $reason }): соберите { MONEY($short) }, продав строения, заложив собственность или заключив сделку, или объявите банкротство
    }
rules-now-buy = { $player } может купить { $square_acc } за { MONEY($price) } или отказаться
rules-now-buy_auction = { $player } может купить { $square_acc } за { MONEY($price) } или отказаться — тогда будет аукцион
rules-now-trade = { $player } отвечает на предложение сделки от { $other_gen }: принять или отклонить
rules-now-end_turn = { $player } заканчивает ход (можно сначала строить, закладывать и заключать сделки)
rules-now-jail = { $player } в тюрьме: заплатить штраф { MONEY($fine) } или бросать на дубль (попытка { $try } из 3)
rules-now-jail_card = { $player } в тюрьме: заплатить штраф { MONEY($fine) }, использовать карточку освобождения или бросать на дубль (попытка { $try } из 3)
rules-now-roll = { $player } бросает кубики
rules-now-roll_again =
    { $player_gender ->
        [she] { $player } выбросила дубль и бросает ещё раз
        [he] { $player } выбросил дубль и бросает ещё раз
       *[other] У { $player_gen } дубль: { $player } бросает ещё раз
    }
rules-table-no_game = Игра не идёт; сначала банкир начинает новую
rules-auction-not_this_deed = В ставке за { $lot_acc } нельзя указывать { $square }
rules-the_pot = копилка «Свободной парковки»
    .gen = копилки «Свободной парковки»
    .dat = копилке «Свободной парковки»
    .acc = копилку «Свободной парковки»
    .ins = копилкой «Свободной парковки»
    .pre = копилке «Свободной парковки»
rules-correct-same_account = Деньги переводят между двумя разными счетами
rules-correct-amount = Исправление переводит от { MONEY(1) } до { MONEY($most) }
rules-correct-short = У счёта «{ $account }» { MONEY($balance) }, а не { MONEY($amount) }
rules-correct-note_long = Примечание — не длиннее { $most } символов
rules-correct-moved = Банкир переводит { MONEY($amount) } от { $source_gen } { $target_dat }
rules-correct-placed = Банкир ставит { $player_acc } на клетку { $square }
rules-correct-deed_already = { $square } уже у владельца: { $holder }
rules-correct-deed_on_offer = { $square } сейчас предлагается к покупке; сначала купите или откажитесь
rules-correct-deed_at_auction = { $square } сейчас на аукционе; сначала он должен завершиться
rules-correct-deed_given = Банкир передаёт { $square }: { $holder }
rules-why-correction = исправление банкира: { $note }
rules-why-correction_plain = исправление банкира
rules-trade-counters = { $player } отвечает на предложение { $other_gen } встречным
rules-hotel =
    { $count } { $count ->
        [one] отель
        [few] отеля
       *[many] отелей
    }
rules-raise-ways =
    { $player_gender ->
        [she] { $player } должна { $creditor_dat } { MONEY($owed) }, не хватает { MONEY($short) }: { $ways }
        [he] { $player } должен { $creditor_dat } { MONEY($owed) }, не хватает { MONEY($short) }: { $ways }
       *[other] За { $player_ins } долг { MONEY($owed) } перед { $creditor_ins }, не хватает { MONEY($short) }: { $ways }
    }
rules-raise-ways_short =
    { $player_gender ->
        [she] { $player } должна { $creditor_dat } { MONEY($owed) }, не хватает { MONEY($short) }: { $ways }; этого мало — сделка или банкротство
        [he] { $player } должен { $creditor_dat } { MONEY($owed) }, не хватает { MONEY($short) }: { $ways }; этого мало — сделка или банкротство
       *[other] За { $player_ins } долг { MONEY($owed) } перед { $creditor_ins }, не хватает { MONEY($short) }: { $ways }; этого мало — сделка или банкротство
    }
rules-raise-nothing =
    { $player_gender ->
        [she] { $player } должна { $creditor_dat } { MONEY($owed) }, не хватает { MONEY($short) }, а продать и заложить нечего: сделка или банкротство
        [he] { $player } должен { $creditor_dat } { MONEY($owed) }, не хватает { MONEY($short) }, а продать и заложить нечего: сделка или банкротство
       *[other] За { $player_ins } долг { MONEY($owed) } перед { $creditor_ins }, не хватает { MONEY($short) }, а продать и заложить нечего: сделка или банкротство
    }
rules-raise-mortgage = залог { $square_gen } даст { MONEY($raises) }
rules-raise-sell_building = продажа строения на { $square_pre } даст { MONEY($raises) }
rules-raise-sell_group = продажа строений группы «{ $group }» ({ $things }) даст { MONEY($raises) }
rules-trade-deeds = { $player } получает: { $deeds }

## The story (companion/web/story): money movements and the log

story-money-in = { $to } получает { MONEY($amount) } от { $from_gen }: { $why }
story-money-out = { $from } платит { $to_dat } { MONEY($amount) }: { $why }
story-money-between = { $from } платит { $to_dat } { MONEY($amount) }: { $why }
story-money-bank = { $from } передаёт { $to_dat } { MONEY($amount) }: { $why }
story-money-starting = { $to } получает { MONEY($amount) } стартового капитала
story-money-undone = Отменено: { $line }
story-money-why-rent = { $from } платит { $to_dat } { MONEY($amount) } ренты за { $square_acc }
story-money-why-salary = { $to } получает зарплату { MONEY($amount) } за проход «Старта»
story-money-why-bought = { $from } покупает { $square_acc } за { MONEY($amount) }
story-money-why-won_auction = { $from } платит { MONEY($amount) } за { $lot_acc }: выигрыш на аукционе
story-money-why-won_house = { $from } платит { MONEY($amount) } за дом на { $square_pre }, выигранный на аукционе
story-money-why-won_hotel = { $from } платит { MONEY($amount) } за отель на { $square_pre }, выигранный на аукционе
story-money-why-house = { $from } платит { MONEY($amount) } за дом на { $square_pre }
story-money-why-hotel = { $from } платит { MONEY($amount) } за отель на { $square_pre }
story-money-why-sold_house = { $to } получает { MONEY($amount) } за проданный дом на { $square_pre }
story-money-why-sold_hotel = { $to } получает { MONEY($amount) } за проданный отель на { $square_pre }
story-money-why-sold_group = { $to } получает { MONEY($amount) } за строения группы «{ $group }»
story-money-why-mortgaged = { $to } закладывает { $square_acc } за { MONEY($amount) }
story-money-why-lifted = { $from } платит { MONEY($amount) }, чтобы выкупить из залога { $square_acc }
story-money-why-trade = { $from } платит { $to_dat } { MONEY($amount) } по сделке
story-money-why-interest = { $from } платит { $to_dat } { MONEY($amount) }: 10 % за полученную в залоге собственность «{ $square }»
story-money-why-jail_fine = { $from } платит { $to_dat } штраф { MONEY($amount) } за выход из тюрьмы
story-money-why-interpol_fine = { $from } платит { $to_dat } штраф Интерпола { MONEY($amount) }
story-money-why-fine_not_chance = { $from } платит { $to_dat } штраф { MONEY($amount) } вместо карточки «Случай»
story-money-why-income_tax = { $from } платит { $to_dat } { MONEY($amount) } подоходного налога
story-money-why-income_tax_percent = { $from } платит { $to_dat } { MONEY($amount) } подоходного налога (долю капитала)
story-money-why-tax = { $from } платит { $to_dat } { MONEY($amount) }: { $square }
story-money-why-pot = { $to } забирает { MONEY($amount) } из копилки «Свободной парковки»
story-money-why-card-in = { $to } получает { MONEY($amount) }: { $card }
story-money-why-card = { $from } платит { $to_dat } { MONEY($amount) }: { $card }
story-money-why-bankruptcy = { $to } получает { MONEY($amount) } от { $from_gen }: банкротство
story-money-why-estate_buildings = { $to } получает { MONEY($amount) }: строения { $player_gen } на { $square_pre } проданы банку
story-money-why-correction = Банкир переводит { MONEY($amount) } от { $from_gen } { $to_dat } ({ $note })
story-money-why-correction_plain = Банкир переводит { MONEY($amount) } от { $from_gen } { $to_dat }
story-story-new_game = Новая игра: { $players }, по { MONEY($amount) }
story-log-new = Новая игра: { $players }
story-log-undo_one = Банкир отменил 1 ход
story-log-undo_many = Банкир отменил ходов: { $n }
story-log-redo = Банкир вернул: { $line }
story-log-clock = Часы стола исправлены
story-log-import = Игра загружена из записи
story-log-nothing = Ничего не изменилось
story-timer-passes =
    { $player_gender ->
        [she] Время вышло: { $player } не сделала ставку
        [he] Время вышло: { $player } не сделал ставку
       *[other] Время вышло: ставки от { $player_gen } нет
    }
story-roll-banker_sets = Банкир выставляет кубики за { $player_acc }: { $die1 } и { $die2 }

## The table (companion/table): token waits, pairings, commands said

table-token-wait_pair = Код этого экрана — { $code }. Приложите свою фишку к считывателю, а потом ещё раз, когда этот экран скажет, что его код предложен (или выберите { $code } на экране стола)
table-token-wait_confirm = { $player }, приложите свою фишку к считывателю, чтобы подтвердить
table-token-ambiguous = Фишку ждали { $count } экрана, поэтому касание не засчитано ни одному: попросите снова, по одному экрану
table-token-expired_pair = Фишку не приложили; приложите свою фишку к считывателю и попробуйте снова
table-token-expired_confirm = Фишку не приложили: { $player }, приложите свою фишку к считывателю, чтобы подтвердить
table-token-wrong = Это фишка { $tapped_gen }; подтвердить нужно { $player_dat }
table-token-not_their_move = Это уже не ход { $player_gen }; ничего не сделано
table-token-replaced = Этот экран попросил снова; прежний запрос отменён
table-token-cancelled = Запрос отозван
table-token-game_changed = Начата или открыта другая игра; попросите снова
table-token-too_many = Слишком много экранов ждут фишку; попробуйте чуть позже
table-token-too_many_address = С этого адреса стола уже ждут другие экраны; попробуйте снова, когда одному из них ответят
table-token-expired_banker = У стола никто вовремя не подтвердил, что он банкир; попросите снова
table-choice-gone = Сейчас у стола ничего не выбирают; попросите снова
table-choice-no_code = Ни один ждущий экран не показывает код { $code }
table-choice-too_soon = Слишком рано: стол только что предложил этот код. Повторите, когда ваш экран скажет, что предложен его код
table-choice-table_only = Выбрать экран можно только на экране стола или банкира
table-token-closing = Компаньон останавливается; попросите снова, когда он вернётся
table-paired-token = Фишка { $player_gen } привязала экран { $screen }
table-paired-banker = Банкир привязал экран { $screen } к { $player_dat }
table-cmd-roll = бросить кубики
table-cmd-buy = купить { $square_acc }
table-cmd-buy_offer = купить предложенную карточку
table-cmd-decline = отказаться от { $square_gen }
table-cmd-decline_offer = отказаться от предложенной карточки
table-cmd-bid = ставка { $amount } за { $square_acc }
table-cmd-pass = пас на аукционе за { $square_acc }
table-cmd-choose = выбрать: { $option }
table-cmd-draw = ввести вытянутую карточку { $deck } № { $card }
table-cmd-pay_jail_fine = заплатить штраф за выход из тюрьмы
table-cmd-use_jail_card = использовать карточку освобождения из тюрьмы
table-cmd-build = строить на { $square_pre }
table-cmd-sell_building = продать строение на { $square_pre }
table-cmd-sell_all_buildings = продать все строения группы «{ $group }»
table-cmd-mortgage = заложить { $square_acc }
table-cmd-unmortgage = выкупить { $square_acc } из залога
table-cmd-trade = предложить сделку { $to_dat }: отдать { $give }, получить { $take } (и названные карточки)
table-cmd-accept = принять сделку
table-cmd-reject = отклонить сделку
table-cmd-claim_rent = потребовать ренту
table-cmd-bankrupt = объявить банкротство
table-cmd-end_turn = закончить ход
table-taps-waits_pair = Экран { $screen } ждёт фишку, чтобы привязаться
table-taps-waits_confirm_any = Экран { $screen } ждёт фишку для подтверждения: { $command }
table-taps-waits_confirm = Экран { $screen } ждёт фишку { $player_gen } для подтверждения: { $command }
table-taps-next_ambiguous = Фишку ждут экраны ({ $count }): следующее касание не достанется ни одному
table-taps-next_confirm_any = Следующая приложенная фишка подтвердит команду экрана { $screen } от имени своего игрока: { $command }
table-taps-next_confirm = Касание фишки { $player_gen } подтвердит: { $command }
table-taps-next_bid = Касание фишки — ставка на аукционе за { $square_acc }
table-taps-next_bid_pairing_held = Касание фишки — ставка на аукционе за { $square_acc }; экраны не привязываются, пока он не закончится
table-taps-next_pair = { $count ->
    [one] Привязки ждёт { $count } экран: приложенная сейчас фишка начнёт выбор по коду
    [few] Привязки ждут { $count } экрана: приложенная сейчас фишка начнёт выбор по коду
   *[many] Привязки ждут { $count } экранов: приложенная сейчас фишка начнёт выбор по коду
}
table-taps-next_choice = Фишка { $player_gen }: выберите экран { $player_gen }. Приложите фишку ещё раз, когда стол предложит его код, или выберите код на экране стола
table-taps-next_draw = Приложите вытянутую карточку «{ $deck }»
table-taps-next_none = Никто не ждёт касания
table-authority-unpaired = Сначала привяжите этот экран: приложите свою фишку к считывателю
table-authority-banker_only = Это может сделать только банкир
table-authority-not_yours = Это ход { $owner_gen }, а не { $player_gen }
table-authority-not_now = Сейчас это не ход { $player_gen }; ничего не сделано
table-authority-computer_seat = За { $player_acc } играет стол: ни один телефон не может играть за этого игрока
table-authority-person_seat = За { $player_acc } играет человек: компьютер стола играет только за свои места
table-new_game-computer_levels = В "computer" должен быть уровень для некоторых из игроков: { $levels }
table-new_game-one_person = Хотя бы за одно место должен играть человек: компьютер не может занять все места
table-token-wait_confirm_any = Приложите свою фишку к считывателю, чтобы подтвердить
table-token-no_game = Игра ещё не начата
table-token-expired_confirm_any = Фишку не приложили; ничего не сделано
table-churn-trade = { $player }: уже { $moves } действий со сделками за { $seconds } с; подождите { $wait } с до следующего
table-acting-confirm_token = confirm может быть только "token" (общий планшет: игрок прикладывает свою фишку)
table-acting-confirm_table_only = Просить касание фишки может только экран стола (его настраивает банкир) или привязанный телефон
table-acting-table_rolls = Кубики бросает стол: отправьте { "{" }{ "{" }"do": "roll"{ "}" }{ "}" } без кубиков. Задать кубики может только банкир (исправление), если стол не настроен на обычные кубики (manual_dice)
table-unpaired-not_me = Экран { $screen } больше не привязан к { $player_dat }: нажато «это не я»
table-not_me-not_paired = Этот экран ни к кому не привязан
table-not_me-no_screen = Такого привязанного экрана нет (возможно, его уже отвязали)
table-not_me-not_yours = Отвязать этот экран могут только он сам, экраны { $player_gen }, экран стола или банкир
table-acting-pair_banker_only = Привязать экран без касания фишки может только банкир
table-voice-language_unknown = Язык должен быть одним из: { $languages }, а не { $lang }
table-voice-language_table_only = Язык, на котором говорит стол, задаёт только экран стола
table-acting-no_such_player = В этой игре нет игрока { $name }
table-acting-no_such_request = Этот экран не делал такого запроса (или это было давно)
table-auction-wait_none = Аукциона сейчас нет, ждать нечего
table-auction-wait_used = Паузу в этом аукционе уже брали: она даётся один раз за аукцион
# A computer seat's answer to a trade, with its reason (companion/table/computer_trades.py).
table-computer-accepts_chances = { $player } соглашается: шанс на победу вырастет с { $before } % до { $after } %
table-computer-rejects_chances = { $player } отказывается: шанс на победу упадёт с { $before } % до { $after } %
table-computer-accepts_worth = { $player } соглашается: по его расчёту сделка для него честная
table-computer-rejects_worth = { $player } отказывается: по его расчёту сделка даёт { $partner_dat } больше, чем ему
table-reads-unreadable = Сейчас не удалось прочитать игру; попробуйте ещё раз через мгновение
table-reads-bad_window = after и limit должны быть целыми числами (after: последний номер записи на этом экране; limit: сколько записей)
table-ledger-after_backup_lost = Игра { $game }: записи после резервной копии, если они были, потеряны.
table-ledger-damaged_everywhere = Игра { $game } повреждена и в базе данных, и в журнале: { $cause }, поэтому под вопросом { $span } из { $readable }. `companion recover { $game }` начинает новую игру с её первых записей (их { $kept }); повреждённые файлы сохранены как есть.
table-ledger-db_damaged = её база данных повреждена ({ $cause })
table-ledger-db_extended = Игра { $game }: в базе данных не хватало: { $span } (их потеряла карта памяти, или это команда, которую стол записывал в момент остановки); восстановлено из { $source }.
table-ledger-db_lacks = в её базе данных не хватает: { $span } (их потеряла карта памяти, или это команда, которую стол записывал в момент остановки)
table-ledger-db_rebuilt = Игра { $game }: база данных была повреждена ({ $cause }); она собрана заново из { $source }, все записи на месте (их { $entries }; повреждённый файл сохранён как { $kept_as }).
table-ledger-entry_changed = запись { $entry } (или её денежные движения) изменена
table-ledger-entry_missing = нет записи { $entry }
table-ledger-file_damaged = файл повреждён ({ $detail })
table-ledger-file_unopenable = файл не открывается ({ $detail })
table-ledger-file_unreadable = файл не читается ({ $detail })
table-ledger-from-backup = резервной копии { $backup }
table-ledger-from-database = базы данных
table-ledger-from-journal = журнала
table-ledger-header_unreadable = не читается заголовок
table-ledger-history_damaged = Игра { $game } повреждена: { $cause }. Её файл сохранён как есть, чтобы банкир мог его посмотреть.
table-ledger-journal_rewritten = Игра { $game }: в журнале было целых записей: { $good } из { $entries }; он переписан заново.
table-ledger-journal_short = в её журнале целых записей: { $good } из { $entries }
table-ledger-line_unreadable = не читается строка { $line }
table-ledger-no_journal = у неё нет журнала
table-ledger-not_damaged_everywhere = Игра { $game } повреждена не везде, поэтому ничего не потеряно: стол откроет её как есть (и восполнит то, что потеряно в базе данных или в журнале).
table-ledger-nothing_to_recover = Игра { $game }: ни в базе данных, ни в журнале нет первой записи, которую этот стол может проверить, поэтому восстанавливать нечего.
table-ledger-read_only-file = Игра { $game } только для чтения: { $user } не может писать в её файл { $name } (владелец { $owner }, права { $mode }); исправление: { $fix }
table-ledger-read_only-folder = Игра { $game } только для чтения: { $user } не может писать в её папку { $path } (владелец { $owner }, права { $mode }); исправление: { $fix } или проверьте, что диск не только для чтения
table-ledger-record-backup = резервная копия { $backup }
table-ledger-record-database = база данных
table-ledger-record-journal = журнал
table-ledger-records_disagree = Игра { $game }: { $first } и { $second } расходятся начиная с записи { $entry }; файлы сохранены как есть. `companion recover { $game }` начинает новую игру с записей, которые есть в обоих.
table-ledger-snapshot_dropped = Игра { $game }: снимок на записи { $entries } был повреждён; он удалён, а игра восстановлена по её журналу (ничего не потеряно).
table-ledger-span-one = запись { $first }
table-ledger-span-many = записи с { $first } по { $last }
table-ledger-unreadable_everywhere = Игру { $game } не удаётся прочитать ни в базе данных, ни в журнале ({ $cause }); её файлы сохранены как есть.
table-ledger-will_repair = игра { $game }: { $what }; { $source } хранит все записи (их { $entries }), и стол исправит это, когда откроет игру (ничего не потеряно)
table-ledger-written_further = записано было до записи { $entry }

## The banker's sign-in, presence and clock (companion/web/presence.py)

banker-pin-rule = PIN банкира — от 6 до 12 цифр
banker-pin-wrong = Это не PIN банкира
banker-pin-wait = Столу прислали слишком много неверных PIN с разных экранов; следующий он проверит через { $seconds } с. У стола банкир входит без PIN: нажмите «Войти у стола», затем приложите жетон банкира к считывателю или удерживайте кнопку кубиков { $hold } с
banker-pin-already_set = PIN банкира уже задан; войдите с ним
banker-pin-not_set = PIN банкира ещё не задан; сначала задайте его
banker-presence-wait = Код этого экрана — { $code }. У стола: приложите жетон банкира к считывателю или удерживайте кнопку кубиков { $hold } с; когда этот экран скажет, что его код предложен, приложите жетон ещё раз или снова удерживайте кнопку кубиков (или выберите { $code } на экране стола)
banker-presence-set_since = Тем временем PIN банкира задали с другого экрана; войдите с ним
banker-clock-not_asked = Ни один экран не сообщил, который час
banker-clock-unnamed = Укажите, на какое предложенное время вы отвечаете (его id, как его прочла страница банкира): время другого экрана не берётся
banker-clock-gone = Этого предложенного времени уже нет (с тех пор другие экраны предложили ещё, или на него уже ответили): прочтите вопрос ещё раз. Часы Pi оставлены как есть
banker-banker-only = Это может сделать только банкир; войдите с PIN банкира
banker-game-status-archived = в архиве
banker-game-status-over = окончена
banker-game-status-playing = идёт
banker-game-status-won = окончена, победитель — { $player }

## Enrolling tags (companion/web/enrolment.py)

enrol-enrol-no_file = У этого стола нет файла меток, куда можно записать метку (метки ему дал тест)
enrol-enrol-bad_request = Укажите, что регистрировать: "what" — "set" (с "cards" и "again" true или false) или "one" (с её "meaning")
enrol-enrol-bad_meaning = Такой карточки собственности, фишки, карточки колоды или метки банкира в этом наборе нет
enrol-enrol-bad_uid = { $uid } — не UID метки
enrol-enrol-in_use = Метка { $uid } уже означает { $meaning }: перерегистрируйте лучше её
enrol-enrol-nothing_to_undo = В этой регистрации не осталось меток, которые можно отменить
enrol-enrol-edition_in_game = За столом идёт игра на поле { $edition }: сейчас регистрируются метки этого поля (а не { $asked })
enrol-enrol-bad_edition = Метки этого поля зарегистрировать нельзя: { $why }

## The pages (companion/web/site): every word the browser shows

page-app-name = Банкир за столом
page-app-simulated = Симуляция
page-nav-label = Страницы
page-nav-language = Язык
page-nav-skip = К содержимому
page-nav-table = Стол
page-nav-player = Игрок
page-nav-history = История
page-nav-chart = График
page-nav-banker = Банкир
page-nav-virtual = Виртуальный стол
page-connection-connecting = Подключение…
page-connection-live = На связи
page-connection-offline = Нет связи — повтор
page-connection-polling = На связи (проверка каждые несколько секунд)
page-common-loading = Загрузка…
page-common-close = Закрыть
page-common-yes = Да
page-common-cancel = Закрыть
page-common-bank = банк
page-common-pot = копилка «Свободной парковки»
page-player-unpaired_elsewhere = Этот экран больше не играет за игрока { $player }. Чтобы играть, привяжите его снова своей фишкой.
page-taps-title = Считыватель
page-taps-unknown = Стол пока не сообщил.
page-taps-waiting = Ждут фишку ({ $n })
page-taps-for = для игрока { $player }
page-taps-any_token = фишка любого игрока
page-taps-from = просит { $screen }
page-taps-from_this = просит { $screen } (этот экран)
page-taps-left = осталось { $seconds } с
page-wait-code_label = Код этого экрана
page-wait-pair_steps = Приложите свою фишку к считывателю. Стол предложит коды ждущих экранов: когда этот экран скажет, что предложен его код, приложите фишку ещё раз (или выберите этот код на экране стола).
page-wait-banker_steps = Приложите жетон банкира к считывателю (или удерживайте кнопку кубиков { $hold } с). Когда этот экран скажет, что предложен его код, приложите жетон ещё раз или снова удерживайте кнопку кубиков (или выберите этот код на экране стола).
page-wait-waiting = Ждём касания у стола…
page-wait-next = Следующий код — этого экрана ({ $code }): приготовьтесь…
page-wait-yours_pair = Сейчас: приложите фишку { $player_gen } ещё раз. Стол предлагает этот экран ({ $code }).
page-wait-yours_banker = Сейчас: приложите жетон банкира ещё раз или снова удерживайте кнопку кубиков. Стол предлагает этот экран ({ $code }).
page-wait-other = Стол предлагает код другого экрана ({ $code }), не этого: ждите { $mine }.
page-wait-left = (осталось { $seconds } с)
page-wait-deadline = Стол ждёт ещё { $seconds } с.
page-wait-simulated_banker = Стол симулирован: жетон банкира и кнопка кубиков — кнопки на странице «Виртуальный стол».
page-wait-open_virtual = Открыть виртуальный стол
page-choice-pair_title = Фишка { $player_gen }: какой экран { $player_gen }?
page-choice-pair_hint = Нажмите код, который показывает экран { $player_gen }. Экран гостя тоже может ждать: не выбирайте код, которого не видно за столом.
page-choice-banker_title = Банкир у стола: какой экран банкира?
page-choice-banker_hint = Нажмите код, который показывает экран банкира. Не выбирайте код, которого не видно за столом.
page-choice-pick = Выбрать экран с кодом { $code }
page-choice-none = Ни один из них
page-table_setup-title = Этот экран ещё не экран стола
page-table_setup-why = Касание фишки подтверждает ход только для экрана стола, который один раз настраивает банкир. Банкир вводит PIN здесь.
page-table_setup-first = Новый стол: сначала банкир задаёт PIN на странице банкира, а затем делает этот экран экраном стола.
page-table_setup-pin = PIN банкира
page-table_setup-make = Сделать экраном стола
page-table_setup-done = Теперь это экран стола
page-player-this_screen = Этот экран — { $screen }.
page-paired-token = Фишка игрока { $player } привязала { $screen }
page-paired-banker = Банкир привязал { $screen } к игроку { $player }
page-paired-a_screen = новый экран
page-paired-not_me = Не я — отвязать
page-paired-unpaired = { $screen } отвязан
page-agent-on = { $browser } на { $system }
page-agent-other = другой браузер
page-screens-title = Экраны
page-screens-hint = Все телефоны и планшеты, которые играют за игрока, работают банкиром или служат экраном стола. Отключите незнакомый: он вернётся к привязке.
page-screens-numbered = экран { $n }
page-screens-unnamed = экран { $id }
page-screens-banker_group = Банкир
page-screens-not_in_game = не в этой игре
page-screens-none = Пока ни один экран не играет и не работает банкиром.
page-screens-no_screen = Нет экрана
page-screens-by_token = привязан фишкой
page-screens-by_banker = привязан банкиром
page-screens-banks = вошёл как банкир
page-screens-table_screen = экран стола
page-screens-table_group = Экран стола
page-screens-revoke_table = Отозвать { $screen }? Он больше не экран стола.
page-screens-connected = на связи
page-screens-not_connected = не на связи
page-screens-this = этот экран
page-screens-also_banker = и банкир
page-screens-since = с { $when }
page-screens-seen = последний раз { $when }
page-screens-never = ни разу
page-screens-just_now = только что
page-screens-revoke = Отключить
page-screens-revoke_player = Отключить { $screen }? Он больше не играет за игрока { $player } и вернётся к привязке.
page-screens-revoke_banker = Отключить { $screen }? Он больше не экран банкира.
page-screens-revoked = { $screen } больше не играет и не банкир
page-error-network = Стол недоступен. Этот экран подключён к Wi-Fi стола?
page-error-status = Стол ответил ошибкой ({ $status })
page-error-wait = { $reason } (подождите { $seconds } с)
page-error-401 = Сначала привяжите экран к своей фишке или войдите как банкир
page-error-403 = Этот ход не для этого экрана
page-error-408 = Фишку не приложили вовремя. Попробуйте ещё раз.
page-error-503 = Стол не смог это сохранить; ничего не изменилось
page-toast-refused = Отказ: { $reason }
page-toast-confirm_tap = Приложите фишку игрока { $player } к считывателю для подтверждения…
page-toast-confirm_tap_any = Приложите свою фишку к считывателю для подтверждения…
page-toast-identified = Привет, { $player }
page-toast-ignored = Прочитано { $what }; сейчас делать нечего
page-board-label = Игровое поле
page-board-mortgaged = Заложено
page-board-in_jail = В тюрьме
page-board-collect = зарплата
page-board-hotel = отель
page-board-house = дом
page-board-houses = домов: { $n }
# A colour group's name ($group) is the edition's, in one form everywhere: lower case ("тёмно-синяя"), never capitalised.
page-board-group = группа «{ $group }»
page-board-owner = владелец: { $player }
page-board-unowned = продаётся
page-board-jailed = в тюрьме: { $players }
page-board-visiting = с визитом: { $players }
page-board-here = здесь: { $players }
page-board-bank_houses = В банке: домов { $n }
page-board-bank_hotels = отелей { $n }
page-board-pot = в копилке { $amount }
page-board-rents = рента
# A colour group's title where it stands alone (a heading of deeds, a deed card).
page-group-colour = Группа «{ $group }»
page-group-station = Станции
page-group-railroad = Железные дороги
page-group-utility = Предприятия
page-group-other = Другое
page-table-decision = Сейчас
page-table-turn = Ход
page-table-current_player = Чей ход
page-table-last_roll = Последний бросок
page-table-no_roll = Ещё не бросали
page-table-rolled = Выпало { $a } и { $b }: { $total }
page-table-doubles = Дубль!
page-table-players = Игроки
page-table-messages = Что произошло
page-table-join = Подключите телефон
page-table-qr_wifi = 1. Подключитесь к Wi-Fi
page-table-qr_join = 2. Откройте панель
page-table-qr_wifi_alt = QR-код: Wi-Fi стола
page-table-qr_join_alt = QR-код: открыть панель
page-table-turn_badge = ходит
page-table-bankrupt = банкрот
page-table-worth = капитал { $amount }
page-decision-no_game = Игра не идёт. Банкир начинает её на странице «Банкир».
page-decision-winner = { $player } побеждает!
page-decision-over = Игра окончена
page-decision-roll = Ходит { $player }: бросок или конец хода
page-decision-your_roll = Ваш ход: бросайте кубики или закончите ход
page-decision-buy = { $player } может купить { $square_acc } за { $price }
page-decision-auction = Аукцион: { $square }
page-decision-building_house = дом
page-decision-building_hotel = отель
page-decision-high_bid = Высшая ставка { $amount }: { $player }
page-decision-no_bids = Ставок пока нет
page-decision-bidders = Ещё торгуются: { $players }
page-decision-queued = Ещё аукционов после этого: { $n }
page-decision-countdown = { $n } с, затем стол пасует за всех молчащих
page-decision-countdown_over = Время вышло: стол пасует…
page-decision-high_cannot_pass = Лидер торгов не может пасовать
page-decision-choice = { $player } выбирает:
page-decision-draw = { $player } берёт карточку «{ $deck }»
page-decision-draw_hint = Приложите взятую карточку «{ $deck }» к считывателю или выберите её здесь.
page-decision-debt =
    { $player_gender ->
        [she] { $player } должна { $amount }: { $creditor }
        [he] { $player } должен { $amount }: { $creditor }
       *[other] За { $player_ins } долг { $amount }: { $creditor }
    }
page-decision-more_debts = и ещё долгов после этого: { $n }
page-decision-debt_hint = Игра ждёт, пока должник найдёт деньги или объявит банкротство.
page-decision-debt_hint_mine = Найдите деньги: продайте строения, заложите собственность или заключите сделку. Долг погасится, как только хватит денег. Или объявите банкротство ниже.
page-decision-trade = { $from } предлагает сделку игроку { $to }
page-decision-trade_gives = { $player } отдаёт
page-decision-rent_claim = { $player } может потребовать { $amount } ренты с { $payer_gen } за { $square_acc }
page-option-pay = Заплатить { $amount }
page-option-fixed = Заплатить { $amount }
page-option-percent = Заплатить процент: { $amount }
page-option-chance = Взять карточку «Случай»
page-action-buy = Купить за { $price }
page-action-decline = Отказаться (аукцион)
page-action-bid_plus = Ставка { $amount }
page-action-bid = Ставка
page-action-bid_amount = Ставка игрока { $player }
page-action-build_on = Построить на
page-action-pass = Пас
page-action-draw = Вытянута эта карточка
page-action-card_drawn = Вытянутая карточка
page-action-accept = Принять
page-action-reject = Отклонить
# The Table page's one button for both parties of a trade: the token tapped says whose (the partner rejects, the proposer withdraws).
page-action-claim_rent = Потребовать ренту { $amount }
page-action-roll_here = Бросить здесь
page-action-pay_jail_fine = Заплатить штраф за тюрьму
page-action-use_jail_card = Использовать карточку освобождения
page-action-end_turn = Закончить ход
page-action-bankrupt = Объявить банкротство
page-action-build = Построить ({ $cost })
page-action-sell_building = Продать строение (+{ $value })
page-action-sell_all = Продать все строения (+{ $value })
page-action-mortgage = Заложить (+{ $value })
page-action-unmortgage = Выкупить ({ $cost })
page-player-pair_title = Чей это экран?
page-player-pair_intro = Этот экран только показывает игру. Чтобы делать ходы, привяжите его к своей фишке.
page-player-pair = Привязать экран: приложите фишку к считывателю
page-player-pair_waiting = Спрашиваем стол…
page-player-pair_timeout = Фишку не приложили. Попробуйте ещё раз.
page-player-banker_pick = Банкир: действовать за игрока без фишки
page-player-banker_hint = Банкир может привязать экран без считывателя:
page-player-player = Игрок
page-player-act_as = Действовать за игрока
page-player-unpair = Это не я
page-player-cash = Наличные
page-player-net_worth = Капитал
page-player-jail_cards = Карточки освобождения
page-player-where = Где
page-player-my_turn = Мой ход
page-player-deeds = Моя собственность
page-player-no_deeds = Собственности пока нет
page-player-not_in_game = { $player } не участвует в этой игре
page-player-danger = Сдаться
page-player-bankrupt_confirm = Объявить { $player_acc } банкротом? Отменить может только банкир.
page-trade-title = Предложить сделку
page-trade-partner = С кем
page-trade-i_give = Я отдаю
page-trade-i_take = { $player } отдаёт
page-trade-cash = Деньги
page-trade-jail_cards = Карточки освобождения
page-trade-jail_cards_n = { $n }× освобождение
page-trade-no_deeds = Нет собственности
page-trade-nobody = Не с кем заключить сделку
page-trade-nothing = ничего
page-trade-propose = Предложить
page-trade-lift_now = Сразу выкупить из залога
page-trade-lift_hint = Получивший заложенную собственность платит банку 10 % залоговой стоимости.
page-history-title = Движение денег
page-history-filter = Игрок
page-history-all = Все
page-history-seq = №
page-history-time = Время
page-history-from = От
page-history-to = Кому
page-history-amount = Сумма
page-history-reason = Причина
page-history-balance = Остаток
page-history-empty = Денег ещё не переводили.
page-chart-title = Наличные по ходу игры
page-chart-empty = Игры пока нет.
page-chart-moves = ход
page-banker-title = Банкир
page-banker-login = Вход банкира
page-banker-setup = Задайте PIN банкира
page-banker-setup_hint = Первый запуск: выберите PIN из 6–12 цифр (он хранится на Pi в виде хеша), затем подтвердите у стола: приложите жетон банкира к считывателю или удерживайте кнопку кубиков { $hold } с.
page-banker-login_hint = Неверные PIN ограничены для всего стола: после десяти PIN проверяется лишь раз в пять минут, с любого экрана.
page-banker-pin = PIN
page-banker-pin_repeat = PIN ещё раз
page-banker-pin_mismatch = PIN-коды не совпадают
page-banker-log_in = Войти
page-banker-set_pin = Задать PIN
page-banker-logout = Выйти
page-banker-no_game = Игра не идёт.
page-banker-game_running = Игра { $game }: { $stored }, ходит { $player }.
page-banker-game_over = Игра { $game } окончена; победитель { $winner }.
page-banker-new_game = Новая игра
page-banker-players = Игроки в порядке хода и их фишки
page-banker-player_n = Игрок { $n }
page-banker-piece = Фишка
page-banker-add_player = Добавить игрока
page-banker-same_players = Снова те же игроки
page-banker-remove_player = Убрать игрока { $n }
page-banker-house_rules = Домашние правила
page-banker-seed = Номер партии (необязательно)
page-banker-seed_random = случайно
page-banker-edition = Игровое поле
page-banker-edition_files = Файлы изданий в папке данных:
page-banker-edition_offered = { $file }: предлагается как «{ $name }»
page-banker-edition_refused = { $file }: не предлагается, потому что
page-banker-start = Начать игру
page-banker-started = Игра { $game } начата
page-banker-names_needed = У каждого игрока должно быть своё имя
page-banker-pieces_differ = У каждого игрока должна быть своя фишка
page-banker-replace_game = Игра идёт. Начать новую? Текущая сохранится, её можно продолжить.
page-banker-games = Сохранённые игры
page-banker-game_id = Игра
page-banker-game_players = Игроки
page-banker-game_started = Начата
page-banker-game_last = Последний ход
page-banker-game_status = Состояние
page-banker-game_actions = Действия
page-banker-current = текущая
page-banker-resume = Продолжить
page-banker-export_script = Сценарий (.jsonl)
page-banker-export_ledger = Журнал денег (.csv)
page-banker-fix = Отмена и исправления
page-banker-undo_count = Ходов
page-banker-undo = Отменить…
page-banker-redo = Вернуть
page-banker-correction = Одна команда JSON в строке, от имени банкира
page-banker-send = Отправить
page-banker-bad_json = Строка { $line } — не JSON
page-banker-sent = Применено команд: { $n }
page-banker-end_game = Закончить игру сейчас
page-banker-end_confirm = Закончить игру и распределить места по капиталу?
page-banker-devices = Устройства
page-banker-log = Что произошло, ход за ходом
page-device-reader = Считыватель RFID
page-device-button = Кнопка кубиков
page-device-dice_unit = Блок кубиков
page-device-feedback = Свет и зуммер
page-device-voice = Голос
page-piece-boot = сапог
page-piece-car = машина
page-piece-dog = собака
page-piece-hat = шляпа
page-piece-iron = утюг
page-piece-ship = корабль
page-piece-thimble = напёрсток
page-piece-wheelbarrow = тачка
page-rule-none = нет
page-rule-starting_cash = Стартовый капитал
page-rule-salary = Зарплата за «Старт»
page-rule-jail_fine = Штраф за выход из тюрьмы
page-rule-shuffle = Тасовать колоды
page-rule-auction_on_decline = Аукцион при отказе от покупки
page-rule-decliner_may_bid = Отказавшийся может торговаться
page-rule-auto_collect_rent = Рента списывается автоматически
page-rule-jail_doubles_roll_again = Дубль при выходе из тюрьмы — ещё бросок
page-rule-building_sellback = Строения продаются за (доля цены)
page-rule-max_houses_per_turn = Больше всего домов за ход
page-rule-houses = Домов в банке
page-rule-hotels = Отелей в банке
page-rule-trade_window = Когда можно заключать сделки
page-rule-trade_window-any = в любое время
page-rule-trade_window-before_roll = только до броска
page-rule-free_parking_pot = Копилка на «Свободной парковке»
page-rule-income_tax_percent = Подоходный налог: или этот процент капитала
page-rule-interpol = Интерпол (третий дубль: штраф и пропуск хода)
page-rule-physical_decks = Печатные карточки тянут за столом
page-virtual-not_simulated = Виртуальный стол есть только при запуске с --simulate.
page-virtual-dice = Кубики
page-virtual-press = Кнопка кубиков
page-virtual-press_long = Долгое нажатие (конец хода)
page-virtual-press_hint = Короткое нажатие — бросок. Удержать секунду и отпустить — конец хода. Удерживать 6 секунд — шаг банкира (входит экран, который ждёт банкира).
page-virtual-unit = Блок кубиков
page-virtual-tags = Приложить метку к считывателю
page-virtual-tokens = Фишки
page-virtual-cards = Карточки
page-virtual-other = Другие метки
page-virtual-no_tags = Меток не зарегистрировано.
page-trade-not_now = Сейчас нельзя предложить сделку (ждём решения, или по домашнему правилу сделки только до броска)
page-offline-banner = Связь со столом потеряна. Кнопки выключены, пока она не вернётся; подключаемся…
page-sound-on = Звук включён (нажмите, чтобы выключить)
page-sound-off = Звук выключен (нажмите, чтобы включить)
# The word beside each header switch's icon (a phone shows no tooltip): short, it shares a phone's header.
page-sound-word_on = Звук вкл.
page-sound-word_off = Звук выкл.
page-voice-word_on = Голос вкл.
page-voice-word_off = Голос выкл.
page-board-rent = рента { $amount }
page-board-bank_buildings = В банке: домов { $houses }, отелей { $hotels }
page-deed-rent = Рента
page-deed-with_house = С 1 домом
page-deed-with_houses = С { $n } домами
page-deed-with_hotel = С отелем
page-deed-station = 1 станция у владельца
page-deed-stations = Станций у владельца: { $n }
page-deed-railroad = 1 железная дорога у владельца
page-deed-railroads = Железных дорог у владельца: { $n }
page-deed-utility = 1 предприятие у владельца
page-deed-utilities = Предприятий у владельца: { $n }
page-deed-times_dice = { $n } × сумма кубиков
page-deed-price = Цена
page-deed-house_cost = Каждый дом стоит
page-deed-mortgage_value = Залоговая стоимость
page-deed-owner = Владелец
page-deed-bank = банк (продаётся)
page-deed-buildings = Строения
page-deed-no_buildings = нет
page-deed-mortgaged = В залоге
page-deed-rent_now = Рента сейчас
page-common-no = Нет
page-table-dice = Кубики
page-table-not_rolled =
    { $player_gender ->
        [she] { $player } ещё не бросала кубики
        [he] { $player } ещё не бросал кубики
       *[other] У { $player_gen } ещё не было броска
    }
page-action-end_turn_of = Закончить ход: { $player }
page-action-counter = Встречное предложение…
page-action-withdraw = Отозвать предложение
page-action-pay_jail_fine_cost = Заплатить штраф ({ $cost })
page-decision-you_lead = высшая ставка
page-over-ranking = Места по капиталу
page-over-biggest_rents = Самые большие ренты
page-over-no_rents = Ренту никто не платил.
page-history-what = Что произошло
page-trade-counter_note =
    { $player_gender ->
        [she] Встречное предложение { $player_dat }: оно отвечает на её предложение. Измените его как хотите.
        [he] Встречное предложение { $player_dat }: оно отвечает на его предложение. Измените его как хотите.
       *[other] Встречное предложение { $player_dat } в ответ на присланное. Измените его как хотите.
    }
page-trade-send_counter = Отправить встречное
page-trade-pick_something = Выберите, что отдаёт хотя бы одна сторона: пустую сделку отправить нельзя.
page-account-bank = Банк
page-account-pot = Копилка «Свободной парковки»
page-source-reader = считыватель
page-source-button = кнопка
page-source-dice = кубики
page-source-tablet = экран
page-source-banker = банкир
page-source-import = загрузка
page-source-script = запись
page-source-bot = компьютер
page-source-table = стол
page-source-computer = компьютерный игрок
page-device-status-ok = работает
page-device-status-simulated = имитация
page-device-status-off = не используется
page-banker-overview = Все игроки
page-banker-undo_would = Последний ход: { $what }
page-banker-undo_nothing = Отменять пока нечего.
page-banker-undo_ask = Отменить эти ходы ({ $n })? Все экраны вернутся вместе с ними.
page-banker-undo_yes = Отменить ходы
page-banker-undone_n = Отменено ходов: { $n }
page-banker-redone = Возвращено
page-banker-do_it = Выполнить
page-banker-done = Готово
page-banker-note_hint = причина (необязательно)
page-banker-fix_money = Деньги
page-banker-from = Откуда
page-banker-to = Кому
page-banker-amount = Сумма
page-banker-note = Заметка
page-banker-fix_money_go = Перевести…
page-banker-fix_money_ask =
    Перевести { $amount } { $from_kind ->
        [bank] из банка
        [pot] из копилки «Свободной парковки»
       *[player] от { $from_gen }
    } { $to_kind ->
        [bank] в банк
        [pot] в копилку «Свободной парковки»
       *[player] { $to_dat }
    }?
page-banker-fix_place = Переставить фишку
page-banker-player = Игрок
page-banker-square = На клетку
page-banker-fix_place_hint = Клетка не действует: ни ренты, ни карточки, ни тюрьмы.
page-banker-fix_place_go = Переставить…
page-banker-fix_place_ask = Поставить { $player_acc } на клетку «{ $square }»? Клетка не действует.
page-banker-fix_deed = Передать карточку собственности
page-banker-deed = Собственность
page-banker-fix_deed_go = Передать…
page-banker-fix_deed_ask =
    Передать карточку «{ $square }» { $to_kind ->
        [bank] банку
       *[player] { $to_dat }
    }?
page-banker-no_corrections = Сейчас исправлять нечего.
page-banker-expert = Команда записи игры (для знатоков)
page-banker-undone = отменено
page-banker-pin_set = PIN банкира установлен
page-banker-game_times = начата { $started }, последний ход { $last }
page-banker-presence = Войти у стола
page-banker-presence_hint = PIN заблокирован или не под рукой? У стола войти можно жетоном банкира или кнопкой кубиков.
page-banker-presence_done = Вход у стола выполнен
page-banker-presence_failed = Подтверждения банкира у стола не было
page-banker-clock = Часы Pi
page-banker-clock_question = Экран ({ $address }) сообщает, что сейчас { $screen }; на Pi — { $pi }. Взять время экрана?
page-banker-clock_use = Взять время экрана
page-banker-clock_keep = Оставить время Pi
page-banker-clock_taken = Часы Pi теперь идут по этому экрану; поправка записана в историю.
page-banker-clock_kept = Часы Pi оставлены как есть.
page-virtual-press_hold = Удерживать (шаг банкира)
page-virtual-banker_tag = Жетон банкира
page-virtual-banker = Банкир (входит экран, который ждёт банкира)
page-seat-open = Открыть панель игрока { $player }: собственность, сделки, долги
page-seat-title = { $player }: ходы без телефона
page-seat-close = Закрыть
page-seat-deeds = Собственность: { $player }
page-seat-trade = { $player } предлагает сделку
page-seat-bankrupt = { $player } объявляет банкротство
page-seat-raise = { $player }: собрать деньги
page-seat-hint = Каждый ход ждёт, пока { $player } приложит фишку к считывателю.
page-seat-offer = { $from } предлагает { $player_dat } сделку
page-banker-moves_stored =
    { $n ->
        [one] { $n } ход сохранён
        [few] { $n } хода сохранено
       *[many] { $n } ходов сохранено
    }
page-banker-end_title = Конец игры
page-banker-end_hint = Заканчивает игру сразу для всех и расставляет игроков по состоянию. Перед этим спросит ещё раз.
page-enrol-title = Метки для считывателя
page-enrol-count =
    { $n ->
        [one] Зарегистрирована { $n } метка; карточек и фишек без метки: { $missing }.
        [few] Зарегистрированы { $n } метки; карточек и фишек без метки: { $missing }.
       *[many] Зарегистрировано { $n } меток; карточек и фишек без метки: { $missing }.
    }
page-enrol-hint = У каждой карточки собственности, фишки и карточки колод есть наклейка (метка), которую знает считыватель. Зарегистрируйте недостающие, весь новый набор или одну повреждённую наклейку. Пока идёт регистрация, касания считывателя идут в неё, а не в игру.
page-enrol-board = Поле, карточки собственности и карточки которого регистрируются (одна наклейка может служить на каждом поле)
page-enrol-board_of_game = Карточки поля этой игры: { $board }
page-enrol-with_cards = Вместе с печатными карточками «Случай» и «Конъюнктура»
page-enrol-missing = Зарегистрировать недостающие
page-enrol-all = Зарегистрировать весь новый набор
page-enrol-all_ask = Приложить заново каждую карточку и фишку по порядку доски? Каждая новая метка заменяет старую сразу, как её приложат; остановиться можно в любой момент.
page-enrol-one_label = Одна метка (повреждённая или потерянная наклейка)
page-enrol-redo = Перерегистрировать эту метку
page-enrol-tap = Приложите к считывателю: { $what }
page-enrol-progress = Метка { $n } из { $steps }
page-enrol-saved = Сохранено: { $what }
page-enrol-undone = Отменено: { $what }. Приложите ещё раз.
page-enrol-in_use = Эта наклейка уже означает: { $what }. Возьмите другую или перерегистрируйте ту.
page-enrol-bad_uid = Считыватель прислал не метку; приложите ещё раз.
page-enrol-undo = Отменить последнюю метку
page-enrol-stop = Остановить
page-enrol-finished = Готово: зарегистрировано и сохранено меток: { $done }.
page-enrol-stopped = Остановлено: сохранено меток { $done } из { $steps }; касания снова идут в игру.
page-enrol-token = фишка «{ $piece }»
page-enrol-card = { $deck }, карточка { $n }
page-enrol-banker_tag = метка банкира
page-enrol-deeds = Карточки собственности
page-enrol-tokens = Фишки
page-enrol-cards = Карточки
page-enrol-other = Банкир
page-enrol-none_yet = пока без метки
page-enrol-unknown = Приложили метку, которую стол не знает ({ $uid }). Что это?
page-enrol-unknown_label = Эта метка —
page-enrol-unknown_save = Зарегистрировать метку
page-enrol-unknown_dismiss = Не сейчас
page-chart-turns = ход игрока
page-board-rent_dice = рента { $n }× кубики
page-action-build_house = Построить дом ({ $cost })
page-action-build_hotel = Построить отель ({ $cost })
page-rule-unit-percent = %
page-rule-unit-of_cost = × цены
page-rule-unit-houses = домов
page-rule-unit-hotels = отелей
page-games-condition-repaired = исправлена при открытии, ничего не потеряно
page-games-condition-damaged = повреждена
page-games-condition-read-only = только для чтения
page-games-recover = Восстановить с последней целой записи
page-games-recovered = Игра { $game } продолжает игру { $from }: сохранено записей: { $entries }, потеряно: { $lost }. Продолжите её, чтобы играть.
page-auction-timer = Аукционы
page-auction-seconds = Секунд после каждой ставки (0: без таймера)
page-auction-opening = Секунд ждать первую ставку
page-auction-timer_hint = Отсчёт начинается с первой ставки; каждая ставка добавляет время; любой может один раз за аукцион попросить подождать.
page-auction-countdown_opening = { $n } с на первую ставку, затем стол пасует за всех
page-auction-wait = Подождать: больше времени
page-auction-wait_given = У всех больше времени
page-auction-waited = Время уже добавляли (один раз за аукцион)
page-odds_shared-label = Показывать шансы на победу на странице «Стол»
page-odds_shared-shown = Страница «Стол» показывает шансы
page-odds_shared-hidden = Страница «Стол» скрывает шансы и советы по сделкам

# The win chances (odds.js): the bars on the Table page, the trade advice and the game review.
# $n of the games is a count (written as it is); $pm is the margin in percentage points.
page-odds-title = Шансы на победу
page-odds-basis = После хода { $turn } · боты доиграли отсюда { $n } { $n ->
        [one] партию
        [few] партии
       *[other] партий
    } · ±{ $pm } п.
page-odds-start = В начале игры · боты доиграли отсюда { $n } { $n ->
        [one] партию
        [few] партии
       *[other] партий
    } · ±{ $pm } п.
page-odds-over = Игра окончена
page-odds-working = Шансы считаются…
page-odds-none = Шансы появятся, когда начнётся игра.
page-odds-assume = Шансы исходят из того, что все играют дальше, как боты.
page-odds-if_accept = Если { $player } примет
page-odds-if_reject = Если { $player } откажет
page-odds-advice_basis = Боты доиграли по { $n } { $n ->
        [one] партии
        [few] партии
       *[other] партий
    } для каждого ответа
page-odds-advice_working = Считаем, как сделка изменит шансы обоих игроков…
page-odds-refused = невозможно
page-odds-review = Разбор игры
page-odds-review_working = Разбор игры готовится…
page-odds-chart = Шансы каждого игрока на победу после каждого хода
page-odds-turn = Ход { $turn } ({ $player })
page-odds-moved = { $player }: с { $before } до { $after }
page-odds-quiet = никто не сменил владельца
page-odds-turn_axis = ход
page-odds-at_start = В начале игры
page-odds-at_start_ago = В начале игры, { $n } { $n ->
        [one] ход
        [few] хода
       *[other] ходов
    } назад
page-odds-after_turn = После хода { $player_gen }
page-odds-after_turn_ago = После хода { $player_gen }, { $n } { $n ->
        [one] ход
        [few] хода
       *[other] ходов
    } назад
page-odds-newer_coming = шансы после последнего хода считаются
page-odds-gone = Выбыли: { $players }; шансы среди оставшихся
page-odds-hidden_here = Шансы скрыты на этом общем экране (так решил банкир).
# A turn's biggest rent in the game review (companion/odds/review.py).
odds-rent = { $payer } платит { $owner_dat } ренту { MONEY($amount) } за { $square_acc }

## The server's own answers (companion/web: app.py, front.py, events.py, lanes.py)

server-too_large = Этот запрос слишком велик
server-too_many = Слишком много запросов с этого адреса; попробуйте через секунду
server-busy = Стол занят запросами других экранов; попробуйте через секунду
server-foreign_host = Запросы принимаются только по собственному адресу стола
server-streams_full = Открыто слишком много потоков: этот экран опрашивает стол сам

## A player's name that is not declined (companion/i18n/persons.py): the sentence keeps it in the
## nominative, after "игрок" in the case the sentence needs.

grammar-unknown-gen = игрока { $name }
grammar-unknown-dat = игроку { $name }
grammar-unknown-acc = игрока { $name }
grammar-unknown-ins = игроком { $name }
grammar-unknown-pre = игроке { $name }
page-grammar-unknown_gen = игрока { $name }
page-grammar-unknown_dat = игроку { $name }
page-grammar-unknown_acc = игрока { $name }
page-grammar-unknown_ins = игроком { $name }
page-grammar-unknown_pre = игроке { $name }

## The new-game form: whom sentences about a player agree with.

page-banker-gender = Род: как фразы стола говорят об игроке («она», «он» или без рода); он угадан по имени, его можно поменять.
page-banker-gender_label = Род
page-banker-gender-she = она
page-banker-gender-he = он
page-banker-gender-not_said = не указано
page-banker-plays = Кто играет
page-banker-plays-person = человек
page-banker-plays-simple = компьютер: простой
page-banker-plays-smart = компьютер: умный
page-banker-level_hint-simple = Простой: держит деньги про запас, покупает то, на что хватает, строит равномерно и предлагает двойную цену за недостающую собственность группы.
page-banker-level_hint-smart = Умный: рано покупает почти всё, взвешивает каждую сделку для обеих сторон, быстро строит по три дома, а к концу игры не спешит выходить из тюрьмы.
page-banker-one_person = Хотя бы за одно место должен играть человек: компьютер не может занять все места
page-banker-retire = Убрать из игры
page-banker-retire_label = Убрать из игры: { $player }
page-banker-retire_confirm = Убрать компьютер { $player } из игры? Он выбывает как банкрот: всё, что у него есть, получает тот, кому он должен, или банк.
page-banker-hand_over = Передать человеку
page-banker-hand_over_label = Передать человеку: { $player }
page-banker-hand_over_confirm = Передать место { $player } человеку? Компьютер перестанет за него играть, и к этому месту можно будет привязать телефон.
page-computer-level-simple = простой
page-computer-level-smart = умный
page-computer-played_by = За игрока { $player } играет компьютер: { $level }
page-computer-story = (компьютер)
page-device-status-not_started = не запущено
page-device-status-offline = нет связи: { $why }
page-device-status-searching = ищет блок
page-device-status-starting = запускается
page-device-status-stopped = остановлено
page-device-status-unit = работает: блок { $unit }, версия { $version }
page-device-status-unit_simulated = имитация: блок { $unit }
page-rule-max_houses_per_group_per_turn = Больше всего домов на одну цветовую группу за ход

## Голос стола (companion/voice/): одно короткое предложение на каждый момент игры. Суммы и кубики
## словами: { SPOKEN_MONEY($amount) } («двадцать два» и существительное денег издания), { WORDS($n) } («семь»). Глаголы в настоящем
## времени (без рода); где род нужен, он выбирается по $gender («female», «male», иначе «other»:
## предложение без рода). Имена игроков только в именительном падеже, пока игра не знает их падежей.

voice-turn = Ходит { $player }.
voice-roll = { $double ->
    [yes] { $player } выбрасывает дубль, { WORDS($first) } и { WORDS($second) }: { $square }.
   *[no] { $player } выбрасывает { WORDS($first) } и { WORDS($second) }: { $square }.
}
voice-roll-banker = Банкир выставляет кубики игрока { $player }: { WORDS($first) } и { WORDS($second) }: { $square }.
voice-buy = { $player } покупает { $square_acc } за { SPOKEN_MONEY($amount) }.
voice-rent = { $payer } платит ренту, { SPOKEN_MONEY($amount) }; получает { $owner }.
voice-card = { $player } берёт карточку «{ $deck }»: { $card }
voice-jail = { $player } отправляется в тюрьму.
voice-jail-leaves = { $player } выходит из тюрьмы.
voice-auction-opens = Аукцион: { $lot }.
voice-auction-last = Последние секунды аукциона: { $lot }!
voice-bid = Ставка: { $player }, { SPOKEN_MONEY($amount) }.
voice-auction-wins = Аукцион выигрывает { $player }: { $lot } за { SPOKEN_MONEY($amount) }.
voice-auction-none = Ставок нет: { $lot } остаётся у банка.
voice-debt = { $player_gender ->
    [she] { $player } должна { SPOKEN_MONEY($amount) }: деньги получит { $creditor }.
    [he] { $player } должен { SPOKEN_MONEY($amount) }: деньги получит { $creditor }.
   *[other] { $player } в долгу, { SPOKEN_MONEY($amount) }: деньги получит { $creditor }.
}
voice-bankrupt = { $player } выбывает из игры: банкротство.
voice-winner = Игру выигрывает { $player }!
voice-choice-pair = Фишка игрока { $player }: экран { $code }?
voice-choice-banker = Банкир: экран { $code }?
# Пробная фраза, которую произносит `companion doctor`.
voice-test = Стол говорит. Анна платит ренту, { SPOKEN_MONEY(22) }; получает Боб.

## The voice's switch and the Virtual table's list of what was said (pages)
page-voice-on = Голос включён: экран говорит, что происходит (нажмите, чтобы выключить)
page-voice-off = Голос выключен (нажмите, чтобы экран говорил, что происходит)
page-virtual-voice = Голос стола
page-virtual-voice_none = Пока ничего не сказано.
page-virtual-voice_hint = Каждая фраза стола, как её сказал бы динамик Pi (файл WAV в папке данных).

## The ledger's rarer refusals: whose file a game is, a log out of order, undo and redo, a write that failed (companion/ledger/verify.py, store.py, key.py, errors.py; worded by companion/table/problem_words.py)
table-ledger-unsealed = Игра { $game } не несёт ключа этого стола: её записали до того, как у столов появились ключи, и этот стол её не запечатал, значит, её скопировали сюда или переписали. Её можно увидеть в списке, прочитать и экспортировать, но не играть (чтобы продолжить, импортируйте её экспорт). Файл сохранён как есть.
table-ledger-not_a_game_file = Игра { $game } — не файл игры компаньона (формат { $format }). Файл сохранён как есть.
table-ledger-key_missing = Игра { $game } запечатана ключом стола, а ключа этого стола ({ $key_file } в папке данных) нет или он не читается, поэтому проверить её нельзя. Файл сохранён как есть.
table-ledger-key_damaged = Ключ этого стола ({ $path }) повреждён, поэтому ни одну запечатанную им игру нельзя проверить: верните его копию (или удалите его, если ни одной игры ещё не было).
table-ledger-table_changed = Игра { $game }: стол, названный в её файле, изменён. Файл сохранён как есть.
table-ledger-another_table = Игру { $game } запечатал другой стол (стол { $table }), а не этот ({ $here }), поэтому этот стол не может её проверить. Чтобы играть в неё здесь, экспортируйте её на её столе и импортируйте экспорт. Файл сохранён как есть.
table-ledger-entry_out_of_place = запись { $entry } стоит не на своём месте
table-ledger-redo_not_undone = запись { $entry } возвращает ход, который не отменяли
table-ledger-no_history = в ней нет ни одной записи
table-ledger-stray_rows = в ней есть денежные движения или снимки записей, которых нет
table-ledger-entry_refused = записанная команда { $entry } больше не применяется ({ $reason })
table-ledger-file_exists = Файл игры { $name } уже есть, поэтому новая игра не начата; попробуйте ещё раз.
table-ledger-unwritable-file = Игра { $game } только для чтения: { $user } не может писать в её файл { $name } (владелец { $owner }, права { $mode })
table-ledger-unwritable-folder = Игра { $game } только для чтения: { $user } не может писать в её папку { $path } (владелец { $owner }, права { $mode })
rules-ledger-undo_count = Скажите, сколько ходов отменить (1 или больше)
rules-ledger-undo_too_many = { $played ->
    [one] В этой игре можно отменить только { $played } ход
    [few] В этой игре можно отменить только { $played } хода
   *[many] В этой игре можно отменить только { $played } ходов
}
rules-ledger-redo_nothing = Возвращать нечего
table-ledger-storage_full = Хранилище компаньона заполнено, поэтому не удалось { $doing }; ничего не изменилось. Освободите место на диске с данными и попробуйте ещё раз.
table-ledger-storage_read_only = В папку данных нельзя писать, поэтому компаньону не удалось { $doing }; ничего не изменилось. Проверьте, что диск не только для чтения и папка принадлежит компаньону.
table-ledger-storage_failed = Компаньону не удалось { $doing } ({ $detail }); ничего не изменилось. Попробуйте ещё раз; если не получается, запустите `companion doctor`.
table-ledger-doing_record = записать команду
table-ledger-doing_start = начать игру
table-ledger-doing_open = открыть игру { $game }
table-ledger-doing_use_folder = работать с папкой данных { $path } (`companion games`, `history` и `export` по-прежнему её читают)
table-ledger-doing_make_key = создать ключ этого стола
table-ledger-doing_move = переместить игру
table-ledger-doing_recover = восстановить игру
table-ledger-doing_backup = сделать резервную копию

## The data folder's own refusals (companion/ledger/folder.py, committed.py): worded here, not in the ledger.
table-ledger-no_game = Игры { $game } нет
table-ledger-game_archived = Игра { $game } в архиве; сначала восстановите её
table-ledger-no_archived_game = В архиве нет игры { $game }
table-ledger-folder_locked = Папку { $path } уже использует другой компаньон (процесс { $holder }); сначала остановите его или укажите этому другую папку --data.
table-ledger-folder_read_only = Папка данных { $path } открыта только для чтения, поэтому компаньону не удалось { $doing }; проверьте, что диск не только для чтения и что другой компаньон не запущен.
table-ledger-no_table_key = В папке данных { $path } нет ключа стола, которым можно запечатать игру.
table-ledger-unreadable_now = Игру { $game } сейчас не прочитать ({ $detail })

## A computer player's things, moved by the people (companion/table/computer_acts.py): its piece,
## deeds, houses and jail cards are real, and the table asks the people to move them.
## $thing is the computer's piece as the sentence names it (table-computer-thing), in the accusative.
table-computer-thing = { $piece ->
    [boot] сапог { $player_gen }
    [car] машину { $player_gen }
    [dog] собаку { $player_gen }
    [hat] шляпу { $player_gen }
    [iron] утюг { $player_gen }
    [ship] корабль { $player_gen }
    [thimble] напёрсток { $player_gen }
    [wheelbarrow] тачку { $player_gen }
   *[other] фишку { $player_gen }
}
table-computer-move = Передвиньте { $thing } на клетку «{ $square }»
table-computer-jail = Поставьте { $thing } в тюрьму
table-computer-jail-out = Выведите { $thing } из тюрьмы на «Только визит»
table-computer-off-board = Уберите { $thing } с поля: { $player } выбывает из игры
table-computer-card = { $player } берёт карточку «{ $deck }»: { $card }
table-computer-jail-card-back = Положите карточку освобождения из тюрьмы { $player_gen } под колоду «{ $deck }»
table-computer-jail-card-to = Заберите у { $from_gen } карточку освобождения из тюрьмы и отдайте { $to_dat }
table-computer-deed-from-bank = Дайте { $to_dat } карточку собственности «{ $square }» из банка
table-computer-deed-to-bank = Верните в банк карточку «{ $square }» { $from_gen }
table-computer-deed-to = Заберите у { $from_gen } карточку «{ $square }» и отдайте { $to_dat }
table-computer-face-down = Переверните карточку «{ $square }» { $owner_gen } рубашкой вверх (заложена)
table-computer-face-up = Переверните карточку «{ $square }» { $owner_gen } лицом вверх (выкуплена из залога)
table-computer-houses-on = Поставьте { $count ->
    [one] дом
    [few] { $count } дома
   *[many] { $count } домов
} на { $square_acc } { $owner_gen }
table-computer-houses-off = Снимите { $count ->
    [one] дом
    [few] { $count } дома
   *[many] { $count } домов
} с { $square_gen } { $owner_gen } и верните в банк
table-computer-hotel-on = { $count ->
    [0] Поставьте отель на { $square_acc } { $owner_gen }
    [one] Поставьте отель на { $square_acc } { $owner_gen }, а дом верните в банк
    [few] Поставьте отель на { $square_acc } { $owner_gen }, а { $count } дома верните в банк
   *[many] Поставьте отель на { $square_acc } { $owner_gen }, а { $count } домов верните в банк
}
table-computer-hotel-off = Снимите отель с { $square_gen } { $owner_gen } и верните в банк
# The confirm endpoint's refusals (POST /api/computer/confirm).
table-computer-table_only = Подтвердить, что вещи компьютера передвинуты, можно только с экранов самого стола
table-computer-nothing = Сейчас для компьютера ничего не нужно передвигать
# The Table page's panel of the computer's things to move (prompts.js).
page-prompts-title = Ход за компьютер
page-prompts-done = Готово
page-prompts-hint_act = Когда всё сделано, нажмите «Готово», положите фишку компьютера на считыватель или нажмите кнопку кубиков.
page-prompts-hint_seconds = Через несколько секунд компьютер продолжит сам.
# The voice says what to move for a computer ($text: the table's words, as the Table page shows them).
voice-computer = { $text }.
