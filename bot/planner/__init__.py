"""Text -> Plan: the LLM planner (llm.py) and the offline rules (offline/) share base.py."""
