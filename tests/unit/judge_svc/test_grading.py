"""judge_svc grading: SUFFICIENT / INSUFFICIENT with the missing aspects."""

from __future__ import annotations

import pytest

from judge_svc.grading import (
    OTHER_NAME_SHARE,
    GradeChunk,
    LexicalGrader,
    Sufficiency,
    aspect_weight,
    english_weight,
    is_joined,
    question_aspects,
    question_weights,
    verb_stem,
)

pytestmark = pytest.mark.unit

LEAVE = GradeChunk("leave#0", "員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。")
SEC = GradeChunk("sec#0", "Passwords are rotated every ninety days. Laptops use disk encryption.")


class TestAspects:
    def test_english_question_words_are_dropped(self) -> None:
        assert question_aspects("How often do passwords rotate?") == ["passwords", "rotate"]
        # "how long" asks a duration: no passage says "long" (fr-046's claim window graded
        # 0.33 for "long" and "after")
        assert question_aspects("How long after seeing the doctor can I claim?") == [
            "seeing",
            "doctor",
            "claim",
        ]

    def test_chinese_question_words_and_function_characters_are_dropped(self) -> None:
        assert question_aspects("員工請假要提前幾天申請？") == ["員工", "請假", "提前", "申請"]

    def test_mixed_question(self) -> None:
        assert question_aspects("VPN 怎麼設定？") == ["vpn", "設定"]

    def test_when_and_if_are_question_words_too(self) -> None:
        # 「時候」 and 「如果」 were aspects no passage holds; the leave rule graded under 0.5.
        assert question_aspects("如果臨時急病來不及事先請假，最晚要在什麼時候通知主管？") == [
            "臨時", "急病", "來不及", "事先", "請假", "最晚", "通知", "主管",
        ]  # fmt: skip


class TestLexicalGrader:
    def test_covered_question_is_sufficient(self) -> None:
        g = LexicalGrader().grade("How often do passwords rotate?", [SEC, LEAVE])
        assert g.verdict is Sufficiency.SUFFICIENT and g.missing_aspects == []
        assert [c.relevant for c in g.chunk_grades] == [True, False]
        assert g.chunk_grades[0].covered_aspects == ["passwords", "rotate"]

    def test_chinese_question_is_sufficient(self) -> None:
        g = LexicalGrader().grade("員工請假要提前幾天申請？", [LEAVE])
        assert g.verdict is Sufficiency.SUFFICIENT and g.coverage == pytest.approx(3 / 4, abs=1e-3)

    def test_missing_aspects_make_it_insufficient(self) -> None:
        g = LexicalGrader().grade("Who approves laptop purchases and budgets?", [SEC])
        assert g.verdict is Sufficiency.INSUFFICIENT
        assert g.missing_aspects == ["approves", "purchases", "budgets"]

    def test_no_chunks(self) -> None:
        g = LexicalGrader().grade("How often do passwords rotate?", [])
        assert g.verdict is Sufficiency.INSUFFICIENT and g.reasoning == "no passages were collected"

    def test_a_question_without_content_words(self) -> None:
        g = LexicalGrader().grade("what is it?", [SEC])
        assert g.verdict is Sufficiency.INSUFFICIENT and "no content words" in g.reasoning

    def test_coverage_threshold_is_configurable(self) -> None:
        question = "How often do admin passwords rotate?"
        assert LexicalGrader().grade(question, [SEC]).verdict is Sufficiency.SUFFICIENT
        strict = LexicalGrader(min_coverage=1.0)
        assert strict.grade(question, [SEC]).verdict is Sufficiency.INSUFFICIENT


