"""The answers benchmark's set: the dev questions are a third set beside the two halves."""

from __future__ import annotations

import pytest

from bench.answers_set import DEV_SET, FOLDERS, SHARED, load

pytestmark = pytest.mark.skipif(not SHARED.exists(), reason="the shared corpora are not here")


def test_dev_questions_are_asked_over_the_same_corpus_and_no_half_holds_them() -> None:
    dev, corpus = load("dev")
    tune, tune_corpus = load("tune")
    report, _ = load("report")
    assert len(dev) == sum(1 for line in DEV_SET.read_text().splitlines() if line.strip())
    assert corpus.files.keys() == tune_corpus.files.keys()
    assert not {q.id for q in dev} & {q.id for q in [*tune, *report]}
    # Every dev question's paragraph is uploaded, and no tune or report question is about it.
    asked = {(q.corpus, q.doc) for q in [*tune, *report]}
    for q in dev:
        assert q.corpus in FOLDERS and (q.corpus, q.doc) not in asked
        assert f"{q.corpus}-{q.doc}.md" in corpus.files
        assert q.gold and all(q.gold)
