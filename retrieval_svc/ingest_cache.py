"""What ingestion remembers so that it never repeats work (issue 19), in one SQLite file.

- **Embedding cache**: a passage's vector keyed by the SHA-256 of the embedder's name and the
  exact passage text. A changed document re-embeds only the chunks whose text changed; a
  document uploaded under a new name, or re-uploaded after a delete, embeds nothing it had.
- **Content hashes**: the SHA-256 of what was stored for a (tenant, doc_id) (content, title,
  content type, metadata) and its chunk count. Re-uploading the same content is a no-op that
  says so, provided the backend still holds the document.

The cache is a cache: losing the file costs time, never data. Rows are bounded by
``max_vectors``; the oldest are dropped first.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from retrieval_svc.embeddings import Matrix

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    key TEXT PRIMARY KEY,
    vector BLOB NOT NULL,
    used_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS vectors_by_use ON vectors (used_at);
CREATE TABLE IF NOT EXISTS contents (
    tenant TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    chunk_count INTEGER NOT NULL,
    PRIMARY KEY (tenant, doc_id)
);
"""
DEFAULT_MAX_VECTORS = 500_000


def content_hash(content: bytes, title: str, content_type: str, metadata: Mapping[str, str]) -> str:
    """The SHA-256 of everything that decides what a document's chunks are."""
    h = hashlib.sha256()
    head = json.dumps([title, content_type, sorted(metadata.items())], ensure_ascii=False)
    h.update(head.encode("utf-8"))
    h.update(b"\0")
    h.update(content)
    return h.hexdigest()


def passage_key(embedder: str, text: str) -> str:
    """The cache key of one passage's vector under one embedder."""
    return hashlib.sha256(f"{embedder}\0{text}".encode()).hexdigest()


class IngestCache:
    """Embedding cache and content hashes; thread-safe (one connection, one lock)."""

    def __init__(self, path: Path, dim: int, max_vectors: int = DEFAULT_MAX_VECTORS) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._dim = dim
        self._max = max_vectors
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def vectors(self, keys: Sequence[str]) -> dict[str, Matrix]:
        """The cached vectors among ``keys`` (a vector of the wrong length is ignored)."""
        found: dict[str, Matrix] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                part = list(keys[start : start + 500])
                marks = ",".join("?" * len(part))
                rows = self._db.execute(
                    f"SELECT key, vector FROM vectors WHERE key IN ({marks})", part
                ).fetchall()
                for key, blob in rows:
                    vec = np.frombuffer(blob, dtype=np.float32)
                    if vec.shape == (self._dim,):
                        found[key] = vec
            if found:
                now = time.time()
                self._db.executemany(
                    "UPDATE vectors SET used_at = ? WHERE key = ?", [(now, k) for k in found]
                )
        return found

    def put_vectors(self, keys: Sequence[str], vectors: Matrix) -> None:
        """Remember each key's vector; drops the least recently used beyond the bound."""
        now = time.time()
        rows = [
            (k, np.ascontiguousarray(vectors[i], dtype=np.float32).tobytes(), now)
            for i, k in enumerate(keys)
        ]
        with self._lock:
            self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?)", rows)
            (count,) = self._db.execute("SELECT COUNT(*) FROM vectors").fetchone()
            if count > self._max:
                self._db.execute(
                    "DELETE FROM vectors WHERE key IN "
                    "(SELECT key FROM vectors ORDER BY used_at LIMIT ?)",
                    (count - self._max,),
                )

    def stored_content(self, tenant: str, doc_id: str) -> tuple[str, int] | None:
        """(hash, chunk count) of what was last stored under this id, if anything."""
        with self._lock:
            row = self._db.execute(
                "SELECT sha256, chunk_count FROM contents WHERE tenant = ? AND doc_id = ?",
                (tenant, doc_id),
            ).fetchone()
        return (str(row[0]), int(row[1])) if row else None

    def remember_content(self, tenant: str, doc_id: str, sha256: str, chunk_count: int) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO contents VALUES (?, ?, ?, ?)",
                (tenant, doc_id, sha256, chunk_count),
            )

    def forget_content(self, tenant: str, doc_id: str) -> None:
        with self._lock:
            self._db.execute(
                "DELETE FROM contents WHERE tenant = ? AND doc_id = ?", (tenant, doc_id)
            )
