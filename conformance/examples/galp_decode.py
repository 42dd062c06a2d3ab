#!/usr/bin/env python3
"""galp_decode.py - a standalone decoder of the galp column format 1.8, written from spec/ only.

Pure Python, standard library only. It shows that the specification is enough to decode every
vector bit for bit, and it is a second, independent implementation that the golden vectors are
checked against (spec/conformance.md). It speaks galp-conform's command protocol:

    galp_decode.py [--err FILE] [--bug NAME] IN OUT

decodes the galp file IN and writes the values to OUT as raw little-endian bytes (exit 0), or
rejects IN (exit 1), writing the error class name (e.g. GALP_ERR_CHECKSUM) to FILE if given.
A str column (spec/fsst.md) is written as each string's length (u32, little-endian) followed by
its bytes.

--bug injects one deliberate defect, so that the conformance tests can show that the runner
catches real bugs and names the vectors that expose them:
    lane         FFOR words are read from the neighbouring lane (off by one in the lane index)
    exceptions   ALP/G-ALP/ALP-RD exceptions and FFOR patches are ignored (their slots decode
                 from the packed parts)
    checksum     the header checksum is not verified
    payload      the payload checksums are not verified
"""

import struct
import sys

# spec/format.md §2: value types (code: name, width W in bits, float?) and schemes.
TYPES = {1: ("u8", 8, False), 2: ("u16", 16, False), 3: ("u32", 32, False),
         4: ("u64", 64, False), 5: ("f32", 32, True), 6: ("f64", 64, True)}
RAW, FFOR, ALP, GALP, ALP_RD = 0, 1, 2, 3, 4
DELTA, RLE, DICT = 5, 6, 7  # spec/fastlanes.md
TABLE_SCHEMES = (RLE, DICT)  # exception_count is the size of a table of values
GPU_FOR, GPU_DFOR, GPU_RFOR = 8, 9, 10  # spec/tile.md, u32 only
TILE = (GPU_FOR, GPU_DFOR, GPU_RFOR)
STR, FSST = 7, 11
RUNS = 12  # spec/fastlanes.md §8, format 1.5

# spec/alp.md §4: FRAC_W[i] as bit patterns; FACT_W[i] = 10^i mod 2^W.
FRAC64 = [0x3ff0000000000000, 0x3fb999999999999a, 0x3f847ae147ae147b, 0x3f50624dd2f1a9fc,
          0x3f1a36e2eb1c432d, 0x3ee4f8b588e368f1, 0x3eb0c6f7a0b5ed8d, 0x3e7ad7f29abcaf48,
          0x3e45798ee2308c3a, 0x3e112e0be826d695, 0x3ddb7cdfd9d7bdbb, 0x3da5fd7fe1796495,
          0x3d719799812dea11, 0x3d3c25c268497682, 0x3d06849b86a12b9b, 0x3cd203af9ee75616,
          0x3c9cd2b297d889bc, 0x3c670ef54646d497, 0x3c32725dd1d243ac]
FRAC32 = [0x3f800000, 0x3dcccccd, 0x3c23d70a, 0x3a83126f, 0x38d1b717, 0x3727c5ac,
          0x358637bd, 0x33d6bf95, 0x322bcc77, 0x3089705f, 0x2edbe6ff]
MAX_EXPONENT = {32: 10, 64: 18}


class Rejected(Exception):
    """The input is not a valid galp file; cls is the class of spec/format.md §6."""

    def __init__(self, cls, message):
        super().__init__(message)
        self.cls = "GALP_ERR_" + cls


def require(condition, cls, message):
    if not condition:
        raise Rejected(cls, message)


