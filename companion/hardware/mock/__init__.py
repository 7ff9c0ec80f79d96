"""The lowest layer of the simulated devices (gpiozero's `pins/mock.py` is the model): fakes of the
chips and modules the real drivers talk to, so the real driver code runs without the hardware.

`mfrc522_chip.py` is an MFRC522 and its cards emulated at the SPI register level, with fake `spidev`
and `RPi.GPIO` modules; `reader.py` runs the real reader driver and the real `mfrc522` library over
it (the reader's driver "emulated"). Tests and benches import these; nothing here imports a test.
"""
