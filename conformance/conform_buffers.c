/*
 * conform_buffers.c — buffers whose end touches an inaccessible page.
 *
 * spec/format.md §6 requires a decoder never to read or write outside the buffers it is
 * given. Without sanitizers an overrun usually goes unnoticed; with the guard page right after
 * the last usable byte (rounded up to 16 bytes, so that the start stays aligned for vector
 * loads) it faults, and the runner reports the crash against the vector.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <sys/mman.h>
#include <unistd.h>

#include "conform.h"

bool conform_buffer_alloc(conform_buffer *buf, size_t len, bool shared)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    const size_t padded = (len + 15) & ~(size_t)15;
    const size_t data_pages = (padded + page - 1) / page;
    *buf = (conform_buffer){0};
    buf->map_len = (data_pages + 1) * page;
    buf->map = mmap(NULL, buf->map_len, PROT_READ | PROT_WRITE,
                    (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS, -1, 0);
    if (buf->map == MAP_FAILED) {
        buf->map = NULL;
        return false;
    }
    uint8_t *guard = (uint8_t *)buf->map + data_pages * page;
    if (mprotect(guard, page, PROT_NONE) != 0) {
        munmap(buf->map, buf->map_len);
        buf->map = NULL;
        return false;
    }
    buf->data = guard - padded;
    buf->len = len;
    return true;
}

void conform_buffer_free(conform_buffer *buf)
{
    if (buf->map)
        munmap(buf->map, buf->map_len);
    *buf = (conform_buffer){0};
}