def crc32c(data):
    """spec/format.md §3.4: reflected Castagnoli polynomial, bitwise."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def round16(x):
    return (x + 15) & ~15


def round_up(x, align):
    return (x + align - 1) // align * align


def u(buf, offset, size):
    return int.from_bytes(buf[offset:offset + size], "little")


class Header:
    """spec/format.md §3.1, checked in the order of §6 steps 1-9."""

    def __init__(self, buf, bugs):
        require(len(buf) >= 64, "TRUNCATED", "input shorter than the 64-byte header")
        require(buf[0:4] == b"GALP", "BAD_MAGIC", "magic is not GALP")
        require(buf[4] == 1, "VERSION", "major version %d" % buf[4])
        self.type, self.scheme = buf[6], buf[7]
        self.n, self.nv, self.flags = u(buf, 8, 8), u(buf, 16, 4), u(buf, 20, 4)
        metadata, self.payload_offset = u(buf, 24, 8), u(buf, 32, 8)
        self.payload_end, file_size = u(buf, 40, 8), u(buf, 48, 8)
        reserved, checksum = u(buf, 56, 4), u(buf, 60, 4)
        require(self.nv == (self.n + 1023) // 1024 and self.n <= 1024 * (2**32 - 1),
                "COUNT_MISMATCH", "vector_count %d for %d values" % (self.nv, self.n))
        require(metadata == 64 and self.payload_offset == 64 + 32 * self.nv
                and self.payload_end % 16 == 0 and self.payload_end >= self.payload_offset
                and file_size == self.payload_end + 256, "LAYOUT", "section positions")
        require(len(buf) >= file_size, "TRUNCATED", "input shorter than file_size")
        table = buf[64:64 + 32 * self.nv]
        require("checksum" in bugs or crc32c(buf[0:60] + table) == checksum,
                "CHECKSUM", "CRC32C mismatch")
        require(self.type in TYPES or self.type == STR, "BAD_TYPE", "value type %d" % self.type)
        _, self.w, self.is_float = TYPES.get(self.type, ("str", 0, False))
        allowed = ((FSST,) if self.type == STR
                   else (RAW, ALP, GALP, ALP_RD, DICT) if self.is_float
                   else (RAW, FFOR, DELTA, RLE, DICT, RUNS))
        if self.type == 3:
            allowed += TILE
        require(self.scheme in allowed, "BAD_SCHEME", "column scheme %d" % self.scheme)
        # bit 0: payload checksums (spec/format.md §3.4); bit 1: compact G-ALP vectors
        # (spec/galp.md §1.1), in a G-ALP column only; bit 2: narrow lane ends (§1.2), in
        # columns that may hold G-ALP or ALP_RD vectors; bit 4: packed DELTA lane bases
        # (spec/fastlanes.md §2.3), in FFOR and DELTA columns; bit 5: delta-coded RUNS values
        # (§8.5) and bit 10: offset-coded RUNS values (§8.6), in FFOR and RUNS columns; bit 6: a
        # compact symbol table (spec/fsst.md §3.1) and bit 8: lean FSST vectors (§5.1), in STR
        # columns; bit 9: patched FFOR vectors (spec/ffor.md §8), in FFOR columns; the other bits
        # are reserved
        known = (1 | (2 if self.scheme == GALP else 0) | (12 if self.scheme in (ALP, GALP, ALP_RD) else 0)
                 | (16 if self.scheme in (FFOR, DELTA) else 0)
                 | (1056 if self.scheme in (FFOR, RUNS) else 0) | (320 if self.type == STR else 0)
                 | (512 if self.scheme == FFOR else 0))
        require(self.flags & ~known == 0 and reserved == 0, "RESERVED", "reserved header field")
        self.payload_checksums = self.flags & 1 == 1
        self.compact_galp = self.flags & 2 == 2
        self.narrow_lane_ends = self.flags & 4 == 4
        self.alprd_dict_in_entry = self.flags & 8 == 8
        self.packed_lane_bases = self.flags & 16 == 16
        self.runs_delta_values = self.flags & 32 == 32
        self.runs_offset_values = self.flags & 1024 == 1024
        self.compact_symbols = self.flags & 64 == 64
        self.lean_strings = self.flags & 256 == 256
        self.patched_ffor = self.flags & 512 == 512
        # spec/fsst.md §5.1: lean FSST payloads are 4-byte aligned, all others 16-byte
        self.payload_align = 4 if self.lean_strings else 16
        self.check_payloads = self.payload_checksums and "payload" not in bugs
        self.lanes = 1024 // self.w if self.w else 0


class Vector:
    """One metadata entry (spec/format.md §3.3), checked as in §6 step 10."""

    def __init__(self, buf, header, v, previous_end, bugs, table=None, string_start=0):
        e = 64 + 32 * v
        self.offset, self.base, self.size = u(buf, e, 8), u(buf, e + 8, 8), u(buf, e + 16, 4)
        self.c, self.scheme, self.b = u(buf, e + 20, 2), buf[e + 22], buf[e + 23]
        self.exponent, self.factor = buf[e + 24], buf[e + 25]
        self.m = min(1024, header.n - 1024 * v)
        w, alp_like, rd = header.w, self.scheme in (ALP, GALP), self.scheme == ALP_RD
        # spec/format.md §2: ALP_RD is a companion of ALP and GALP columns, DELTA, RLE, DICT
        # and RUNS of FFOR columns; str columns have no RAW vectors (spec/fsst.md §1)
        companions = ((ALP_RD,) if header.scheme in (ALP, GALP)
                      else (DELTA, RLE, DICT, RUNS) if header.scheme == FFOR else ())
        require(self.scheme in (header.scheme,) + companions
                or (self.scheme == RAW and header.type != STR), "BAD_SCHEME", "vector scheme")
        reserved_end = e + 28 if header.payload_checksums else e + 32
        require(not any(buf[e + 26:reserved_end]), "RESERVED", "reserved entry bytes")
        if header.type == STR:
            self._strings(buf, header, e, previous_end, table, string_start)
            return
        raw = self.scheme == RAW
        require(self.b <= w and not (raw and self.b) and not (rd and not w - 16 <= self.b < w),
                "BIT_WIDTH", "bit width %d" % self.b)
        # spec/alprd.md §3.1: with flag bit 3, a dictionary of 2^k entries of W - r bits that
        # fits in 64 bits is packed in base (no bit at or above 2^k (W - r)), and the payload
        # has no 16-byte head
        self.dict_in_entry = (rd and header.alprd_dict_in_entry and self.exponent <= 3
                              and (w - self.b) << self.exponent <= 64)
        dict_bits = (w - self.b) << self.exponent if self.dict_in_entry else 0
        require(self.base >> dict_bits == 0 if rd
                else self.base >> w == 0 and not ((raw or self.scheme in TILE) and self.base),
                "BASE", "base too wide")
        if rd:  # spec/alprd.md §2: k in the exponent byte
            require(self.exponent <= 3 and self.factor == 0, "EXPONENT", "ALP-RD k/factor")
            require(self.c <= self.m, "EXCEPTION_COUNT", "more exceptions than values")
        elif alp_like:
            require(self.factor <= self.exponent <= MAX_EXPONENT[w], "EXPONENT", "e/f")
            require(self.c <= self.m, "EXCEPTION_COUNT", "more exceptions than values")
        elif self.scheme == DELTA and header.packed_lane_bases:  # spec/fastlanes.md §2.3: c
            require(self.exponent <= w and self.factor == 0, "EXPONENT", "lane-base width")
            require(self.c == 0, "EXCEPTION_COUNT", "exceptions without ALP")
        elif self.scheme == FFOR and header.patched_ffor:  # spec/ffor.md §8.4: p patches
            require(self.exponent == 0 and self.factor == 0, "EXPONENT", "e/f without ALP")
            require(self.c <= (self.m if self.b < w else 0), "EXCEPTION_COUNT",
                    "patch count %d" % self.c)
        elif self.scheme == RUNS:  # spec/fastlanes.md §8: the length width k in the exponent
            # factor 1 (delta-coded values, §8.5) only with flag bit 5, 2 (offset-coded, §8.6)
            # only with flag bit 10
            factors = {0} | ({1} if header.runs_delta_values else set()) | ({2} if header.runs_offset_values else set())
            require(self.exponent <= 10 and self.factor in factors, "EXPONENT", "RUNS k/factor")
            require(1 <= self.c <= self.m, "EXCEPTION_COUNT", "run count %d" % self.c)
        else:
            require(self.exponent == 0 and self.factor == 0, "EXPONENT", "e/f without ALP")
            if self.scheme in TABLE_SCHEMES:
                require(1 <= self.c <= self.m, "EXCEPTION_COUNT", "table size %d" % self.c)
            else:
                require(self.c == 0, "EXCEPTION_COUNT", "exceptions without ALP")
        # spec/format.md §4: the implied payload size; spec/tile.md §6: the tile bounds;
        # spec/galp.md §1.1: a compact G-ALP vector without exceptions has no lane table
        self.lane_table = self.scheme == GALP and not (header.compact_galp and self.c == 0)
        # spec/galp.md §1.2: with the narrow flag, 1 <= c <= 255 exceptions take u8 lane ends
        self.end_size = 1 if header.narrow_lane_ends and 1 <= self.c <= 255 else 2
        self.rd_head = 0 if self.dict_in_entry else 16
        # spec/fastlanes.md §2.3: with flag bit 4 and c < W, B and L fields of c bits
        self.lane_fields = self.scheme == DELTA and header.packed_lane_bases and self.exponent < w
        self.delta_head = (round16(w // 8 * (1 + -(-header.lanes * self.exponent // w)))
                           if self.lane_fields else 128)
        self.index_bytes = {RLE: 128 + 128 * (self.c > 1),
                            DICT: 128 * (self.c - 1).bit_length(),
                            RUNS: 4 * (-(-self.c * self.exponent // 32))}.get(self.scheme, 0)
        if self.scheme in TILE:
            nb = (self.m + 127) // 128
            start = 4 if self.scheme == GPU_DFOR else 0
            low, high = ((16, 16 + 8 * self.m) if self.scheme == GPU_RFOR
                         else (start + 8 * nb, start + 520 * nb))
            require(self.size % 4 == 0 and low <= self.size <= high, "PAYLOAD_SIZE",
                    "tile payload size %d" % self.size)
        else:
            rows = -(-self.c // header.lanes)
            table = 128 * (-(-rows * self.b // w))  # spec/fastlanes.md §1
            implied = {RAW: self.m * w // 8, FFOR: 128 * self.b + self.c * (w // 8 + 2),
                       ALP: 128 * self.b + self.c * (w // 8 + 2),
                       GALP: 128 * self.b + self.end_size * header.lanes * self.lane_table
                       + self.c * (w // 8 + 2),
                       ALP_RD: self.rd_head + 128 * (self.b + self.exponent)
                       + (self.end_size * header.lanes if self.c else 0) + 4 * self.c,
                       DELTA: self.delta_head + 128 * self.b,
                       RLE: self.index_bytes + table, DICT: self.index_bytes + table,
                       RUNS: self.index_bytes + 4 * (-(-self.c * self.b // 32))}[self.scheme]
            require(self.size == implied, "PAYLOAD_SIZE", "payload size %d" % self.size)
        require(self.offset % 16 == 0 and self.offset >= round16(previous_end)
                and self.offset + self.size <= header.payload_end,
                "PAYLOAD_OFFSET", "payload placement")
        self.end = self.offset + self.size
        # step 10.9: the payload against its CRC32C, before the scheme's own checks
        require(not header.check_payloads
                or crc32c(buf[self.offset:self.end]) == u(buf, e + 28, 4),
                "PAYLOAD_CHECKSUM", "payload CRC32C mismatch")
        self.exceptions = []  # (position, raw value bytes), checked per scheme
        self.tile_values = None  # decoded by the tile checks, which read every field
        if self.scheme in (GPU_FOR, GPU_DFOR):
            self.tile_values = tile_for(buf[self.offset:self.end], self.m, self.b,
                                        self.scheme == GPU_DFOR)
        elif self.scheme == GPU_RFOR:
            self.tile_values = tile_rfor(buf[self.offset:self.end], self.m, self.b)
        if self.scheme == ALP:
            self._alp_exceptions(buf, w)
        elif self.scheme == FFOR:
            self._patches(buf, w)
        elif self.lane_table:
            ends_at = self.offset + 128 * self.b
            self._lane_exceptions(buf, header.lanes, ends_at,
                                  ends_at + self.end_size * header.lanes, w // 8)
        elif rd:
            self._alprd_checks(buf, w, header.lanes)
        self.indexes = None  # RLE run indexes or DICT codes, checked below m
        if self.scheme in TABLE_SCHEMES:
            self._table_indexes(buf, bugs)
        self.runs = None  # RUNS: (value, length) of every run
        if self.scheme == RUNS:
            self._runs(buf, w)

    def _runs(self, buf, w):
        """spec/fastlanes.md §8.1-8.2: R lengths of k bits (minus one), then R values of b
        bits; the lengths add up to m."""
        payload = buf[self.offset:self.end]
        lengths = [1 + packed(payload, 0, self.exponent, j) for j in range(self.c)]
        require(sum(lengths) == self.m, "RUN_LENGTHS",
                "run lengths add up to %d of %d" % (sum(lengths), self.m))
        entries = [packed(payload, self.index_bytes, self.b, j) for j in range(self.c)]
        if self.factor == 1:  # §8.5: zig-zag coded differences from the value before, the base first
            values, x = [], self.base
            for e in entries:
                x = (x + ((e >> 1) ^ -(e & 1))) % (1 << w)
                values.append(x)
        elif self.factor == 2:  # §8.6: differences plus an offset, entry 0, the base first
            values, x = [], self.base
            for e in entries:
                x = (x + e - entries[0]) % (1 << w)
                values.append(x)
        else:
            values = [(self.base + e) % (1 << w) for e in entries]
        self.runs = list(zip(values, lengths))

    def _table_indexes(self, buf, bugs):
        """spec/fastlanes.md §3.2, §4.2: every index of a position below m is below c."""
        if self.scheme == RLE:
            self.indexes = transposed(buf, self.offset, 16, int(self.c > 1), 0, bugs)
        else:
            self.indexes = unpack(buf, self.offset, 16, (self.c - 1).bit_length(), 0, bugs)
        for p in range(self.m):
            require(self.indexes[p] < self.c, "DICT_CODE",
                    "index %d of %d at position %d" % (self.indexes[p], self.c, p))

    def _strings(self, buf, header, e, previous_end, table, string_start):
        """spec/fsst.md §4-§6: entry fields, placement, then the pieces, decoded."""
        require(self.b == 0, "BIT_WIDTH", "bit width in a str vector")
        require(self.exponent == 0 and self.factor == 0, "EXPONENT", "e/f in a str vector")
        lean, align = header.lean_strings, header.payload_align
        # spec/fsst.md §5.1: a lean vector's exception_count is its piece count
        require(lean or self.c == 0, "EXCEPTION_COUNT", "exceptions in a str vector")
        require(self.size >= (4 if lean else 12), "PAYLOAD_SIZE", "str payload shorter than its head")
        require(self.offset % align == 0 and self.offset >= round_up(previous_end, align)
                and self.offset + self.size <= header.payload_end,
                "PAYLOAD_OFFSET", "payload placement")
        self.end = self.offset + self.size
        require(not header.check_payloads
                or crc32c(buf[self.offset:self.end]) == u(buf, e + 28, 4),
                "PAYLOAD_CHECKSUM", "payload CRC32C mismatch")
        decoded = self.base - string_start
        require(decoded >= 0 and decoded < 2**32, "STRING_OFFSET", "end offset")
        o = self.offset
        if lean:  # p in the entry, L alone in the head, piece 0 (0, 0, 0), C what is left
            p, fixed = self.c, u(buf, o, 4)
            require(1 <= p <= self.m, "PIECE", "piece count %d" % p)
            area = 4 + 12 * (p - 1)
            require(self.size >= area, "PAYLOAD_SIZE", "str payload size")
            c, first, entries = self.size - area, [(0, 0, 0)], o + 4 - 12
        else:
            p, c, fixed = u(buf, o, 4), u(buf, o + 4, 4), u(buf, o + 8, 4)
            require(1 <= p <= self.m, "PIECE", "piece count %d" % p)
            area = 12 + 12 * p
            require(self.size == area + c, "PAYLOAD_SIZE", "str payload size")
            first, entries = [], o + 12
        pieces = first + [(u(buf, entries + 12 * j, 4), u(buf, entries + 12 * j + 4, 4),
                           u(buf, entries + 12 * j + 8, 4)) for j in range(len(first), p)]
        for j, (s, co, oo) in enumerate(pieces):
            if j == 0:
                require(s == 0 and co == 0, "PIECE", "first piece")
            else:
                require(s > pieces[j - 1][0] and co > pieces[j - 1][1], "PIECE", "piece order")
            require(s < self.m and co % 4 == 0 and co < c, "PIECE", "piece range")
            require(oo == 0 if j == 0 else oo >= pieces[j - 1][2], "STRING_OFFSET",
                    "piece output offsets")
            require(oo <= decoded, "STRING_OFFSET", "piece output offset")
        codes = buf[o + area:o + area + c]
        self.strings = []
        for j, (s, co, oo) in enumerate(pieces):
            last = j + 1 == p
            end_s, limit, out_end = (self.m, c, decoded) if last else pieces[j + 1]
            q, produced = co, 0
            for _ in range(s, end_s):
                text, q = self._one_string(codes, q, limit, fixed, table)
                self.strings.append(text)
                produced += len(text)
            require(produced == out_end - oo, "STRING_OFFSET", "piece output size")
            require(limit == (q if last else (q + 3) // 4 * 4), "PIECE", "piece end")
            require(not any(codes[q:limit]), "RESERVED", "padding between pieces")

    @staticmethod
    def _one_string(codes, q, limit, fixed, table):
        """spec/fsst.md §5, decoding steps 1-2."""
        count, symbols = table
        is_end = lambda x: x < count and symbols[x] == (b"", True)
        if fixed and q < limit and is_end(codes[q]):
            q, fixed = q + 1, 0
        out = bytearray()
        while not (fixed and len(out) == fixed):
            require(q < limit, "PIECE", "codes end inside a string")
            x = codes[q]
            if x == 255:
                require(q + 1 < limit, "ESCAPE", "escape as the last byte of a piece")
                out.append(codes[q + 1])
                q += 2
                continue
            require(x < count and not (fixed and symbols[x][1]), "CODE", "code %d" % x)
            data, terminal = symbols[x]
            require(not fixed or len(out) + len(data) <= fixed, "STRING_OFFSET", "past L")
            out += data
            q += 1
            if terminal:
                break
        return bytes(out), q

    def _alp_exceptions(self, buf, w):
        """spec/alp.md §2 and §5."""
        values = self.offset + 128 * self.b
        positions = values + self.c * (w // 8)
        last = -1
        for j in range(self.c):
            p = u(buf, positions + 2 * j, 2)
            require(last < p < self.m, "EXCEPTION_POSITION", "ALP position %d" % p)
            last = p
            self.exceptions.append((p, buf[values + j * w // 8:values + (j + 1) * w // 8]))

    def _patches(self, buf, w):
        """spec/ffor.md §8.1 and §8.4: the high bits of p deltas, then their positions; each
        patch adds h << b to its slot, as the exception value the decoder adds."""
        values = self.offset + 128 * self.b
        positions = values + self.c * (w // 8)
        last = -1
        for j in range(self.c):
            p = u(buf, positions + 2 * j, 2)
            require(last < p < self.m, "EXCEPTION_POSITION", "patch position %d" % p)
            last = p
            high = u(buf, values + j * (w // 8), w // 8)
            require(0 < high < 1 << (w - self.b), "PATCH_VALUE", "patch %d" % high)
            self.exceptions.append((p, high << self.b))

    def _alprd_checks(self, buf, w, lanes):
        """spec/alprd.md §3 and §5: dictionary, lane ends, positions, exception left parts."""
        left_width, k = w - self.b, self.exponent
        mask = (1 << left_width) - 1
        self.dictionary = ([self.base >> (e * left_width) & mask if e < 1 << k else 0
                            for e in range(8)] if self.dict_in_entry
                           else [u(buf, self.offset + 2 * e, 2) for e in range(8)])
        for e, entry in enumerate(self.dictionary):
            require(entry >> left_width == 0 if e < 1 << k else entry == 0, "LEFT_PART",
                    "dictionary entry %d" % e)
        if self.c:
            ends_at = self.offset + self.rd_head + 128 * (self.b + k)
            self._lane_exceptions(buf, lanes, ends_at, ends_at + self.end_size * lanes, 2)
        for _, left in self.exceptions:
            require(u(left, 0, 2) >> left_width == 0, "LEFT_PART", "exception left part")

    def _lane_exceptions(self, buf, lanes, ends_at, values, size):
        """spec/galp.md §1 and §4: lane ends (u8 or u16, §1.2), then `size`-byte values and
        positions by lane."""
        positions = values + self.c * size
        es = self.end_size
        ends = [u(buf, ends_at + es * lane, es) for lane in range(lanes)]
        start = 0
        for lane, end in enumerate(ends):
            slots = len(range(lane, self.m, lanes))
            require(start <= end and end - start <= slots, "EXCEPTION_COUNT",
                    "lane %d exceptions" % lane)
            start = end
        require(ends[-1] == self.c, "EXCEPTION_COUNT", "lane_end[L-1] != exception count")
        start = 0
        for lane, end in enumerate(ends):
            last = -1
            for j in range(start, end):
                p = u(buf, positions + 2 * j, 2)
                require(p % lanes == lane and last < p < self.m, "EXCEPTION_POSITION",
                        "G-ALP position %d in lane %d" % (p, lane))
                last = p
                self.exceptions.append((p, buf[values + j * size:values + (j + 1) * size]))
            start = end


def packed(payload, offset, b, j):
    """spec/tile.md §2: entry j of the LSB-first run of b-bit entries at byte `offset`; the
    tile schemes' have b <= 32, RUNS's up to 64, over as many u32 words as the entry spans
    (spec/fastlanes.md §8.1)."""
    if b == 0:
        return 0
    t = j * b
    word = offset + 4 * (t // 32)
    window = u(payload, word, 4 * (-(-(t % 32 + b) // 32)))
    return (window >> (t % 32)) & ((1 << b) - 1)


def tile_for(payload, m, entry_width, dfor):
    """spec/tile.md §3, §4: check the blocks (§6) and return the m values."""
    offset, largest, items = (4 if dfor else 0), 0, []
    for k in range((m + 127) // 128):
        require(offset + 8 <= len(payload), "PAYLOAD_SIZE", "block header outside the payload")
        ref, widths = u(payload, offset, 4), list(payload[offset + 4:offset + 8])
        require(max(widths) <= 32, "BIT_WIDTH", "miniblock width above 32")
        largest = max([largest] + widths)
        end = offset + 8 + 4 * sum(widths)
        require(end <= len(payload), "PAYLOAD_SIZE", "block past the payload")
        word = offset + 8
        for b in widths:
            items += [(ref + packed(payload, word, b, r)) & 0xFFFFFFFF for r in range(32)]
            word += 4 * b
        offset = end
    require(offset == len(payload), "PAYLOAD_SIZE", "blocks end before the payload")
    require(largest == entry_width, "BIT_WIDTH", "entry bit width is not the widest")
    if dfor:
        x = u(payload, 0, 4)
        for i in range(m):
            x = (x + items[i]) & 0xFFFFFFFF
            items[i] = x
    return items[:m]


def tile_rfor(payload, m, entry_width):
    """spec/tile.md §5: check the runs (§6) and return the m values."""
    c, value_ref, length_ref = u(payload, 0, 4), u(payload, 4, 4), u(payload, 8, 4)
    bv, bl = payload[12], payload[13]
    require(payload[14] == 0 and payload[15] == 0, "RESERVED", "reserved RFOR bytes")
    require(bv <= 32 and bl <= 32, "BIT_WIDTH", "run width above 32")
    require(1 <= c <= m, "RUN_LENGTHS", "run count %d" % c)
    value_words, length_words = (c * bv + 31) // 32, (c * bl + 31) // 32
    require(len(payload) == 16 + 4 * (value_words + length_words), "PAYLOAD_SIZE",
            "RFOR payload size")
    require(max(bv, bl) == entry_width, "BIT_WIDTH", "entry bit width is not the widest")
    out = []
    for r in range(c):
        length = (length_ref + packed(payload, 16 + 4 * value_words, bl, r)) & 0xFFFFFFFF
        require(1 <= length <= m - len(out), "RUN_LENGTHS", "run length %d" % length)
        out += [(value_ref + packed(payload, 16, bv, r)) & 0xFFFFFFFF] * length
    require(len(out) == m, "RUN_LENGTHS", "runs cover %d of %d values" % (len(out), m))
    return out


def unpack(buf, offset, w, b, base, bugs):
    """spec/ffor.md: the 1024 W-bit integers of an FFOR-packed vector, plus base mod 2^W."""
    lanes = 1024 // w
    mask_w, mask_b = (1 << w) - 1, (1 << b) - 1
    words = [u(buf, offset + i * w // 8, w // 8) for i in range(lanes * b)]
    out = [0] * 1024
    for lane in range(lanes):
        source = (lane + 1) % lanes if "lane" in bugs else lane
        stream = 0
        for k in range(b):  # the lane's words, least significant first
            stream |= words[k * lanes + source] << (k * w)
        for row in range(w):
            out[row * lanes + lane] = (((stream >> (row * b)) & mask_b) + base) & mask_w
    return out


def lane_bases(buf, offset, w, fields):
    """spec/fastlanes.md §2.1: L lane bases of W bits; §2.3 with `fields` = c < W bits: the
    base of the bases B, then field l at bits l*c ... of the W-bit words after it."""
    lanes = 1024 // w
    if fields is None:
        return [u(buf, offset + lane * w // 8, w // 8) for lane in range(lanes)]
    stream = u(buf, offset + w // 8, w // 8 * -(-lanes * fields // w))
    return [(u(buf, offset, w // 8) + (stream >> (lane * fields) & ((1 << fields) - 1))) % (1 << w)
            for lane in range(lanes)]


def transposed(buf, offset, w, b, base, bugs, fields=None, head=128):
    """spec/fastlanes.md §2: the lane bases, then deltas packed in FFOR slots; lane l carries
    positions l*W ... l*W + W - 1, each row adding base + delta to the lane's running value."""
    lanes = 1024 // w
    deltas = unpack(buf, offset + head, w, b, 0, bugs)
    bases = lane_bases(buf, offset, w, fields)
    out = [0] * 1024
    for lane in range(lanes):
        value = bases[lane]
        for row in range(w):
            value = (value + base + deltas[row * lanes + lane]) % (1 << w)
            out[lane * w + row] = value
    return out


