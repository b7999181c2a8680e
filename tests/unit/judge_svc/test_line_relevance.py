"""Each line of a draft judged alone (issue 28): padding is named, the answer's line is kept."""

from __future__ import annotations

from judge_svc.line_relevance import (
    ASKS_BACK,
    BESIDE_TOOL,
    NO_CODE,
    NO_EXPANSION,
    NO_KEY,
    NO_VALUE,
    OFF_SUBJECT,
    OTHER_LANGUAGE,
    asks_for_several,
)
from judge_svc.relevance import RelevanceChecker, RelevanceInput
from judge_svc.rules import Source, detect_hallucination

LEAVE = Source(
    "leave#0",
    "leave",
    "Marriage leave is eight days on full pay. Sick leave is thirty days a year. "
    "The office closes at six on Fridays. Staff must badge in at the main gate.",
    "Leave rules",
)
README = Source("readme#44", "README.md", "The router was trained in three rounds of 7 days.")
TOOL = Source("calculator-1-1", "tool:calculator", "7*7 → 49", "calculator")


def _lines(question: str, draft: str, sources: list[Source]) -> dict[str, str]:
    rules = detect_hallucination(draft, sources)
    report = RelevanceChecker().check(RelevanceInput(question, rules.sentences, sources))
    return {v.text: v.reason for v in report.lines}


def test_a_tool_question_keeps_the_tools_line_only() -> None:
    draft = (
        "calculator: 7*7 → 49 [calculator-1-1]\n"
        "The router was trained in three rounds of 7 days. [readme#44]"
    )
    lines = _lines("what is 7*7", draft, [README, TOOL])
    assert lines["calculator: 7*7 → 49"] == ""
    assert lines["The router was trained in three rounds of 7 days."] == BESIDE_TOOL


def test_the_tools_line_alone_addresses_a_tool_question() -> None:
    rules = detect_hallucination("calculator: 7*7 → 49 [calculator-1-1]", [TOOL])
    report = RelevanceChecker().check(RelevanceInput("what is 7*7", rules.sentences, [TOOL]))
    assert report.addresses_question and report.off_topic_lines == []


def test_a_line_about_another_subject_is_named() -> None:
    draft = (
        "Marriage leave is eight days on full pay [leave#0]. "
        "The office closes at six on Fridays [leave#0]."
    )
    lines = _lines("How many days of marriage leave do I get?", draft, [LEAVE])
    assert lines["Marriage leave is eight days on full pay."] == ""
    assert lines["The office closes at six on Fridays."] == OFF_SUBJECT


def test_a_line_asking_the_question_back_is_named() -> None:
    faq = Source("faq#0", "faq", "How many days of marriage leave do I get? Eight days.")
    draft = "How many days of marriage leave do I get? [faq#0] Eight days [faq#0]."
    lines = _lines("How many days of marriage leave do I get?", draft, [faq])
    assert lines["How many days of marriage leave do I get?"] == ASKS_BACK


def test_another_languages_line_goes_when_the_questions_language_answers() -> None:
    zh = Source("zh#0", "zh", "婚假可以請八日，薪資照給。")
    draft = "婚假可以請八日，薪資照給。 [zh#0]\nMarriage leave is eight days on full pay. [leave#0]"
    lines = _lines("婚假可以請幾天？", draft, [zh, LEAVE])
    assert lines["婚假可以請八日，薪資照給。"] == ""
    # Named either way: no words shared with the question, or in another language.
    assert lines["Marriage leave is eight days on full pay."] in {OTHER_LANGUAGE, OFF_SUBJECT}


def test_only_another_languages_line_is_kept_when_nothing_else_answers() -> None:
    lines = _lines(
        "婚假可以請幾天？", "Marriage leave is eight days on full pay. [leave#0]", [LEAVE]
    )
    assert set(lines.values()) == {""}


def test_lists_steps_and_comparisons_may_take_several_lines() -> None:
    assert asks_for_several("列出韓國公共救濟的三大類")
    assert asks_for_several("What are the steps to apply?")
    assert asks_for_several("基督教和猶太教的立場有什麼不同？")
    assert not asks_for_several("婚假可以請幾天？")


PADDING = "The router was trained in three rounds of 7 days."


def _beside(question: str, tool: str, summary: str) -> dict[str, str]:
    """The verdicts on a tool's line followed by a README line that answers nothing."""
    source = Source(f"{tool}-1-1", f"tool:{tool}", summary, tool)
    draft = f"{tool}: {summary} [{tool}-1-1]\n{PADDING} [readme#44]"
    return _lines(question, draft, [README, source])


