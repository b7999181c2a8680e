"""The agent loop: classify, search, grade, synthesize, judge, accept / refine / reject."""
