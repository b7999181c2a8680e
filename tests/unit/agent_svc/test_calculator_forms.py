"""The calculator reads number forms and operation words whole, computes exactly, shows exactly.

Regression tests for a QA report: exponent notation was cut to a fragment ("2.5e3 + 1" → 3 + 1),
large products lost digits (1.219326311e+17), and sqrt(2), 1/0, "7 divided by 2",
"2 to the power of 10", "計算 2 的 10 次方", "3 乘以 4 等於多少？" were not seen as calculations.
"""

from __future__ import annotations

import doctest
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_svc.planner import plan
from agent_svc.tools import arithmetic, calculation_text
from agent_svc.tools.calculator import (
    CalculationError,
    CalculatorTool,
    NotComputable,
    calculate,
    find_calculation,
    format_number,
)
from groundmesh.v1 import common_pb2
from mesh import han_numerals
from mesh.han_numerals import han_number
from tests.unit.agent_svc.agent_fakes import FakeUpstreams, answer_of, chunk, make_graph, run

pytestmark = pytest.mark.unit

FULL_WIDTH = str.maketrans("0123456789+-*/.", "０１２３４５６７８９＋－＊／．")


def answer(question: str) -> str | None:
    """What the calculator answers for a question, or None when it finds no calculation."""
    found = find_calculation(question)
    return None if found is None else calculate(found)


class TestNumberForms:
    @pytest.mark.parametrize(
        ("question", "found", "result"),
        [
            ("What is 2.5e3 + 1?", "2.5e3 + 1", "2501"),
            ("1e3*2", "1e3*2", "2000"),
            ("1E-3 * 2", "1E-3 * 2", "0.002"),
            ("what is 2.5e+3 - 1e2?", "2.5e+3 - 1e2", "2400"),
            ("1e20 + 1", "1e20 + 1", "100000000000000000001"),
            ("What is 1,000 + 1?", "1000 + 1", "1001"),
            ("1,234,567 * 2", "1234567 * 2", "2469134"),
            ("What is .5 + 1?", ".5 + 1", "1.5"),
            ("-3 * -2", "-3 * -2", "6"),
            ("what is -3 + 5?", "-3 + 5", "2"),
            ("１２３ + 1", "123 + 1", "124"),
            ("１２３＋１等於多少？", "123+1", "124"),
            ("３．５ × 2", "3.5 * 2", "7"),
            ("What is 3 + 4.", "3 + 4", "7"),
            ("0.1 + 0.2", "0.1 + 0.2", "0.3"),
            ("計算 10-3", "10-3", "7"),
            ("10-3是多少", "10-3", "7"),
            ("How much is 100/8?", "100/8", "12.5"),
            ("15% of 5000 + 300", "(15 / 100 * 5000) + 300", "1050"),
            ("3 + 15% of 200", "3 + (15 / 100 * 200)", "33"),
            ("what is 15% of 5,000?", "15 / 100 * 5000", "750"),
            ("3000 x 5%", "3000 * (5 / 100)", "150"),
            ("7 % 4", "7 % 4", "3"),
            ("$1,000 + $500", "1000 + 500", "1500"),
            ("What is NT$5,000 * 3?", "5000 * 3", "15000"),
            ("€2.50 * 4", "2.50 * 4", "10"),
        ],
    )
    def test_read_whole(self, question: str, found: str, result: str) -> None:
        assert find_calculation(question) == found
        assert calculate(found) == result

    @pytest.mark.parametrize(
        "question",
        [
            "What is 3,5 + 1?",  # a decimal comma: neither 35 + 1 nor 5 + 1
            "12,34 * 2",
            "1,0000 + 1",  # not a thousands group: never 10000 + 1
            "3x + 1",
            "x * 3",
            "y - 2 + 5",
            "2e + 1",
            "v2+1",
            "1.2.3 + 1",
            "50% + 10",  # a percent sign, not modulo
            "what is 2 +",
            "COVID-19 cases",
            "2024/1/15",
            "2024-01-15",
            "555-123-4567",
            "請假 2-3 天",
            "24/7 support",
            "12:30-13:00",
            "What happened in 2024?",
            "3 times a week",
            # operation words it does not read: the expression is only part of the question
            "2 的 10 次方根",
            "3 乘以 4 再加 5",
            "10 減 3 再除以 7",
            "half of 10 + 3",
            "twice 3+4",
            "3 + 4 plus x",
            "log 100 + 1",
            "What is 2 + 3 km in m?",
            "1 + 2 apples + 3 pears",
            "1 + 12.5. + 3",
            "1'000 + 1",  # an apostrophe separator: never 000 + 1
            # numbers joined by - or / without spaces, not asked to compute: labels and ranges
            "Room 3-201",
            "Sections 4.1-4.3",
            "1,000-2,000 元 補助",
            "1/2 day leave",
            "Is 9-5 the working hours?",
        ],
    )
    def test_unreadable_or_not_arithmetic_gives_nothing_not_a_fragment(self, question: str) -> None:
        assert find_calculation(question) is None

    def test_a_fragment_of_an_exponent_is_never_computed(self) -> None:
        # the QA report: "2.5e3 + 1" answered 3 + 1 → 4
        assert answer("What is 2.5e3 + 1?") == "2501"
        assert answer("1e3*2") == "2000"
        assert answer("2.5E3 km to mi") == "2500 km = 1553.42798059333 mi"
        assert answer("what is 15% of 2.5e3?") == "375"


