"""Text helpers shared by the services: sentence splitting and content terms, zh and en."""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata

import lemminflect
import snowballstemmer

from mesh.scripts import fold_accents, fold_script, same_weekday_names

# A sentence ends at Chinese or Western terminal punctuation (a closing quote stays with it),
# at a period followed by a space, or at a line break. A semicolon followed by a lower-case
# word joins two clauses of one sentence ("San Diego, Cal.; on behalf of the Respondent.").
_SENTENCE_END = re.compile(r"(?<=[。！？；!?])[」』”’\"']?|(?<=;)(?!\s*[a-z])|(?<=\.)(?=\s)|\n+")
# One Han character (CJK unified ideographs, extension A, compatibility ideographs).
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[a-z0-9]+")
# A hyphenated word with a part too short to be a word is also the word written solid ("Wi-Fi"
# is "wifi", "e-mail" "email"), as people write it either way; its parts stay terms too.
_HYPHENATED = re.compile(r"(?<![a-z0-9-])(?:[a-z]{1,2}-[a-z]+|[a-z]+-[a-z]{1,2})(?![a-z0-9-])")
STOP_WORDS = frozenset(
    (
        "a an the of to in on for and or is are was were be been it this that with as by at "
        "from can do does how what which who when where why you your i me my we our please "
        "tell about 的 了 是 在 和 與 与 嗎 吗 呢 什 麼 么 怎 如 何 請 请 問 问 我 你 要"
    ).split()
)


_LIST_OR_HEADING = re.compile(r"^\s*([-*+>#|]|\d+[.)]\s)")
_ENDS_SENTENCE = re.compile(r"[。！？；!?;:：.]\s*$")


def unwrap_lines(text: str) -> str:
    r"""Join hard-wrapped lines of a paragraph; list items, headings and tables keep their breaks.

    >>> unwrap_lines("- a long item that\n  wraps here.\n- next")
    '- a long item that wraps here.\n- next'
    """
    out: list[str] = []
    for line in text.split("\n"):
        if (
            out
            and line.strip()
            and out[-1].strip()
            and not _LIST_OR_HEADING.match(line)
            and not _ENDS_SENTENCE.search(out[-1])
        ):
            out[-1] = out[-1].rstrip() + ("" if HAN.match(line.strip()[:1]) else " ") + line.strip()
        else:
            out.append(line)
    return "\n".join(out)


# Abbreviations whose period does not end a sentence ("e.g. 422", "Dr. Chen", "Knowles v.
# Mirzayance", "Charles M. Sevilla, Esq.").
_ABBREVIATION = re.compile(
    r"(?:^|[\s(\[])(?:e\.g|i\.e|etc|vs|v|cf|approx|incl|dr|mr|mrs|ms|prof|fig|esq|inc|ltd|corp|"
    r"jr|sr|dept)\.$",
    re.IGNORECASE,
)
# A capital's initial ("Michael A. Knowles"): case matters, "plan b." may end a sentence.
_INITIAL = re.compile(r"(?:^|[\s(\[])[A-Z]\.$")
# Abbreviations that stand before a number ("No. 07-1315", "Art. 5", "pp. 12-14", "max. 90
# days", "ext. 4400").
_BEFORE_NUMBER = re.compile(
    r"(?:^|[\s(\[#:|])(?:no|nos|nr|art|sec|para|pp?|vol|ch|max|min|ca|ext|tel)\.$", re.I
)


def ends_with_abbreviation(text: str, end: int) -> bool:
    """Whether ``text[:end]`` ends with a common abbreviation's period (a split there would cut
    a sentence in two).

    >>> ends_with_abbreviation("Knowles v. Mirzayance", 10), ends_with_abbreviation("No. 7", 3)
    (True, True)
    >>> ends_with_abbreviation("| 150 | max. 90 days per year", 12)
    True
    >>> ends_with_abbreviation("Say no. Then go", 7), ends_with_abbreviation("plan b. Next", 7)
    (False, False)
    """
    before = text[max(0, end - 12) : end]
    if _ABBREVIATION.search(before) or _INITIAL.search(before):
        return True
    return bool(_BEFORE_NUMBER.search(before)) and text[end : end + 3].lstrip()[:1].isdigit()


def split_sentences(text: str) -> list[str]:
    """Split at 。！？； and .!? (and line breaks); keeps the punctuation, drops empty parts.

    >>> split_sentences("第一句。Second one. 第三句")
    ['第一句。', 'Second one.', '第三句']
    >>> split_sentences("Errors are 4xx (e.g. 422). Next.")
    ['Errors are 4xx (e.g. 422).', 'Next.']
    """
    parts: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        if not match.group() and ends_with_abbreviation(text, match.start()):
            continue  # the period rule matched right after "e.g."
        piece = text[start : match.end()].strip()
        if piece:
            parts.append(piece)
        start = match.end()
    tail = text[start:].strip()
    if tail:
        parts.append(tail)
    return parts


