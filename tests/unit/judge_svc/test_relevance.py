"""The judge's answer-relevance check (issue 16): an answer must address its question."""

from __future__ import annotations

from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from groundmesh.v1 import common_pb2, judge_pb2
from judge_svc.engine import Judge, JudgeInput
from judge_svc.focus import focus_terms, score_focus, terms_of
from judge_svc.grading import LexicalGrader
from judge_svc.metrics import JudgeMetrics
from judge_svc.rules import Source
from judge_svc.scoring import NOT_ADDRESSING, Decision
from judge_svc.service import JudgeService
from mesh.answer_type import (
    AnswerType,
    counted_unit,
    expected_type,
    has_new_value,
    has_type,
    states_answer,
    states_count,
)
from mesh.embedding import EMBEDDING_DIM, E5Embedder
from mesh.errors import InvalidInput

pytestmark = pytest.mark.unit

SOURCES = [
    Source(
        "it#0",
        "it",
        "Passwords are rotated every ninety days. The VPN client is installed from the portal. "
        "Printers on the third floor need a badge. Laptops are replaced every four years.",
        "IT handbook",
    ),
    Source(
        "zh#0",
        "zh",
        "員工請假須於三個工作天前提出申請。病假需要附上醫師證明。公司成立於1998年，總部在台北。",
        "人事規定",
    ),
]
JUDGE = Judge()


def verdict(question: str, draft: str, iteration: int = 1) -> Any:
    return JUDGE.judge_offline(JudgeInput(draft, SOURCES, question, iteration, 10))


class TestAnswerType:
    @pytest.mark.parametrize(
        ("question", "kind"),
        [
            ("公司是哪一年成立的？", AnswerType.DATE),
            ("When was the company founded?", AnswerType.DATE),
            ("病假有幾天？", AnswerType.QUANTITY),
            ("How many printers are there?", AnswerType.QUANTITY),
            ("誰負責核准請假？", AnswerType.PERSON),
            ("总部在哪里？", AnswerType.PLACE),
            ("為什麼要附醫師證明？", AnswerType.REASON),
            ("如何安裝 VPN？", AnswerType.STEPS),
            ("請假要怎麼申請？", AnswerType.STEPS),
            ("忘記密碼怎麼辦", AnswerType.STEPS),
            # 「會怎樣」 asks what happens (documents set fr-036), 「怎麼樣」 how it is
            ("如果我晚了超過十天才還會怎樣", AnswerType.NONE),
            ("遺失了會怎麼樣？", AnswerType.NONE),
            ("這台電腦怎麼了", AnswerType.NONE),
            ("退款政策是什麼？", AnswerType.NONE),
            ("為什麼幾乎所有菜都加橄欖油？", AnswerType.REASON),  # 幾乎 is "almost"
            ("幾何學課程在哪裡上？", AnswerType.PLACE),  # 幾何 is "geometry"
            ("這座寺是由哪一位法師創建的？", AnswerType.PERSON),
            ("派西在卫斯理家排第几", AnswerType.ORDINAL),
            ("In what place did the team finish?", AnswerType.ORDINAL),
            # "when" asking, and "when" joining a clause to another question word
            ("when does the library open on Sunday", AnswerType.DATE),
            ("Until when can I carry leave over?", AnswerType.DATE),
            ("The shuttle leaves when?", AnswerType.DATE),
            ("When I can get my refund?", AnswerType.DATE),
            ("What happens when the judge is down?", AnswerType.NONE),
            ("When someone leaves, how long is their mailbox kept?", AnswerType.QUANTITY),
            ("How many people died when the hurricane hit Toronto?", AnswerType.QUANTITY),
            ("Who pays when a flight is cancelled?", AnswerType.PERSON),
            # 「哪幾」 asks which, 「好幾」 says "several"; 「哪幾年」 asks for years
            ("PMP备考课每周哪几天上课？", AnswerType.NONE),
            ("请问大莱龙铁路连接了哪几个港口？", AnswerType.NONE),
            ("故事有好几个版本，电影的结局有什么不一样？", AnswerType.NONE),
            ("請問哈德良皇帝在位的時間是哪幾年？", AnswerType.DATE),
            ("学费打几折？", AnswerType.QUANTITY),
            # 「每個月幾號」 asks for a day of the month; 「幾號櫃台」 for a number
            ("澄湖市托育补助款每个月几号打到账户？", AnswerType.DATE),
            ("要到幾號櫃台辦理？", AnswerType.QUANTITY),
            # a plural unit asks for dates all the same
            ("What dates are the building tours on?", AnswerType.DATE),
            ("Which days is the library closed?", AnswerType.DATE),
            ("In what centuries was the abbey rebuilt?", AnswerType.DATE),
        ],
    )
    def test_expected_type(self, question: str, kind: AnswerType) -> None:
        assert expected_type(question) is kind

    def test_presence(self) -> None:
        assert has_type(AnswerType.DATE, "公司成立於1998年。")
        assert not has_type(AnswerType.DATE, "總部在台北。")
        assert has_type(AnswerType.QUANTITY, "every ninety days")
        assert not has_type(AnswerType.QUANTITY, "區內最大的鳥類之一。")

    def test_may_and_march_are_dates_beside_a_day(self) -> None:
        q = "When is our first working day at the new office?"
        assert states_answer(AnswerType.DATE, "The first working day is 11 May.", q)
        assert states_answer(AnswerType.DATE, "We open on March 3rd.", q)
        assert not has_type(AnswerType.DATE, "Staff may park in P2.")
        assert not has_type(AnswerType.DATE, "We march on the square.")

    def test_the_unit_asked_for_is_no_term_of_the_focus_in_the_plural_either(self) -> None:
        # Left in, "dates" was a relation term no answer line holds: the one line giving the
        # tours' dates was refused (P 0.42) on the documents benchmark's tune half.
        assert focus_terms("What dates are the building tours on?") == {"build", "tour"}
        assert focus_terms("Which days is the library closed?") == {"library", "clos"}

    def test_a_discount_is_counted_in_折(self) -> None:
        assert states_answer(AnswerType.QUANTITY, "三人同行可享八五折。", "学费打几折？")

    def test_a_place_in_an_order_is_stated_by_an_ordinal_not_a_count(self) -> None:
        q = "派西在卫斯理家排第几"
        assert states_answer(AnswerType.ORDINAL, "在卫斯理家排行第三。", q)
        assert not states_answer(AnswerType.ORDINAL, "派西有五名兄弟和一个妹妹。", q)
        assert has_type(AnswerType.ORDINAL, "The team finished third.")
        assert has_type(AnswerType.ORDINAL, "It came 2nd in the league.")

    def test_a_number_that_counts_is_not_a_year(self) -> None:
        for count in ("共有1043至1050種棋局變化。", "公司有1200名員工。", "It has 1,200 people."):
            assert not has_type(AnswerType.DATE, count), count
        for year in ("1890年，他登上山頂。", "In 1846, the lectures began.", "Built 1990–1995."):
            assert has_type(AnswerType.DATE, year), year

    def test_a_lone_one_before_a_classifier_is_an_article_not_a_count(self) -> None:
        assert not has_type(AnswerType.QUANTITY, "阿拉伯語是世界上的一種重要語言。")
        assert not has_type(AnswerType.QUANTITY, "它是一個非營利組織。")
        for count in ("共有十一個站。", "一百個座位。", "每年一次。", "三種語言。"):
            assert has_type(AnswerType.QUANTITY, count), count