class TestDisplay:
    @pytest.mark.parametrize(
        ("expression", "shown"),
        [
            ("123456789*987654321", "121932631112635269"),
            ("10**29", "1" + "0" * 29),
            ("2**99", str(2**99)),  # 30 digits: exact
            ("2**100", "1.26765060022823e+30"),  # 31 digits: scientific
            ("-(2**99)", str(-(2**99))),
            ("123456789123456789123 / 3", "41152263041152263041"),
            ("1/3", "0.333333333333333"),
            ("-7/2", "-3.5"),
            ("2/3", "0.666666666666667"),
            ("sqrt(2)", "1.4142135623731"),
            ("sqrt(16)", "4"),
            ("sqrt(1/4)", "0.5"),
            ("log10(1000)", "3"),
            ("1/2**10", "0.0009765625"),
            ("1e-10", "1e-10"),
            ("2**-1", "0.5"),
            ("2**0.5 * 1e20", "1.4142135623731e+20"),
            ("round(2.567, 2)", "2.57"),
            ("0.1 * 3", "0.3"),
            ("1.10 + 2.20", "3.3"),
        ],
    )
    def test_exact_or_enough_digits(self, expression: str, shown: str) -> None:
        assert calculate(expression) == shown

    def test_format_number_of_each_kind(self) -> None:
        assert format_number(121932631112635269) == "121932631112635269"
        assert format_number(Fraction(1, 8)) == "0.125"
        assert format_number(0.1 + 0.2) == "0.3"
        assert format_number(-0.0) == "0"
        assert format_number(1e300) == "1e+300"
        with pytest.raises(NotComputable):
            format_number(float("inf"))


