"""Units the calculator converts between: length, mass, time, volume, data and temperature.

Factors are exact decimals, so ``5 km to m`` is exactly 5000 and an exact amount stays exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from agent_svc.tools.arithmetic import CalculationError, Number

# Linear units: factor to the base unit of their dimension.
_LINEAR: dict[str, tuple[str, Fraction]] = {}


def _units(dimension: str, factors: Mapping[str, float], aliases: Mapping[str, str]) -> None:
    for name, factor in factors.items():
        _LINEAR[name] = (dimension, Fraction(str(factor)))
    for alias, name in aliases.items():
        _LINEAR[alias] = _LINEAR[name]


_units(
    "length",
    {
        "m": 1,
        "km": 1000,
        "cm": 0.01,
        "mm": 0.001,
        "mi": 1609.344,
        "ft": 0.3048,
        "in": 0.0254,
        "yd": 0.9144,
    },
    {
        "meter": "m",
        "meters": "m",
        "metre": "m",
        "公尺": "m",
        "米": "m",
        "kilometer": "km",
        "kilometers": "km",
        "公里": "km",
        "千米": "km",
        "centimeter": "cm",
        "centimeters": "cm",
        "公分": "cm",
        "厘米": "cm",
        "millimeter": "mm",
        "毫米": "mm",
        "mile": "mi",
        "miles": "mi",
        "英里": "mi",
        "foot": "ft",
        "feet": "ft",
        "英尺": "ft",
        "inch": "in",
        "inches": "in",
        "英寸": "in",
        "yard": "yd",
        "yards": "yd",
    },
)
_units(
    "mass",
    {"kg": 1, "g": 0.001, "mg": 1e-6, "lb": 0.45359237, "oz": 0.028349523125, "t": 1000},
    {
        "kilogram": "kg",
        "kilograms": "kg",
        "公斤": "kg",
        "千克": "kg",
        "gram": "g",
        "grams": "g",
        "克": "g",
        "公克": "g",
        "pound": "lb",
        "pounds": "lb",
        "lbs": "lb",
        "磅": "lb",
        "ounce": "oz",
        "ounces": "oz",
        "tonne": "t",
        "公噸": "t",
        "吨": "t",
    },
)
_units(
    "time",
    {"s": 1, "min": 60, "h": 3600, "day": 86400, "week": 604800, "ms": 0.001},
    {
        "sec": "s",
        "second": "s",
        "seconds": "s",
        "秒": "s",
        "minute": "min",
        "minutes": "min",
        "mins": "min",
        "分鐘": "min",
        "分钟": "min",
        "hour": "h",
        "hours": "h",
        "hr": "h",
        "小時": "h",
        "小时": "h",
        "days": "day",
        "天": "day",
        "weeks": "week",
        "週": "week",
        "周": "week",
    },
)
_units(
    "volume",
    {"l": 1, "ml": 0.001, "gal": 3.785411784},
    {
        "liter": "l",
        "liters": "l",
        "litre": "l",
        "公升": "l",
        "升": "l",
        "milliliter": "ml",
        "毫升": "ml",
        "gallon": "gal",
        "gallons": "gal",
        "加侖": "gal",
    },
)
_units(
    "data",
    {
        "b": 1,
        "kb": 1e3,
        "mb": 1e6,
        "gb": 1e9,
        "tb": 1e12,
        "kib": 1024,
        "mib": 1024**2,
        "gib": 1024**3,
    },
    {"byte": "b", "bytes": "b"},
)
_TEMPERATURE = {
    "c": "c",
    "°c": "c",
    "celsius": "c",
    "攝氏": "c",
    "摄氏": "c",
    "f": "f",
    "°f": "f",
    "fahrenheit": "f",
    "華氏": "f",
    "华氏": "f",
    "k": "k",
    "kelvin": "k",
}


def is_unit(name: str) -> bool:
    """Whether ``name`` is a unit the calculator knows (any case)."""
    key = name.strip().lower()
    return key in _LINEAR or key in _TEMPERATURE


def convertible(src: str, dst: str) -> bool:
    """Whether both are known units of one dimension."""
    s, d = src.strip().lower(), dst.strip().lower()
    if s in _TEMPERATURE and d in _TEMPERATURE:
        return True
    return s in _LINEAR and d in _LINEAR and _LINEAR[s][0] == _LINEAR[d][0]


_ZERO_CELSIUS = Fraction("273.15")


def _temperature(value: Number, src: str, dst: str) -> Number:
    celsius = {
        "c": value,
        "f": (value - 32) * Fraction(5, 9),
        "k": value - _ZERO_CELSIUS,
    }[src]
    return {
        "c": celsius,
        "f": celsius * Fraction(9, 5) + 32,
        "k": celsius + _ZERO_CELSIUS,
    }[dst]


def convert_exact(value: Number, src: str, dst: str) -> Number:
    """``value`` in unit ``src`` expressed in unit ``dst``, exact when ``value`` is exact."""
    s, d = src.strip().lower(), dst.strip().lower()
    if s in _TEMPERATURE and d in _TEMPERATURE:
        return _temperature(value, _TEMPERATURE[s], _TEMPERATURE[d])
    if s not in _LINEAR:
        raise CalculationError(f"unknown unit {src!r}")
    if d not in _LINEAR:
        raise CalculationError(f"unknown unit {dst!r}")
    (dim_s, f_s), (dim_d, f_d) = _LINEAR[s], _LINEAR[d]
    if dim_s != dim_d:
        raise CalculationError(f"cannot convert {dim_s} ({src}) to {dim_d} ({dst})")
    return value * f_s / f_d


def convert(value: float, src: str, dst: str) -> float:
    """``value`` in unit ``src`` expressed in unit ``dst``."""
    return float(convert_exact(value, src, dst))
