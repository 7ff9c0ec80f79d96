## Голос стола (companion/voice/): одно короткое предложение на каждый момент игры. Суммы и кубики
## словами: { POUNDS($amount) } («двадцать два фунта»), { WORDS($n) } («семь»). Глаголы в настоящем
## времени (без рода); где род нужен, он выбирается по $gender («female», «male», иначе «other»:
## предложение без рода). Имена игроков только в именительном падеже, пока игра не знает их падежей.

# Существительное после суммы словами: форма по правилу множественного числа для $amount.
voice-pound-noun = { $amount ->
    [one] фунт
    [few] фунта
   *[many] фунтов
}
voice-turn = Ходит { $player }.
voice-roll = { $double ->
    [yes] { $player } выбрасывает дубль, { WORDS($first) } и { WORDS($second) }: { $square }.
   *[no] { $player } выбрасывает { WORDS($first) } и { WORDS($second) }: { $square }.
}
voice-buy = { $player } покупает { $square } за { POUNDS($amount) }.
voice-rent = { $payer } платит ренту, { POUNDS($amount) }; получает { $owner }.
voice-card = { $player } тянет карточку «{ $deck }»: { $card }
voice-jail = { $player } отправляется в тюрьму.
voice-jail-leaves = { $player } выходит из тюрьмы.
voice-auction-opens = Аукцион: { $lot }.
voice-auction-last = Последние секунды аукциона: { $lot }!
voice-bid = Ставка: { $player }, { POUNDS($amount) }.
voice-auction-wins = Аукцион выигрывает { $player }: { $lot } за { POUNDS($amount) }.
voice-auction-none = Ставок нет: { $lot } остаётся у банка.
voice-debt = { $gender ->
    [female] { $player } должна { POUNDS($amount) }; получатель: { $creditor }.
    [male] { $player } должен { POUNDS($amount) }; получатель: { $creditor }.
   *[other] Долг: { $player }, { POUNDS($amount) }; получатель: { $creditor }.
}
voice-bankrupt = { $player } выбывает из игры: банкротство.
voice-winner = Игру выигрывает { $player }!
# Пробная фраза, которую произносит `companion doctor`.
voice-test = Стол говорит. Анна платит ренту, двадцать два фунта; получает Боб.
