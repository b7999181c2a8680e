"""Tokenization for BM25 and sentence splitting, in Chinese and English."""

from __future__ import annotations

import logging
import re

import jieba

jieba.setLogLevel(logging.WARNING)

_TOKEN = re.compile(r"[\w\u3400-\u4dbf\u4e00-\u9fff]+", re.UNICODE)
# A sentence ends at Chinese or Western terminal punctuation (closing quotes stay with it).
_SENTENCE_END = re.compile(r"(?<=[。！？；!?;])[」』”’\"']?|(?<=\.)(?=\s)|\n+")
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


def split_sentences(text: str) -> list[str]:
    """Split at 。！？； and .!? (and line breaks); keeps the punctuation, drops empty parts."""
    parts: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.end()
        piece = text[start:end].strip()
        if piece:
            parts.append(piece)
        start = end
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts
