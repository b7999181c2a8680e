"""Unit tests for the calculator tool: a real parser, never eval; fuzzed for crashes."""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_svc.tools.calculator import (
    CalculationError,
    CalculatorTool,
    calculate,
    convert,
    evaluate,
    find_calculation,
)

pytestmark = pytest.mark.unit


class TestArithmetic:
    @pytest.mark.parametrize(
        ("expression", "value"),
        [
            ("1 + 2 * 3", 7),
            ("(1 + 2) * 3", 9),
            ("2 ** 10", 1024),
            ("2^10", 1024),
            ("7 // 2", 3),
            ("7 % 4", 3),
            ("-3 + +4", 1),
            ("10 / 4", 2.5),
            ("sqrt(16) + abs(-2)", 6),
            ("max(1, 5, 3)", 5),
            ("round(2.567, 2)", 2.57),
            ("12 × 3 ÷ 4", 9),
            ("（1＋2）＊3", 9),
        ],
    )
    def test_values(self, expression: str, value: float) -> None:
        assert evaluate(expression) == pytest.approx(value)

    def test_constants(self) -> None:
        assert evaluate("pi") == pytest.approx(math.pi)

    @pytest.mark.parametrize(
        ("expression", "message"),
        [
            ("__import__('os').system('true')", "unsupported"),
            ("open('/etc/passwd')", "unsupported"),
            ("(1).__class__", "unsupported"),
            ("[1, 2]", "unsupported"),
            ("lambda: 1", "unsupported"),
            ("x + 1", "unsupported"),
            ("1 / 0", "division by zero"),
            ("9 ** 9 ** 9", "too large"),
            ("10 ** 400", "too large"),
            ("", "empty"),
            ("1 +", "not an arithmetic expression"),
            ("1" * 400, "longer than"),
            ("sqrt(-1)", "cannot compute"),
        ],
    )
    def test_refusals_are_clear(self, expression: str, message: str) -> None:
        with pytest.raises(CalculationError, match=message):
            evaluate(expression)

    def test_deep_nesting_is_refused_not_crashing(self) -> None:
        with pytest.raises(CalculationError):
            evaluate("(" * 150 + "1" + ")" * 150)


class TestUnits:
    @pytest.mark.parametrize(
        ("value", "src", "dst", "expected"),
        [
            (5, "km", "mi", 3.10686),
            (1, "公斤", "磅", 2.20462),
            (100, "°F", "C", 37.7778),
            (0, "C", "K", 273.15),
            (90, "min", "h", 1.5),
            (1, "GiB", "MB", 1073.741824),
        ],
    )
    def test_conversions(self, value: float, src: str, dst: str, expected: float) -> None:
        assert convert(value, src, dst) == pytest.approx(expected, rel=1e-4)

    def test_incompatible_and_unknown_units(self) -> None:
        with pytest.raises(CalculationError, match="cannot convert length"):
            convert(1, "km", "kg")
        with pytest.raises(CalculationError, match="unknown unit"):
            convert(1, "parsec", "km")

    def test_calculate_formats_conversions(self) -> None:
        assert calculate("5 km to m") == "5 km = 5000 m"
        assert calculate("3 * (4 + 5)") == "27"


class TestFindCalculation:
    @pytest.mark.parametrize(
        ("question", "found"),
        [
            ("What is 12 * 7?", "12 * 7"),
            ("請問 5 公里換算成英里", "5 公里 to 英里"),
            ("convert 3 kg to lb please", "3 kg to lb"),
            ("員工請假要提前幾天申請？", None),
            ("What happened in 2024?", None),
            ("what is 15% of 5000?", "15 / 100 * 5000"),
            ("5000 的 15% 是多少？", "15 / 100 * 5000"),
            ("5,000的百分之12.5", "12.5 / 100 * 5000"),
        ],
    )
    def test_questions(self, question: str, found: str | None) -> None:
        assert find_calculation(question) == found


class TestFuzz:
    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet="0123456789+-*/%().^ episqrtlogabcdx_,'[]{}:;", max_size=60))
    def test_arbitrary_input_gives_a_number_or_a_calculation_error(self, text: str) -> None:
        try:
            value = evaluate(text)
        except CalculationError:
            return
        assert isinstance(value, int | float) and not math.isnan(value)

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=80))
    def test_any_text_never_crashes(self, text: str) -> None:
        with contextlib.suppress(CalculationError):
            calculate(text)
        find_calculation(text)

    async def test_the_tool_reports_the_result(self) -> None:
        data, meta = await CalculatorTool().run({"expression": "6 * 7"})
        assert data == "42" and meta["summary"] == "6 * 7 → 42"