class TestFocusAmongManySources:
    """The subject of a paragraph stays the subject however many other passages the judge is
    given (the agent gives up to a dozen): the relation asked for is still missing."""

    PARAGRAPH = Source(
        "tv#0",
        "tv",
        "1929年，英國廣播公司允許貝爾德公司開展公共電視廣播業務。30年代以後，貝爾德又轉向了彩色"
        "電視的研究。經過改進，貝爾德研製的電視效果越來越好。後來成立了「貝爾德電視發展公司」。"
        "1933年佐利金研製成功攝像管。今天的電視就是根據他的發明改進而來。",
        "电视机",
    )
    ANSWER = "1929年，英國廣播公司允許貝爾德公司開展公共電視廣播業務。 [tv#0]"
    QUESTION = "貝爾德是在哪一年去世的？"

    @staticmethod
    def others(n: int) -> list[Source]:
        return [
            Source(f"o{i}#0", f"o{i}", f"第{i}座城市有一條河。城市在{1800 + i}年建立。", f"城市{i}")
            for i in range(n)
        ] + [Source("aa#0", "aa", "羅爾德·亞孟森是探險家。他的父親去世後他出海。", "亞孟森")]

    @pytest.mark.parametrize("extra", [0, 3, 11])
    def test_the_missing_relation_is_missing_with_any_number_of_sources(self, extra: int) -> None:
        sources = [self.PARAGRAPH, *self.others(extra)] if extra else [self.PARAGRAPH]
        v = JUDGE.judge_offline(JudgeInput(self.ANSWER, sources, self.QUESTION, 1, 10))
        assert v.relevance is not None and not v.relevance.addresses_question
        assert "question term: 去世" in v.relevance.missing_aspects


class TestTheValueIsAboutTheEntity:
    """A date quoted from a passage about something else is that thing's date: 「第一屆世界冠軍賽
    是在哪一年舉行的？」 answered with a band's first concert and its date."""

    CHESS = Source(
        "chess#0",
        "chess",
        "西洋棋是一種二人對弈的棋盤遊戲。西洋棋的棋子共有六種。西洋棋在世界各地流行。"
        "西洋棋比賽分為快棋與慢棋。",
        "國際象棋",
    )
    BAND = Source(
        "band#0",
        "band",
        "1999年8月28日樂團舉辦了第一次的大型演唱會。演唱會吸引許多樂迷。",
        "五月天",
    )
    QUESTION = "第一屆西洋棋世界冠軍賽是在哪一年舉行的？"

    def test_another_passages_date_is_not_an_answer(self) -> None:
        answer = (
            "1999年8月28日樂團舉辦了第一次的大型演唱會。 [band#0] 西洋棋在世界各地流行。 [chess#0]"
        )
        v = JUDGE.judge_offline(JudgeInput(answer, [self.CHESS, self.BAND], self.QUESTION, 1, 10))
        assert v.relevance is not None and not v.relevance.addresses_question
        assert "together with what the question asks about" in v.relevance.relevance_notes

    def test_the_entitys_own_date_stands(self) -> None:
        held = Source("chess#1", "chess", "第一屆西洋棋世界冠軍賽於1886年舉行。", "國際象棋")
        answer = "第一屆西洋棋世界冠軍賽於1886年舉行。 [chess#1]"
        v = JUDGE.judge_offline(
            JudgeInput(answer, [self.CHESS, held, self.BAND], self.QUESTION, 1, 10)
        )
        assert v.relevance is not None and v.relevance.addresses_question


class TestTypedQuestionsNeedTheRelation:
    """A who / where / why / how question whose relation no answer sentence names is answered
    with another fact about the entity, and is not accepted."""

    PAPER = Source(
        "sun#0",
        "sun",
        "《溫哥華太陽報》是一份於加拿大溫哥華發行的報紙。該報由路易斯·泰勒創辦。"
        "《溫哥華太陽報》於1912年2月12日創刊，總部位於片打西街。該報擁有溫哥華最大的新聞團隊。",
        "溫哥華太陽報",
    )

    def judged(self, question: str, answer: str) -> Any:
        return JUDGE.judge_offline(JudgeInput(answer, [self.PAPER], question, 1, 10))

    def test_another_fact_about_the_entity_is_not_accepted(self) -> None:
        v = self.judged(
            "《溫哥華太陽報》的創辦人是誰？", "《溫哥華太陽報》於1912年2月12日創刊。 [sun#0]"
        )
        assert v.relevance is not None and not v.relevance.addresses_question
        assert "no sentence names what the question asks" in v.relevance.relevance_notes

    def test_the_sentence_naming_the_relation_is_accepted(self) -> None:
        v = self.judged(
            "《溫哥華太陽報》的創辦人是誰？", "《溫哥華太陽報》由路易斯·泰勒創辦。 [sun#0]"
        )
        assert v.relevance is not None and v.relevance.addresses_question


