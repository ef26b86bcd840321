# SPDX-License-Identifier: Apache-2.0
# sw/eval/eval.mk - `make eval`: the paper's experiments (figures 4, 7, 9,
# 10, 11 and an error-versus-overhead sweep) and our HTP mode against them
# on the real traces in $(TRACES) and on traces of third-party programs made
# here (sw/eval/thirdparty: LZ4 and Brotli from their PyPI sdists), written to
# docs/results.md and docs/results/*.png; and the test of the experiment
# script on the committed excerpts.
#
# Without the trace folder it says so and runs on the excerpts in
# verif/traces instead, writing to build/eval/ so the committed report
# (made from the whole traces) stays as it is.

EVAL_SCRIPT := sw/eval/sp_eval.py
# Third-party programs traced by make eval itself, from pinned sdists (sw/eval/thirdparty)
THIRDPARTY := $(BUILD)/thirdparty

.PHONY: eval thirdparty-traces
thirdparty-traces: deps $(BIN)/stratprof
	@PYTHON=$(PYTHON) sw/eval/thirdparty/trace-thirdparty.sh $(THIRDPARTY) $(BIN)/stratprof

eval: deps $(BIN)/stratprof $(BIN)/test_fig4 thirdparty-traces
	@if ls "$(TRACES)"/*.value*.trace.gz "$(TRACES)"/*.edgecall*.trace.gz >/dev/null 2>&1; then \
	  $(PYTHON) $(EVAL_SCRIPT) --stratprof $(BIN)/stratprof --fig4 $(BIN)/test_fig4 --traces "$(TRACES)" \
	    --traces $(THIRDPARTY)/traces --out-dir docs/results --doc docs/results.md; \
	else \
	  echo "eval: no traces in $(TRACES) (set TRACES=DIR): running on the excerpts in verif/traces and the third-party traces, report in build/eval/results.md"; \
	  $(PYTHON) $(EVAL_SCRIPT) --stratprof $(BIN)/stratprof --fig4 $(BIN)/test_fig4 --traces verif/traces \
	    --traces $(THIRDPARTY)/traces --out-dir $(BUILD)/eval/results --doc $(BUILD)/eval/results.md \
	    --raw $(BUILD)/eval/excerpt-runs.json; \
	fi

# The script's test: its own functions on hand-made series, then a whole
# run on the excerpts checked against stratprof's own numbers.
EVAL_ROOT := $(abspath .)
$(BIN)/test_eval: sw/eval/tests/test_eval.py $(EVAL_SCRIPT) $(BIN)/stratprof $(BIN)/test_fig4
	@mkdir -p $(BIN)
	@printf '#!/bin/sh\ncd "%s" || exit 1\nexec $(PYTHON) sw/eval/tests/test_eval.py "%s" "%s"\n' \
	  "$(EVAL_ROOT)" "$(abspath $(BIN)/stratprof)" "$(abspath $(BIN)/test_fig4)" > $@ && chmod +x $@
TEST_BINS += $(BIN)/test_eval
TEST_ALONE += $(BIN)/test_eval
