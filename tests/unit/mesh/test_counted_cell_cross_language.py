"""A record's cell under a column the question names states the count asked for, also when the
question names the column in the other language (「宴會」 for "Banquet")."""

from __future__ import annotations

from mesh.answer_type import counted_unit, states_count

QUESTION = "Thames Hall 以宴會形式擺設可以坐多少人？"
ROW = "Room: Thames Hall | Theatre: 400 | Banquet: 320 | Floor: 2"


def test_a_column_named_in_translation_holds_the_count() -> None:
    assert states_count(counted_unit(QUESTION), [ROW], QUESTION)


def test_a_column_the_question_does_not_name_does_not() -> None:
    assert not states_count(counted_unit(QUESTION), ["Room: Thames Hall | Floor: 2"], QUESTION)
    assert not states_count(
        counted_unit(QUESTION), ["Room: Thames Hall | Banquet: on request"], QUESTION
    )


def test_the_same_language_rule_is_unchanged() -> None:
    q = "How many people fit in theatre layout?"
    assert states_count(("people",), ["Room: Mercer Suite | Theatre: 180"], q)
    assert not states_count(("people",), ["Room: Mercer Suite | Floor: 2"], q)


def test_a_book_is_counted_in_either_classifier() -> None:
    """「本」 asked, 「冊」 written: in a sentence, under a column, and for "books"."""
    question = "研究生可以借幾本書？"
    assert states_count(counted_unit(question), ["其借閱冊數以三冊為限"], question)
    row = "讀者身分：研究生｜圖書冊數：30｜借期（日）：60"
    assert states_count(counted_unit(question), [row], question)
    assert states_count(counted_unit("How many books may I borrow?"), ["以三冊為限"])


def test_a_comma_is_not_an_amount() -> None:
    """「，本館」: nothing counted there, though 本 is the unit asked."""
    sentence = "讀者違反本規則情節重大者，本館得停止其借閱權利一年。"
    assert not states_count(("本",), [sentence])
    assert not states_count(counted_unit("How many books may I borrow?"), [sentence])