class TestCountedValue:
    @pytest.mark.parametrize(
        ("question", "units"),
        [
            ("How many Sikhs live in Victoria?", ("sikh", "live")),
            ("How many French soldiers were killed?", ("french", "soldier")),
            ("How many were killed?", ()),
            ("How much did it cost?", ()),
            ("舟山跨海大橋的總長度是多少公里？", ("公里",)),
            ("朱守謙去世時幾歲？", ("歲",)),
            ("这套丛书出版了多少卷？", ("卷",)),
            ("沿線設了哪幾個站？", ()),
        ],
    )
    def test_what_is_counted(self, question: str, units: tuple[str, ...]) -> None:
        assert counted_unit(question) == units

    def test_a_count_of_something_else_is_not_an_answer(self) -> None:
        units = counted_unit("How many Sikhs live in Victoria?")
        assert not states_count(units, ["Victoria is home to 152,775 Muslims and 45,150 Jews."])
        assert states_count(units, ["About 52,000 Sikhs live in Victoria."])

    def test_a_population_counts_people(self) -> None:
        units = counted_unit("How many people lived in the colonies?")
        assert states_count(units, ["The colonies had a population of 2 million."])

    def test_the_unit_in_either_script(self) -> None:
        assert states_count(("歲",), ["他享年六十三岁。"])
        assert states_count(("天",), ["員工請假須於三個工作天前提出申請。"])
        assert not states_count(("卷",), ["本叢書由多卷編著組成。"])

    def test_an_english_unit_is_counted_in_chinese(self) -> None:
        """Documents bench, tune half (pdf-008): "how many days" is answered by 「42日」."""
        units = counted_unit("How many days of childbirth leave (娩假) do staff get?")
        assert states_count(units, ["假別：娩假｜給假日數：42日｜薪資給與：照給"])
        assert not states_count(units, ["假別：娩假｜薪資給與：照給"])

    def test_a_record_counts_under_the_column_the_question_names(self) -> None:
        question = "How many people fit in the Mercer Suite in theatre layout?"
        units = counted_unit(question)
        record = "Room: Mercer Suite | Theatre: 180 | Classroom: 96"
        assert states_count(units, [record], question)
        assert not states_count(units, ["Room: Mercer Suite | Floor: 2"], question)

    def test_a_clause_number_is_not_the_value_asked_for(self) -> None:
        question = "奉派加班後的補休，最晚多久內要休完？"
        assert not states_answer(AnswerType.QUANTITY, "第十三條奉派加班者，得申請補休。", question)
        assert states_answer(AnswerType.QUANTITY, "補休應於一年內休畢。", question)
        assert has_type(AnswerType.DATE, "帳號開通時程：報到後2個工作日")

    def test_the_questions_own_value_is_not_new(self) -> None:
        question = "How many people died in the 1991 eruption?"
        assert not has_new_value(AnswerType.QUANTITY, "The 1991 eruption was large.", question)
        assert has_new_value(AnswerType.QUANTITY, "In 1991, 847 people died.", question)