class TestWordsAndNotation:
    @pytest.mark.parametrize(
        ("question", "found", "result"),
        [
            ("sqrt(2)", "sqrt(2)", "1.4142135623731"),
            ("What is sqrt(2)?", "sqrt(2)", "1.4142135623731"),
            ("計算 2 的 10 次方", "2**10", "1024"),
            ("2的10次方是多少", "2**10", "1024"),
            ("3 乘以 4 等於多少？", "3 * 4", "12"),
            ("3乘4", "3 * 4", "12"),
            ("10 加 5", "10 + 5", "15"),
            ("10 減 3 等於幾", "10 - 3", "7"),
            ("10 减去 3", "10 - 3", "7"),
            ("9 除以 2", "9 / 2", "4.5"),
            ("10 的平方", "10**2", "100"),
            ("2 的立方", "2**3", "8"),
            ("16 開根號", "sqrt(16)", "4"),
            ("16 的平方根", "sqrt(16)", "4"),
            ("根號 2 是多少", "sqrt(2)", "1.4142135623731"),
            ("√9 + 1", "sqrt(9) + 1", "4"),
            ("√(9) + 1", "sqrt((9)) + 1", "4"),
            ("5²", "5**2", "25"),
            ("What is 7 divided by 2?", "7 / 2", "3.5"),
            ("2 to the power of 10", "2 ** 10", "1024"),
            ("2 raised to 8", "2 ** 8", "256"),
            ("2 to the 10th power", "2 ** 10", "1024"),
            ("what is 3 squared plus 1", "3**2 + 1", "10"),
            ("4 cubed", "4**3", "64"),
            ("6 times 7", "6 * 7", "42"),
            ("6 multiplied by 7", "6 * 7", "42"),
            ("10 minus 12", "10 - 12", "-2"),
            ("1 plus 2 plus 3", "1 + 2 + 3", "6"),
            ("17 mod 5", "17 % 5", "2"),
            ("the square root of 144", "sqrt(144)", "12"),
            ("cube root of 27", "(27)**(1/3)", "3"),
            ("square root of square root of 16", "sqrt(sqrt(16))", "2"),
            ("sqrt of (4+5)", "sqrt((4+5))", "3"),
            ("2 的 10 次方 加 1", "2**10 + 1", "1025"),
            ("1920 x 1080", "1920 * 1080", "2073600"),
        ],
    )
    def test_recognised_and_computed(self, question: str, found: str, result: str) -> None:
        assert find_calculation(question) == found
        assert calculate(found) == result

    @pytest.mark.parametrize(
        ("question", "found", "result"),
        [
            ("三加四等於多少", "3 + 4", "7"),
            ("二的十次方", "2**10", "1024"),
            ("2 的十次方", "2**10", "1024"),
            ("一千乘以三", "1000 * 3", "3000"),
            ("一百零五減五", "105 - 5", "100"),
            ("十除以四", "10 / 4", "2.5"),
            ("三十一减一", "31 - 1", "30"),
            ("根號二", "sqrt(2)", "1.4142135623731"),
            ("九開根號", "sqrt(9)", "3"),
            ("三的平方", "3**2", "9"),
        ],
    )
    def test_chinese_numerals_next_to_an_operation(
        self, question: str, found: str, result: str
    ) -> None:
        assert find_calculation(question) == found
        assert calculate(found) == result

    @pytest.mark.parametrize(
        ("numeral", "value"),
        [
            ("十", 10),
            ("十一", 11),
            ("二十", 20),
            ("一百零五", 105),
            ("兩萬三千", 23000),
            ("三千零五十", 3050),
            ("一億二千萬", 120_000_000),
            ("零", 0),
            ("一二三", None),
            ("十十", None),
            ("萬萬", None),
            ("一百十", 110),
        ],
    )
    def test_han_numbers(self, numeral: str, value: int | None) -> None:
        assert han_number(numeral) == value

    def test_the_calculator_itself_accepts_words(self) -> None:
        assert calculate("7 divided by 2") == "3.5"
        assert calculate("2 的 10 次方") == "1024"

    def test_words_that_are_not_operations_are_left_alone(self) -> None:
        assert find_calculation("加班 3 小時可以換幾天假") is None
        assert find_calculation("增加一天的假") is None
        assert find_calculation("參加三次會議") is None
        assert find_calculation("十一加班") is None
        assert find_calculation("兩個人加三個人") is None
        assert find_calculation("一二三加四") is None
        assert find_calculation("What is the leave policy?") is None
        assert find_calculation("員工請假要提前幾天申請？") is None