class TestQuestionFrames:
    """What a question asks with ("which year", "who", "the name of") is not looked for."""

    @pytest.mark.parametrize(
        ("question", "aspects"),
        [
            ("這款筆電是哪一年推出的？", ["這款筆電", "推出"]),
            ("這份報告是誰寫的？", ["這份", "報告"]),
            ("备用服务器的容量是主机的几倍？", ["备用", "服务器", "容量", "主机"]),
            ("公司有一種什麼保險？", ["公司", "保險"]),
            ("What is the name of the VPN client?", ["vpn", "client"]),
        ],
    )
    def test_frames_are_dropped(self, question: str, aspects: list[str]) -> None:
        assert question_aspects(question) == aspects

    def test_an_unknown_name_is_not_glued_to_the_words_after_it(self) -> None:
        # jieba cuts the unknown 「沼蛉」 and 「又叫」 into four characters; as one run, a passage
        # naming the insect but saying 「又名」 covered a third of it and was graded 0.
        assert question_aspects("沼蛉又叫什麼？") == ["沼蛉"]
        passage = GradeChunk("bug#0", "沼蛉，又名泥蛉，是一種夜行昆蟲，棲息在沼澤。")
        grade = LexicalGrader().grade("沼蛉又叫什麼？", [passage])
        assert grade.chunk_grades[0].relevance >= 0.35

    def test_a_romanised_company_is_found_in_the_characters_that_read_so(self) -> None:
        # "Chengguang's" is 澄光 (the possessive dropped), in the passage's title line.
        question = "What extension do I call to reach Chengguang's purchasing section head?"
        assert "chengguang" in question_aspects(question)
        ours = GradeChunk(
            "odt#9", "澄光醫療器材股份有限公司 採購作業須知\n第十條 請洽採購課，分機 3310。"
        )
        theirs = GradeChunk("other#1", "北辰材料研究院采购管理规定\n第十条 请洽采购科，分机 3310。")
        grades = LexicalGrader().grade(question, [ours, theirs]).chunk_grades
        assert "chengguang" in grades[0].covered_aspects
        assert "chengguang" not in grades[1].covered_aspects
        assert grades[0].relevance > grades[1].relevance

    def test_another_companys_passage_counts_half_beside_the_named_companys(self) -> None:
        question = "Which taxpayer ID must appear on hotel invoices under Hualan's travel policy?"
        ours = GradeChunk(
            "zh#9",
            "华澜物流集团差旅管理规定\n第九条 住宿费须取得发票，纳税人识别号为91310115MA1H7XK42Q。",
        )
        theirs = GradeChunk(
            "en#2", "Northbridge travel policy: hotel invoices must show the company ID."
        )
        alone = LexicalGrader().grade(question, [theirs]).chunk_grades[0].relevance
        beside = LexicalGrader().grade(question, [ours, theirs]).chunk_grades
        assert beside[1].relevance == pytest.approx(alone * OTHER_NAME_SHARE, abs=1e-4)
        assert (
            beside[0].relevance == LexicalGrader().grade(question, [ours]).chunk_grades[0].relevance
        )
        assert beside[1].relevance < alone
        # A place the dictionary names is not held against a passage (gold paragraphs name
        # their place in other ways).
        place = "How much is the lodging cap per night in Hualien?"
        rate = GradeChunk("r#1", "Lodging cap per night: 1900")
        named = GradeChunk("r#2", "花蓮縣 lodging cap per night")
        grades = LexicalGrader().grade(place, [named, rate]).chunk_grades
        assert grades[1].relevance == LexicalGrader().grade(place, [rate]).chunk_grades[0].relevance

    def test_an_email_address_covers_e_mail(self) -> None:
        question = "Which e-mail address takes reports of misconduct?"
        passage = GradeChunk("h#3", "发现违规行为可发送邮件至 compliance@hualan.example 举报。")
        assert (
            "e-mail" in LexicalGrader().grade(question, [passage]).chunk_grades[0].covered_aspects
        )
        bare = GradeChunk("h#4", "发现违规行为可向合规部举报。")
        assert (
            "e-mail" not in LexicalGrader().grade(question, [bare]).chunk_grades[0].covered_aspects
        )

    def test_a_possessive_matches_the_bare_word(self) -> None:
        passage = GradeChunk("hr#0", "The company allows one laptop per employee.")
        question = "How many laptops does the company's policy allow?"
        grade = LexicalGrader().grade(question, [passage])
        assert "company" in grade.chunk_grades[0].covered_aspects
        assert "company's" not in question_aspects(question)


def test_a_grade_letter_asked_is_an_aspect_only_its_own_row_covers() -> None:
    """Documents bench, tune half (pdf-063): the B+ row graded as the B and A+ rows did, below
    the clause that says grades map to bands, and the clause was the answer."""
    question = "B+ 對應的分數區間是幾分到幾分"
    assert "b+" in question_aspects(question)
    rows = ["等第：B+｜分數區間：77-79｜等第積分：3.3", "等第：B｜分數區間：73-76｜等第積分：3.0"]
    grades = LexicalGrader().grade(question, [GradeChunk(str(i), r) for i, r in enumerate(rows)])
    plus, plain = grades.chunk_grades
    assert "b+" in plus.covered_aspects and "b+" not in plain.covered_aspects
    assert plus.relevance > plain.relevance


