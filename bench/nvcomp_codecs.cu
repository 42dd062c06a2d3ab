/*
 * nvcomp_codecs.cu — the table of nvCOMP batched codecs (see nvcomp_codecs.h).
 *
 * Options: every codec runs with nvCOMP's defaults, except that the codecs that model the data
 * (Bitcomp, Cascaded, ANS, LZ4's decoder) are told its element type where they accept it, which
 * is what a user storing a float or integer column would do. The G-ALP thesis fed nvCOMP plain
 * bytes (NVCOMP_TYPE_CHAR); typed input only helps nvCOMP, so the comparison stays fair.
 */
#include "nvcomp_codecs.h"

#include <stdio.h>

#if NVCOMP_VER_MAJOR < 5
#error "the benchmark uses the nvCOMP 5+ low-level batched API (option structs by value)"
#endif

/* ---- option builders: one per codec and direction ---------------------------------------- */

static nvcompType_t unsigned_type(nvcomp_element e)
{
    switch (e.bytes) {
    case 1: return NVCOMP_TYPE_UCHAR;
    case 2: return NVCOMP_TYPE_USHORT;
    case 4: return NVCOMP_TYPE_UINT;
    default: return NVCOMP_TYPE_ULONGLONG;
    }
}

/* Bitcomp's lossless mode knows f32 and f64 as such. */
static nvcompType_t bitcomp_type(nvcomp_element e)
{
    if (e.is_float)
        return e.bytes == 4 ? NVCOMP_TYPE_FLOAT32 : NVCOMP_TYPE_FLOAT64;
    return unsigned_type(e);
}

static nvcompBatchedLZ4CompressOpts_t lz4_copts(nvcomp_element)
{
    return nvcompBatchedLZ4CompressDefaultOpts;
}
static nvcompBatchedLZ4DecompressOpts_t lz4_dopts(nvcomp_element)
{
    return nvcompBatchedLZ4DecompressDefaultOpts;
}
static nvcompBatchedSnappyCompressOpts_t snappy_copts(nvcomp_element)
{
    return nvcompBatchedSnappyCompressDefaultOpts;
}
static nvcompBatchedSnappyDecompressOpts_t snappy_dopts(nvcomp_element)
{
    return nvcompBatchedSnappyDecompressDefaultOpts;
}
static nvcompBatchedZstdCompressOpts_t zstd_copts(nvcomp_element)
{
    return nvcompBatchedZstdCompressDefaultOpts;
}
static nvcompBatchedZstdDecompressOpts_t zstd_dopts(nvcomp_element)
{
    return nvcompBatchedZstdDecompressDefaultOpts;
}
static nvcompBatchedDeflateCompressOpts_t deflate_copts(nvcomp_element)
{
    return nvcompBatchedDeflateCompressDefaultOpts;
}
static nvcompBatchedDeflateDecompressOpts_t deflate_dopts(nvcomp_element)
{
    return nvcompBatchedDeflateDecompressDefaultOpts;
}
static nvcompBatchedGdeflateCompressOpts_t gdeflate_copts(nvcomp_element)
{
    return nvcompBatchedGdeflateCompressDefaultOpts;
}
static nvcompBatchedGdeflateDecompressOpts_t gdeflate_dopts(nvcomp_element)
{
    return nvcompBatchedGdeflateDecompressDefaultOpts;
}

/* Cascaded models integers only: the float bits are given as unsigned integers. The decoder
 * gets the same common options, so nvCOMP launches only the kernels the data needs. */
static nvcompBatchedCascadedCompressOpts_t cascaded_copts(nvcomp_element e)
{
    nvcompBatchedCascadedCompressOpts_t o = nvcompBatchedCascadedCompressDefaultOpts;
    o.common_opts.data_type = unsigned_type(e);
    return o;
}
static nvcompBatchedCascadedDecompressOpts_t cascaded_dopts(nvcomp_element e)
{
    nvcompBatchedCascadedDecompressOpts_t o = nvcompBatchedCascadedDecompressDefaultOpts;
    o.common_opts = cascaded_copts(e).common_opts;
    return o;
}

static nvcompBatchedBitcompCompressOpts_t bitcomp_copts(nvcomp_element e)
{
    nvcompBatchedBitcompCompressOpts_t o = nvcompBatchedBitcompCompressDefaultOpts;
    o.data_type = bitcomp_type(e);
    return o;
}
/* Bitcomp's "sparse" algorithm (1), the thesis's BitcompSparse. */
static nvcompBatchedBitcompCompressOpts_t bitcomp_sparse_copts(nvcomp_element e)
{
    nvcompBatchedBitcompCompressOpts_t o = bitcomp_copts(e);
    o.algorithm = 1;
    return o;
}
static nvcompBatchedBitcompDecompressOpts_t bitcomp_dopts(nvcomp_element)
{
    return nvcompBatchedBitcompDecompressDefaultOpts;
}

/* ANS has a float32 model but none for 64-bit data: f64 goes as bytes. */
static nvcompType_t ans_type(nvcomp_element e)
{
    return e.is_float && e.bytes == 4 ? NVCOMP_TYPE_FLOAT32 : NVCOMP_TYPE_CHAR;
}
static nvcompBatchedANSCompressOpts_t ans_copts(nvcomp_element e)
{
    nvcompBatchedANSCompressOpts_t o = nvcompBatchedANSCompressDefaultOpts;
    o.data_type = ans_type(e);
    return o;
}
static nvcompBatchedANSDecompressOpts_t ans_dopts(nvcomp_element e)
{
    nvcompBatchedANSDecompressOpts_t o = nvcompBatchedANSDecompressDefaultOpts;
    o.data_type = ans_type(e);
    return o;
}

