"""Units the calculator converts between: length, mass, time, volume, data and temperature.

The conversions are pint's, in a registry whose numbers are exact fractions, so ``5 km to m`` is
exactly 5000 and an exact amount stays exact. The table below says which names a question may
use (English, Traditional and Simplified Chinese) and the pint unit each one means; it is also
the boundary of what user text reaches pint's parser. (pint knows far more units, e.g. parsec;
the calculator answers questions about everyday quantities, and refuses the rest as unknown.)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pint

from agent_svc.tools.arithmetic import CalculationError, Number

# our name (lower case) → (pint's unit, the dimension named in messages)
_UNITS: dict[str, tuple[str, str]] = {
    # length
    "m": ("meter", "length"),
    "km": ("kilometer", "length"),
    "cm": ("centimeter", "length"),
    "mm": ("millimeter", "length"),
    "mi": ("mile", "length"),
    "ft": ("foot", "length"),
    "in": ("inch", "length"),
    "yd": ("yard", "length"),
    "meter": ("meter", "length"),
    "meters": ("meter", "length"),
    "metre": ("meter", "length"),
    "公尺": ("meter", "length"),
    "米": ("meter", "length"),
    "kilometer": ("kilometer", "length"),
    "kilometers": ("kilometer", "length"),
    "公里": ("kilometer", "length"),
    "千米": ("kilometer", "length"),
    "centimeter": ("centimeter", "length"),
    "centimeters": ("centimeter", "length"),
    "公分": ("centimeter", "length"),
    "厘米": ("centimeter", "length"),
    "millimeter": ("millimeter", "length"),
    "毫米": ("millimeter", "length"),
    "mile": ("mile", "length"),
    "miles": ("mile", "length"),
    "英里": ("mile", "length"),
    "foot": ("foot", "length"),
    "feet": ("foot", "length"),
    "英尺": ("foot", "length"),
    "inch": ("inch", "length"),
    "inches": ("inch", "length"),
    "英寸": ("inch", "length"),
    "yard": ("yard", "length"),
    "yards": ("yard", "length"),
    # mass
    "kg": ("kilogram", "mass"),
    "g": ("gram", "mass"),
    "mg": ("milligram", "mass"),
    "lb": ("pound", "mass"),
    "oz": ("ounce", "mass"),
    "t": ("metric_ton", "mass"),
    "kilogram": ("kilogram", "mass"),
    "kilograms": ("kilogram", "mass"),
    "公斤": ("kilogram", "mass"),
    "千克": ("kilogram", "mass"),
    "gram": ("gram", "mass"),
    "grams": ("gram", "mass"),
    "克": ("gram", "mass"),
    "公克": ("gram", "mass"),
    "pound": ("pound", "mass"),
    "pounds": ("pound", "mass"),
    "lbs": ("pound", "mass"),
    "磅": ("pound", "mass"),
    "ounce": ("ounce", "mass"),
    "ounces": ("ounce", "mass"),
    "tonne": ("metric_ton", "mass"),
    "公噸": ("metric_ton", "mass"),
    "吨": ("metric_ton", "mass"),
    # time
    "s": ("second", "time"),
    "min": ("minute", "time"),
    "h": ("hour", "time"),
    "day": ("day", "time"),
    "week": ("week", "time"),
    "ms": ("millisecond", "time"),
    "sec": ("second", "time"),
    "second": ("second", "time"),
    "seconds": ("second", "time"),
    "秒": ("second", "time"),
    "minute": ("minute", "time"),
    "minutes": ("minute", "time"),
    "mins": ("minute", "time"),
    "分鐘": ("minute", "time"),
    "分钟": ("minute", "time"),
    "hour": ("hour", "time"),
    "hours": ("hour", "time"),
    "hr": ("hour", "time"),
    "小時": ("hour", "time"),
    "小时": ("hour", "time"),
    "days": ("day", "time"),
    "天": ("day", "time"),
    "weeks": ("week", "time"),
    "週": ("week", "time"),
    "周": ("week", "time"),
    # volume
    "l": ("liter", "volume"),
    "ml": ("milliliter", "volume"),
    "gal": ("gallon", "volume"),
    "liter": ("liter", "volume"),
    "liters": ("liter", "volume"),
    "litre": ("liter", "volume"),
    "公升": ("liter", "volume"),
    "升": ("liter", "volume"),
    "milliliter": ("milliliter", "volume"),
    "毫升": ("milliliter", "volume"),
    "gallon": ("gallon", "volume"),
    "gallons": ("gallon", "volume"),
    "加侖": ("gallon", "volume"),
    # data
    "b": ("byte", "data"),
    "kb": ("kilobyte", "data"),
    "mb": ("megabyte", "data"),
    "gb": ("gigabyte", "data"),
    "tb": ("terabyte", "data"),
    "kib": ("kibibyte", "data"),
    "mib": ("mebibyte", "data"),
    "gib": ("gibibyte", "data"),
    "byte": ("byte", "data"),
    "bytes": ("byte", "data"),
    # temperature
    "c": ("degree_Celsius", "temperature"),
    "°c": ("degree_Celsius", "temperature"),
    "celsius": ("degree_Celsius", "temperature"),
    "攝氏": ("degree_Celsius", "temperature"),
    "摄氏": ("degree_Celsius", "temperature"),
    "f": ("degree_Fahrenheit", "temperature"),
    "°f": ("degree_Fahrenheit", "temperature"),
    "fahrenheit": ("degree_Fahrenheit", "temperature"),
    "華氏": ("degree_Fahrenheit", "temperature"),
    "华氏": ("degree_Fahrenheit", "temperature"),
    "k": ("kelvin", "temperature"),
    "kelvin": ("kelvin", "temperature"),
}


@cache
def _registry() -> pint.UnitRegistry[Fraction]:
    """pint's bundled definitions (no download), loaded on the first conversion (~0.3 s)."""
    return pint.UnitRegistry(non_int_type=Fraction)


def _unit(name: str) -> tuple[str, str]:
    try:
        return _UNITS[name.strip().lower()]
    except KeyError:
        raise CalculationError(f"unknown unit {name!r}") from None


def is_unit(name: str) -> bool:
    """Whether ``name`` is a unit the calculator knows (any case)."""
    return name.strip().lower() in _UNITS


def convertible(src: str, dst: str) -> bool:
    """Whether both are known units of one dimension."""
    return is_unit(src) and is_unit(dst) and _unit(src)[1] == _unit(dst)[1]


def convert_exact(value: Number, src: str, dst: str) -> Number:
    """``value`` in unit ``src`` expressed in unit ``dst``, exact when ``value`` is exact."""
    (s, dim_s), (d, dim_d) = _unit(src), _unit(dst)
    if dim_s != dim_d:
        raise CalculationError(f"cannot convert {dim_s} ({src}) to {dim_d} ({dst})")
    amount = value if isinstance(value, float) else Fraction(value)
    converted = _registry().Quantity(amount, s).to(d).magnitude
    if isinstance(converted, Fraction) and converted.denominator == 1:
        return int(converted)
    return converted


def convert(value: float, src: str, dst: str) -> float:
    """``value`` in unit ``src`` expressed in unit ``dst``."""
    return float(convert_exact(value, src, dst))
