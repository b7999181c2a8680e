"""retrieval_svc over real gRPC on loopback: formats, re-ingest, delete, filters, bad input."""

from __future__ import annotations

import grpc
import pytest

from groundmesh.v1 import retrieval_pb2
from retrieval_svc.formats import DOCX
from retrieval_svc.sample_documents import docx_bytes, pdf_bytes, zip_bomb_docx
from tests.retrieval.conftest import MAX_DOCUMENT_BYTES, Retrieval, ingest, request

pytestmark = pytest.mark.integration

HANDBOOK_MD = """# 請假規定

員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。病假可於事後補辦手續。

## Travel

Travel expenses must be filed within fourteen days, with the receipts attached.
"""
HTML = (
    b"<html><head><title>Security</title><script>var token='zzsecretzz';</script></head>"
    b"<body><h1>Laptops</h1><p>Every laptop must use full-disk encryption.</p></body></html>"
)


def _search(
    tenant: str = "acme", query: str = "leave", **kwargs: object
) -> retrieval_pb2.SearchRequest:
    return retrieval_pb2.SearchRequest(tenant=tenant, query=query, **kwargs)  # type: ignore[arg-type]


async def _stats(r: Retrieval, tenant: str = "acme") -> tuple[int, int]:
    s = await r.stub.GetStats(retrieval_pb2.GetStatsRequest(tenant=tenant), timeout=10)
    return s.documents, s.chunks


class TestIngestFormats:
    async def test_every_format_is_ingested_and_searchable(self, retrieval: Retrieval) -> None:
        acks = await ingest(
            retrieval.stub,
            request("handbook", HANDBOOK_MD, source="handbook.md"),
            request("security", HTML, "text/html", source="security.html"),
            request(
                "expenses",
                pdf_bytes(["Expense policy", "Meals are reimbursed up to 40 euros per day."]),
                "application/pdf",
                source="expenses.pdf",
                download_url="https://example.com/expenses.pdf",
            ),
            request(
                "onboarding",
                docx_bytes([(1, "到職"), (0, "新進員工第一天須領取門禁卡。")]),
                DOCX,
                source="onboarding.docx",
            ),
            request("notes", "Parking permits are renewed every January.", "text/plain"),
        )
        done = [a for a in acks if not a.in_progress]
        assert [a.doc_id for a in done] == [
            "handbook",
            "security",
            "expenses",
            "onboarding",
            "notes",
        ]
        assert [a.documents_done for a in done] == [1, 2, 3, 4, 5]
        assert all(a.chunk_count >= 1 and not a.replaced for a in done)

        cases = {
            "請假要提前幾天申請？": "handbook",
            "full-disk encryption laptops": "security",
            "meal reimbursement per day": "expenses",
            "門禁卡": "onboarding",
            "parking permit renewal": "notes",
        }
        for query, doc_id in cases.items():
            reply = await retrieval.stub.Search(_search(query=query, top_k=3), timeout=30)
            top = reply.chunks[0]
            assert top.doc_id == doc_id, query
            assert top.metadata["parent_id"] == doc_id
            assert top.HasField("vector_score") or top.HasField("bm25_score")
            assert not reply.degraded

        secret = await retrieval.stub.Search(_search(query="zzsecretzz", mode=3), timeout=30)
        assert secret.chunks == []  # the script was not indexed

        listed = await retrieval.stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant="acme"), timeout=10
        )
        by_id = {d.doc_id: d for d in listed.documents}
        assert by_id["expenses"].metadata["download_url"] == "https://example.com/expenses.pdf"
        assert by_id["expenses"].content_type == "application/pdf"
        assert by_id["security"].title == "Security"
        assert by_id["onboarding"].metadata["source"] == "onboarding.docx"

    async def test_big5_gbk_and_utf16_documents_are_searchable(self, retrieval: Retrieval) -> None:
        await ingest(
            retrieval.stub,
            request("leave-tw", "# 請假規定\n\n員工到職滿一年享有七天特休假。".encode("big5")),
            request("leave-cn", "员工入职满一年享有五天带薪年假。".encode("gbk"), "text/plain"),
            request(
                "parking",
                "訪客車位在地下二樓。".encode("gb18030"),
                "text/plain; charset=GB18030",
            ),
            request("badge", "Badges are renewed every March.".encode("utf-16"), "text/plain"),
        )
        expected = {
            "特休假": "leave-tw",
            "带薪年假": "leave-cn",
            "訪客車位": "parking",
            "badge renewal": "badge",
        }
        found = {
            q: (await retrieval.stub.Search(_search(query=q, top_k=1), timeout=30)).chunks[0].doc_id
            for q in expected
        }
        assert found == expected
        listed = await retrieval.stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant="acme"), timeout=10
        )
        assert {d.doc_id: d.title for d in listed.documents}["leave-tw"] == "請假規定"

    async def test_a_large_document_reports_progress_before_its_ack(
        self, retrieval: Retrieval
    ) -> None:
        text = "\n\n".join(f"# Rule {i}\n\nRule number {i} applies." for i in range(40))
        quiet = await ingest(retrieval.stub, request("rules", text))
        assert [a.in_progress for a in quiet] == [False]  # no progress unless asked for
        again = await ingest(retrieval.stub, request("rules", text))
        assert [(a.unchanged, a.chunk_count) for a in again] == [(True, 40)]  # nothing redone
        # New text in every chunk (the embedding cache would serve unchanged ones at once).
        asked = request("rules", text.replace("applies", "holds"))
        asked.report_progress = True
        acks = await ingest(retrieval.stub, asked)
        *progress, ack = acks
        assert progress and all(p.in_progress and p.chunks_total == 40 for p in progress)
        assert not ack.in_progress and ack.chunk_count == 40