/* ---- the seven entry points of one codec, with its options built from the element ---------- */

#define NVCOMP_CODEC_FUNCTIONS(id, Api, copts, dopts)                                             \
    static nvcompStatus_t id##_calign(nvcomp_element e, nvcompAlignmentRequirements_t *a)       \
    {                                                                                          \
        return nvcompBatched##Api##CompressGetRequiredAlignments(copts(e), a);                 \
    }                                                                                          \
    static nvcompStatus_t id##_ctemp(nvcomp_element e, size_t n, size_t max_chunk,             \
                                     size_t total, size_t *temp)                               \
    {                                                                                          \
        return nvcompBatched##Api##CompressGetTempSize(n, max_chunk, copts(e), temp, total, 0); \
    }                                                                                          \
    static nvcompStatus_t id##_cmax(nvcomp_element e, size_t max_chunk, size_t *max_out)       \
    {                                                                                          \
        return nvcompBatched##Api##CompressGetMaxOutputChunkSize(max_chunk, copts(e), max_out); \
    }                                                                                          \
    static nvcompStatus_t id##_compress(nvcomp_element e, const void *const *in,               \
                                        const size_t *in_bytes, size_t max_chunk, size_t n,    \
                                        void *temp, size_t temp_bytes, void *const *out,       \
                                        size_t *out_bytes, nvcompStatus_t *st, cudaStream_t s) \
    {                                                                                          \
        return nvcompBatched##Api##CompressAsync(in, in_bytes, max_chunk, n, temp, temp_bytes, \
                                                 out, out_bytes, copts(e), st, s);             \
    }                                                                                          \
    static nvcompStatus_t id##_dalign(nvcomp_element e, nvcompAlignmentRequirements_t *a)       \
    {                                                                                          \
        return nvcompBatched##Api##DecompressGetRequiredAlignments(dopts(e), a);               \
    }                                                                                          \
    static nvcompStatus_t id##_dtemp(nvcomp_element e, size_t n, size_t max_chunk,             \
                                     size_t total, size_t *temp)                               \
    {                                                                                          \
        return nvcompBatched##Api##DecompressGetTempSize(n, max_chunk, dopts(e), temp, total, \
                                                         0);                                   \
    }                                                                                          \
    static nvcompStatus_t id##_decompress(nvcomp_element e, const void *const *in,             \
                                          const size_t *in_bytes, const size_t *out_cap,       \
                                          size_t *out_bytes, size_t n, void *temp,             \
                                          size_t temp_bytes, void *const *out,                 \
                                          nvcompStatus_t *st, cudaStream_t s)                  \
    {                                                                                          \
        return nvcompBatched##Api##DecompressAsync(in, in_bytes, out_cap, out_bytes, n, temp,  \
                                                   temp_bytes, out, dopts(e), st, s);          \
    }

#define NVCOMP_CODEC_ENTRY(name, id)                                                           \
    {                                                                                          \
        name, id##_calign, id##_ctemp, id##_cmax, id##_compress, id##_dalign, id##_dtemp,      \
            id##_decompress                                                                    \
    }

NVCOMP_CODEC_FUNCTIONS(lz4, LZ4, lz4_copts, lz4_dopts)
NVCOMP_CODEC_FUNCTIONS(snappy, Snappy, snappy_copts, snappy_dopts)
NVCOMP_CODEC_FUNCTIONS(zstd, Zstd, zstd_copts, zstd_dopts)
NVCOMP_CODEC_FUNCTIONS(deflate, Deflate, deflate_copts, deflate_dopts)
NVCOMP_CODEC_FUNCTIONS(gdeflate, Gdeflate, gdeflate_copts, gdeflate_dopts)
NVCOMP_CODEC_FUNCTIONS(cascaded, Cascaded, cascaded_copts, cascaded_dopts)
NVCOMP_CODEC_FUNCTIONS(bitcomp, Bitcomp, bitcomp_copts, bitcomp_dopts)
NVCOMP_CODEC_FUNCTIONS(bitcomp_sparse, Bitcomp, bitcomp_sparse_copts, bitcomp_dopts)
NVCOMP_CODEC_FUNCTIONS(ans, ANS, ans_copts, ans_dopts)

const nvcomp_codec nvcomp_codecs[] = {
    NVCOMP_CODEC_ENTRY("lz4", lz4),
    NVCOMP_CODEC_ENTRY("snappy", snappy),
    NVCOMP_CODEC_ENTRY("zstd", zstd),
    NVCOMP_CODEC_ENTRY("deflate", deflate),
    NVCOMP_CODEC_ENTRY("gdeflate", gdeflate),
    NVCOMP_CODEC_ENTRY("cascaded", cascaded),
    NVCOMP_CODEC_ENTRY("bitcomp", bitcomp),
    NVCOMP_CODEC_ENTRY("bitcomp-sparse", bitcomp_sparse),
    NVCOMP_CODEC_ENTRY("ans", ans),
};
const size_t nvcomp_codec_count = sizeof nvcomp_codecs / sizeof nvcomp_codecs[0];

const char *nvcomp_version_string(void)
{
    static char text[32];
    snprintf(text, sizeof text, "%d.%d.%d", NVCOMP_VER_MAJOR, NVCOMP_VER_MINOR, NVCOMP_VER_PATCH);
    return text;
}
