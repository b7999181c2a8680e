"""Text read by OCR with low confidence (issue 29): searchable, and quoted, but never without a
warning to check the page, in the answer's language. The floor is a setting
(``GROUNDMESH_AGENT_OCR_CONFIDENCE_FLOOR``, 0.8 by default)."""

from __future__ import annotations

import pytest

from agent_svc.graph import AgentConfig, AgentGraph
from agent_svc.server import build_tools
from agent_svc.synthesis import low_confidence, with_ocr_warnings
from agent_svc.writer import ExtractiveWriter
from groundmesh.v1 import common_pb2
from mesh.config import REPO_ROOT, AgentSettings
from mesh.prompts import PromptLibrary
from tests.unit.agent_svc.agent_fakes import (
    CITATION,
    FakeUpstreams,
    HashEmbedder,
    answer_of,
    run,
)

pytestmark = pytest.mark.unit

PROMPTS = PromptLibrary(REPO_ROOT / "prompts")
WARNINGS = {
    "zh-Hant": "（掃描文字辨識信心偏低，請核對原頁）",
    "zh-Hans": "（扫描文字识别置信度偏低，请核对原页）",
    "en": "(scanned text read with low confidence: check the page)",
}


def scanned(chunk_id: str, text: str, confidence: float, page: int = 1) -> common_pb2.Chunk:
    return common_pb2.Chunk(
        chunk_id=chunk_id,
        doc_id=chunk_id.split("#")[0],
        title="Notice " + chunk_id,
        text=text,
        page=page,
        ocr_confidence=confidence,
    )


def graph(docs: list[common_pb2.Chunk], floor: float = 0.8) -> AgentGraph:
    settings = AgentSettings(port=0)
    up = FakeUpstreams(docs)
    return AgentGraph(
        up,
        PROMPTS,
        AgentConfig(ocr_confidence_floor=floor),
        build_tools(settings, up),
        ExtractiveWriter(PROMPTS, HashEmbedder(), 3),
    )


LOW = scanned(
    "deposit.png#0",
    "The venue deposit is 5,000 dollars, returned after the event.",
    0.62,
)
HIGH = scanned(
    "hours.png#0",
    "The venue is open from Tuesday to Sunday, nine to five.",
    0.97,
)
TEXT = common_pb2.Chunk(
    chunk_id="rules.pdf#0",
    doc_id="rules.pdf",
    title="Rules",
    text="The venue holds at most 120 people at a time.",
    page=2,
)


class TestTheWording:
    @pytest.mark.parametrize(("language", "warning"), sorted(WARNINGS.items()))
    def test_the_template_says_it_in_the_answers_language(
        self, language: str, warning: str
    ) -> None:
        assert PROMPTS.render("agent/ocr_warning.j2", language=language).text == warning

    def test_the_floor_is_a_setting_of_0_8_by_default(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        assert AgentSettings(port=0).ocr_confidence_floor == 0.8
        monkeypatch.setenv("GROUNDMESH_AGENT_OCR_CONFIDENCE_FLOOR", "0.9")
        assert AgentSettings(port=0).ocr_confidence_floor == 0.9
        monkeypatch.setenv("GROUNDMESH_AGENT_OCR_CONFIDENCE_FLOOR", "1.5")
        with pytest.raises(ValueError):
            AgentSettings(port=0)


class TestLines:
    def test_only_ocr_text_below_the_floor_is_doubtful(self) -> None:
        edge = scanned("edge.png#0", "x", 0.8)
        assert low_confidence([LOW, HIGH, TEXT, edge], 0.8) == {"deposit.png#0"}
        assert low_confidence([LOW, HIGH, TEXT], 0.0) == set()
        assert low_confidence([LOW, HIGH, TEXT], 1.0) == {"deposit.png#0", "hours.png#0"}

    def test_each_line_citing_it_carries_the_warning_after_its_citation(self) -> None:
        text = "根據您的文件：\n押金五千元。[deposit.png#0]\n容納一百二十人。[rules.pdf#0]"
        out = with_ocr_warnings(text, {"deposit.png#0"}, WARNINGS["zh-Hant"])
        assert out.split("\n") == [
            "根據您的文件：",
            "押金五千元。[deposit.png#0]（掃描文字辨識信心偏低，請核對原頁）",
            "容納一百二十人。[rules.pdf#0]",
        ]
        assert with_ocr_warnings(out, {"deposit.png#0"}, WARNINGS["zh-Hant"]) == out

    def test_an_english_warning_is_spaced(self) -> None:
        out = with_ocr_warnings("Deposit 5,000. [deposit.png#0]", {"deposit.png#0"}, WARNINGS["en"])
        assert out == "Deposit 5,000. [deposit.png#0] " + WARNINGS["en"]


class TestAnswers:
    async def test_a_quote_of_low_confidence_ocr_text_is_warned(self) -> None:
        answer = answer_of(await run(graph([LOW, HIGH, TEXT]), "How much is the venue deposit?"))
        assert "deposit.png#0" in CITATION.findall(answer.answer)
        for line in answer.answer.split("\n"):
            assert ("[deposit.png#0]" in line) == (WARNINGS["en"] in line), line
        # the source itself is searchable and cited as it came
        (source,) = [s for s in answer.sources if s.chunk_id == "deposit.png#0"]
        assert source.ocr_confidence == pytest.approx(0.62)

    async def test_confident_ocr_and_file_text_are_quoted_as_they_are(self) -> None:
        for question in ["When is the venue open?", "How many people does the venue hold?"]:
            answer = answer_of(await run(graph([HIGH, TEXT]), question))
            assert CITATION.findall(answer.answer), question
            assert "scanned text" not in answer.answer

    async def test_a_zh_hant_answer_warns_in_zh_hant(self) -> None:
        doc = scanned("notice.png#0", "場地押金為新臺幣五千元，活動結束後退還。", 0.55, page=3)
        answer = answer_of(await run(graph([doc]), "場地押金是多少？"))
        assert "[notice.png#0]" in answer.answer
        assert WARNINGS["zh-Hant"] in answer.answer
        assert "agent/ocr_warning.j2@1" in answer.prompt_versions

    async def test_a_floor_of_zero_never_warns(self) -> None:
        answer = answer_of(await run(graph([LOW], floor=0.0), "How much is the venue deposit?"))
        assert "[deposit.png#0]" in answer.answer
        assert WARNINGS["en"] not in answer.answer
