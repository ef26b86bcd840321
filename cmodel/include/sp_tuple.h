/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_tuple.h - the profile tuple and message types shared by the C model,
 * the trace readers, the driver and the tools.
 *
 * Words are carried as uint64_t whatever the built word width; a 32-bit
 * block keeps the low 32 bits (the model masks on entry).
 */
#ifndef SP_TUPLE_H
#define SP_TUPLE_H

#include <stdint.h>

/* Tuple kinds: which profile a tuple belongs to (3 bits in hardware). */
enum sp_kind {
    SP_KIND_VALUE = 0, /* <load PC, loaded value>            trace letter 'v' */
    SP_KIND_EDGE  = 1, /* <branch PC, next block>             trace letter 'e' */
    SP_KIND_CALL  = 2, /* <call site, callee>                 trace letter 'c' */
    SP_KIND_TYPE  = 3, /* <call site, method table address>   trace letter 't' */
    SP_KIND_PATH  = 4, /* <routine or previous path, path id> trace letter 'p' */
    SP_KIND_COUNT = 8  /* kinds 5..7 are free for user-defined profiles      */
};

typedef struct sp_tuple {
    uint64_t word0; /* the site: PC of the load, branch or call */
    uint64_t word1; /* the observed value, target or path id */
    uint8_t kind;   /* enum sp_kind, 0..7 */
} sp_tuple_t;

/* One compressed message: the tuple and how many occurrences it stands for. */
typedef struct sp_message {
    sp_tuple_t tuple;
    uint32_t count; /* 28 significant bits, see docs/spec.md */
} sp_message_t;

#endif
