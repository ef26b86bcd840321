/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sp_gz.c - a file or a standard stream as a zlib stream (sp_gz.h).
 */
#define _POSIX_C_SOURCE 200809L /* dup() */

#include "sp_gz.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

gzFile sp_gz_open(const char *path, const char *mode)
{
    errno = 0;
    if (strcmp(path, "-") != 0)
        return gzopen(path, mode);
    int writing = mode[0] == 'w' || mode[0] == 'a';
    if (writing)
        fflush(stdout);
    int fd = dup(writing ? STDOUT_FILENO : STDIN_FILENO);
    if (fd < 0)
        return NULL;
    gzFile gz = gzdopen(fd, mode);
    if (!gz) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return gz;
}
