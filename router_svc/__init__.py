"""Intent routing, language detection and normalization, follow-up detection, query rewriting."""
