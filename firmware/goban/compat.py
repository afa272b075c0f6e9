"""Lets the firmware's viper code run unchanged under CPython (the host tool
imports the same core) and as plain bytecode (the benchmark's no-viper build).

In a `@micropython.viper` function `ptr8(buf)` is a cast the compiler handles;
everywhere else these identity functions stand in for it, since a bytearray or
an `array` indexes the same way as the pointer would.
"""

try:
    import micropython
    from micropython import const
except ImportError:  # CPython

    class _Shim:
        """`micropython` as CPython sees it: the emitters are no-ops."""

        @staticmethod
        def viper(f):
            return f

        native = viper

        @staticmethod
        def const(x):
            return x

    micropython = _Shim()  # type: ignore
    const = _Shim.const  # type: ignore


def ptr8(x):
    return x


def ptr16(x):
    return x


def ptr32(x):
    return x
