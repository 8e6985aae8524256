"""Client of the health service's agent API: typed actions, lenient views, one error hierarchy."""
