/*
 * bench_error.h — how bench/'s loaders report a failure: a message formatted into the caller's
 * buffer and -1, so that the benchmark can say which input it skipped and why.
 */
#ifndef GALP_BENCH_ERROR_H
#define GALP_BENCH_ERROR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static inline int bench_fail(char *err, size_t err_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, err_len, fmt, ap);
    va_end(ap);
    return -1;
}

#endif /* GALP_BENCH_ERROR_H */
