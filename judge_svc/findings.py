"""What the offline claim checks found: kinds, findings and the report over a draft's claims."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class FindingKind(StrEnum):
    """The guidelines' kinds of claim-level hallucination."""

    UNSUPPORTED = "unsupported"
    CONTRADICTORY = "contradictory"
    OVER_EXTRAPOLATION = "over_extrapolation"


FINDING_WEIGHT = {
    FindingKind.UNSUPPORTED: 1.0,
    FindingKind.CONTRADICTORY: 1.0,
    FindingKind.OVER_EXTRAPOLATION: 0.5,
}


@dataclass(frozen=True)
class ClaimFinding:
    """One problem with one claim, with the offending text."""

    kind: FindingKind
    claim: str
    reason: str
    check: str = ""


@dataclass
class ClaimReport:
    """Findings over all claims of a draft."""

    claims: int = 0
    findings: list[ClaimFinding] = field(default_factory=list)
    support: list[float] = field(default_factory=list)
    semantic_checked: int = 0
    novel_share: float = 0.0
    probability: float | None = None
    model_features: dict[str, float] = field(default_factory=dict)
    dismissed: list[ClaimFinding] = field(default_factory=list)

    def texts(self, kind: FindingKind) -> list[str]:
        """The offending claim texts of one kind, each once."""
        return list(dict.fromkeys(f.claim for f in self.findings if f.kind is kind))

    @property
    def flagged_claims(self) -> int:
        """Claims with at least one finding."""
        return len({f.claim for f in self.findings})

    @property
    def score(self) -> float:
        """1 - weighted flagged claims / claims (1.0 when there are no claims).

        A claim weighs its worst finding: unsupported or contradictory 1, over-extrapolation
        0.5 (it goes beyond the source rather than against it).
        """
        if self.claims == 0:
            return 1.0
        worst: dict[str, float] = {}
        for f in self.findings:
            worst[f.claim] = max(worst.get(f.claim, 0.0), FINDING_WEIGHT[f.kind])
        return round(max(1.0 - sum(worst.values()) / self.claims, 0.0), 4)

    @property
    def risk(self) -> float:
        """One minus the score."""
        return round(1.0 - self.score, 4)

    def reasons(self, limit: int = 5) -> list[str]:
        """Short readable reasons, first ``limit`` findings (and the model's verdict, if any)."""
        out = [f"{f.kind.value}: {f.reason}" for f in self.findings[:limit]]
        if self.probability is not None:
            line = f"hallucination model P = {self.probability:.2f}"
            if self.dismissed:
                line += f"; {len(self.dismissed)} lexical hint(s) not counted below its threshold"
            out.append(line)
        return out
