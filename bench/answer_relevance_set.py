#!/usr/bin/env python3
"""Build an answer-relevance evaluation set for a RAG judge (stdlib only, deterministic).

For each of DRCD (zh-Hant), CMRC 2018 (zh-Hans) and SQuAD v1.1 (en) it samples
questions (queries.jsonl + qrels.tsv) and builds *cited answers*: one or two
consecutive sentences quoted verbatim from a passage, each followed by the cited
chunk id ``[<doc_id>#0]``.  The judge is given the question, the answer and two
sources: the gold passage and one other passage (order shuffled).

Labels
------
relevant   kind=gold: the quoted sentence(s) come from the gold paragraph and
           contain a gold answer string.
off_topic  kind=other_doc: sentence(s) from a random paragraph with another title.
           kind=same_doc_other_paragraph: sentence(s) from another paragraph of the
           same title (near miss; the paragraph most lexically similar to the
           question is preferred).
           kind=same_entity_other_relation: sentence(s) from the gold paragraph that
           share the question's content words but contain no gold answer string
           (near miss).
           Off-topic sentences must not contain any gold answer, nor (stricter) any
           content token / character bigram of any gold answer, to keep the labels
           clean.

Anti-shortcut controls
----------------------
Every off-topic answer copies a "profile" (number of quoted sentences, whether the
quote starts at the passage's first sentence, and its length in characters) from a
randomly chosen relevant answer of the same dataset and picks the closest matching
candidate window, so answer length, sentence count and "quotes the first sentence"
carry little label signal.  Second sources are drawn from the same mixture
(same-title / other-title) for relevant rows as for off-topic rows.

Usage:  python3 bench/answer_relevance_set.py [DATA_ROOT] [PER_DATASET] > out.jsonl
DATA_ROOT defaults to /work/shared/data/retrieval; PER_DATASET (rows per dataset,
half relevant) defaults to 200.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple, TypedDict

SEED = 20261125

DATASETS: list[tuple[str, str, str]] = [
    # (name, directory, language)
    ("drcd", "drcd", "zh-Hant"),
    ("cmrc2018", "cmrc2018", "zh-Hans"),
    ("squad", "squad_v1.1", "en"),
]

OFF_KINDS: list[str] = ["other_doc", "same_doc_other_paragraph", "same_entity_other_relation"]

Span = tuple[int, int]  # (start, end) character offsets of a sentence


class Doc(TypedDict):
    """A corpus.jsonl row: one paragraph."""

    id: str
    title: str
    text: str


class Query(TypedDict):
    """A queries.jsonl row."""

    id: str
    text: str
    answers: list[str]


# --------------------------------------------------------------------------- #
# Sentence splitting
# --------------------------------------------------------------------------- #
_ZH_END = set("。！？!?")
_ZH_CLOSE = set("」』”’）)】》〉\"'")
_ZH_OPEN_TO_CLOSE = {"「": "」", "『": "』", "“": "”", "（": "）", "(": ")"}


def _split_zh_once(text: str, track_quotes: bool) -> list[Span]:
    spans: list[Span] = []
    start = 0
    depth: list[str] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if track_quotes:
            if ch in _ZH_OPEN_TO_CLOSE:
                depth.append(_ZH_OPEN_TO_CLOSE[ch])
            elif depth and ch == depth[-1]:
                depth.pop()
        if ch == "\n":
            if text[start:i].strip():
                spans.append((start, i))
            start = i + 1
            depth = []
        elif ch in _ZH_END and not depth:
            j = i + 1
            while j < n and (text[j] in _ZH_END or text[j] in _ZH_CLOSE):
                j += 1
            spans.append((start, j))
            start = j
            i = j
            continue
        elif ch in _ZH_END and depth and i + 1 < n and text[i + 1] == depth[-1]:
            # "。」" closes a quote and ends a sentence
            j = i + 1
            depth.pop()
            while j < n and (text[j] in _ZH_END or text[j] in _ZH_CLOSE):
                j += 1
            if not depth:
                spans.append((start, j))
                start = j
            i = j
            continue
        i += 1
    if start < n and text[start:].strip():
        spans.append((start, n))
    return spans


def split_zh(text: str) -> list[Span]:
    """Split Chinese text into sentence spans (start, end) over 。！？ (+closing quotes).

    Quote/bracket depth is tracked so a 。 inside 「…」 does not end the sentence; if
    unbalanced quotes produce a very long span, that span is re-split without
    tracking.
    """
    out: list[Span] = []
    for s, e in _split_zh_once(text, True):
        if e - s > 220:
            sub = _split_zh_once(text[s:e], False)
            out.extend((s + a, s + b) for a, b in sub)
        else:
            out.append((s, e))
    return _strip_spans(text, out)


_EN_ABBREV = {
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "sr",
    "jr",
    "st",
    "mt",
    "ft",
    "gen",
    "gov",
    "sen",
    "rep",
    "lt",
    "col",
    "capt",
    "sgt",
    "rev",
    "inc",
    "ltd",
    "co",
    "corp",
    "vs",
    "etc",
    "e.g",
    "i.e",
    "cf",
    "al",
    "no",
    "nos",
    "vol",
    "pp",
    "p",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "u.s",
    "u.k",
    "u.n",
    "a.m",
    "p.m",
    "ca",
    "c",
    "approx",
    "fig",
    "ave",
    "blvd",
    "dept",
    "univ",
    "bros",
    "est",
    "op",
    "ed",
    "eds",
    "messrs",
    "hon",
    "adm",
    "cmdr",
    "maj",
    "pres",
    "supt",
    "mssrs",
    "viz",
    "ibid",
    "b",
    "d",
    "fl",
}
_EN_BOUNDARY = re.compile(
    r"[.!?][\"'”’)\]]*(?:\[(?:citation needed|\d{1,3}|[a-z ]{1,20})\])*\s+(?=[\"'“‘(\[]?[A-Z0-9])"
)


def split_en(text: str) -> list[Span]:
    """Split English text into sentence spans, protecting common abbreviations,
    initials ("J. K.") and dotted acronyms ("U.S.")."""
    spans: list[Span] = []
    start = 0
    for m in _EN_BOUNDARY.finditer(text):
        punct = m.start()
        if text[punct] == ".":
            k = punct
            while k > start and not text[k - 1].isspace() and text[k - 1] not in "(\"'“[":
                k -= 1
            word = text[k:punct].lower()
            bare = word.strip(".")
            if bare in _EN_ABBREV:
                continue
            if len(bare) == 1 and bare.isalpha():  # initials: "J. Smith"
                continue
            if re.fullmatch(r"(?:[a-z]\.)+[a-z]", bare):  # U.S, e.g
                continue
        end = m.end()
        while end > punct and text[end - 1].isspace():
            end -= 1
        spans.append((start, end))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    # newlines are hard boundaries too
    out: list[Span] = []
    for s, e in spans:
        pos = s
        for part in re.split(r"(\n+)", text[s:e]):
            if part and not part.startswith("\n"):
                out.append((pos, pos + len(part)))
            pos += len(part)
    return _strip_spans(text, out)


def _strip_spans(text: str, spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e - s >= 2:
            out.append((s, e))
    return out


def split_sentences(text: str, lang: str) -> list[Span]:
    return split_en(text) if lang == "en" else split_zh(text)


# --------------------------------------------------------------------------- #
# Lexical helpers
# --------------------------------------------------------------------------- #
_EN_STOP = set(
    """a an the of in on at to for from by with about as into over after before
    between during under above than then and or but nor not no so if while because
    is are was were be been being am do does did done have has had having will would
    shall should can could may might must what which who whom whose when where why
    how that this these those there here it its it's they them their he him his she
    her we our you your i me my mine one ones some any many much more most other
    another such same own very also just only both each few all out up down off
    again further once name named called kind type year years did does used use
    percentage percent number amount what's whats two three first second""".split()
)
_ZH_STOP = set(
    "的是了在和與与及或什麼么哪幾几多少誰谁何為为嗎吗呢怎樣样如個个其被由於于此該该這这那有一中文提到請请問问以而之也都所"
)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaffA-Za-z0-9]")


