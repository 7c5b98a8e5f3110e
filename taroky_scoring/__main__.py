import os
import sys

from .cli import main

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # The reader stopped reading (``| head``): nothing is wrong with the deal. Python's
    # own advice: point stdout at devnull so the interpreter's last flush is silent.
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 1
sys.exit(code)
