"""A source's page in the HTTP API: ``page`` is an integer or null (the format has no pages),
``page_label`` a string or null; both are sent with every source, in ``/v1/ask``, in the
stream's ``done`` event and in the legacy ``/api/qa/query`` sources. Text read by OCR
(retrieval's ``ocr_confidence`` above 0) is ``scanned``, with its confidence (null otherwise), and
its citation says "scanned p. 3"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cli.commands.ask import source_line
from gateway.convert import answer_out, source_out
from gateway.metrics import GatewayMetrics
from gateway.models import SSE_EVENTS, AskOut, LegacyQueryOut, LegacySourceOut, SourceOut
from gateway.sse import relay
from groundmesh.v1 import agent_pb2, common_pb2

pytestmark = pytest.mark.unit


def chunk(
    chunk_id: str, page: int = 0, page_label: str = "", ocr_confidence: float = 0.0
) -> common_pb2.Chunk:
    return common_pb2.Chunk(
        chunk_id=chunk_id,
        doc_id=chunk_id.split("#")[0],
        title="Title of " + chunk_id,
        text="text",
        fused_score=0.5,
        page=page,
        page_label=page_label,
        ocr_confidence=ocr_confidence,
    )


SOURCES = [
    chunk("notes.md#0"),  # no pages
    chunk("leave.pdf#4", page=3),
    chunk("差旅.xlsx#2", page=2, page_label="國內出差"),
    chunk("memo.png#0", page=1, page_label="scanned"),
]
EXPECTED = [(None, None), (3, None), (2, "國內出差"), (1, "scanned")]


class TestConversion:
    def test_page_zero_is_null_and_a_label_is_carried(self) -> None:
        assert [(s.page, s.page_label) for s in map(source_out, SOURCES)] == EXPECTED

    def test_a_blank_label_or_a_negative_page_is_null(self) -> None:
        out = source_out(chunk("x#0", page=-1, page_label="  "))
        assert (out.page, out.page_label) == (None, None)

    def test_existing_fields_are_unchanged(self) -> None:
        c = chunk("leave.pdf#4", page=3)
        c.vector_score = 0.8
        c.metadata["source"] = "leave.pdf"
        out = source_out(c)
        assert out.model_dump(exclude={"page", "page_label", "scanned", "ocr_confidence"}) == {
            "chunk_id": "leave.pdf#4",
            "doc_id": "leave.pdf",
            "title": "Title of leave.pdf#4",
            "text": "text",
            "score": 0.5,
            "vector_score": 0.8,
            "bm25_score": None,
            "metadata": {"source": "leave.pdf"},
        }

    def test_text_not_read_by_ocr_is_not_scanned(self) -> None:
        assert [(s.scanned, s.ocr_confidence) for s in map(source_out, SOURCES)] == [
            (False, None)
        ] * len(SOURCES)

    def test_ocr_text_is_scanned_with_its_confidence_and_labelled(self) -> None:
        out = source_out(chunk("notice.png#0", page=3, ocr_confidence=0.61234))
        assert (out.page, out.page_label, out.scanned, out.ocr_confidence) == (
            3,
            "scanned",
            True,
            0.6123,
        )
        assert source_line(
            1, out.model_dump()
        ) == "  [1] notice.png#0 — Title of notice.png#0, " + ("scanned p. 3")

    def test_a_scanned_pages_own_label_is_kept(self) -> None:
        out = source_out(chunk("scan.pdf#1", page=2, page_label="Annex", ocr_confidence=1.0))
        assert (out.page_label, out.scanned, out.ocr_confidence) == ("Annex", True, 1.0)

    def test_answer_sources_carry_pages_in_order(self) -> None:
        out = answer_out(agent_pb2.Answer(answer="a [leave.pdf#4]", sources=SOURCES), False)
        assert [(s.page, s.page_label) for s in out.sources] == EXPECTED


class TestWireForm:
    """The bodies leave out null fields; page and page_label are always there."""

    def _sources(self, body: dict[str, Any]) -> list[tuple[Any, Any]]:
        return [(s["page"], s["page_label"]) for s in body["sources"]]

    def test_ask_body_without_nulls_still_has_both_keys(self) -> None:
        out = answer_out(agent_pb2.Answer(answer="a", sources=SOURCES), False)
        body = out.model_dump(mode="json", exclude_none=True)
        assert self._sources(body) == EXPECTED
        # other null fields are still left out, as before
        assert "vector_score" not in body["sources"][0] and "intermediate_steps" not in body
        assert AskOut.model_validate(body).sources[2].page_label == "國內出差"

    def test_scanned_and_ocr_confidence_are_always_sent(self) -> None:
        sources = [*SOURCES, chunk("notice.png#0", page=3, ocr_confidence=0.93)]
        body = answer_out(agent_pb2.Answer(answer="a", sources=sources), False).model_dump(
            mode="json", exclude_none=True
        )
        got = [(s["scanned"], s["ocr_confidence"]) for s in body["sources"]]
        assert got == [(False, None)] * len(SOURCES) + [(True, 0.93)]
        assert AskOut.model_validate(body).sources[-1].scanned is True

    def test_an_explicit_exclude_still_leaves_them_out(self) -> None:
        out = source_out(chunk("notes.md#0"))
        body = out.model_dump(mode="json", exclude_none=True, exclude={"page"})
        assert "page" not in body and body["page_label"] is None
        assert set(out.model_dump(include={"chunk_id"}, exclude_none=True)) == {"chunk_id"}

    def test_legacy_sources_carry_the_page(self) -> None:
        legacy = LegacyQueryOut(
            answer="a",
            sources=[
                LegacySourceOut(
                    chunk_id=s.chunk_id,
                    document_id=s.doc_id,
                    text=s.text,
                    score=s.score,
                    page=s.page,
                    page_label=s.page_label,
                    scanned=s.scanned,
                    ocr_confidence=s.ocr_confidence,
                )
                for s in map(source_out, [*SOURCES, chunk("n.png#0", 1, "", 0.5)])
            ],
            model_used="m",
        )
        body = legacy.model_dump(mode="json", exclude_none=True)
        assert self._sources(body) == [*EXPECTED, (1, "scanned")]
        assert [s["scanned"] for s in body["sources"]] == [False] * len(SOURCES) + [True]
        assert body["sources"][-1]["ocr_confidence"] == 0.5

    async def test_the_done_event_carries_pages(self) -> None:
        done = agent_pb2.AskStreamResponse(
            done=agent_pb2.DoneEvent(answer=agent_pb2.Answer(answer="a", sources=SOURCES))
        )

        async def events() -> Any:
            yield done

        frames = [
            f async for f in relay(events(), lambda a: answer_out(a, False), 1000, GatewayMetrics())
        ]
        assert frames[-1].event == "done"
        data = json.loads(str(frames[-1].data))
        assert self._sources(data) == EXPECTED
        SSE_EVENTS["done"].model_validate(data)


class TestSchema:
    @pytest.mark.parametrize("model", [SourceOut, LegacySourceOut])
    def test_page_is_an_integer_or_null_and_the_label_a_string_or_null(
        self, model: type[SourceOut] | type[LegacySourceOut]
    ) -> None:
        for mode in ("validation", "serialization"):
            props = model.model_json_schema(mode=mode)["properties"]
            assert {t["type"] for t in props["page"]["anyOf"]} == {"integer", "null"}
            assert {t["type"] for t in props["page_label"]["anyOf"]} == {"string", "null"}
            assert "chunk_id" in props and "score" in props
            assert props["scanned"]["type"] == "boolean"
            assert {t["type"] for t in props["ocr_confidence"]["anyOf"]} == {"number", "null"}

    def test_an_ocr_confidence_of_zero_is_refused(self) -> None:
        with pytest.raises(ValueError):
            SourceOut(chunk_id="c", doc_id="d", title="t", text="x", score=0.0, ocr_confidence=0)

    def test_a_page_below_one_is_refused(self) -> None:
        with pytest.raises(ValueError):
            SourceOut(chunk_id="c", doc_id="d", title="t", text="x", score=0.0, page=0)


class TestCliSourcesList:
    """``groundmesh ask`` lists each source with its page, in English."""

    @pytest.mark.parametrize(
        ("page", "label", "line"),
        [
            (3, None, "  [1] doc#3 — Leave policy, p. 3"),
            (2, "Rates 2026", "  [1] doc#3 — Leave policy, sheet: Rates 2026"),
            (2, "國內出差", "  [1] doc#3 — Leave policy, sheet: 國內出差"),
            (3, "scanned", "  [1] doc#3 — Leave policy, scanned p. 3"),
            (None, None, "  [1] doc#3 — Leave policy"),
        ],
    )
    def test_source_line(self, page: int | None, label: str | None, line: str) -> None:
        source = {"chunk_id": "doc#3", "title": "Leave policy", "page": page, "page_label": label}
        assert source_line(1, source) == line

    def test_a_scanned_source_says_so_whatever_its_label(self) -> None:
        source = {"chunk_id": "doc#3", "title": "Notice", "page": 3, "scanned": True}
        assert source_line(1, source) == "  [1] doc#3 — Notice, scanned p. 3"

    def test_a_gateway_that_sends_no_page_is_read_as_before(self) -> None:
        assert source_line(2, {"chunk_id": "d#0", "title": "T"}) == "  [2] d#0 — T"