def test_a_word_written_with_a_hyphen_covers_it_written_together() -> None:
    """Fresh documents set (fr-075): "wifi" asked, "Wi-Fi" written."""
    row = GradeChunk("0", "Service: Staff Wi-Fi | Availability target: 99.0%")
    grade = LexicalGrader().grade("What uptime is the staff wifi supposed to have?", [row])
    assert "wifi" in grade.chunk_grades[0].covered_aspects


def test_a_weekday_in_another_spelling_covers_it() -> None:
    """Fresh documents set (fr-018): 「禮拜天」 asked, 「週日」 written."""
    rows = [GradeChunk("sun", "週日 13:00至21:00"), GradeChunk("sat", "週六 09:00至17:00")]
    sunday, saturday = LexicalGrader().grade("禮拜天圖書館開到幾點", rows).chunk_grades
    assert "周日" in sunday.covered_aspects and "周日" not in saturday.covered_aspects
    assert sunday.relevance > saturday.relevance


def test_hours_cover_until_when_it_is_open() -> None:
    """A range of clock times, or a time beside opening or closing, says until when something is
    open (「開到幾點」); a timetable's departure time does not."""
    rows = [
        GradeChunk("range", "週日 13:00至21:00"),
        GradeChunk("close", "周五、周六延长至23:30关闭。"),
        GradeChunk("departure", "學生宿舍 Dormitory：19:06｜高鐵站 HSR Station：19:31"),
    ]
    grades = LexicalGrader().grade("圖書館開到幾點", rows).chunk_grades
    assert ["開到" in g.covered_aspects for g in grades] == [True, True, False]


def test_days_counted_with_tian_cover_days_written_with_ri() -> None:
    """Fresh documents set (fr-036): 「十天」 asked, 「十日」 written."""
    clause = GradeChunk("0", "（二）逾期超過十日者，除計收違約金外，停止其借用資格一學期。")
    grade = LexicalGrader().grade("如果我晚了超過十天才還會怎樣", [clause])
    assert "十日" in grade.chunk_grades[0].covered_aspects


def test_a_word_no_document_says_is_found_by_its_synonym() -> None:
    """Fresh documents set (fr-028): "bike" asked, "bicycles" written; a synonym counts a
    quarter of the word, and not in a document that says the word itself."""
    rules = "4.1 Bicycles are not carried, with the exception of folding bicycles."
    grade = LexicalGrader().grade(
        "Can I bring my bike on the shuttle?",
        [
            GradeChunk("shuttle#63", f"Shuttle conditions. {rules}"),
            GradeChunk("move#16", "Secure cycle store for 80 bikes."),
            GradeChunk("move#17", f"Shuttle rules. {rules}"),
        ],
    )
    shuttle, store, moved = grade.chunk_grades
    assert "bike" in shuttle.covered_aspects and shuttle.relevant
    assert "bike" in store.covered_aspects
    assert "bike" not in moved.covered_aspects  # its document says "bikes"
    assert shuttle.relevance > moved.relevance


def test_a_count_in_chinese_numerals_falls_in_the_band_that_holds_it() -> None:
    """「提前兩天取消」 is answered by 「使用日前2日以內」 (an open band in digits), not by the
    rows for three days or more (the fresh documents set, fr-086)."""
    rows = [
        "取消時間：使用日前7日以上｜退費比例：100%｜說明：全額退費",
        "取消時間：使用日前3至6日｜退費比例：50%｜說明：扣除半數場地費",
        "取消時間：使用日前2日以內｜退費比例：0%｜說明：不予退費",
    ]
    chunks = [GradeChunk(str(i), r) for i, r in enumerate(rows)]
    grades = LexicalGrader().grade("提前兩天取消可以退多少", chunks).chunk_grades
    assert grades[2].relevance >= 0.65 > max(grades[0].relevance, grades[1].relevance)


def test_a_day_named_in_another_language_covers_the_day_asked() -> None:
    """Documents bench, tune half (f2-051): "closed from 10 to 14 March" is the row
    「3月10日—3月14日」, which shares no word with it; the row for 5月18日 is not."""
    rows = [
        "青瀾美術館 休館日\n日期（星期）：3月10日—3月14日｜節日或事由：典藏庫房年度燻蒸",
        "青瀾美術館 休館日\n日期（星期）：5月18日（日）｜節日或事由：國際博物館日",
    ]
    chunks = [GradeChunk(str(i), r) for i, r in enumerate(rows)]
    question = "Why is the Qinglan Museum of Art completely closed from 10 to 14 March 2025"
    asked, other = LexicalGrader().grade(question, chunks).chunk_grades
    assert {"10", "14", "march"} <= set(asked.covered_aspects)
    assert not {"10", "14", "march"} & set(other.covered_aspects)
    assert asked.relevance > other.relevance


