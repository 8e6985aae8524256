"""`python -m tests.llm_real.llama_launch ARGS`: llama-cpp-python's server (`python -m
llama_cpp.server ARGS`) with llama.cpp's CPU weight repacking off.

Built from source on this machine (an AMD Zen 3, AVX2), the server crashes (SIGSEGV) on any
prompt of more than one token while repacking is on, its default. llama.cpp's model
parameters turn it off (`use_extra_bufts = false`), but the server's model settings do not
offer that parameter, so the defaults it starts from are changed here before it runs.
"""

from __future__ import annotations

from typing import Any

import llama_cpp.llama_cpp as llama_cpp
from llama_cpp.server.__main__ import main

_defaults = llama_cpp.llama_model_default_params


def _without_repacking() -> Any:
    params = _defaults()
    params.use_extra_bufts = False
    return params


if __name__ == "__main__":
    llama_cpp.llama_model_default_params = _without_repacking
    main()