def en_tokens(s: str) -> list[str]:
    toks = re.findall(r"[a-z0-9]+", s.lower())
    return [t[:-1] if len(t) > 4 and t.endswith("s") else t for t in toks]


def en_content(s: str) -> set[str]:
    return {t for t in en_tokens(s) if t not in _EN_STOP and (len(t) >= 3 or t.isdigit())}


def zh_bigrams(s: str, drop_stop: bool = True) -> set[str]:
    out: set[str] = set()
    for a, b in itertools.pairwise(s):
        if not (_CJK.match(a) and _CJK.match(b)):
            continue
        if drop_stop and (a in _ZH_STOP or b in _ZH_STOP):
            continue
        out.add((a + b).lower())
    return out


def content_units(s: str, lang: str) -> set[str]:
    return en_content(s) if lang == "en" else zh_bigrams(s)


def overlap(question: str, sent: str, lang: str) -> int:
    return len(content_units(question, lang) & content_units(sent, lang))


def _answer_variants(answers: list[str]) -> list[str]:
    out: list[str] = []
    for a in answers:
        a = a.strip()
        for v in (a, a.strip("。.，,、；;：: ")):
            if v and v not in out:
                out.append(v)
    return out


def contains_answer(sent: str, answers: list[str], lang: str) -> bool:
    low = sent.lower()
    return any(v.lower() in low for v in _answer_variants(answers))