class TestDecision:
    def test_a_table_row_is_read_under_its_tables_heading(self) -> None:
        """Documents bench, tune half (pdf-168): the row says "off-peak single" only through
        the heading it stands under; the draft quoting it had been refused."""
        rows = [
            "Journey: Within one zone | Adult: £2.40 | Child (5-15): £1.20",
            "Journey: Two zones | Adult: £3.90 | Child (5-15): £1.95",
        ]
        question = "What does a child pay for a two-zone off-peak single?"
        draft = f"From your documents:\n{rows[1]} [t#1]"
        decisions = []
        for heading in ("", "Fares (single journey, off-peak)"):
            sources = [
                Source(f"t#{i}", "t", r, "Rail timetable", None, heading)
                for i, r in enumerate(rows)
            ]
            v = JUDGE.judge_offline(JudgeInput(draft, sources, question, 1, 10))
            decisions.append((v.addresses_question, v.outcome.decision))
        assert decisions == [(False, Decision.REFINE), (True, Decision.ACCEPT)]

    def test_a_hyphenated_word_is_its_parts(self) -> None:
        """With the heading read, the whole-line row was kept beside the two-zone one for "a
        two-zone off-peak single" (the chat page, thirteenth session): "two-zone" was one term
        that no row holds, so nothing told the rows apart."""
        assert terms_of("a two-zone off-peak single") >= {"zon", "off", "peak", "singl"}
        rows = [
            "Journey: Two zones | Adult: £3.90 | Child (5-15): £1.95",
            "Journey: Whole line (Port Ellery–Kingsford) | Adult: £6.80 | Child (5-15): £3.40",
        ]
        sources = [
            Source(f"t#{i}", "t", r, "Rail timetable", None, "Fares (single journey, off-peak)")
            for i, r in enumerate(rows)
        ]
        question = "What does a child pay for a two-zone off-peak single?"
        draft = f"{rows[1]} [t#1]\n{rows[0]} [t#0]"
        v = JUDGE.judge_offline(JudgeInput(draft, sources, question, 1, 10))
        assert v.relevance is not None
        assert {line.text: line.addresses for line in v.relevance.lines} == {
            rows[0]: True,
            rows[1]: False,
        }

    def test_a_count_the_document_never_names_is_given_beside_the_name_asked(self) -> None:
        """Documents bench, tune half (rw-011): an election bulletin never says "votes"."""
        bulletin = [
            Source("b#0", "b", "GOVERNOR JERRY BROWN 201 NEEL KASHKARI 96", "Bulletin"),
            Source(
                "b#1", "b", "SUPERINTENDENT PUBLIC INST MARSHALL TUCK 188 TOM TORLAKSON 88", "B"
            ),
        ]
        question = "How many votes did Marshall Tuck get for Superintendent of Public Instruction?"
        right = f"From your documents:\n{bulletin[1].text} [b#1]"
        v = JUDGE.judge_offline(JudgeInput(right, bulletin, question, 1, 10))
        assert v.addresses_question and v.outcome.decision is Decision.ACCEPT
        other = f"From your documents:\n{bulletin[0].text} [b#0]"
        v = JUDGE.judge_offline(JudgeInput(other, bulletin, question, 1, 10))
        assert not v.addresses_question
        said = [Source("c#0", "c", "Marshall Tuck 188; the turnout was 40 votes higher.", "C")]
        v = JUDGE.judge_offline(JudgeInput("Marshall Tuck 188. [c#0]", said, question, 1, 10))
        assert not v.addresses_question  # the document names votes: the count must be of votes

    def test_the_quote_that_answers_is_accepted(self) -> None:
        v = verdict(
            "How often are passwords rotated?", "Passwords are rotated every ninety days. [it#0]"
        )
        assert v.addresses_question and v.outcome.decision is Decision.ACCEPT

    def test_a_faithful_off_topic_quote_is_refined_then_rejected(self) -> None:
        draft = "Printers on the third floor need a badge. [it#0]"
        first = verdict("How often are passwords rotated?", draft)
        assert not first.addresses_question
        assert first.outcome.decision is Decision.REFINE
        assert NOT_ADDRESSING in first.outcome.criteria
        assert first.relevance.missing_aspects
        # Never accepted near the limit: rejected once no iteration is left.
        near = verdict("How often are passwords rotated?", draft, iteration=8)
        assert near.outcome.decision is Decision.REFINE and not near.outcome.accepted_at_limit
        last = verdict("How often are passwords rotated?", draft, iteration=10)
        assert last.outcome.decision is Decision.REJECT

    def test_the_wrong_answer_type_is_named(self) -> None:
        v = verdict("公司是哪一年成立的？", "總部在台北。[zh#0]")
        assert not v.addresses_question
        assert "expected answer type: date" in v.relevance.missing_aspects

    def test_a_count_of_another_thing_is_not_accepted(self) -> None:
        v = verdict("How many printers are there?", "Laptops are replaced every four years. [it#0]")
        assert not v.addresses_question
        assert v.outcome.decision is not Decision.ACCEPT
        assert "how many printer" in v.relevance.relevance_notes

    def test_a_date_beside_another_relation_is_not_accepted(self) -> None:
        v = verdict("病假是哪一年開始需要醫師證明的？", "公司成立於1998年，總部在台北。[zh#0]")
        assert not v.addresses_question
        assert "together with what the question asks about" in v.relevance.relevance_notes

    def test_a_question_quoted_back_does_not_answer(self) -> None:
        faq = Source("faq#0", "faq", "病假需要什麼證明？病假需要附上醫師證明。", "常見問題")

        def judge(draft: str) -> Any:
            return JUDGE.judge_offline(JudgeInput(draft, [faq], "病假需要什麼證明？", 1, 10))

        asked_back = judge("「病假需要什麼證明？」 [faq#0]")
        assert not asked_back.addresses_question
        assert asked_back.relevance.off_topic_sentences == ["「病假需要什麼證明？」"]
        assert judge("病假需要附上醫師證明。 [faq#0]").addresses_question

    def test_a_question_that_says_more_can_answer(self) -> None:
        case = Source(
            "case#0", "case", "本案的爭議點是電話簿的字母排序是否受著作權法保護？", "判例"
        )
        draft = "本案的爭議點是電話簿的字母排序是否受著作權法保護？ [case#0]"
        v = JUDGE.judge_offline(JudgeInput(draft, [case], "這個案件的爭議點是什麼？", 1, 10))
        assert v.relevance is not None and v.relevance.off_topic_sentences == []

    def test_off_topic_sentences_are_reported(self) -> None:
        draft = (
            "Passwords are rotated every ninety days. [it#0] "
            "Printers on the third floor need a badge. [it#0] "
            "Laptops are replaced every four years. [it#0]"
        )
        v = verdict("How often are passwords rotated?", draft)
        assert "Printers on the third floor need a badge." in v.relevance.off_topic_sentences


class TestBadInput:
    def test_an_empty_question_is_not_assessed(self) -> None:
        v = verdict("", "Passwords are rotated every ninety days. [it#0]")
        assert v.addresses_question and v.outcome.decision is Decision.ACCEPT
        assert v.relevance is not None and not v.relevance.assessed

    def test_an_answer_of_citations_only_does_not_answer(self) -> None:
        v = verdict("How often are passwords rotated?", "[it#0] [zh#0]")
        assert not v.addresses_question
        assert v.outcome.decision is not Decision.ACCEPT
        assert "only citations" in v.relevance.relevance_notes

    @pytest.mark.parametrize("question", ["?", "假", "a"])
    def test_a_one_character_question_gets_a_verdict(self, question: str) -> None:
        v = verdict(question, "Passwords are rotated every ninety days. [it#0]")
        assert 0.0 <= v.relevance.score <= 1.0

    def test_a_question_in_another_language_rests_on_the_neutral_lexical_values(self) -> None:
        v = verdict("密碼多久更換一次？", "Passwords are rotated every ninety days. [it#0]")
        assert v.relevance.features["holds_best"] == 1.0
        assert v.relevance.features["coverage"] == 1.0

    def test_a_long_answer_gets_a_verdict(self) -> None:
        draft = " ".join(["Passwords are rotated every ninety days. [it#0]"] * 2000)
        v = verdict("How often are passwords rotated?", draft)
        assert v.addresses_question


