"""Hallucination judging: rule-based citation checks and claim support, one risk and decision."""
