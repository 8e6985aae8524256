"""The reader: a message's words turned into what was eaten, as data, in named steps.

normalize -> segment -> quantities -> lookup -> composition -> nutrients. Each step is a
module with its own tests and a typed output; the offline planner reads foods through them.
"""