class TestReingestDeleteList:
    async def test_reingest_replaces_atomically(self, retrieval: Retrieval) -> None:
        await ingest(retrieval.stub, request("policy", "# Old\n\nThe old rule mentions zebras."))
        (ack,) = await ingest(
            retrieval.stub, request("policy", "# New\n\nThe new rule mentions giraffes.")
        )
        assert ack.replaced and ack.chunk_count == 1
        old = await retrieval.stub.Search(_search(query="zebras", mode=3), timeout=30)
        new = await retrieval.stub.Search(_search(query="giraffes", mode=3), timeout=30)
        assert old.chunks == []
        assert [c.doc_id for c in new.chunks] == ["policy"]
        assert await _stats(retrieval) == (1, 1)

    async def test_delete_list_stats_and_unknown_id(self, retrieval: Retrieval) -> None:
        await ingest(retrieval.stub, request("a", "Alpha text."), request("b", "Beta text."))
        reply = await retrieval.stub.DeleteDocument(
            retrieval_pb2.DeleteDocumentRequest(tenant="acme", doc_id="a"), timeout=10
        )
        assert reply.chunks_deleted == 1
        listed = await retrieval.stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant="acme"), timeout=10
        )
        assert [d.doc_id for d in listed.documents] == ["b"]
        assert await _stats(retrieval) == (1, 1)
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await retrieval.stub.DeleteDocument(
                retrieval_pb2.DeleteDocumentRequest(tenant="acme", doc_id="a"), timeout=10
            )
        assert err.value.code() == grpc.StatusCode.NOT_FOUND

    async def test_tenant_with_no_documents(self, retrieval: Retrieval) -> None:
        await ingest(retrieval.stub, request("a", "Alpha text."))
        reply = await retrieval.stub.Search(_search(tenant="nobody", query="alpha"), timeout=30)
        assert list(reply.chunks) == [] and not reply.degraded
        assert await _stats(retrieval, "nobody") == (0, 0)
        listed = await retrieval.stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant="nobody"), timeout=10
        )
        assert list(listed.documents) == []


