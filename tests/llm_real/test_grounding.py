"""What the model wrote is what the person said, judged on the conversation of conftest.py.

The tests of this module compare each message (`turn.text`) with what reached the service
for it (`turn.new`: its foods, weights, check-ins and supplements, read from the sandbox's
database), as test_real_model.py's tests do, and name every message that breaks the rule.
test_real_model.py already fails when the model gave no answer at all, so a rule here is
judged on what the model really wrote.
"""
