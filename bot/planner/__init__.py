"""Text -> Plan: the LLM planner (llm.py) and the offline rules (offline/) share base.py.

media.py does voice notes and meal photos on the same OpenAI client (client.py).
"""
