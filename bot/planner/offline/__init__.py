"""The offline planner: rules that turn text into a Plan without a model (`planner`)."""