def _service() -> JudgeService:
    return JudgeService(Judge(), LexicalGrader(), JudgeMetrics(CollectorRegistry()))


@pytest.mark.parametrize(
    "vector", [[0.1] * 3, [0.0] * EMBEDDING_DIM, [float("nan")] * EMBEDDING_DIM]
)
async def test_a_malformed_question_vector_is_invalid_input(vector: list[float]) -> None:
    request = judge_pb2.JudgeRequest(
        question="How often?", draft="Every ninety days. [a#0]", question_vector=vector
    )
    request.sources.append(common_pb2.Chunk(chunk_id="a#0", doc_id="a", text="Every ninety days."))
    with pytest.raises(InvalidInput):
        await _service().Judge(request, object())  # type: ignore[arg-type]


def test_the_vector_length_is_the_models() -> None:
    assert E5Embedder().dim == EMBEDDING_DIM


@pytest.mark.parametrize(
    ("question", "sentence", "names"),
    [
        ("司馬晏是誰的兒子？", "晉武帝司馬炎之子。", True),  # a word's head: 子 of 兒子
        ("吳淞路閘橋原來的地址在哪裡？", "閘橋原址位於外白渡橋以東。", True),
        ("溫哥華太陽報的創辦人是誰？", "溫哥華太陽報於1912年創刊。", False),  # 創刊 is not 創辦
        # 「人」 of 「創辦人」 is too common a head: 「記者人數」 names no founder
        ("溫哥華太陽報的創辦人是誰？", "溫哥華太陽報的記者人數近年已大大縮小。", False),
    ],
)
def test_a_sentence_names_the_relation_by_a_word_or_its_head(
    question: str, sentence: str, names: bool
) -> None:
    others = ["第一句沒有關係。", "第二句也沒有。", "第三句還是沒有。", "第四句同樣沒有。"]
    title = terms_of("溫哥華太陽報 司馬晏 吳淞路閘橋")  # the entities are the titles' subjects
    focus = score_focus(question, [sentence], [" ".join([sentence, *others])], title)
    assert focus.names_asked == (names,)


def test_a_number_of_another_measure_does_not_answer_how_much() -> None:
    source = Source(
        "tuva#0",
        "tuva",
        "唐努烏梁海如今通常只指俄羅斯聯邦的「圖瓦共和國」，面積為17萬平方公里，首府為克孜勒。"
        "清朝時的唐努烏梁海還包含今天的阿爾泰共和國，總面積約24萬平方公里。",
        "唐努烏梁海",
    )
    draft = "唐努烏梁海如今通常只指俄羅斯聯邦的「圖瓦共和國」，面積為17萬平方公里。 [tuva#0]"
    judge = JUDGE.judge_offline
    asked: Any = judge(JudgeInput(draft, [source], "圖瓦共和國目前的人口大約有多少？", 1, 10))
    assert not asked.relevance.addresses_question
    assert any("人口" in m for m in asked.relevance.relevance_notes.split(";"))
    area: Any = judge(JudgeInput(draft, [source], "圖瓦共和國的面積大約有多少？", 1, 10))
    assert area.relevance.addresses_question


def test_a_year_beside_no_word_of_the_relation_does_not_answer_when() -> None:
    source = Source(
        "rainier#0",
        "rainier",
        "瑞尼尔山被认为是世界上最危险的火山之一。B. Van Trump在1870年成功首登瑞尼尔山。"
        "1890年Fay Fuller成为第一位首登瑞尼尔山的女性。瑞尼尔山也是喀斯开山脉的最高峰。",
        "瑞尼尔山",
    )
    draft = "B. Van Trump在1870年成功首登瑞尼尔山。 [rainier#0]"
    judge = JUDGE.judge_offline
    erupted: Any = judge(JudgeInput(draft, [source], "瑞尼尔山最近一次喷发是在哪一年？", 1, 10))
    assert not erupted.relevance.addresses_question
    climbed: Any = judge(JudgeInput(draft, [source], "Van Trump是在哪一年首登瑞尼尔山的？", 1, 10))
    assert climbed.relevance.addresses_question


def test_a_line_without_a_year_does_not_answer_in_what_year() -> None:
    source = Source(
        "eu#0",
        "eu",
        "The Working Time Directive requires that every worker has at least 4 weeks paid "
        "holidays each year. Most member states require more than 28 days in national law.",
        "European Union law",
    )
    draft = (
        "The Working Time Directive requires that every worker has at least 4 weeks paid "
        "holidays each year. [eu#0]"
    )
    asked: Any = JUDGE.judge_offline(
        JudgeInput(draft, [source], "In what year was the Working Time Directive adopted?", 1, 10)
    )
    assert not asked.relevance.addresses_question
    assert "year" in asked.relevance.relevance_notes


def test_a_synonym_names_the_relation_a_count_stands_beside() -> None:
    rows = "親屬關係：繼父母、配偶之父母、子女死亡｜喪假日數：10日"
    source = Source("s#0", "s", f"附表三　喪假日數表\n{rows}", "教職員工請假規則")
    draft = f"{rows} [s#0]"
    v: Any = JUDGE.judge_offline(JudgeInput(draft, [source], "配偶的父母過世，喪假有幾天？", 1, 10))
    assert "no sentence names" not in v.relevance.relevance_notes  # 死亡 names 過世 ("die")
    erupted: Any = JUDGE.judge_offline(
        JudgeInput(draft, [source], "配偶的父母是哪一年開始請喪假的？", 1, 10)
    )
    assert not erupted.relevance.addresses_question


