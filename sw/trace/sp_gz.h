/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_gz.h - opens a file or a standard stream as a zlib stream: the one
 * place that knows "-" means standard input (reading) or standard output
 * (writing), for the trace reader and writer and stratprof's profile files.
 */
#ifndef SP_GZ_H
#define SP_GZ_H

#include <zlib.h>

/* gzopen(PATH, MODE), or a duplicate of stdin / stdout when PATH is "-" (so
 * gzclose leaves the process's own stream open); stdout is flushed first.
 * NULL on failure with errno set when the system said why (0: out of memory). */
gzFile sp_gz_open(const char *path, const char *mode);

#endif
