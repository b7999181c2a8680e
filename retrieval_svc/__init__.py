"""Ingestion (parse, chunk, embed, index) and hybrid search (vector + BM25, fused)."""
