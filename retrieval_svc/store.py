"""The embedded store's persistence: SQLite (WAL) under the data directory, no pickle anywhere.

A document is replaced in one transaction with ``synchronous=FULL``, so once
:meth:`EmbeddedStore.replace_document` returns the document survives ``kill -9``; a document
whose transaction did not commit is wholly absent. Vectors are raw float32 bytes, tokens and
metadata JSON.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from retrieval_svc.embeddings import Matrix

# The vector of a chunk whose text is stored and searchable (BM25) before its vector exists.
PENDING = b""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    tenant TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    title TEXT NOT NULL,
    content_type TEXT NOT NULL,
    metadata TEXT NOT NULL,
    ingested_at REAL NOT NULL,
    chunk_count INTEGER NOT NULL,
    PRIMARY KEY (tenant, doc_id)
);
CREATE TABLE IF NOT EXISTS chunks (
    tenant TEXT NOT NULL,
    chunk_id TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    section TEXT NOT NULL,
    text TEXT NOT NULL,
    tokens TEXT NOT NULL,
    vector BLOB NOT NULL,
    page INTEGER NOT NULL DEFAULT 0,
    page_label TEXT NOT NULL DEFAULT '',
    ocr_confidence REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (tenant, chunk_id)
);
CREATE INDEX IF NOT EXISTS chunks_by_doc ON chunks (tenant, doc_id, ordinal);
"""


# Columns added since the first stores were written, each added in place when missing.
_PAGE_COLUMNS = (
    ("page", "INTEGER NOT NULL DEFAULT 0"),
    ("page_label", "TEXT NOT NULL DEFAULT ''"),
    ("ocr_confidence", "REAL NOT NULL DEFAULT 0"),
)


@dataclass(frozen=True)
class DocumentRecord:
    """One stored document (its chunks are stored beside it)."""

    doc_id: str
    title: str
    content_type: str
    metadata: dict[str, str]
    ingested_at: float
    chunk_count: int


@dataclass(frozen=True)
class StoredChunk:
    """One searchable chunk; ``doc_id`` is its parent (the ``parent_id`` citations may use).

    ``metadata`` is the parent document's; ``tokens`` are its BM25 terms (search results may
    leave them empty). ``ocr_confidence`` is 0 when the text was not read by OCR, else the
    mean OCR confidence of the blocks it was cut from, in (0, 1].
    """

    chunk_id: str
    doc_id: str
    ordinal: int
    title: str
    section: str
    text: str
    tokens: tuple[str, ...]
    metadata: dict[str, str] = field(default_factory=dict)
    page: int = 0
    page_label: str = ""
    ocr_confidence: float = 0.0