def to_f32_bits(x):
    """Round a double to binary32, to nearest even (spec/alp.md §4)."""
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:  # beyond the largest binary32: the rounding gives infinity
        return 0xFF800000 if x < 0 else 0x7F800000


def alp_decode(ints, w, exponent, factor):
    """spec/alp.md §4 steps 2-4: wrapping multiply, two's complement, convert, multiply."""
    fact = 10 ** factor % (1 << w)
    out = []
    if w == 64:
        frac = struct.unpack("<d", FRAC64[exponent].to_bytes(8, "little"))[0]
        for k in ints:
            s = k * fact % (1 << 64)
            s = s - (1 << 64) if s >> 63 else s
            out.append(struct.pack("<d", float(s) * frac))  # int->double is correctly rounded
    else:
        frac = struct.unpack("<f", FRAC32[exponent].to_bytes(4, "little"))[0]
        for k in ints:
            s = k * fact % (1 << 32)
            s = s - (1 << 32) if s >> 31 else s
            # |s| < 2^31 is exact in a double; rounding it to binary32 is the conversion. The
            # double product of two binary32 values is exact, so rounding it once to binary32
            # is the binary32 multiplication.
            x = struct.unpack("<f", struct.pack("<I", to_f32_bits(float(s))))[0]
            out.append(struct.pack("<I", to_f32_bits(x * frac)))
    return out