def test_a_calculation_asked_verb_first_keeps_the_tools_line_only() -> None:
    lines = _beside("divide 2,250 by 18", "calculator", "2250 / 18 → 125")
    assert lines["calculator: 2250 / 18 → 125"] == ""
    assert lines[PADDING] == BESIDE_TOOL


def test_the_date_tools_line_answers_the_date_it_computes() -> None:
    summary = "2026-01-15 + 100 days → 2026-04-25, Saturday (星期六)"
    question = "我有個案子從 2026 年 1 月 15 日開始算，100 天後到期，那到期日是幾月幾號？"
    lines = _beside(question, "date_calculator", summary)
    assert lines[f"date_calculator: {summary}"] == ""
    assert lines[PADDING] == BESIDE_TOOL
    # another date's computation does not answer it
    other = _beside(question.replace("100", "90"), "date_calculator", summary)
    assert other[PADDING] != BESIDE_TOOL


SATELLITE = Source(
    "sat#0",
    "sat",
    "鑫诺二号通信卫星（SINOSAT-2）是中国第一颗具备抗干扰能力的大型通信广播卫星。"
    "2006年10月29日在西昌卫星发射中心由长征三号乙运载火箭发射升空。",
    "鑫诺二号通信卫星",
)


def test_a_line_stating_no_date_goes_beside_the_dated_one() -> None:
    # 「鑫诺二号」 is a name, not the 2nd of a month: the introduction states no date, and the
    # launch line answers "when".
    draft = (
        "鑫诺二号通信卫星（SINOSAT-2）是中国第一颗具备抗干扰能力的大型通信广播卫星。 [sat#0]\n"
        "2006年10月29日在西昌卫星发射中心由长征三号乙运载火箭发射升空。 [sat#0]"
    )
    lines = _lines("鑫诺二号是什么时候发射的？", draft, [SATELLITE])
    assert lines["2006年10月29日在西昌卫星发射中心由长征三号乙运载火箭发射升空。"] == ""
    intro = "鑫诺二号通信卫星（SINOSAT-2）是中国第一颗具备抗干扰能力的大型通信广播卫星。"
    assert lines[intro] == NO_VALUE
    english = _lines("When was SINOSAT-2 launched?", draft, [SATELLITE])
    assert english[intro] == NO_VALUE


SAFETY = Source(
    "safety#1",
    "safety",
    "If the fire alarm goes off, leave by the nearest exit and do not use the lifts.\n"
    "Assembly point: car park C, opposite the library.",
    "Chemistry Building Safety Briefing",
)


def test_the_line_naming_what_is_asked_is_kept_beside_the_condition() -> None:
    # "Where is the assembly point if the fire alarm goes off?" asks about the assembly point;
    # the fire alarm is when. The line that names it answers.
    fire = "If the fire alarm goes off, leave by the nearest exit and do not use the lifts."
    point = "Assembly point: car park C, opposite the library."
    draft = f"{fire} [safety#1]\n{point} [safety#1]"
    lines = _lines("Where is the assembly point if the fire alarm goes off?", draft, [SAFETY])
    assert lines[point] == ""


KENYA = Source(
    "kenya#0",
    "kenya",
    "In December 2014, President Uhuru Kenyatta signed a Security Laws Amendment Bill. "
    "Through the Jubilee Coalition, the Bill was later passed on 19 December in the National "
    "Assembly.",
    "Kenya",
)


def test_a_question_asking_the_day_keeps_the_line_stating_one() -> None:
    # 「哪天」 asks for a day: the line giving only a month and a year states no value of the
    # kind asked, beside the line that gives the day (in either language).
    signed = "In December 2014, President Uhuru Kenyatta signed a Security Laws Amendment Bill."
    passed = (
        "Through the Jubilee Coalition, the Bill was later passed on 19 December in the "
        "National Assembly."
    )
    draft = f"{signed} [kenya#0]\n{passed} [kenya#0]"
    for question in ("肯亞的安全法修正案是哪天通過的？", "On what day was the Kenyan bill passed?"):
        lines = _lines(question, draft, [KENYA])
        assert lines[passed] == ""
        assert lines[signed] == NO_VALUE
    # "When" asks for no part of a date: both lines state one.
    assert _lines("When was the Kenyan bill passed?", draft, [KENYA])[signed] != NO_VALUE