def touches_answer(sent: str, answers: list[str], lang: str) -> bool:
    """Strict check used for off-topic candidates: the sentence contains an answer,
    or any content token (en) / character bigram (zh) of any answer."""
    if contains_answer(sent, answers, lang):
        return True
    # near dates: "1883–84" must not be a negative for an answer "1884"
    years = {int(y) for a in answers for y in re.findall(r"(?<!\d)(1\d{3}|20\d{2})(?!\d)", a)}
    if years:
        for y in re.findall(r"(?<!\d)(1\d{3}|20\d{2})(?!\d)", sent):
            if any(abs(int(y) - t) <= 2 for t in years):
                return True
    if lang == "en":
        stoks = set(en_tokens(sent))
        return any(en_content(a) & stoks for a in answers)
    sb = zh_bigrams(sent, drop_stop=False)
    for a in answers:
        ab = zh_bigrams(a, drop_stop=False)
        if ab & sb:
            return True
        core = [c for c in a if _CJK.match(c)]
        if len(core) == 1 and core[0] in sent:
            return True
    return False


# --------------------------------------------------------------------------- #
# Data loading
# --------------------------------------------------------------------------- #
def _load(dirpath: Path) -> tuple[dict[str, Doc], dict[str, Query], dict[str, str]]:
    docs: dict[str, Doc] = {}
    with open(dirpath / "corpus.jsonl", encoding="utf-8") as f:
        for line in f:
            d: Doc = json.loads(line)
            docs[d["id"]] = d
    queries: dict[str, Query] = {}
    with open(dirpath / "queries.jsonl", encoding="utf-8") as f:
        for line in f:
            q: Query = json.loads(line)
            queries[q["id"]] = q
    qrels: dict[str, str] = {}
    with open(dirpath / "qrels.tsv", encoding="utf-8") as f:
        next(f)
        for line in f:
            qid, did, score = line.rstrip("\n").split("\t")
            if int(score) > 0:
                qrels[qid] = did
    return docs, queries, qrels


def stable_split(row_id: str) -> str:
    h = int(hashlib.sha256(row_id.encode("utf-8")).hexdigest(), 16)
    return "tune" if h % 2 == 0 else "report"


def chunk_id(doc_id: str) -> str:
    return f"{doc_id}#0"


# --------------------------------------------------------------------------- #
# Window construction
# --------------------------------------------------------------------------- #
class Window:
    """``n`` consecutive sentences of a paragraph, starting at sentence ``first``."""

    __slots__ = ("doc_id", "end", "first", "n", "start", "text")

    def __init__(self, doc_id: str, text_full: str, spans: list[Span], first: int, n: int) -> None:
        self.doc_id = doc_id
        self.first = first
        self.n = n
        self.start = spans[first][0]
        self.end = spans[first + n - 1][1]
        self.text = text_full[self.start : self.end]


# (number of quoted sentences, quote starts at the first sentence, length in characters)
Profile = tuple[int, bool, int]


def windows(doc: Doc, spans: list[Span], sizes: tuple[int, ...] = (1, 2)) -> list[Window]:
    out: list[Window] = []
    for n in sizes:
        for i in range(0, len(spans) - n + 1):
            out.append(Window(doc["id"], doc["text"], spans, i, n))
    return out


def format_answer(w: Window, lang: str) -> str:
    return f"{w.text} [{chunk_id(w.doc_id)}]"


