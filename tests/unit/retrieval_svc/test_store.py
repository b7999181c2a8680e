"""Unit tests for retrieval_svc.store.EmbeddedStore: SQLite persistence, atomic replace."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from retrieval_svc.store import DocumentRecord, EmbeddedStore, StoredChunk

pytestmark = pytest.mark.unit

DIM = 4


def _doc(doc_id: str, n: int, title: str = "Handbook") -> DocumentRecord:
    return DocumentRecord(
        doc_id=doc_id,
        title=title,
        content_type="text/markdown",
        metadata={"lang": "zh-Hant", "部門": "人資"},
        ingested_at=1_700_000_000.5,
        chunk_count=n,
    )


def _chunks(doc_id: str, texts: list[str]) -> list[StoredChunk]:
    return [
        StoredChunk(
            chunk_id=f"{doc_id}#{i}",
            doc_id=doc_id,
            ordinal=i,
            title="Handbook",
            section="請假" if i == 0 else "",
            text=text,
            tokens=tuple(text.lower().split()),
        )
        for i, text in enumerate(texts)
    ]


def _vectors(n: int, offset: float = 0.0) -> np.ndarray:
    return (np.arange(n * DIM, dtype=np.float32).reshape(n, DIM) + offset) / 7.0


@pytest.fixture()
def store(tmp_path: Path) -> Iterator[EmbeddedStore]:
    s = EmbeddedStore(tmp_path / "data", DIM)
    yield s
    s.close()


class TestEmbeddedStoreWrite:
    def test_new_document_is_stored(self, store: EmbeddedStore) -> None:
        replaced = store.replace_document(
            "acme", _doc("hr", 2), _chunks("hr", ["leave rules", "sick days"]), _vectors(2)
        )
        assert replaced is False
        (record,) = store.list_documents("acme")
        assert record.doc_id == "hr"
        assert record.chunk_count == 2
        assert record.metadata == {"lang": "zh-Hant", "部門": "人資"}
        chunks, vectors = store.load_tenant("acme")
        assert [c.chunk_id for c in chunks] == ["hr#0", "hr#1"]
        assert chunks[0].tokens == ("leave", "rules")
        assert chunks[0].section == "請假"
        assert chunks[0].metadata == record.metadata
        np.testing.assert_array_equal(vectors, _vectors(2))

    def test_replace_removes_every_old_chunk(self, store: EmbeddedStore) -> None:
        store.replace_document("acme", _doc("hr", 3), _chunks("hr", ["a", "b", "c"]), _vectors(3))
        replaced = store.replace_document(
            "acme", _doc("hr", 1, title="v2"), _chunks("hr", ["new text"]), _vectors(1, 9.0)
        )
        assert replaced is True
        chunks, vectors = store.load_tenant("acme")
        assert [c.text for c in chunks] == ["new text"]
        assert chunks[0].title == "v2"
        np.testing.assert_array_equal(vectors, _vectors(1, 9.0))
        (record,) = store.list_documents("acme")
        assert record.chunk_count == 1

    def test_wrong_vector_shape_is_refused_and_changes_nothing(self, store: EmbeddedStore) -> None:
        store.replace_document("acme", _doc("hr", 1), _chunks("hr", ["old"]), _vectors(1))
        with pytest.raises(ValueError):
            store.replace_document("acme", _doc("hr", 2), _chunks("hr", ["x", "y"]), _vectors(1))
        with pytest.raises(ValueError):
            store.replace_document(
                "acme", _doc("hr", 1), _chunks("hr", ["x"]), np.zeros((1, DIM + 1), np.float32)
            )
        chunks, _ = store.load_tenant("acme")
        assert [c.text for c in chunks] == ["old"]

    def test_failed_replace_is_rolled_back_entirely(self, store: EmbeddedStore) -> None:
        store.replace_document(
            "acme", _doc("hr", 2), _chunks("hr", ["old a", "old b"]), _vectors(2)
        )
        bad = _chunks("hr", ["new a", "new b"])
        bad[1] = StoredChunk("hr#0", "hr", 1, "t", "", "duplicate id", ("x",))
        with pytest.raises(sqlite3.IntegrityError):
            store.replace_document("acme", _doc("hr", 2, title="v2"), bad, _vectors(2, 5.0))
        chunks, vectors = store.load_tenant("acme")
        assert [c.text for c in chunks] == ["old a", "old b"]
        np.testing.assert_array_equal(vectors, _vectors(2))
        assert store.list_documents("acme")[0].title == "Handbook"
        # The store is still usable after the rollback.
        store.replace_document("acme", _doc("other", 1), _chunks("other", ["ok"]), _vectors(1))
        assert [d.doc_id for d in store.list_documents("acme")] == ["hr", "other"]


class TestEmbeddedStoreDelete:
    def test_delete_returns_the_chunk_count(self, store: EmbeddedStore) -> None:
        store.replace_document("acme", _doc("hr", 2), _chunks("hr", ["a", "b"]), _vectors(2))
        store.replace_document("acme", _doc("fin", 1), _chunks("fin", ["c"]), _vectors(1))
        assert store.delete_document("acme", "hr") == 2
        assert [d.doc_id for d in store.list_documents("acme")] == ["fin"]
        chunks, vectors = store.load_tenant("acme")
        assert [c.doc_id for c in chunks] == ["fin"]
        assert vectors.shape == (1, DIM)

    def test_delete_unknown_document_is_none(self, store: EmbeddedStore) -> None:
        assert store.delete_document("acme", "nope") is None
        store.replace_document("acme", _doc("hr", 1), _chunks("hr", ["a"]), _vectors(1))
        assert store.delete_document("acme", "nope") is None
        assert store.delete_document("other", "hr") is None
        assert [d.doc_id for d in store.list_documents("acme")] == ["hr"]

    def test_delete_twice(self, store: EmbeddedStore) -> None:
        store.replace_document("acme", _doc("hr", 1), _chunks("hr", ["a"]), _vectors(1))
        assert store.delete_document("acme", "hr") == 1
        assert store.delete_document("acme", "hr") is None


class TestEmbeddedStoreTenants:
    def test_tenants_are_isolated(self, store: EmbeddedStore) -> None:
        store.replace_document("acme", _doc("hr", 1), _chunks("hr", ["acme text"]), _vectors(1))
        store.replace_document(
            "globex", _doc("hr", 2), _chunks("hr", ["globex a", "globex b"]), _vectors(2, 1.0)
        )
        assert sorted(store.tenants()) == ["acme", "globex"]
        assert [c.text for c in store.load_tenant("acme")[0]] == ["acme text"]
        assert [c.text for c in store.load_tenant("globex")[0]] == ["globex a", "globex b"]
        assert store.delete_document("acme", "hr") == 1
        assert [c.text for c in store.load_tenant("globex")[0]] == ["globex a", "globex b"]
        assert store.tenants() == ["globex"]

    def test_unknown_tenant_is_empty(self, store: EmbeddedStore) -> None:
        chunks, vectors = store.load_tenant("nobody")
        assert chunks == []
        assert vectors.shape == (0, DIM)
        assert store.list_documents("nobody") == []

    def test_documents_are_listed_by_id(self, store: EmbeddedStore) -> None:
        for doc_id in ["b", "c", "a"]:
            store.replace_document("acme", _doc(doc_id, 1), _chunks(doc_id, ["x"]), _vectors(1))
        assert [d.doc_id for d in store.list_documents("acme")] == ["a", "b", "c"]

    def test_chunks_load_in_document_then_ordinal_order(self, store: EmbeddedStore) -> None:
        texts = [f"t{i}" for i in range(12)]
        store.replace_document("acme", _doc("z", 12), _chunks("z", texts), _vectors(12))
        store.replace_document("acme", _doc("a", 1), _chunks("a", ["first"]), _vectors(1, 3.0))
        chunks, vectors = store.load_tenant("acme")
        assert [c.text for c in chunks] == ["first", *texts]
        np.testing.assert_array_equal(vectors[0], _vectors(1, 3.0)[0])
        np.testing.assert_array_equal(vectors[1:], _vectors(12))


class TestEmbeddedStorePersistence:
    def test_reopened_store_has_the_data(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        first = EmbeddedStore(data, DIM)
        first.replace_document(
            "acme", _doc("hr", 2), _chunks("hr", ["請假規定", "病假"]), _vectors(2)
        )
        first.replace_document("globex", _doc("x", 1), _chunks("x", ["x"]), _vectors(1))
        docs_before = first.list_documents("acme")
        first.close()

        second = EmbeddedStore(data, DIM)
        try:
            assert second.list_documents("acme") == docs_before
            assert sorted(second.tenants()) == ["acme", "globex"]
            chunks, vectors = second.load_tenant("acme")
            assert [c.text for c in chunks] == ["請假規定", "病假"]
            assert chunks[0].tokens == ("請假規定",)
            np.testing.assert_array_equal(vectors, _vectors(2))
        finally:
            second.close()

    def test_reopened_store_keeps_a_replacement_and_a_delete(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        first = EmbeddedStore(data, DIM)
        first.replace_document("acme", _doc("hr", 2), _chunks("hr", ["a", "b"]), _vectors(2))
        first.replace_document("acme", _doc("hr", 1), _chunks("hr", ["new"]), _vectors(1))
        first.replace_document("acme", _doc("gone", 1), _chunks("gone", ["x"]), _vectors(1))
        first.delete_document("acme", "gone")
        first.close()

        second = EmbeddedStore(data, DIM)
        try:
            assert [c.text for c in second.load_tenant("acme")[0]] == ["new"]
            assert [d.doc_id for d in second.list_documents("acme")] == ["hr"]
        finally:
            second.close()

    def test_creates_the_data_directory(self, tmp_path: Path) -> None:
        data = tmp_path / "a" / "b"
        EmbeddedStore(data, DIM).close()
        assert data.is_dir()

    def test_no_file_in_the_data_dir_is_a_pickle(self, tmp_path: Path) -> None:
        data = tmp_path / "data"

        def heads() -> dict[str, bytes]:
            return {p.name: p.read_bytes()[:16] for p in data.rglob("*") if p.is_file()}

        s = EmbeddedStore(data, DIM)
        s.replace_document("acme", _doc("hr", 2), _chunks("hr", ["a", "b"]), _vectors(2))
        seen = heads()  # while open: the database and its WAL files
        s.close()
        seen.update(heads())
        assert seen["groundmesh.sqlite3"] == b"SQLite format 3\x00"
        for name, head in seen.items():
            assert Path(name).suffix not in {".pkl", ".pickle", ".npy", ".npz", ".joblib"}
            assert not head.startswith(b"\x80"), f"{name} starts like a pickle"


class TestPagesAndOcr:
    """A chunk's page, page label and OCR confidence are stored and read back everywhere."""

    def test_they_round_trip(self, store: EmbeddedStore) -> None:
        chunks = [
            StoredChunk(
                "scan#0", "scan", 0, "Notice", "", "押金五千元", ("押金",), {}, 3, "", 0.62
            ),
            StoredChunk("scan#1", "scan", 1, "Notice", "", "typed", ("typed",), {}, 4, "Annex"),
        ]
        store.replace_document("acme", _doc("scan", 2), chunks, _vectors(2))
        got = store.get_chunks("acme", ["scan#0", "scan#1"])
        assert [(c.page, c.page_label, c.ocr_confidence) for c in got] == [
            (3, "", 0.62),
            (4, "Annex", 0.0),
        ]
        rows = store.chunk_texts("acme", ["scan#0"])
        assert rows["scan#0"][4:] == (3, "", 0.62)
        loaded = store.load_tenant("acme")[0]
        assert [c.ocr_confidence for c in loaded] == [0.62, 0.0]

    def test_a_store_written_before_pages_and_ocr_gains_the_columns_in_place(
        self, tmp_path: Path
    ) -> None:
        data = tmp_path / "data"
        data.mkdir()
        db = sqlite3.connect(data / "groundmesh.sqlite3")
        db.executescript(
            """
            CREATE TABLE documents (tenant TEXT NOT NULL, doc_id TEXT NOT NULL,
                title TEXT NOT NULL, content_type TEXT NOT NULL, metadata TEXT NOT NULL,
                ingested_at REAL NOT NULL, chunk_count INTEGER NOT NULL,
                PRIMARY KEY (tenant, doc_id));
            CREATE TABLE chunks (tenant TEXT NOT NULL, chunk_id TEXT NOT NULL,
                doc_id TEXT NOT NULL, ordinal INTEGER NOT NULL, section TEXT NOT NULL,
                text TEXT NOT NULL, tokens TEXT NOT NULL, vector BLOB NOT NULL,
                PRIMARY KEY (tenant, chunk_id));
            INSERT INTO documents VALUES ('acme', 'old', 'Old', 'text/plain', '{}', 1.0, 1);
            INSERT INTO chunks VALUES ('acme', 'old#0', 'old', 0, '', 'old text', '["old"]', x'');
            """
        )
        db.commit()
        db.close()
        s = EmbeddedStore(data, DIM)
        try:
            (old,) = s.get_chunks("acme", ["old#0"])
            assert (old.text, old.page, old.page_label, old.ocr_confidence) == (
                "old text",
                0,
                "",
                0.0,
            )
            new = StoredChunk("scan#0", "scan", 0, "N", "", "scanned", ("scanned",), {}, 1, "", 0.7)
            s.replace_document("acme", _doc("scan", 1), [new], _vectors(1))
            assert s.get_chunks("acme", ["scan#0"])[0].ocr_confidence == 0.7
        finally:
            s.close()
