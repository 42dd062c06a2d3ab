/*
 * fuzz_require.h — the fuzz targets' assertion: a violated property is a finding.
 *
 * abort() is what libFuzzer (and the regression replay) report as a crash, with the input saved.
 * Not assert(): the checks must stay active in every build, NDEBUG or not.
 */
#ifndef GALP_FUZZ_REQUIRE_H
#define GALP_FUZZ_REQUIRE_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_REQUIRE(cond, ...)                                                              \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: property violated: %s\n  ", __FILE__, __LINE__, #cond);  \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

#endif /* GALP_FUZZ_REQUIRE_H */