def relevant_window(
    doc: Doc, sp: list[Span], q: Query, lang: str, rng: random.Random
) -> Window | None:
    """1-2 consecutive sentences of the gold paragraph containing the annotated
    answer.  If the answer occurs in several sentences, the one sharing most
    content words with the question is used (so a short answer such as a single
    character does not match an unrelated sentence); it must share at least one."""
    ans = q["answers"][0]
    text = doc["text"]
    hits = [i for i, (a, b) in enumerate(sp) if ans in text[a:b]]
    if hits:
        scored = [(overlap(q["text"], text[sp[i][0] : sp[i][1]], lang), -i, i) for i in hits]
        best, _, i = max(scored)
        if best < 1:
            return None
        if len(sp) > 1 and rng.random() >= 0.6:
            j = i - 1 if (i == len(sp) - 1 or (i > 0 and rng.random() < 0.5)) else i
            return Window(doc["id"], text, sp, j, 2)
        return Window(doc["id"], text, sp, i, 1)
    # the answer crosses a sentence boundary: quote the two sentences around it
    ws = [w for w in windows(doc, sp, sizes=(2,)) if ans in w.text]
    ws = [w for w in ws if overlap(q["text"], w.text, lang) >= 1]
    return rng.choice(ws) if ws else None


def pick_by_profile(
    cands: list[Window], profile: Profile, rng: random.Random, lang: str
) -> Window | None:
    """Choose the candidate closest to (n_sent, starts_at_first, length)."""
    if not cands:
        return None
    n_t, first_t, len_t = profile

    def cost(w: Window) -> float:
        c = abs(len(w.text) - len_t) / max(len_t, 1)
        if w.n != n_t:
            c += 0.75
        if (w.first == 0) != first_t:
            c += 1.5
        return c

    scored = sorted(cands, key=lambda w: (cost(w), w.first, w.n))
    best = cost(scored[0])
    near = [w for w in scored if cost(w) <= best + 0.08][:3]
    return rng.choice(near)


# --------------------------------------------------------------------------- #
# Build
# --------------------------------------------------------------------------- #
class _Dataset:
    """One dataset's corpus, queries and qrels, its lookups and the shared RNG."""

    def __init__(self, dirpath: Path, lang: str, rng: random.Random) -> None:
        self.docs, self.queries, self.qrels = _load(dirpath)
        self.lang = lang
        self.rng = rng
        self._spans: dict[str, list[Span]] = {}
        self.by_title: dict[str, list[str]] = defaultdict(list)
        for did, d in self.docs.items():
            self.by_title[d["title"]].append(did)
        self.doc_ids = sorted(self.docs)

    def spans(self, did: str) -> list[Span]:
        if did not in self._spans:
            self._spans[did] = split_sentences(self.docs[did]["text"], self.lang)
        return self._spans[did]

    def windows(self, did: str) -> list[Window]:
        return windows(self.docs[did], self.spans(did))

    def clean_windows(self, did: str, answers: list[str]) -> list[Window]:
        """Windows of paragraph ``did`` that touch none of the gold answers."""
        return [w for w in self.windows(did) if not touches_answer(w.text, answers, self.lang)]

    def siblings(self, did: str) -> list[str]:
        """Other paragraphs with the same title as ``did``."""
        return [d for d in self.by_title[self.docs[did]["title"]] if d != did]

    def sort_by_overlap(self, dids: list[str], question: str) -> None:
        """Sort in place: most lexical overlap with the question first."""
        dids.sort(key=lambda d: (-overlap(question, self.docs[d]["text"], self.lang), d))

    def random_other_title_doc(self, title: str) -> str:
        while True:
            did = self.rng.choice(self.doc_ids)
            if self.docs[did]["title"] != title:
                return did

    def second_source(self, gold_did: str, question: str) -> str:
        """Distractor source for gold / same_entity rows: same mixture as off-topic."""
        sibs = self.siblings(gold_did)
        if sibs and self.rng.random() < 0.5:
            self.sort_by_overlap(sibs, question)
            return sibs[0] if self.rng.random() < 0.5 else self.rng.choice(sibs)
        return self.random_other_title_doc(self.docs[gold_did]["title"])


class _Relevant(NamedTuple):
    qid: str
    gold: str
    window: Window
    other: str  # the second source


class _OffTopic(NamedTuple):
    qid: str
    gold: str
    kind: str
    window: Window
    src: str  # the second source


