"""The table's devices: RFID reader, dice button, dice unit, buzzer and LED.

One module per device, each a real driver and a simulated twin behind the small interface of
`device.py`, chosen by the config file. Hardware libraries (mfrc522, gpiozero's lgpio factory,
pyserial) are imported only by the real drivers, so everything runs on a laptop and in CI.
This package may import the rules; never the web or the table controller.
"""