TIMETABLE = [
    "Train: Kingsford | 2210: 07:24 | 2212: 07:53 | 2214: 08:20",
    "Train: Port Ellery | 2210: 08:09 | 2212: 08:35 | 2214: 09:05",
]


def test_a_table_cell_named_by_its_row_and_column_answers_when() -> None:
    """A timetable never says "reach": the row's station and the column's train address the
    cell (the documents benchmark's tune half)."""
    source = Source("tt#0", "tt", "\n".join(TIMETABLE), "Weekday timetable")
    draft = f"{TIMETABLE[1]} [tt#0]"
    question = "If I board train 2212 at Kingsford, when do I reach Port Ellery?"
    v: Any = JUDGE.judge_offline(JudgeInput(draft, [source], question, 1, 10))
    assert v.relevance.addresses_question, v.relevance.relevance_notes
    other: Any = JUDGE.judge_offline(
        JudgeInput(draft, [source], "When does train 2212 reach Harbour Road?", 1, 10)
    )
    assert not other.relevance.addresses_question  # the row is another station's


@pytest.mark.parametrize("text", ["2212: 08:35", "closed at 16h05", "began at 1:01 p.m.", "13：30"])
def test_a_time_of_day_answers_when(text: str) -> None:
    assert has_type(AnswerType.DATE, text)


@pytest.mark.parametrize("text", ["a ratio of 3:1", "version 2.1"])
def test_a_ratio_is_no_time(text: str) -> None:
    assert not has_type(AnswerType.DATE, text)


LIBRARY_HOURS = (
    "（一）學期期間開放時間\n\n週一至週五 08:00至22:00\n\n週六 09:00至17:00\n\n"
    "週日 13:00至21:00\n\n"
    "國定假日休館\n\n（三）流通櫃臺\n\n借還書服務於閉館前十五分鐘停止辦理。"
    "館外還書箱設於總館正門右側，二十四小時開放，但視聽資料請勿投入還書箱，以免損壞。"
)


def test_hours_answer_until_when_it_is_open() -> None:
    """「開到幾點」 asks a time of day, and 「13:00至21:00」 says until when it is open (the fresh
    documents set, fr-018: the right line was refused at P 0.41 for never saying 「開到」 and
    for 「點」 of 「幾點」 left in the focus)."""
    assert expected_type("禮拜天圖書館開到幾點") is AnswerType.DATE
    assert expected_type("At what time was the meeting adjourned?") is AnswerType.DATE
    assert "點" not in focus_terms("禮拜天圖書館開到幾點")
    source = Source("lib#14", "lib", LIBRARY_HOURS, "圖書館資料借閱規則")
    v: Any = JUDGE.judge_offline(
        JudgeInput("週日 13:00至21:00 [lib#14]", [source], "禮拜天圖書館開到幾點", 1, 10)
    )
    assert v.relevance.addresses_question, v.relevance.relevance_notes
    draft = "借還書服務於閉館前十五分鐘停止辦理。 [lib#14]"
    rule: Any = JUDGE.judge_offline(JudgeInput(draft, [source], "禮拜天圖書館開到幾點", 1, 10))
    assert not rule.relevance.addresses_question


def test_the_kind_of_number_asked_is_never_the_subject() -> None:
    """ "what number do I call": every line of a timetable holds a number; "number" is still what
    is asked, not the entity a line must name (the fresh documents set, fr-031)."""
    text = (
        "4.1 Bicycles are not carried, with the exception of folding bicycles.\n"
        "4.2 Pets are not permitted, except assistance dogs.\n"
        "4.3 The last run leaves at 22:40 on weekdays and 18:10 at weekends.\n"
        "4.4 If a scheduled shuttle is more than 15 minutes late, passengers may call the "
        "transport hotline on 0800 555 0192 to request a taxi voucher."
    )
    source = Source("sh#63", "sh", text, "Staff Shuttle Timetable")
    line = text.splitlines()[3]
    question = "shuttle more than 15 min late what number do i call"
    v: Any = JUDGE.judge_offline(JudgeInput(f"{line} [sh#63]", [source], question, 1, 10))
    assert v.relevance.addresses_question, v.relevance.relevance_notes


def test_a_word_no_source_says_is_named_by_its_synonym() -> None:
    """ "bike" asked, "bicycles" written: the line names what is asked (fr-028); "trip" is said
    by the source itself, so "travel" does not name it."""
    text = (
        "4.1 Bicycles are not carried, with the exception of folding bicycles.\n"
        "4.2 Pets are not permitted, except assistance dogs.\n"
        "4.3 Items left on a shuttle are held for 14 days before disposal."
    )
    asked = "Can I bring my bike on the shuttle?"
    scores = score_focus(asked, [text.splitlines()[0]], [text], set())
    assert "bike" not in scores.missing_terms
    other = score_focus("bike rules", [text.splitlines()[1]], [text], set())
    assert other.sentence_coverage[0] < scores.sentence_coverage[0]


def test_a_word_written_solid_is_the_word_written_with_a_hyphen() -> None:
    """ "staff wifi" is said by 「Staff Wi-Fi」, and "supposed to" asks nothing (the fresh
    documents set: the service-level row was refused for lacking "wifi" and "supposed")."""
    assert "wifi" in terms_of("Service: Staff Wi-Fi | Availability target: 99.0%")
    assert "email" in terms_of("Send it by e-mail")
    assert "twozone" not in terms_of("a two-zone fare")
    question = "What uptime is the staff wifi supposed to have?"
    assert not {"suppos", "supposed"} & focus_terms(question)
    row = "Service: Staff Wi-Fi | Availability target: 99.0% | Maintenance: Tuesdays 06:00–07:00"
    source = Source("sla#13", "sla", row, "IT Service Level Agreement")
    v: Any = JUDGE.judge_offline(JudgeInput(f"{row} [sla#13]", [source], question, 1, 10))
    assert v.relevance.addresses_question, v.relevance.relevance_notes