def test_a_record_none_of_whose_columns_is_asked_goes_beside_the_line_that_answers() -> None:
    # Two lines alike in every score: the classroom row of the course, whose columns do not
    # include the fee asked for, falls below the fee line by the record penalty.
    from judge_svc.focus import FocusScores
    from judge_svc.line_relevance import LineEvidence, judge_lines
    from judge_svc.rules import Sentence

    fee_line = "课程编号：QH-AI-301 课时：60课时 学费：5,200元。"
    row = "课程编号：QH-AI-301（机器学习入门）｜教室：1002"
    sentences = [
        Sentence(text, text, 10.0, (cid,), (cid,), (), True, False)
        for text, cid in ((fee_line, "cat#3"), (row, "cat#23"))
    ]
    both = (0.3, 0.3)
    focus = FocusScores(0.5, 0.5, True, 0.5, both, both, (True, True), (), ())
    evidence = LineEvidence(
        "机器学习入门的学费是多少？", sentences, [], focus, [0.88, 0.88], [False, False],
        [True, True],
    )  # fmt: skip
    lines = {v.text: v.reason for v in judge_lines(evidence)}
    assert lines == {fee_line: "", row: OFF_SUBJECT}


def test_a_line_states_a_value_of_the_kind_the_question_names() -> None:
    # "Which extension" is answered by the line with 3310; the form's field 「請購人／分機」
    # only says 分機. Before, any line "stated" a value for a question of no answer type.
    from judge_svc.relevance import _states_value
    from mesh.answer_type import AnswerType

    question = "What extension do I call to reach the purchasing section head?"
    assert _states_value(AnswerType.NONE, "請洽採購課吳佩珊課長，分機 3310。", question)
    assert not _states_value(AnswerType.NONE, "欄位：請購人／分機", question)
    assert _states_value(AnswerType.NONE, "欄位：請購人／分機", "Who signs the form?")


TRAVEL = Source(
    "travel#9",
    "travel",
    "第六条 住宿费超出上表标准的部分由个人承担；因参加会议由主办方统一安排住宿的，"
    "凭会议通知按实际发生金额报销。\n\n"
    "第七条 伙食补助和市内交通补助按出差自然天数计算；当天往返的，按半天标准发放。",
    "差旅费管理办法",
)


def test_a_clause_continuing_the_line_before_is_about_what_that_line_names() -> None:
    """Documents bench, tune half (off-014): 「当天往返的，按半天标准发放。」 answers, though only
    the clause before it names the meal allowance; it had been dropped as off the subject."""
    draft = (
        "第七条 伙食补助和市内交通补助按出差自然天数计算； [travel#9]\n"
        "当天往返的，按半天标准发放。 [travel#9]\n"
        "因参加会议由主办方统一安排住宿的，凭会议通知按实际发生金额报销。 [travel#9]"
    )
    lines = _lines("当天往返的出差，伙食补助怎么算？", draft, [TRAVEL])
    assert lines["当天往返的，按半天标准发放。"] == ""
    assert lines["因参加会议由主办方统一安排住宿的，凭会议通知按实际发生金额报销。"] == OFF_SUBJECT


def test_a_line_not_next_to_the_line_before_in_its_source_inherits_nothing() -> None:
    draft = (
        "第七条 伙食补助和市内交通补助按出差自然天数计算； [travel#9]\n"
        "因参加会议由主办方统一安排住宿的，凭会议通知按实际发生金额报销。 [travel#9]"
    )
    lines = _lines("伙食补助怎么算？", draft, [TRAVEL])
    assert lines["因参加会议由主办方统一安排住宿的，凭会议通知按实际发生金额报销。"] == OFF_SUBJECT


def test_a_row_without_the_letter_asked_goes_beside_the_row_holding_it() -> None:
    """Documents set (pdf-072): the grade table's rows share every column; only the row for X
    answers 「成績等第 X 代表什麼情況？」."""
    grades = Source(
        "grades#1",
        "grades",
        "等第：A+｜分數區間：90-100｜說明：表現極優\n等第：X｜分數區間：0｜說明：未參加期末考試且未請假",
        "成績評定辦法",
    )
    draft = (
        "等第：A+｜分數區間：90-100｜說明：表現極優 [grades#1]\n"
        "等第：X｜分數區間：0｜說明：未參加期末考試且未請假 [grades#1]"
    )
    lines = _lines("成績等第 X 代表什麼情況？", draft, [grades])
    assert lines["等第：A+｜分數區間：90-100｜說明：表現極優"] == NO_CODE
    assert lines["等第：X｜分數區間：0｜說明：未參加期末考試且未請假"] == ""
    # "A" and "I" are words, not the letter asked; nothing is dropped for them.
    assert NO_CODE not in _lines("Is A+ the best grade?", draft, [grades]).values()


