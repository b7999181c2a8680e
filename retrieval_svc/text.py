"""Tokenization for BM25 and sentence splitting, in Chinese and English."""

from __future__ import annotations

import logging
import re

import jieba

from mesh.text import split_sentences

__all__ = ["clean_text", "split_sentences", "tokenize"]

jieba.setLogLevel(logging.WARNING)

_TOKEN = re.compile(r"[\w\u3400-\u4dbf\u4e00-\u9fff]+", re.UNICODE)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def clean_text(text: str) -> str:
    """Drop control characters (hostile documents carry them) and normalize line ends."""
    return _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def tokenize(text: str) -> list[str]:
    """Terms for BM25: jieba's search-mode words for Chinese, lower-cased words for the rest."""
    tokens: list[str] = []
    for word in jieba.cut_for_search(text.lower()):
        tokens.extend(_TOKEN.findall(word))
    return tokens
