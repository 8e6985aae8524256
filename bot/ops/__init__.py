"""Operator tools: `doctor` checks a deployment, `eval` measures the planners' understanding."""
