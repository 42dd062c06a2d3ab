/*
 * gpu/strings.c — the host side of str columns on the device (spec/fsst.md; gpu/strings.h):
 * at upload, the piece records and the expanded symbol table, read from the file that
 * galp_open has validated, copied to device memory once.
 */
#include <stdlib.h>

#include <cuda_runtime.h>

#include "bytes.h"
#include "cuda_status.h"
#include "galp_internal.h"
#include "strings_host.h"

/* spec/fsst.md §3: the table at payload_offset, expanded. */
static void expand_table(const galp_column *col, galp_gpu_str_table *t)
{
    const uint8_t *table = col->data + GALP_HEADER_SIZE +
                           (size_t)GALP_VECTOR_ENTRY_SIZE * col->vector_count;
    *t = (galp_gpu_str_table){.count = galp_load_u32(table)};
    const uint8_t *bytes = table + 8 + t->count;
    for (uint32_t c = 0; c < t->count; c++) {
        t->len[c] = table[8 + c] & 0x0Fu;
        t->terminal[c] = (table[8 + c] & 0x80u) != 0;
        for (unsigned i = 0; i < t->len[c]; i++)
            t->bytes[c] |= (uint64_t)bytes[i] << (8 * i);
        bytes += t->len[c];
    }
}

/* spec/fsst.md §4, §5: every piece of every vector, in order, into pieces (which may be NULL
 * to count them only); returns their number. */
static uint64_t list_pieces(const galp_column *col, galp_gpu_str_piece *pieces)
{
    uint64_t count = 0, start = 0;
    for (uint32_t v = 0; v < col->vector_count; v++) {
        galp_vector_info info;
        galp_vector_info_get(col, v, &info);
        const uint8_t *head = col->data + info.payload_offset;
        const uint32_t p = galp_load_u32(head), fixed = galp_load_u32(head + 8);
        const uint64_t codes = info.payload_offset + 12 + 12 * (uint64_t)p;
        for (uint32_t j = 0; pieces != NULL && j < p; j++) {
            const uint8_t *e = head + 12 + 12 * (size_t)j;
            const uint32_t next = j + 1 < p ? galp_load_u32(e + 12) : info.value_count;
            pieces[count + j] = (galp_gpu_str_piece){
                .code_begin = codes + galp_load_u32(e + 4),
                .out_begin = start + galp_load_u32(e + 8),
                .first_string = (uint64_t)v * GALP_VECTOR_SIZE + galp_load_u32(e),
                .strings = next - galp_load_u32(e),
                .default_length = fixed,
            };
        }
        count += p;
        start = info.base;
    }
    return count;
}

galp_status galp_gpu_str_prepare(const galp_column *col, galp_gpu_str_column *out)
{
    *out = (galp_gpu_str_column){0};
    galp_column_str_bytes(col, &out->bytes);
    out->piece_count = list_pieces(col, NULL);
    galp_gpu_str_table *table = malloc(sizeof *table);
    galp_gpu_str_piece *pieces = malloc((out->piece_count ? out->piece_count : 1) * sizeof *pieces);
    galp_status st = table && pieces ? GALP_OK : GALP_ERR_NO_MEMORY;
    if (st == GALP_OK) {
        expand_table(col, table);
        list_pieces(col, pieces);
        cudaError_t err = cudaMalloc((void **)&out->table, sizeof *table);
        if (err == cudaSuccess)
            err = cudaMalloc((void **)&out->pieces, (out->piece_count ? out->piece_count : 1) *
                                                        sizeof *pieces);
        if (err == cudaSuccess)
            err = cudaMemcpy(out->table, table, sizeof *table, cudaMemcpyHostToDevice);
        if (err == cudaSuccess && out->piece_count > 0)
            err = cudaMemcpy(out->pieces, pieces, out->piece_count * sizeof *pieces,
                             cudaMemcpyHostToDevice);
        st = galp_gpu_status_from_cuda(err);
    }
    free(table);
    free(pieces);
    if (st != GALP_OK)
        galp_gpu_str_free(out);
    return st;
}

void galp_gpu_str_free(galp_gpu_str_column *str)
{
    cudaFree(str->pieces);
    cudaFree(str->table);
    *str = (galp_gpu_str_column){0};
}