def alprd_decode(buf, vec, w, bugs):
    """spec/alprd.md §4: dict[code] << r | right, the exceptions' left parts patched in."""
    rights = unpack(buf, vec.offset + vec.rd_head, w, vec.b, 0, bugs)
    codes = unpack(buf, vec.offset + vec.rd_head + 128 * vec.b, w, vec.exponent, 0, bugs)
    lefts = [vec.dictionary[code] for code in codes[:vec.m]]
    if "exceptions" not in bugs:
        for position, left in vec.exceptions:
            lefts[position] = u(left, 0, 2)
    return [(left << vec.b | right).to_bytes(w // 8, "little")
            for left, right in zip(lefts, rights)]


def symbol_table(buf, header):
    """spec/fsst.md §3, §3.1 and §6: the table at payload_offset; returns it and where payloads
    start. Bits 0-3 of a descriptor count the bytes stored; in a compact table, bits 4-6 the
    bytes shared with the start of the symbol before."""
    start, section = header.payload_offset, header.payload_end - header.payload_offset
    require(section >= 8, "LAYOUT", "no room for the symbol table")
    k = u(buf, start, 4)
    require(k <= 255, "SYMBOL_TABLE", "%d symbols" % k)
    require(8 + k <= section, "LAYOUT", "symbol descriptors past payload_end")
    desc = buf[start + 8:start + 8 + k]
    size = 8 + k + sum(d & 15 for d in desc)
    require(size <= section, "LAYOUT", "symbol table past payload_end")
    require(crc32c(buf[start + 8:start + size]) == u(buf, start + 4, 4), "CHECKSUM", "table")
    symbols, at, before = [], start + 8 + k, b""
    for d in desc:
        shared, stored, terminal = (d >> 4) & 7, d & 15, bool(d & 0x80)
        length = shared + stored
        require((shared <= len(before) if header.compact_symbols else shared == 0)
                and length <= 8 and (length or terminal), "SYMBOL_TABLE",
                "descriptor 0x%02x" % d)
        before = before[:shared] + bytes(buf[at:at + stored])
        symbols.append((before, terminal))
        at += stored
    return (k, symbols), round_up(start + size, header.payload_align)


def decode(buf, bugs=()):
    """Validate everything (spec/format.md §6), then decode (§5). Returns the output bytes."""
    header = Header(buf, bugs)
    vectors, end = [], header.payload_offset
    if header.type == STR:
        table, end = symbol_table(buf, header)
        string_start = 0
        for v in range(header.nv):
            vectors.append(Vector(buf, header, v, end, bugs, table, string_start))
            end, string_start = vectors[-1].end, vectors[-1].base
        require(header.payload_end == round16(end), "LAYOUT", "payload_end")
        return b"".join(len(s).to_bytes(4, "little") + s for vec in vectors for s in vec.strings)
    for v in range(header.nv):
        vectors.append(Vector(buf, header, v, end, bugs))
        end = vectors[-1].end
    require(header.payload_end == round16(end), "LAYOUT", "payload_end after the last payload")
    size, out = header.w // 8, bytearray()
    for vec in vectors:
        if vec.scheme == RAW:
            out += buf[vec.offset:vec.offset + vec.size]
            continue
        if vec.scheme == ALP_RD:
            out += b"".join(alprd_decode(buf, vec, header.w, bugs))
            continue
        if vec.tile_values is not None:
            out += b"".join(i.to_bytes(4, "little") for i in vec.tile_values)
            continue
        if vec.scheme == RUNS:
            out += b"".join(v.to_bytes(size, "little") * n for v, n in vec.runs)
            continue
        if vec.scheme == DELTA:
            ints = transposed(buf, vec.offset, header.w, vec.b, vec.base, bugs,
                              vec.exponent if vec.lane_fields else None, vec.delta_head)[:vec.m]
        elif vec.scheme in TABLE_SCHEMES:  # spec/fastlanes.md §1: the table of values
            table = unpack(buf, vec.offset + vec.index_bytes, header.w, vec.b, vec.base, bugs)
            ints = [table[i] for i in vec.indexes[:vec.m]]
        else:
            ints = unpack(buf, vec.offset, header.w, vec.b, vec.base, bugs)[:vec.m]
        if vec.scheme in (FFOR, DELTA, RLE, DICT):
            if "exceptions" not in bugs:  # spec/ffor.md §8.2: patches add their high bits
                for position, addend in vec.exceptions:
                    ints[position] = (ints[position] + addend) % (1 << header.w)
            values = [i.to_bytes(size, "little") for i in ints]
        else:
            values = alp_decode(ints, header.w, vec.exponent, vec.factor)
            if "exceptions" not in bugs:
                for position, raw in vec.exceptions:
                    values[position] = raw
        out += b"".join(values)
    return bytes(out)


def main(argv):
    args, err_path, bugs = list(argv[1:]), None, set()
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option in ("--err", "--bug") and args:
            value = args.pop(0)
            if option == "--err":
                err_path = value
            elif value in ("lane", "exceptions", "checksum", "payload"):
                bugs.add(value)
            else:
                args = []
        else:
            args = []
    if len(args) != 2:
        sys.stderr.write("usage: galp_decode.py [--err FILE]"
                         " [--bug lane|exceptions|checksum|payload] IN OUT\n")
        return 2
    with open(args[0], "rb") as f:
        data = f.read()
    try:
        out = decode(data, bugs)
    except Rejected as e:
        sys.stderr.write("galp_decode.py: %s: %s\n" % (e.cls, e))
        if err_path:
            with open(err_path, "w") as f:
                f.write(e.cls + "\n")
        return 1
    with open(args[1], "wb") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