def _off_topic_quota(ds: _Dataset, n_off: int) -> tuple[list[str], dict[str, int]]:
    """The off-topic kinds this dataset supports and how many rows of each to build."""
    # same_doc_other_paragraph needs titles with >1 paragraph; CMRC has almost none.
    multi_para_docs = sum(1 for t in sorted(ds.by_title) if len(ds.by_title[t]) > 1)
    kinds_avail = (
        list(OFF_KINDS) if multi_para_docs >= 20 else ["other_doc", "same_entity_other_relation"]
    )
    quota = {k: n_off // len(kinds_avail) for k in kinds_avail}
    for k in kinds_avail[: n_off - sum(quota.values())]:
        quota[k] += 1
    return kinds_avail, quota


def _relevant_pool(ds: _Dataset, qids: list[str], n_rel: int, used_q: set[str]) -> list[_Relevant]:
    """Pass 1: a pool of relevant candidates (3x what is needed), one per gold paragraph."""
    pool_docs: set[str] = set()
    rel_pool: list[_Relevant] = []
    for qid in qids:
        if len(rel_pool) >= 3 * n_rel:
            break
        gold = ds.qrels[qid]
        if gold in pool_docs:
            continue
        q = ds.queries[qid]
        w = relevant_window(ds.docs[gold], ds.spans(gold), q, ds.lang, ds.rng)
        if w is None:
            continue
        pool_docs.add(gold)
        used_q.add(qid)
        rel_pool.append(_Relevant(qid, gold, w, ds.second_source(gold, q["text"])))
    return rel_pool


def _other_doc(ds: _Dataset, q: Query, gold: str, profile: Profile) -> tuple[Window, str] | None:
    # a few random other-title paragraphs are pooled so that a window matching the
    # length profile can be found; the chosen window's paragraph becomes the second
    # source.
    title = ds.docs[gold]["title"]
    pool: list[Window] = []
    for _ in range(6):
        pool.extend(ds.clean_windows(ds.random_other_title_doc(title), q["answers"]))
    w = pick_by_profile(pool, profile, ds.rng, ds.lang)
    return None if w is None else (w, w.doc_id)


def _same_doc_other_paragraph(
    ds: _Dataset, q: Query, gold: str, profile: Profile
) -> tuple[Window, str] | None:
    sibs = ds.siblings(gold)
    if not sibs:
        return None
    ds.sort_by_overlap(sibs, q["text"])
    for src in sibs[:3]:
        cands = ds.clean_windows(src, q["answers"])
        ov = [w for w in cands if overlap(q["text"], w.text, ds.lang) >= 1]
        w = pick_by_profile(ov or cands, profile, ds.rng, ds.lang)
        if w is not None:
            return w, src
    return None


def _same_entity_other_relation(
    ds: _Dataset, q: Query, gold: str, profile: Profile
) -> tuple[Window, str] | None:
    cands = ds.clean_windows(gold, q["answers"])
    scored = [(overlap(q["text"], w.text, ds.lang), w) for w in cands]
    best = max((s for s, _ in scored), default=0)
    need = 1 if ds.lang == "en" else 2
    if best < need:
        return None
    top = [w for s, w in scored if s >= max(need, (best + 1) // 2)]
    w = pick_by_profile(top, profile, ds.rng, ds.lang)
    return None if w is None else (w, ds.second_source(gold, q["text"]))


_OFF_BUILDERS = {
    "other_doc": _other_doc,
    "same_doc_other_paragraph": _same_doc_other_paragraph,
    "same_entity_other_relation": _same_entity_other_relation,
}


def _off_topic_rows(
    ds: _Dataset,
    qids: list[str],
    used_q: set[str],
    kinds_avail: list[str],
    quota: dict[str, int],
    profiles: list[Profile],
) -> list[_OffTopic]:
    """Pass 2: off-topic rows, filling the least-filled kind first for each question."""
    off_rows: list[_OffTopic] = []
    used_docs: set[str] = set()
    remaining = dict(quota)
    for qid in qids:
        if not any(remaining.values()):
            break
        if qid in used_q:
            continue
        gold = ds.qrels[qid]
        if gold in used_docs:
            continue
        q = ds.queries[qid]
        order = sorted(
            (k for k in kinds_avail if remaining[k] > 0),
            key=lambda k: (-remaining[k] / quota[k], kinds_avail.index(k)),
        )
        for kind in order:
            built = _OFF_BUILDERS[kind](ds, q, gold, ds.rng.choice(profiles))
            if built is not None:
                remaining[kind] -= 1
                used_docs.add(gold)
                used_q.add(qid)
                off_rows.append(_OffTopic(qid, gold, kind, *built))
                break
    return off_rows


def _match_cost(w: Window, w_off: Window) -> float:
    c = abs(len(w.text) - len(w_off.text)) / max(len(w_off.text), 1)
    c += 0.75 * (w.n != w_off.n) + 1.5 * ((w.first == 0) != (w_off.first == 0))
    return c


def _nearest(free: list[int], rel_pool: list[_Relevant], w_off: Window) -> int:
    return min(free, key=lambda j: (_match_cost(rel_pool[j].window, w_off), j))


def _match_relevant(
    rel_pool: list[_Relevant], off_rows: list[_OffTopic], n_rel: int, rng: random.Random
) -> list[_Relevant]:
    """One relevant row per off-topic row, nearest profile (sentence count,
    starts-at-first-sentence, length), so that these surface features have (almost)
    the same distribution in both labels."""
    free = list(range(len(rel_pool)))
    rel_rows: list[_Relevant] = []
    match_order = list(range(len(off_rows)))
    rng.shuffle(match_order)
    for i in match_order[:n_rel]:
        j = _nearest(free, rel_pool, off_rows[i].window)
        free.remove(j)
        rel_rows.append(rel_pool[j])
    for j in free:  # top up if there were fewer off-topic rows than wanted
        if len(rel_rows) >= n_rel:
            break
        rel_rows.append(rel_pool[j])
    return rel_rows


def _source(ds: _Dataset, did: str) -> dict[str, str]:
    d = ds.docs[did]
    return {"chunk_id": chunk_id(did), "doc_id": did, "title": d["title"], "text": d["text"]}


def _build_dataset(
    name: str, dirpath: Path, lang: str, per_dataset: int, rng: random.Random
) -> list[dict[str, Any]]:
    ds = _Dataset(dirpath, lang, rng)
    n_rel = per_dataset // 2
    kinds_avail, quota = _off_topic_quota(ds, per_dataset - n_rel)

    qids = sorted(q for q in ds.queries if q in ds.qrels and ds.qrels[q] in ds.docs)
    rng.shuffle(qids)

    used_q: set[str] = set()
    rel_pool = _relevant_pool(ds, qids, n_rel, used_q)
    profiles: list[Profile] = [
        (r.window.n, r.window.first == 0, len(r.window.text)) for r in rel_pool
    ]
    off_rows = _off_topic_rows(ds, qids, used_q, kinds_avail, quota, profiles)
    rel_rows = _match_relevant(rel_pool, off_rows, n_rel, rng)

    rows: list[dict[str, Any]] = []
    for qid, gold, w, other in rel_rows:
        sources = [_source(ds, gold), _source(ds, other)]
        question = ds.queries[qid]["text"]
        rows.append(_row(name, lang, qid, question, "gold", "relevant", w, sources, rng))
    for qid, gold, kind, w, src in off_rows:
        sources = [_source(ds, gold), _source(ds, src)]
        question = ds.queries[qid]["text"]
        rows.append(_row(name, lang, qid, question, kind, "off_topic", w, sources, rng))
    rows.sort(key=lambda r: r["id"])
    return rows


def _row(
    name: str,
    lang: str,
    qid: str,
    question: str,
    kind: str,
    label: str,
    w: Window,
    sources: list[dict[str, str]],
    rng: random.Random,
) -> dict[str, Any]:
    gold_id = sources[0]["doc_id"]
    if rng.random() < 0.5:
        sources = sources[::-1]
    rid = f"ar-{name}-{qid}-{kind}"
    return {
        "id": rid,
        "dataset": name,
        "language": lang,
        "question": question,
        "answer": format_answer(w, lang),
        "sources": sources,
        "label": label,
        "kind": kind,
        "split": stable_split(rid),
        # bookkeeping for analysis only -- do NOT show "meta" to the judge
        "meta": {
            "query_id": qid,
            "gold_doc_id": gold_id,
            "cited_doc_id": w.doc_id,
            "quoted_sentences": w.n,
            "quote_starts_at_first_sentence": w.first == 0,
        },
    }


def build(data_root: Path, per_dataset: int = 200) -> list[dict[str, Any]]:
    """The whole evaluation set: ``per_dataset`` rows (half relevant) per dataset."""
    data_root = Path(data_root)
    rows: list[dict[str, Any]] = []
    for name, sub, lang in DATASETS:
        rng = random.Random(f"{SEED}-{name}")
        rows.extend(_build_dataset(name, data_root / sub, lang, per_dataset, rng))
    return rows


def main(argv: list[str] | None = None) -> None:
    """CLI: ``[DATA_ROOT] [PER_DATASET]``; writes JSON lines to stdout."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if len(args) > 0 else Path("/work/shared/data/retrieval")
    per = int(args[1]) if len(args) > 1 else 200
    out = sys.stdout
    for r in build(root, per):
        out.write(json.dumps(r, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
