/*
 * sha256.h — SHA-256 (FIPS 180-4), used to pin the conformance vectors in vectors/MANIFEST.
 * Self-contained so that the vectors and the runner need nothing outside this project.
 */
#ifndef GALP_SHA256_H
#define GALP_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define GALP_SHA256_DIGEST_SIZE 32u
/* 64 hex digits and a terminating NUL. */
#define GALP_SHA256_HEX_SIZE 65u

typedef struct galp_sha256 {
    uint32_t state[8];
    uint64_t length;   /* bytes hashed so far */
    uint8_t block[64]; /* pending partial block */
    size_t fill;       /* bytes in block */
} galp_sha256;

void galp_sha256_init(galp_sha256 *ctx);
void galp_sha256_update(galp_sha256 *ctx, const void *data, size_t len);
void galp_sha256_final(galp_sha256 *ctx, uint8_t digest[GALP_SHA256_DIGEST_SIZE]);

/* One-shot hash of a buffer, written as lowercase hex (the MANIFEST's spelling). */
void galp_sha256_hex(const void *data, size_t len, char hex[GALP_SHA256_HEX_SIZE]);

#endif /* GALP_SHA256_H */
