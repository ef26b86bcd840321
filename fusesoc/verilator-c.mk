# SPDX-License-Identifier: Apache-2.0
# verilator-c.mk - compiles the C sources of a Verilator --exe build as C.
#
# stratprof.core's sim target hands Verilator the bench (C++) together with
# the C model and the libraries it links (C99).  Verilator's own makefile
# compiles every such source with the C++ compiler, which rejects C99 and
# would give the C functions C++ linkage; this fragment, read after it
# (make -f Vsp_stratprof.mk -f verilator-c.mk), gives the objects of the .c
# files the C compiler, C99 and the -I/-D options of -CFLAGS instead.
# The core copies it into the work root, where the sim target's make runs.

SP_C_SRCS := $(foreach d,$(VM_USER_DIR),$(wildcard $(d)/*.c))
SP_C_OBJS := $(notdir $(SP_C_SRCS:.c=.o))

$(SP_C_OBJS): CXX := $(CC)
$(SP_C_OBJS): CXXFLAGS := -std=c99
$(SP_C_OBJS): CPPFLAGS := $(filter -I% -D%,$(VM_USER_CFLAGS))