class TestNoValue:
    def test_division_by_zero_is_found_and_explained(self) -> None:
        assert find_calculation("what is 1/0?") == "1/0"
        assert find_calculation("4 除以 0") == "4 / 0"
        with pytest.raises(NotComputable, match="division by zero"):
            calculate("1/0")

    async def test_the_tool_answers_with_the_reason(self) -> None:
        data, meta = await CalculatorTool().run({"expression": "1/0"})
        assert data == "no result: division by zero is undefined"
        assert meta["summary"] == "1/0 → no result: division by zero is undefined"

    async def test_an_expression_that_is_not_arithmetic_still_fails(self) -> None:
        with pytest.raises(CalculationError) as info:
            await CalculatorTool().run({"expression": "open('/etc/passwd')"})
        assert not isinstance(info.value, NotComputable)

    @pytest.mark.parametrize(
        "expression",
        [
            "9**9**9",
            "9 to the power of 9 to the power of 9",
            "2 的 100000 次方",
            "10 ** 400",
            "(1/3) ** -1000",
            "round(1/3, 10**9)",
            "0 ** -1",
            "sqrt(-4)",
            "(-8) ** 0.5",
            "exp(1000)",
        ],
    )
    def test_huge_or_undefined_is_refused_quickly(self, expression: str) -> None:
        with pytest.raises(NotComputable):
            calculate(expression)

    def test_huge_exact_fractions_fall_back_to_floats(self) -> None:
        assert calculate("((1/7)**1000)**1000") == "0"
        assert calculate("(1/3)**50 * 3**50") == "1"


class TestPlanning:
    @pytest.mark.parametrize(
        ("question", "expression"),
        [
            ("sqrt(2)", "sqrt(2)"),
            ("what is 1/0?", "1/0"),
            ("計算 2 的 10 次方", "2**10"),
            ("3 乘以 4 等於多少？", "3 * 4"),
            ("What is 7 divided by 2?", "7 / 2"),
            ("2 to the power of 10", "2 ** 10"),
        ],
    )
    def test_calculation_questions_call_the_calculator(
        self, question: str, expression: str
    ) -> None:
        p = plan(
            question=question,
            search_question=question,
            intent=common_pb2.INTENT_DOCUMENT_QA,
            task_type=common_pb2.TASK_TYPE_SIMPLE_FAQ,
            queries=[question],
            available={"calculator", "document_search"},
            top_k=6,
        )
        assert p.tool_calls[0].name == "calculator"
        assert p.tool_calls[0].arguments == {"expression": expression}

    @pytest.mark.parametrize(
        ("question", "expected"),
        [
            ("What is 2.5e3 + 1?", "calculator: 2.5e3 + 1 → 2501"),
            ("123456789*987654321", "121932631112635269"),
            ("what is 1/0?", "1/0 → no result: division by zero is undefined"),
            ("3 乘以 4 等於多少？", "3 * 4 → 12"),
        ],
    )
    async def test_the_result_reaches_the_answer(self, question: str, expected: str) -> None:
        events = await run(make_graph(FakeUpstreams([])), question)
        assert expected in answer_of(events).answer


def to_han(n: int) -> str:
    """A plain Chinese reading of 0 <= n < 10**8, written independently of the code under test."""
    digits = "零一二三四五六七八九"

    def section(k: int) -> str:
        out, gap = "", False
        for unit, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
            d = k // unit % 10
            if d:
                out += ("零" if gap and out else "") + digits[d] + name
                gap = False
            else:
                gap = True
        return out

    if n == 0:
        return "零"
    high, low = divmod(n, 10_000)
    text = section(high) + "萬" if high else ""
    if low:
        text += ("零" if high and low < 1000 else "") + section(low)
    return text


integers = st.integers(-(10**12), 10**12)
naturals = st.integers(0, 10**12)