class TestSearchOptions:
    async def test_filters_modes_fusion_and_min_score(self, retrieval: Retrieval) -> None:
        await ingest(
            retrieval.stub,
            request("en", "Annual leave is requested three days ahead.", lang="en"),
            request("zh", "年假須於三天前申請。", lang="zh"),
            request("en2", "Sick leave needs a doctor's note.", lang="en"),
        )
        by_doc = await retrieval.stub.Search(
            _search(query="leave", doc_ids=["en2"], top_k=10), timeout=30
        )
        assert {c.doc_id for c in by_doc.chunks} == {"en2"}
        unknown = await retrieval.stub.Search(_search(query="leave", doc_ids=["nope"]), timeout=30)
        assert list(unknown.chunks) == [] and not unknown.degraded
        by_meta = await retrieval.stub.Search(
            _search(query="leave 年假", metadata_filter={"lang": "zh"}, top_k=10), timeout=30
        )
        assert {c.doc_id for c in by_meta.chunks} == {"zh"}

        bm25 = await retrieval.stub.Search(_search(query="doctor note", mode=3), timeout=30)
        assert bm25.mode == retrieval_pb2.SEARCH_MODE_BM25
        assert all(c.HasField("bm25_score") and not c.HasField("vector_score") for c in bm25.chunks)
        vector = await retrieval.stub.Search(_search(query="doctor note", mode=2), timeout=30)
        assert all(
            c.HasField("vector_score") and not c.HasField("bm25_score") for c in vector.chunks
        )
        assert len(vector.chunks) == 3

        rrf = await retrieval.stub.Search(
            _search(query="sick leave", fusion=retrieval_pb2.FUSION_WEIGHTED_RRF), timeout=30
        )
        assert rrf.fusion == retrieval_pb2.FUSION_WEIGHTED_RRF
        default = await retrieval.stub.Search(_search(query="sick leave"), timeout=30)
        assert default.fusion == retrieval_pb2.FUSION_WEIGHTED_SCORE
        assert default.mode == retrieval_pb2.SEARCH_MODE_HYBRID
        high = await retrieval.stub.Search(_search(query="sick leave", min_score=0.9), timeout=30)
        assert 0 < len(high.chunks) < len(default.chunks)
        assert all(c.fused_score >= 0.9 for c in high.chunks)

    async def test_a_failed_leg_is_degraded_not_an_error(
        self, degraded_retrieval: Retrieval
    ) -> None:
        await ingest(degraded_retrieval.stub, request("en", "Travel expenses need receipts."))
        reply = await degraded_retrieval.stub.Search(_search(query="travel receipts"), timeout=30)
        assert reply.degraded and list(reply.failed_legs) == ["vector"]
        assert [c.doc_id for c in reply.chunks] == ["en"]
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await degraded_retrieval.stub.Search(_search(query="travel", mode=2), timeout=30)
        assert err.value.code() == grpc.StatusCode.UNAVAILABLE


PNG_BYTES = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x02"

BAD_DOCUMENTS = {
    "empty": (request("bad", b""), "empty"),
    "oversized": (request("bad", b"x " * MAX_DOCUMENT_BYTES), "limit"),
    "wrong content type": (request("bad", b"GIF89a....", "image/gif"), "not supported"),
    "corrupt pdf": (request("bad", b"%PDF-1.7\n1 0 obj << broken", "application/pdf"), "PDF"),
    "zip bomb": (request("bad", zip_bomb_docx(40 * 1024 * 1024), DOCX), "zip bomb"),
    "not text": (request("bad", PNG_BYTES, "text/plain"), "UTF-8"),
    "bad doc id": (request("../etc", b"text"), "doc_id"),
}


class TestBadInput:
    @pytest.mark.parametrize("case", list(BAD_DOCUMENTS))
    async def test_bad_document_is_refused_and_nothing_is_written(
        self, retrieval: Retrieval, case: str
    ) -> None:
        await ingest(retrieval.stub, request("good", "Good text."))
        doc, message = BAD_DOCUMENTS[case]
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await ingest(retrieval.stub, doc)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert message in (err.value.details() or "")
        assert await _stats(retrieval) == (1, 1)
        listed = await retrieval.stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant="acme"), timeout=10
        )
        assert [d.doc_id for d in listed.documents] == ["good"]

    async def test_documents_before_a_bad_one_stay_acknowledged(self, retrieval: Retrieval) -> None:
        acks: list[retrieval_pb2.IngestResponse] = []
        with pytest.raises(grpc.aio.AioRpcError):
            async for ack in retrieval.stub.Ingest(
                _aiter([request("one", "First."), request("two", b""), request("three", "x")]),
                timeout=60,
            ):
                acks.append(ack)
        assert [a.doc_id for a in acks] == ["one"]
        assert await _stats(retrieval) == (1, 1)

    @pytest.mark.parametrize(
        ("query", "message"), [("q" * 100_000, "limit"), ("   ", "empty"), ("請" * 4001, "limit")]
    )
    async def test_bad_query(self, retrieval: Retrieval, query: str, message: str) -> None:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await retrieval.stub.Search(_search(query=query), timeout=30)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert message in (err.value.details() or "")

    @pytest.mark.parametrize(
        "fields",
        [{"tenant": "a/b"}, {"top_k": 101}, {"vector_weight": -1.0}, {"doc_ids": ["../x"]}],
    )
    async def test_bad_search_fields(self, retrieval: Retrieval, fields: dict[str, object]) -> None:
        kwargs: dict[str, object] = {"tenant": "acme", "query": "leave", **fields}
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await retrieval.stub.Search(retrieval_pb2.SearchRequest(**kwargs), timeout=30)  # type: ignore[arg-type]
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def _aiter(items: list[retrieval_pb2.IngestRequest]):  # type: ignore[no-untyped-def]
    for item in items:
        yield item
