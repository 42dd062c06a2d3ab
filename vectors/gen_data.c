/*
 * gen_data.c — deterministic test data: splitmix64 and decimal-like values.
 *
 * splitmix64 (Steele, Lea, Flood 2014) is integer-only, so every platform draws the same
 * numbers; decimals are built as k / 10^d with an IEEE division, which is correctly rounded
 * everywhere, so the values (and the committed vectors) are the same on every host.
 */
#include <string.h>

#include "gen_vectors.h"

uint64_t gen_next(gen_rng *rng)
{
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t gen_below(gen_rng *rng, uint64_t bound)
{
    /* Rejection sampling keeps the draw uniform; the loop almost never repeats. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do
        x = gen_next(rng);
    while (x >= limit);
    return x % bound;
}

uint64_t gen_mask(unsigned bits)
{
    return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

uint64_t gen_low_bits(gen_rng *rng, unsigned bits)
{
    return gen_next(rng) & gen_mask(bits);
}

uint64_t gen_f64_bits(double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

uint32_t gen_f32_bits(float x)
{
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    return bits;
}

static int64_t power_of_ten(unsigned digits)
{
    int64_t p = 1;
    while (digits--)
        p *= 10;
    return p;
}

double gen_decimal64(gen_rng *rng, unsigned digits, int64_t center, int64_t spread)
{
    int64_t k = center - spread + (int64_t)gen_below(rng, (uint64_t)(2 * spread + 1));
    return (double)k / (double)power_of_ten(digits);
}

float gen_decimal32(gen_rng *rng, unsigned digits, int32_t center, int32_t spread)
{
    int32_t k = center - spread + (int32_t)gen_below(rng, (uint64_t)(2 * spread + 1));
    return (float)k / (float)power_of_ten(digits);
}