class TestProperties:
    @settings(max_examples=150, deadline=None)
    @given(
        numbers=st.lists(st.integers(0, 10**6), min_size=2, max_size=4),
        ops=st.lists(st.sampled_from(["+", "-", "*", "/", "**"]), min_size=3, max_size=3),
        at=st.integers(0, 3),
        glue=st.sampled_from(["x", "_", "a1", ",5", "e", ".5.5", ":", "'5", " apples"]),
    )
    def test_a_number_it_cannot_read_spoils_the_whole_expression(
        self, numbers: list[int], ops: list[str], at: int, glue: str
    ) -> None:
        at %= len(numbers)
        if glue == " apples" and at == len(numbers) - 1:
            glue = " apples + 1"  # "1 + 2 apples" alone is a whole expression
        words = [str(n) + (glue if i == at else "") for i, n in enumerate(numbers)]
        text = words[0] + "".join(f" {op} {w}" for op, w in zip(ops, words[1:], strict=False))
        assert find_calculation(f"What is {text}?") is None

    @settings(max_examples=150, deadline=None)
    @given(a=integers, b=integers, op=st.sampled_from(["+", "-", "*"]))
    def test_integer_arithmetic_in_a_question_is_exact(self, a: int, b: int, op: str) -> None:
        exact = {"+": a + b, "-": a - b, "*": a * b}[op]
        assert answer(f"What is {a} {op} {b}?") == str(exact)

    @settings(max_examples=150, deadline=None)
    @given(
        a=integers,
        b=integers,
        word=st.sampled_from(
            [
                ("plus", "+"),
                ("minus", "-"),
                ("times", "*"),
                ("multiplied by", "*"),
                ("加", "+"),
                ("加上", "+"),
                ("減", "-"),
                ("减去", "-"),
                ("乘以", "*"),
            ]
        ),
    )
    def test_operation_words_compute_the_same(self, a: int, b: int, word: tuple[str, str]) -> None:
        text, op = word
        exact = {"+": a + b, "-": a - b, "*": a * b}[op]
        assert answer(f"{a} {text} {b} 等於多少？") == str(exact)
        assert answer(f"what is {a} {text} {b}?") == str(exact)

    @settings(max_examples=150, deadline=None)
    @given(a=st.integers(0, 10**8 - 1), b=st.integers(0, 10**8 - 1))
    def test_chinese_numerals_read_and_compute(self, a: int, b: int) -> None:
        assert han_number(to_han(a)) == a
        assert answer(f"{to_han(a)}加{to_han(b)}等於多少？") == str(a + b)
        assert answer(f"{to_han(a)}乘以{to_han(b)}") == str(a * b)

    @settings(max_examples=100, deadline=None)
    @given(a=naturals, b=naturals)
    def test_thousands_separators_and_full_width_digits(self, a: int, b: int) -> None:
        assert answer(f"What is {a:,} + {b:,}?") == str(a + b)
        assert answer(f"{a} * {b}".translate(FULL_WIDTH)) == str(a * b)

    @settings(max_examples=100, deadline=None)
    @given(m=st.integers(1, 99_999), k=st.integers(-12, 20), c=st.integers(0, 1000))
    def test_exponent_notation_is_exact(self, m: int, k: int, c: int) -> None:
        value = Fraction(m) * Fraction(10) ** k + c
        assert Fraction(answer(f"What is {m}e{k} + {c}?") or "nan") == value

    @settings(max_examples=100, deadline=None)
    @given(
        x=st.decimals(min_value=-(10**6), max_value=10**6, places=4, allow_nan=False),
        y=st.decimals(min_value=-(10**6), max_value=10**6, places=3, allow_nan=False),
    )
    def test_decimals_add_exactly(self, x: Decimal, y: Decimal) -> None:
        assert Decimal(calculate(f"{x} + ({y})")) == x + y

    @settings(max_examples=100, deadline=None)
    @given(
        a=st.integers(0, 9999),
        b=st.integers(0, 9999),
        glue=st.sampled_from(["x", "e", "A", "_", "k", ","]),
        side=st.booleans(),
    )
    def test_an_expression_glued_to_letters_is_not_cut_to_a_fragment(
        self, a: int, b: int, glue: str, side: bool
    ) -> None:
        text = f"{glue}{a}+{b}" if side else f"{a}+{b}{glue}"
        found = find_calculation(f"what is {text} ?")
        if found is not None:  # a comma next to it ends a clause: "a+b," is still whole
            assert glue == "," and calculate(found) == str(a + b)


def test_module_examples() -> None:
    for module in (arithmetic, calculation_text, han_numerals):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0


async def test_the_tool_result_comes_before_document_quotes() -> None:
    budget = chunk("trip#0", "The team trip budget is 5000 per person. It is paid once a year.")
    answer = answer_of(await run(make_graph(FakeUpstreams([budget])), "What is 15% of 5000?"))
    lines = answer.answer.splitlines()
    assert lines[0].startswith("calculator:") and "750" in lines[0], answer.answer