def test_characters_joined_across_two_words_are_found_one_by_one() -> None:
    """Fresh documents set (fr-020): 「書弄丟了要在幾天內賠」 is cut into single characters,
    joined as 「書弄丟」 and 「內賠」, which no passage writes; each weighed as an unknown word
    (the median) outweighed the rest. 「內賠」 is found in 「三十日內…賠償」's characters."""
    assert is_joined("內賠") and is_joined("特休") and not is_joined("賠償")
    assert aspect_weight("內賠") < aspect_weight("賠償")
    rule = GradeChunk("lib#12", "借閱資料遺失者，應於報失之日起三十日內購買同版本之資料賠償。")
    grade = LexicalGrader().grade("書弄丟了要在幾天內賠", [rule])
    assert "內賠" in grade.chunk_grades[0].covered_aspects
    assert grade.chunk_grades[0].relevance >= 0.35


def test_a_joined_pair_needs_both_its_characters() -> None:
    grade = LexicalGrader().grade("書弄丟了要在幾天內賠", [GradeChunk("x#0", "年度內的規定。")])
    assert "內賠" not in grade.chunk_grades[0].covered_aspects


def test_english_words_weigh_by_how_rare_they_are() -> None:
    """Fresh documents set (fr-015): every English word weighed the same, so a hire price list's
    "Item: AV technician | Half day …" shared "items", "per" and "day" with "library overdue
    fine for audiovisual items per day" and graded near the library rule that answers."""
    assert english_weight("audiovisual", 12.0) > english_weight("items", 12.0)
    assert english_weight("items", 12.0) > english_weight("day", 12.0) > english_weight("the", 12.0)
    assert english_weight("2009", 12.0) == 12.0
    question = "library overdue fine for audiovisual items per day"
    hire = GradeChunk("hire#25", "Item: AV technician | Half day: £48 per hour | Full day: £48")
    rule = GradeChunk("lib#12", "Library rules. Overdue audiovisual items: a fine of NT$10 a day.")
    grade = LexicalGrader().grade(question, [hire, rule])
    assert grade.chunk_grades[0].relevance < 0.35 <= grade.chunk_grades[1].relevance


def test_a_capitalised_name_weighs_at_least_the_median() -> None:
    """ "the Willow Room": common words, but the name of what is asked about."""
    question = "How much does it cost to hire the Willow Room for a full day?"
    weights = question_weights(question, question_aspects(question))
    assert weights["willow"] >= aspect_weight("梵蒂冈天文台") > aspect_weight("willow")
    assert weights["cost"] == aspect_weight("cost")


def test_a_noun_in_ment_covers_its_verb() -> None:
    """Documents set (rw-015): "argued" is Porter 2's "argu", "argument" stays "argument";
    the transcript's cover says "came on for oral argument" under the date asked for."""
    cover = GradeChunk(
        "scotus#0",
        "Tuesday, January 13, 2009. The above-entitled matter came on for oral argument.",
    )
    grade = LexicalGrader().grade("On what date was the case argued?", [cover])
    assert "argued" in grade.chunk_grades[0].covered_aspects
    assert verb_stem("argument") == "argu" and verb_stem("comment") == "comment"


def test_an_irregular_verb_form_covers_its_base() -> None:
    """Answers set (ans-squad-041): "Who led …?" is answered by "Leading this … was …"; Porter 2
    keeps "led" and "lead" apart, as it keeps "sent" and "send"."""
    line = GradeChunk("islamism#0", "Leading this pan-Islamic effort was sheikh Abdullah Azzam.")
    grade = LexicalGrader().grade("Who led the pan-Islamic effort?", [line])
    assert "led" in grade.chunk_grades[0].covered_aspects


def test_a_misspelt_word_is_found_as_the_word_it_misspells() -> None:
    """Fresh documents set (fr-076): "p1 reponse tme" is answered by the P1 row's "Response
    time"; a row that holds neither word covers only "p1"."""
    grade = LexicalGrader().grade(
        "p1 reponse tme",
        [
            GradeChunk("sla#4", "Priority: P1 – Critical | Response time: 15 minutes"),
            GradeChunk("park#5", "Permit type: Night shift | Eligible car parks: P1, P2"),
        ],
    )
    service, parking = grade.chunk_grades
    assert set(service.covered_aspects) == {"p1", "reponse", "tme"} and service.relevant
    assert parking.covered_aspects == ["p1"] and not parking.relevant