def test_a_line_without_the_term_a_chinese_question_quotes_goes_beside_one_holding_it() -> None:
    """Documents set (f2-028): 「法律保留（legal hold）由哪個單位發出？」 is answered by the clause
    that issues a legal hold, not by the section's contact line or its heading."""
    text = (
        "5.2 Legal holds\n5.2.1 When litigation is expected, the Legal Office issues a legal "
        "hold and all disposal of the affected records is suspended.\nContact: Records "
        "Manager, Dr Ifeoma Castellanos, Library Building Room L2.14, ext. 6620"
    )
    rules = Source("rrds#35", "rrds", text, "Records Retention and Disposal Schedule")
    issued, contact = text.splitlines()[1:]
    draft = f"{issued} [rrds#35]\n{contact} [rrds#35]"
    lines = _lines("Northgate 的法律保留（legal hold）由哪個單位發出？", draft, [rules])
    assert lines[issued] == "" and lines[contact] == NO_CODE


def test_words_of_arithmetic_are_set_aside_as_the_question_is_stemmed() -> None:
    """The word "square" stems to "squar" since the judge's stems drop a silent e: the tool's
    answer to "What is the square root of 144?" lost its place alone (answers benchmark)."""
    for question, summary in [
        ("What is the square root of 144?", "sqrt(144) → 12"),
        ("What is the average of 3, 5 and 10?", "(3 + 5 + 10) / 3 → 6"),
    ]:
        lines = _beside(question, "calculator", summary)
        assert lines[f"calculator: {summary}"] == ""
        assert lines[PADDING] == BESIDE_TOOL


def test_a_line_keyed_by_neither_the_day_nor_the_band_asked_goes_beside_one_that_is() -> None:
    """Documents bench, tune half (f2-051, f2-055): the row for the days asked was quoted with
    a line on clearing the halls; the band above 10 million with a row of consulting fees."""
    museum = Source(
        "museum#18",
        "museum",
        "日期（星期）：3月10日—3月14日｜節日或事由：典藏庫房年度燻蒸｜開放狀態：全館休館\n"
        "展廳於閉館前15分鐘開始清場。",
        "青瀾美術館休館日",
    )
    draft = (
        "日期（星期）：3月10日—3月14日｜節日或事由：典藏庫房年度燻蒸｜開放狀態：全館休館 "
        "[museum#18]\n展廳於閉館前15分鐘開始清場。 [museum#18]"
    )
    lines = _lines("Why is the Qinglan Museum closed from 10 to 14 March 2025?", draft, [museum])
    assert lines["展廳於閉館前15分鐘開始清場。"] == NO_KEY
    row = "日期（星期）：3月10日—3月14日｜節日或事由：典藏庫房年度燻蒸｜開放狀態：全館休館"
    assert lines[row] == ""
    grants = Source(
        "grant#7",
        "grant",
        "2.2.3 超过1000万元的部分，不超过20%。\n预算科目：专家咨询费｜编制要求：每人每天1500元",
        "滨江大学科研项目经费管理细则",
    )
    draft = (
        "2.2.3 超过1000万元的部分，不超过20%。 [grant#7]\n"
        "预算科目：专家咨询费｜编制要求：每人每天1500元 [grant#7]"
    )
    lines = _lines("indirect cost cap for the portion above 10 million yuan", draft, [grants])
    assert lines["2.2.3 超过1000万元的部分，不超过20%。"] == ""
    assert lines["预算科目：专家咨询费｜编制要求：每人每天1500元"] == NO_KEY
    # A list may take lines about other bands.
    listed = _lines("List the caps, from the one above 10 million yuan down", draft, [grants])
    assert NO_KEY not in listed.values()


def test_a_line_using_the_acronym_goes_beside_the_one_spelling_it_out() -> None:
    """Documents bench, tune half (f2-074): "What does MiDAS stand for?" was answered with
    "drivers must also hold a MiDAS certificate"."""
    fleet = Source(
        "fleet#14",
        "fleet",
        "Minibus (P3) drivers must also hold a MiDAS certificate2.\n"
        "2 MiDAS: Minibus Driver Awareness Scheme; the Council funds the course.",
        "Eastmoor County Council Fleet Vehicle Use Policy",
    )
    draft = (
        "Minibus (P3) drivers must also hold a MiDAS certificate2. [fleet#14]\n"
        "2 MiDAS: Minibus Driver Awareness Scheme; the Council funds the course. [fleet#14]"
    )
    lines = _lines("What does MiDAS stand for in the Eastmoor fleet policy?", draft, [fleet])
    assert lines["Minibus (P3) drivers must also hold a MiDAS certificate2."] == NO_EXPANSION
    assert lines["2 MiDAS: Minibus Driver Awareness Scheme; the Council funds the course."] == ""