class EmbeddedStore:
    """Documents, chunks, their BM25 terms and vectors in one SQLite file."""

    def __init__(self, data_dir: Path, dim: int) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        self.path = data_dir / "groundmesh.sqlite3"
        self._dim = dim
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(chunks)")}
        for name, kind in _PAGE_COLUMNS:
            if name not in columns:  # a store written before chunks had pages (or OCR)
                self._db.execute(f"ALTER TABLE chunks ADD COLUMN {name} {kind}")

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def replace_document(
        self, tenant: str, doc: DocumentRecord, chunks: list[StoredChunk], vectors: Matrix | None
    ) -> bool:
        """Store ``doc`` and its chunks atomically, replacing any earlier version; ``vectors``
        None stores the text alone, vectors pending (:meth:`set_vectors` adds them).

        Returns whether an earlier version was replaced.
        """
        if vectors is not None and vectors.shape != (len(chunks), self._dim):
            raise ValueError(f"expected {len(chunks)} vectors of {self._dim} dimensions")
        rows = [
            (
                tenant,
                c.chunk_id,
                doc.doc_id,
                c.ordinal,
                c.section,
                c.text,
                json.dumps(list(c.tokens), ensure_ascii=False),
                PENDING
                if vectors is None
                else np.ascontiguousarray(vectors[i], dtype=np.float32).tobytes(),
                c.page,
                c.page_label,
                c.ocr_confidence,
            )
            for i, c in enumerate(chunks)
        ]
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = self._db.execute(
                    "DELETE FROM documents WHERE tenant = ? AND doc_id = ?", (tenant, doc.doc_id)
                )
                replaced = cur.rowcount > 0
                self._db.execute(
                    "DELETE FROM chunks WHERE tenant = ? AND doc_id = ?", (tenant, doc.doc_id)
                )
                self._db.execute(
                    "INSERT INTO documents VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        tenant,
                        doc.doc_id,
                        doc.title,
                        doc.content_type,
                        json.dumps(doc.metadata, ensure_ascii=False),
                        doc.ingested_at,
                        len(chunks),
                    ),
                )
                self._db.executemany(
                    "INSERT INTO chunks (tenant, chunk_id, doc_id, ordinal, section, text, "
                    "tokens, vector, page, page_label, ocr_confidence) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return replaced

    def set_vectors(self, tenant: str, doc_id: str, chunk_ids: list[str], vectors: Matrix) -> bool:
        """Give a document's chunks their vectors, all in one transaction; False (nothing
        written) when the document no longer has exactly these chunks (deleted or replaced)."""
        if vectors.shape != (len(chunk_ids), self._dim):
            raise ValueError(f"expected {len(chunk_ids)} vectors of {self._dim} dimensions")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                have = {
                    r[0]
                    for r in self._db.execute(
                        "SELECT chunk_id FROM chunks WHERE tenant = ? AND doc_id = ?",
                        (tenant, doc_id),
                    )
                }
                if have != set(chunk_ids):
                    self._db.execute("ROLLBACK")
                    return False
                self._db.executemany(
                    "UPDATE chunks SET vector = ? WHERE tenant = ? AND chunk_id = ?",
                    [
                        (np.ascontiguousarray(v, dtype=np.float32).tobytes(), tenant, c)
                        for c, v in zip(chunk_ids, vectors, strict=True)
                    ],
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return True

    def delete_document(self, tenant: str, doc_id: str) -> int | None:
        """Delete one document; the number of chunks removed, or None if it did not exist."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                cur = self._db.execute(
                    "DELETE FROM documents WHERE tenant = ? AND doc_id = ?", (tenant, doc_id)
                )
                if cur.rowcount == 0:
                    self._db.execute("ROLLBACK")
                    return None
                cur = self._db.execute(
                    "DELETE FROM chunks WHERE tenant = ? AND doc_id = ?", (tenant, doc_id)
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return cur.rowcount

    def list_documents(self, tenant: str) -> list[DocumentRecord]:
        """The tenant's documents ordered by id."""
        with self._lock:
            rows = self._db.execute(
                "SELECT doc_id, title, content_type, metadata, ingested_at, chunk_count "
                "FROM documents WHERE tenant = ? ORDER BY doc_id",
                (tenant,),
            ).fetchall()
        return [
            DocumentRecord(r[0], r[1], r[2], json.loads(r[3]), float(r[4]), int(r[5])) for r in rows
        ]

    def tenants(self) -> list[str]:
        """Every tenant with at least one document."""
        with self._lock:
            rows = self._db.execute("SELECT DISTINCT tenant FROM documents").fetchall()
        return [r[0] for r in rows]

    def get_chunks(self, tenant: str, chunk_ids: list[str]) -> list[StoredChunk]:
        """The named chunks that exist, in the order asked, without their tokens."""
        if not chunk_ids:
            return []
        found: dict[str, StoredChunk] = {}
        docs: dict[str, tuple[str, dict[str, str]]] = {}
        with self._lock:
            for start in range(0, len(chunk_ids), 500):
                part = chunk_ids[start : start + 500]
                marks = ",".join("?" * len(part))
                rows = self._db.execute(
                    "SELECT c.chunk_id, c.doc_id, c.ordinal, c.section, c.text, d.title, "
                    "d.metadata, c.page, c.page_label, c.ocr_confidence FROM chunks c "
                    "JOIN documents d "
                    "ON d.tenant = c.tenant AND d.doc_id = c.doc_id "
                    f"WHERE c.tenant = ? AND c.chunk_id IN ({marks})",
                    (tenant, *part),
                ).fetchall()
                for r in rows:
                    if r[1] not in docs:
                        docs[r[1]] = (r[5], json.loads(r[6]))
                    title, metadata = docs[r[1]]
                    found[r[0]] = StoredChunk(
                        r[0],
                        r[1],
                        int(r[2]),
                        title,
                        r[3],
                        r[4],
                        (),
                        metadata,
                        int(r[7]),
                        r[8],
                        float(r[9]),
                    )
        return [found[c] for c in chunk_ids if c in found]

    def chunk_texts(
        self, tenant: str, chunk_ids: list[str]
    ) -> dict[str, tuple[str, int, str, str, int, str, float]]:
        """chunk id → (doc_id, ordinal, section, text, page, page_label, ocr_confidence) of
        the named chunks that exist: what a search result needs when the caller already holds
        the documents' titles and metadata."""
        found: dict[str, tuple[str, int, str, str, int, str, float]] = {}
        with self._lock:
            for start in range(0, len(chunk_ids), 500):
                part = chunk_ids[start : start + 500]
                marks = ",".join("?" * len(part))
                for r in self._db.execute(
                    "SELECT chunk_id, doc_id, ordinal, section, text, page, page_label, "
                    f"ocr_confidence FROM chunks WHERE tenant = ? AND chunk_id IN ({marks})",
                    (tenant, *part),
                ):
                    found[r[0]] = (r[1], int(r[2]), r[3], r[4], int(r[5]), r[6], float(r[7]))
        return found

    def count(self, tenant: str) -> tuple[int, int]:
        """(documents, chunks) of a tenant, from the database."""
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*), COALESCE(SUM(chunk_count), 0) FROM documents WHERE tenant = ?",
                (tenant,),
            ).fetchone()
        return int(row[0]), int(row[1])

    def index_rows(
        self, tenant: str
    ) -> tuple[dict[str, dict[str, str]], Iterator[tuple[str, str, list[str], Matrix | None]]]:
        """What the in-memory index needs, without chunk texts: each document's metadata, and
        an iterator of (doc_id, chunk_id, tokens, vector or None when pending) in document
        order. Hold no other
        call while iterating (the connection's lock is taken per batch of rows)."""
        with self._lock:
            metadata = {
                r[0]: json.loads(r[1])
                for r in self._db.execute(
                    "SELECT doc_id, metadata FROM documents WHERE tenant = ?", (tenant,)
                )
            }

        def rows() -> Iterator[tuple[str, str, list[str], Matrix | None]]:
            last = ("", -1)
            while True:
                with self._lock:
                    batch = self._db.execute(
                        "SELECT doc_id, ordinal, chunk_id, tokens, vector FROM chunks "
                        "WHERE tenant = ? AND (doc_id, ordinal) > (?, ?) "
                        "ORDER BY doc_id, ordinal LIMIT 2000",
                        (tenant, *last),
                    ).fetchall()
                if not batch:
                    return
                for r in batch:
                    vector = np.frombuffer(r[4], dtype=np.float32) if r[4] else None
                    yield r[0], r[2], json.loads(r[3]), vector
                last = (batch[-1][0], int(batch[-1][1]))

        return metadata, rows()

    def load_tenant(self, tenant: str) -> tuple[list[StoredChunk], Matrix]:
        """All chunks of a tenant, with their vectors in the same order."""
        with self._lock:
            docs = {
                r[0]: (r[1], json.loads(r[2]))
                for r in self._db.execute(
                    "SELECT doc_id, title, metadata FROM documents WHERE tenant = ?", (tenant,)
                )
            }
            rows = self._db.execute(
                "SELECT chunk_id, doc_id, ordinal, section, text, tokens, vector, page, "
                "page_label, ocr_confidence FROM chunks WHERE tenant = ? ORDER BY doc_id, ordinal",
                (tenant,),
            ).fetchall()
        chunks: list[StoredChunk] = []
        vectors = np.zeros((len(rows), self._dim), dtype=np.float32)
        for i, r in enumerate(rows):
            title, metadata = docs.get(r[1], ("", {}))
            chunks.append(
                StoredChunk(
                    chunk_id=r[0],
                    doc_id=r[1],
                    ordinal=int(r[2]),
                    title=title,
                    section=r[3],
                    text=r[4],
                    tokens=tuple(json.loads(r[5])),
                    metadata=metadata,
                    page=int(r[7]),
                    page_label=r[8],
                    ocr_confidence=float(r[9]),
                )
            )
            if r[6]:  # a pending vector stays zero
                vectors[i] = np.frombuffer(r[6], dtype=np.float32)
        return chunks, vectors
