"""Query rewriting for search: filler removal, key terms, vague-query expansion, decomposition.

The offline rewriter keeps the user's own words (and language): it removes filler ("請幫我",
"我想知道", "can you tell me"), punctuation and function words, and splits a multi-part or
comparative question into one sub-query per part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from router_svc.language import EN, ZH_HANS, normalize
from router_svc.lexicon import EDGE_PUNCT, FILLER_PREFIX, FILLER_SUFFIX, VAGUE

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[A-Za-z0-9]+(?:[-'.][A-Za-z0-9]+)*")
SHORT_QUERY_UNITS = 4
# A search query longer than this is cut (a 20,000-character question searches its start).
MAX_QUERY_CHARS = 500

EN_STOP_WORDS = _EN_STOP = frozenset(
    "a an the of to in on for and or is are was were be been am it its this that these those "
    "with as by at from can could do does did how what which who whom when where why you your "
    "i me my we our us they them their please tell about there any some would should will "
    "shall may might must have has had get got need know want like into over under than then "
    "if so also just much many more most very really happen happens".split()
)
_ZH_FUNCTION = re.compile(
    r"(請問|请问|怎麼樣|怎么样|怎麼|怎么|如何|什麼|什么|哪裡|哪里|哪些|哪個|哪个|多少|多久|"
    r"幾天|几天|是否|可不可以|可以|能不能|需要|應該|应该|一下|的話|的话|是|的|了|嗎|吗|呢|吧|"
    r"啊|呀|要|有|會|会|在|我|你|您|們|们|和|與|与|跟|及|或|還|还|也|都|就|又|該|该|能)"
)
_PART_SPLIT = re.compile(
    r"[;；]+|(?:又|以及|並且|并且|同時|同时)(?=怎|如何|要|能|可|是|會|会|需)|"
    r"(?i:,?\s*\band\s+(?=(?:how|what|who|when|where|why|can|do|does|is|are|will|should)\b))|"
    r"(?i:,\s*(?=(?:how|what|who|when|where|why|can|do|does|is|are|will|should)\b))|"
    r"[，,](?=[^，,]*(?:嗎|吗|怎麼|怎么|如何|多少|幾|几|什麼|什么|哪)[^，,]*$)"
)
_SENTENCE = re.compile(r"[^?？;；]+[?？;；]*")
_ASKS = re.compile(
    r"(?i)(嗎|吗|呢|怎|如何|多少|多久|幾|几|什麼|什么|哪|誰|谁|是否|能否|可否|可不可以|能不能|有沒有|有没有|"
    r"^\s*(how|what|who|whom|when|where|why|which|can|could|do|does|did|is|are|will|should|may)\b)"
)
_ZH_ENUM_ITEM = (
    r"[^\s、和與与跟及,，。?？!！的之各分有是要怎如多幾几什哪嗎吗呢比較较對对整總总]{1,10}"
)
# 「及」 joins two items (「年假及病假」), not inside a word: 來不及, 涉及, 普及, 及時, 及格.
_ZH_AND = r"(?<![不涉普波危顧顾提論论觸触遍企以])及(?![時时格早至])"
_ZH_ENUM = re.compile(
    rf"({_ZH_ENUM_ITEM}(?:(?:、|和|與|与|跟|{_ZH_AND}|以及|還是|还是){_ZH_ENUM_ITEM})+)"
)
_ZH_ENUM_SEP = re.compile(rf"、|以及|還是|还是|和|與|与|跟|{_ZH_AND}")
_ZH_COMPARE_WORDS = re.compile(
    r"比較一下|比较一下|比較|比较|對比|对比|有什麼不同|有什么不同|有何不同|差異|差异|區別|区别|"
    r"差別在哪|差别在哪|差別|差别|分別|分别|各自|各有|之間|之间|重疊|重叠|優缺點|优缺点|"
    r"請分析一下|请分析一下|分析一下|說明|说明|一步一步|整理|總結|总结|所有文件中|所有文档里|"
    r"關於|关于|的地方|完整"
)
_EN_ENUM = re.compile(
    r"(?i)\b((?:[a-z0-9-]+\s+){0,3}?[a-z0-9-]+)\s*(?:,\s*|\s+and\s+|\s+or\s+|\s+vs\.?\s+|"
    r"\s+versus\s+)((?:[a-z0-9-]+\s+){0,3}[a-z0-9-]+)"
)
# An amount with thousands separators ("10,000") is one token: its comma lists nothing.
_EN_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|[A-Za-z0-9][\w'-]*|,")
_NUMBER = re.compile(r"[\d,.]+")
_EN_COMPARE_WORDS = frozenset(
    "compare comparison contrast difference differences differ between versus vs respectively "
    "pros cons overlap walk through summarize summarise everything documents say whole "
    "explain step process".split()
)


@dataclass(frozen=True)
class Rewrite:
    """The search side of a routing decision."""

    needs_rewrite: bool
    query: str
    search_queries: list[str]
    sub_queries: list[str]
    reasons: list[str]


def content_units(text: str) -> int:
    """Han characters plus Latin words: a size that means the same in both languages."""
    return len(_HAN.findall(text)) + len(_WORD.findall(text))


def remove_filler(question: str) -> str:
    """Remove leading and trailing filler and edge punctuation; keep the key terms.

    >>> remove_filler("請幫我查一下員工旅遊補助的金額，謝謝")
    '員工旅遊補助的金額'
    """
    text = normalize(question)
    previous = None
    while previous != text:
        previous = text
        text = FILLER_PREFIX.sub("", text).strip()
        text = FILLER_SUFFIX.sub("", text).strip()
    cleaned = EDGE_PUNCT.sub("", text)
    return cleaned or EDGE_PUNCT.sub("", normalize(question)) or normalize(question)


def key_terms(text: str) -> str:
    """The content words of ``text``: English stop words and Chinese function words removed.

    >>> key_terms("How many days of annual leave do I get?")
    'days annual leave'
    """
    pieces: list[str] = []
    for token in re.split(r"\s+", remove_filler(text)):
        if not token:
            continue
        if _HAN.search(token):
            for chunk in re.split(r"[^\w\u3400-\u9fff-]+", token):
                han_run = _ZH_FUNCTION.sub(" ", chunk)
                pieces.extend(p for p in han_run.split() if p)
        else:
            words = [w for w in _WORD.findall(token) if w.lower() not in _EN_STOP]
            pieces.extend(words)
    return " ".join(pieces)


def needs_rewrite(question: str) -> list[str]:
    """Why ``question`` should be rewritten for search (empty when it should not)."""
    text = normalize(question)
    reasons: list[str] = []
    if content_units(text) < SHORT_QUERY_UNITS:
        reasons.append("very short")
    if remove_filler(text) != EDGE_PUNCT.sub("", text):
        reasons.append("filler")
    if VAGUE.search(remove_filler(text)):
        reasons.append("vague")
    return reasons


def expand_short(query: str, language: str) -> list[str]:
    """Variants of a one- or two-word query that ask for its rules or how-to, in its language."""
    if language == EN or not _HAN.search(query):
        return [f"{query} policy", f"how to {query}"]
    if language == ZH_HANS:
        return [f"{query} 规定", f"{query} 说明"]
    return [f"{query} 規定", f"{query} 說明"]


def split_parts(question: str) -> list[str]:
    """The questions inside one message ("…？…嗎？", "…, and how …", "…又怎麼…").

    A clause that asks nothing ("我要請三天假，要準備什麼？" has one question) is not a part.
    """
    text = remove_filler(question)
    parts: list[str] = []
    for sentence in _SENTENCE.findall(text):
        pieces = [p for p in _PART_SPLIT.split(sentence) if content_units(p) >= 2]
        ends_with_question = bool(re.search(r"[?？]\s*$", sentence))
        for i, piece in enumerate(pieces):
            if _ASKS.search(piece) or (ends_with_question and i == len(pieces) - 1):
                parts.append(EDGE_PUNCT.sub("", piece))
    return parts


def _enumeration_zh(text: str) -> list[str]:
    match = _ZH_ENUM.search(text)
    if match is None:
        return []
    items = [
        _ZH_COMPARE_WORDS.sub("", i).removeprefix("一下").strip()
        for i in _ZH_ENUM_SEP.split(match.group(1))
    ]
    items = [i for i in items if content_units(i) >= 1]
    if len(items) < 2:
        return []
    prefix = key_terms(_ZH_COMPARE_WORDS.sub(" ", text[: match.start()]))
    tail = key_terms(_ZH_COMPARE_WORDS.sub(" ", text[match.end() :]))
    return [" ".join(p for p in (prefix, item, tail) if p) for item in items]


def _is_content(word: str) -> bool:
    return word.lower() not in _EN_STOP and word.lower() not in _EN_COMPARE_WORDS


def _enumeration_en(text: str) -> list[str]:
    """Items of "A and B", "A, B and C", "A vs B" (each up to three or four words)."""
    tokens = _EN_TOKEN.findall(text)
    for j, token in enumerate(tokens):
        if token.lower() not in {"and", "or", "vs", "versus"}:
            continue
        items: list[list[str]] = []
        current: list[str] = []
        for w in reversed(tokens[:j]):
            if w == ",":
                if current:
                    items.insert(0, current)
                current = []
            elif not _is_content(w) or len(current) == 3:
                break
            else:
                current.insert(0, w)
        if current:
            items.insert(0, current)
        right: list[str] = []
        k = j + 1
        while k < len(tokens) and tokens[k].lower() in {"the", "a", "an", "our", "my"}:
            k += 1
        while k < len(tokens) and tokens[k] != "," and _is_content(tokens[k]) and len(right) < 4:
            right.append(tokens[k])
            k += 1
        if items and right and not _a_band(items[-1], right) and not _in_a_name(tokens, j):
            return [" ".join(item) for item in [*items, right]]
    return []


def _in_a_name(tokens: list[str], j: int) -> bool:
    """Whether the "and" at ``tokens[j]`` is inside a name ("University of Science and
    Technology", "Department of Health and Social Care"): capitalised words on both sides, the
    first right after "of"."""
    if j < 2 or j + 1 >= len(tokens):
        return False
    left, right = tokens[j - 1], tokens[j + 1]
    return tokens[j - 2].lower() == "of" and left[:1].isupper() and right[:1].isupper()


def _a_band(left: list[str], right: list[str]) -> bool:
    """Whether "left and right" joins two numbers ("between 10,000 and 200,000 yuan"): a band
    or a pair of values, not two things to search one by one."""
    return bool(_NUMBER.fullmatch(left[-1])) and bool(_NUMBER.fullmatch(right[0]))


def decompose(question: str) -> list[str]:
    """Sub-queries of a multi-part or comparative question: one per part or compared item.

    Returns an empty list for a question with a single part.

    >>> decompose("比較一下特休和病假的規定有什麼不同")
    ['特休 規定', '病假 規定']
    >>> decompose("病假有幾天？特休有幾天？")
    ['病假', '特休']
    """
    text = remove_filler(question)
    items = _unique(_enumeration_zh(text) if _HAN.search(text) else _enumeration_en(text))
    if len(items) >= 2:
        return items
    parts = split_parts(question)
    if len(parts) >= 2:
        first = key_terms(parts[0]).split()
        topic = first[0] if first else ""
        subs: list[str] = []
        for i, part in enumerate(parts):
            terms = key_terms(part) or part
            parallel = bool(topic) and _frame(part) == _frame(parts[0])
            if i and topic and not parallel and topic not in terms and content_units(terms) <= 4:
                terms = f"{topic} {terms}"
            subs.append(terms)
        return _unique(subs)
    return []


def _frame(part: str) -> str:
    """What a part asks without its first content word: "病假有幾天" and "特休有幾天" share the
    frame "有幾天", so each names its own subject and neither borrows the other's."""
    terms = key_terms(part).split()
    return part.replace(terms[0], "", 1).strip().casefold() if terms else part.casefold()


def _unique(items: list[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        item = item[:MAX_QUERY_CHARS].strip()
        key = item.casefold()
        if item and key not in seen:
            seen.add(key)
            out.append(item)
    return out


def whole_parts(written: Rewrite, standalone: str) -> Rewrite:
    """A follow-up's standalone parts searched as the questions they are (「病假可以請幾天」,
    「病假的薪水怎麼算」), before their key terms: each was written to stand alone."""
    parts = [p for p in split_parts(standalone) if p]
    if len(parts) < 2:
        return written
    return replace(
        written,
        sub_queries=_unique(parts),
        search_queries=_unique([*parts, *written.search_queries]),
    )


def rewrite(question: str, language: str, *, complex_question: bool = False) -> Rewrite:
    """Search queries for ``question``, best first; sub-queries when it has several parts."""
    reasons = needs_rewrite(question)
    cleaned = remove_filler(question)
    plain = EDGE_PUNCT.sub("", normalize(question)) or normalize(question)
    queries = [cleaned]
    if "very short" in reasons:
        queries.extend(expand_short(cleaned, language))
    elif reasons:
        terms = key_terms(cleaned)
        if terms and terms != cleaned:
            queries.append(terms)
    if plain not in queries:
        queries.append(plain)
    subs = decompose(question) if complex_question else []
    if complex_question and len(subs) < 2:
        # A comparison or synthesis the splitter cannot cut: search the whole and its terms.
        terms = key_terms(cleaned)
        subs = _unique([cleaned, terms]) if terms and terms != cleaned else []
    return Rewrite(
        needs_rewrite=bool(reasons) or bool(subs),
        query=cleaned[:MAX_QUERY_CHARS],
        search_queries=_unique([*queries, *subs]) if subs else _unique(queries),
        sub_queries=subs,
        reasons=reasons + (["several parts"] if subs else []),
    )