def test_quoted_commands_say_what_their_heading_says() -> None:
    """A block of commands with its lead stands under its heading, as a table's row does: the
    README's Claude block answers "How do I configure a real LLM?" through 「A real LLM」."""
    text = (
        "The offline engines need nothing. To let router, agent and judge use Claude:\n"
        "```sh\nexport GROUNDMESH_LLM_PROVIDER=anthropic\nbash scripts/run.sh\n```"
    )
    source = Source("readme#43", "readme", text, "Groundmesh", section="A real LLM (Claude)")
    line = (
        "To let router, agent and judge use Claude: `export GROUNDMESH_LLM_PROVIDER=anthropic`, "
        "`bash scripts/run.sh`"
    )
    question = "How do I configure a real LLM?"
    v: Any = JUDGE.judge_offline(JudgeInput(f"{line} [readme#43]", [source], question, 1, 10))
    assert v.relevance.addresses_question, v.relevance.relevance_notes
    assert "question term: real" not in v.relevance.missing_aspects


def test_modal_words_and_the_askers_pronouns_are_not_the_focus() -> None:
    """Documents set (off-076): 「电脑或者账号出了问题应该找谁？」; no source sentence writes
    「应该」 or 「或者」, so as focus terms they weighed the most, and the contact row that
    answers covered a seventh of the question."""
    terms = focus_terms("电脑或者账号出了问题应该找谁？")
    assert {"电脑", "帐号"} <= terms  # 账 and 帳 fold to one character
    assert not {"应该", "或者", "该找"} & terms
    assert "我" not in focus_terms("如果我晚了超過十天才還會怎樣")


def test_asking_what_a_code_means_is_not_the_focus() -> None:
    """Documents set (pdf-072): 「成績等第 X 代表什麼情況？」 is answered by the row
    「等第：X｜…｜說明：未參加期末考試且未請假」; 「代表」 and 「情況」, which no source writes,
    weighed the most and the row covered a seventh of the question."""
    terms = focus_terms("成績等第 X 代表什麼情況？")
    assert {"等第", "x"} <= terms
    assert not {"代表", "情況"} & terms
    assert focus_terms("What does SLA stand for?") == {"sla"}
    assert "mean" not in focus_terms("What does grade X mean?")
    assert "mean" in focus_terms("mean temperature in July")


def test_a_rows_table_heading_adds_to_its_relation_not_to_its_coverage() -> None:
    """Documents set (pdf-072): the heading a row stands under (「…成績評定辦法 › 附表等第與
    分數對照表」) names what the question is about. Counted in the row's coverage, it raised the
    one feature the semantic model weighs against an answer (coverage beyond the relation), and
    the row for X alone was refused; counted for the relation only, it is accepted as the
    same row without a heading is."""
    from judge_svc.relevance import RelevanceChecker, RelevanceInput
    from judge_svc.rules import detect_hallucination

    heading = "私立天和大學學生學業成績評定及處理辦法 › 附表等第與分數對照表"
    rows = [
        "等第：X｜分數區間：0｜說明：未參加期末考試且未請假",
        "等第：A+｜分數區間：90-100｜說明：表現極優",
    ]
    question = "成績等第 X 代表什麼情況？"
    draft = f"{rows[0]} [grades#0]"

    def features(section: str) -> dict[str, float]:
        sources = [
            Source(f"grades#{i}", "grades", row, "成績評定辦法", None, section)
            for i, row in enumerate(rows)
        ]
        sentences = detect_hallucination(draft, sources).sentences
        return RelevanceChecker().check(RelevanceInput(question, sentences, sources)).features

    with_heading, without = features(heading), features("")
    assert with_heading["coverage"] == pytest.approx(without["coverage"])
    assert with_heading["relation_coverage"] >= without["relation_coverage"]


def test_a_documents_heading_is_graded_with_its_passages() -> None:
    from judge_svc.service import graded_text
    from mesh.document_heading import KEY

    chunk = common_pb2.Chunk(
        chunk_id="c#7",
        doc_id="c",
        title="HCHC Fee Schedule",
        text="2.2 Appointments may be booked up to 14 days in advance.",
        metadata={KEY: "Harbourview Community Health Clinic", "section": "2. Appointments"},
    )
    assert "Harbourview Community Health Clinic" in graded_text(chunk)


def test_a_traditional_question_is_answered_by_a_simplified_line() -> None:
    """Documents written apart from the code: 「濱江大學科研項目的結餘經費可以用幾年？」 over a
    Simplified Chinese regulation; the judge compared the scripts as written, found none of the
    question's words in 「结余经费……使用期限为2年」 (coverage 0.05) and refused it."""
    from judge_svc.relevance import RelevanceChecker, RelevanceInput
    from judge_svc.rules import detect_hallucination

    lines = [
        "3.5.1 项目通过综合绩效评价后，结余经费留归学校统筹用于科研活动的直接支出，使用期限为2年。",
        "3.4.2 单笔支出超过5万元的，须通过银行转账方式支付。",
    ]
    sources = [
        Source(f"grant#{i}", "grant", t, "滨江大学纵向科研项目经费管理细则")
        for i, t in enumerate(lines)
    ]
    draft = f"{lines[0]} [grant#0]"
    sentences = detect_hallucination(draft, sources).sentences

    def coverage(question: str) -> float:
        return (
            RelevanceChecker()
            .check(RelevanceInput(question, sentences, sources))
            .features["coverage"]
        )

    traditional = coverage("濱江大學科研項目的結餘經費可以用幾年？")
    assert traditional == pytest.approx(coverage("滨江大学科研项目的结余经费可以用几年？"))
    assert traditional > 0.3


@pytest.mark.parametrize(
    ("line", "states"),
    [
        ("二、週六：上午9時30分至晚間8時，晚間6時後入館免費。", True),
        ("週六延長開放至晚間八時。", True),
        ("本館同時提供導覽服務。", False),
    ],
)
def test_an_hour_written_as_notices_write_it_answers_until_when(line: str, states: bool) -> None:
    """Documents written apart from the code: 「青嵐美術館週六開到幾點？」 is answered by
    「週六：上午9時30分至晚間8時」; an hour written 「8時」 was no time of day, the writer passed
    the line over and the judge refused it for stating no date."""
    question = "青嵐美術館週六開到幾點？"
    assert states_answer(expected_type(question), line, question) is states


def test_a_chinese_count_is_stated_by_an_english_row() -> None:
    """Documents written apart from the code: 「Eastmoor 議會的輪椅無障礙廂型車可以坐幾人？」 is
    answered by "Seats: 6 + 1 wheelchair"; 人 was looked for only as Chinese writes it."""
    question = "Eastmoor 議會的輪椅無障礙廂型車可以坐幾人？"
    row = "Pool: P6 | Vehicle type: Wheelchair-accessible van | Seats: 6 + 1 wheelchair"
    assert states_count(counted_unit(question), [row], question)
    assert not states_count(counted_unit(question), ["Pool: P6 | Notice: 3 working days"], question)


def test_places_are_counted_by_a_capacity_column() -> None:
    """ "How many places are there in the SWASH wave modelling workshop?" is answered by the row
    "… | Capacity: 40 | …"; "places" was cut to "plac" and nothing counted it."""
    question = "How many places are there in the SWASH wave modelling workshop at PRCES?"
    row = "Code: W1 | Title: Numerical Wave Modelling with SWASH | Fee (HKD): 1500 | Capacity: 40"
    assert counted_unit(question) == ("place",)
    assert states_count(counted_unit(question), [row], question)


def test_how_soon_and_need_to_ask_and_a_doubled_consonant_is_one() -> None:
    """Documents set (pdf-143): "How soon after a trip do I need to submit my expense claim?"
    weighed "soon" and "need", which no source sentence writes, the most; and "6.1 Claims are
    submitted … within 30 days of the end of the trip" did not say "submit" ("submitt"). The
    line that answers was refused as covering a fifth of the question."""
    question = "How soon after a trip do I need to submit my expense claim?"
    assert focus_terms(question) == {"trip", "submit", "expens", "claim"}
    line = "6.1 Claims are submitted in ExpenseHub within 30 days of the end of the trip."
    assert {"submit", "claim", "trip"} <= terms_of(line)
    assert "need" in focus_terms("special needs support for pupils")
    assert {"call", "fill", "plan"} <= terms_of("called, filled and planned")
    # Final "-s" of "continuous" and a silent "e" are no suffixes (f2-073: "continuously" did
    # not find "continuous driving", "drive" not "driving").
    assert terms_of("continuously drive") == terms_of("continuous driving")


def test_a_bare_table_row_is_read_under_its_tables_header() -> None:
    """Documents set (f2-095): the writer quotes a Markdown table's data row as its cells,
    "W1 | … | 1500 | 40 | Room 2A"; only its table's header says that 40 is the capacity. The
    row was refused as counting no places."""
    question = "How many places are there in the SWASH wave modelling workshop at PRCES?"
    table = (
        "| Code | Title | Date | Fee (HKD) | Capacity | Venue |\n"
        "|---|---|---|---|---|---|\n"
        "| W1 | Numerical Wave Modelling with SWASH | 17 Nov 2025 | 1500 | 40 | Room 2A |\n"
        "| W2 | Nature-based Shoreline Design | 17 Nov 2025 | 850 | 60 | Room 2B |"
    )
    line = "W1 | Numerical Wave Modelling with SWASH | 17 Nov 2025 | 1500 | 40 | Room 2A"
    source = Source("prces#16", "prces", table, "PRCES 2025 registration")
    v: Any = JUDGE.judge_offline(JudgeInput(f"{line} [prces#16]", [source], question, 1, 10))
    assert v.relevance.addresses_question, v.relevance.relevance_notes


def test_an_english_count_is_stated_by_a_chinese_row_through_its_translation() -> None:
    """Documents set (f2-103): "how many group classes a month?" over the zh-Hant price sheet is
    answered by 「…｜每月團體課程 8 堂」; 堂 counts classes in no table of units, but 團體 is
    "group"."""
    question = "Songtao Sports Center full-time membership: how many group classes a month?"
    units = counted_unit(question)
    row = "全時段會員 | 1,680 | 全日 6:00—23:00 | 每月團體課程 8 堂"
    assert states_count(units, [row], question)
    assert not states_count(units, ["全時段會員 | 1,680 | 全日 6:00—23:00"], question)
    assert not states_count(units, ["Full-time member | 1,680 | 8 sessions"], question)


def test_a_misspelt_word_is_said_where_the_word_it_misspells_is() -> None:
    """ "minbus" asked, "minibus" written (the documents benchmark's tune half): the notice
    beside it is the count asked for; the estate car's row is not about the minibus."""
    rows = [
        "Pool: P2 | Vehicle type: Estate car | Minimum notice: 1 working day",
        "Pool: P3 | Vehicle type: 9-seat minibus | Minimum notice: 5 working days",
        "Pool: P5 | Vehicle type: 4x4 pickup | Minimum notice: 3 working days",
        "Pool: P6 | Vehicle type: Panel van | Minimum notice: 2 working days",
    ]
    source = Source("fleet#5", "fleet", "\n".join(rows), "Fleet Vehicle Use Policy")
    question = "How much notice do I need to book the council minbus?"
    minibus: Any = JUDGE.judge_offline(
        JudgeInput(f"{rows[1]} [fleet#5]", [source], question, 1, 10)
    )
    assert minibus.relevance.addresses_question, minibus.relevance.relevance_notes
    estate: Any = JUDGE.judge_offline(JudgeInput(f"{rows[0]} [fleet#5]", [source], question, 1, 10))
    assert not estate.relevance.addresses_question