# A letter grade or a language's name with its mark ("B+", "A-", "C++", "C#"): "B+" is not "B".
_MARKED_LETTER = re.compile(r"(?<![a-z0-9])[a-z](?:\+\+?|#|-)(?![a-z0-9+#-])")


def marked_letters(lowered: str) -> list[str]:
    """The letters written with a mark in lower-cased text ("b+", "c++", "c#", "a-")."""
    return _MARKED_LETTER.findall(lowered)


def holds_marked_letter(marked: str, lowered: str) -> bool:
    """Whether lower-cased text holds ``marked`` ("b+") as such, not inside "b++" or "ab+"."""
    return any(m == marked for m in _MARKED_LETTER.findall(lowered))


def content_terms(text: str) -> set[str]:
    """Han characters and character bigrams, and English words, minus stop words; a letter
    with its mark ("b+") besides the letter; a hyphenated word also written solid.

    >>> sorted(content_terms("B+ 77-79"))
    ['77', '79', 'b', 'b+']
    >>> sorted(content_terms("Staff Wi-Fi, two-zone"))
    ['fi', 'staff', 'two', 'wi', 'wifi', 'zone']
    """
    lowered = fold_accents(unicodedata.normalize("NFKC", text).lower())
    out = {w for w in _WORD.findall(lowered) if w not in STOP_WORDS}
    out.update(w.replace("-", "") for w in _HYPHENATED.findall(lowered))
    out.update(marked_letters(lowered))
    han = [h for h in HAN.findall(lowered)]
    out.update(h for h in han if h not in STOP_WORDS)
    out.update(a + b for a, b in itertools.pairwise(han))
    return out


_SNOWBALL = snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=65536)
def english_stem(word: str) -> str:
    """The Snowball (Porter 2) stem of a lower-case English word ("appearances" and "appeared"
    are both "appear"), an irregular verb form's taken from its base (:func:`base_form`: "led"
    is "lead"); anything but ASCII letters is returned as it is.

    >>> english_stem("sundays"), english_stem("2212"), english_stem("试用期"), english_stem("sent")
    ('sunday', '2212', '试用期', 'send')
    """
    if not (word.isascii() and word.isalpha()):
        return word
    return str(_SNOWBALL.stemWord(base_form(word)))


@functools.lru_cache(maxsize=65536)
def base_form(word: str) -> str:
    """The base of an irregular English verb form ("led" → "lead", "sent" → "send", "seen" →
    "see", "written" → "write"), else ``word``. Suffix stemmers leave these apart, so "Who led
    the effort?" shared nothing with "Leading this effort was …" and "send in a claim" nothing
    with "claims can be sent". Only a past tense or participle whose stem differs from its
    base's is mapped, and not the forms more often read as another word (:data:`_NOT_VERBS`:
    "left", "born"). lemminflect's tables (bundled, read offline) know the irregular verbs.

    >>> base_form("led"), base_form("taken"), base_form("left"), base_form("submitted")
    ('lead', 'take', 'left', 'submitted')
    """
    if len(word) < 3 or word in _NOT_VERBS or not word.isascii():
        return word
    lemmas = lemminflect.getLemma(word, upos="VERB", lemmatize_oov=False)
    if not lemmas or lemmas[0] == word:
        return word
    base = str(lemmas[0])
    forms = lemminflect.getAllInflections(base, upos="VERB")
    past = {f for tag in ("VBD", "VBN") for f in forms.get(tag, ())}
    if word not in past or _SNOWBALL.stemWord(word) == _SNOWBALL.stemWord(base):
        return word
    return base


def load_verb_tables() -> None:
    """Load lemminflect's tables now (about half a second), not in the first request that
    stems an English word."""
    base_form("led")


# Irregular verb forms read more often as an adjective or a noun of their own.
_NOT_VERBS = frozenset(
    "left born borne lay lain felt ground bound wound rose lit fell saw spoke shot found "
    "ran dove".split()
)


@functools.lru_cache(maxsize=16384)
def stemmed_terms(text: str) -> frozenset[str]:
    """:func:`content_terms` with English words reduced to their Snowball (Porter 2) stems, so
    that "a two-zone fare" shares "zone" with the row 「Two zones」 and "arrive" with "arrives";
    Chinese folded to one script and every weekday to one name, so that 「差旅費」 shares its
    words with 「差旅费」 and 「禮拜天」 with 「週日」.

    >>> sorted(stemmed_terms("Two zones arriving"))
    ['arriv', 'two', 'zone']
    >>> stemmed_terms("禮拜天") == stemmed_terms("週日"), "费" in stemmed_terms("差旅費")
    (True, True)
    """
    return frozenset(english_stem(t) for t in content_terms(same_weekday_names(fold_script(text))))
