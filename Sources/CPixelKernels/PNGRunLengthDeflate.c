// DEFLATE (RFC 1951) for PNG's fastest level (docs/image-decoding.md §4): the only matches are
// runs, a byte repeated from the one before it (distance 1), and each chunk of input is one block
// with Huffman codes built for that chunk. Up-filtered segmentation masks are long runs of zeros
// around a band of small differences; finding runs is a scan, and the codes shrink the band.
#include "CPixelKernels.h"

#include <stdlib.h>
#include <string.h>

/// Input bytes per block: its tokens (2 bytes each at most per input byte) stay in the L2 cache.
#define CHUNK ((size_t)1 << 18)
/// DEFLATE's longest match, and its alphabets' sizes.
#define MAX_MATCH 258
#define LITERALS_AND_LENGTHS 286
#define CODE_LENGTH_SYMBOLS 19
/// A token is a literal byte (0…255) or TOKEN_MATCH + a run's length (3…258).
#define TOKEN_MATCH 256

size_t vt_deflate_runs_bound(size_t count) {
    // Worst case: every block stored, 5 bytes of header per piece of at most 65,535 bytes.
    return count + 5 * (count / 65535 + count / CHUNK + 2) + 8;
}

// MARK: Bits

typedef struct bit_writer {
    uint8_t *out;
    size_t capacity, size;
    uint64_t bits;
    unsigned count;
    int overflow;
} bit_writer;

/// Appends the `n` (at most 32) low bits of `value`, least significant first.
static inline void put_bits(bit_writer *w, uint32_t value, unsigned n) {
    w->bits |= (uint64_t)value << w->count;
    w->count += n;
    if (w->count >= 32) {
        if (w->capacity - w->size < 4) {
            w->overflow = 1;
        } else {
            for (int i = 0; i < 4; i++) w->out[w->size++] = (uint8_t)(w->bits >> (8 * i));
        }
        w->bits >>= 32;
        w->count -= 32;
    }
}

/// Writes the pending bits, the last byte padded with zeros.
static void flush_bits(bit_writer *w) {
    while (w->count > 0) {
        if (w->size == w->capacity) {
            w->overflow = 1;
            return;
        }
        w->out[w->size++] = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
}

// MARK: Huffman codes

/// Code lengths for `n` symbols with frequencies `freq`, none longer than `limit`: a Huffman tree
/// built by merging the two lightest nodes (leaves sorted by weight, merged nodes in creation
/// order, so both queues stay sorted), then depths past `limit` cut to it and the code made whole
/// again by moving leaves down from shallower levels. Unused symbols get 0. At least two symbols
/// get a length, so that every code is complete.
static void huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
    int symbols[LITERALS_AND_LENGTHS];
    uint32_t weight[2 * LITERALS_AND_LENGTHS];
    int parent[2 * LITERALS_AND_LENGTHS];
    uint8_t depth[2 * LITERALS_AND_LENGTHS];
    int used = 0;
    memset(lengths, 0, (size_t)n);
    for (int s = 0; s < n; s++) {
        if (freq[s] > 0) symbols[used++] = s;
    }
    // Fewer than two: pad with the first unused symbols (weight 0 is fine for a tree of two).
    for (int s = 0; used < 2 && s < n; s++) {
        if (freq[s] == 0) symbols[used++] = s;
    }
    // Insertion sort by weight, then symbol: at most 286 entries.
    for (int i = 1; i < used; i++) {
        const int s = symbols[i];
        int j = i - 1;
        while (j >= 0 && freq[symbols[j]] > freq[s]) {
            symbols[j + 1] = symbols[j];
            j--;
        }
        symbols[j + 1] = s;
    }
    for (int i = 0; i < used; i++) weight[i] = freq[symbols[i]];
    int leaf = 0, merged = used, next = used;
    for (int step = 0; step < used - 1; step++) {
        int pick[2];
        for (int k = 0; k < 2; k++) {
            if (leaf < used && (merged == next || weight[leaf] <= weight[merged])) pick[k] = leaf++;
            else pick[k] = merged++;
        }
        weight[next] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    const int root = next - 1;
    depth[root] = 0;
    // A parent is created after its children, so its depth is known first going down.
    for (int node = root - 1; node >= 0; node--) {
        const int d = depth[parent[node]] + 1;
        depth[node] = (uint8_t)(d > 255 ? 255 : d);
    }
    int count[16] = {0};
    for (int i = 0; i < used; i++) count[depth[i] > limit ? limit : depth[i]]++;
    // Kraft sum in units of 2^-limit; cutting depths made it exceed one whole.
    uint32_t total = 0;
    for (int d = 1; d <= limit; d++) total += (uint32_t)count[d] << (limit - d);
    while (total > (1u << limit)) {
        // One leaf at the limit moves up to replace a leaf at depth d, which moves down beside it:
        // the sum falls by one unit.
        count[limit]--;
        for (int d = limit - 1; d > 0; d--) {
            if (count[d] > 0) {
                count[d]--;
                count[d + 1] += 2;
                break;
            }
        }
        total--;
    }
    // The heaviest symbols (last in `symbols`) take the shortest lengths.
    int i = used - 1;
    for (int d = 1; d <= limit; d++) {
        for (int k = 0; k < count[d]; k++) lengths[symbols[i--]] = (uint8_t)d;
    }
}

/// Canonical codes (RFC 1951 §3.2.2) for `lengths`, bit-reversed for writing least significant
/// bit first.
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int count[16] = {0};
    uint32_t next[16];
    for (int s = 0; s < n; s++) count[lengths[s]]++;
    count[0] = 0;
    uint32_t code = 0;
    for (int d = 1; d < 16; d++) {
        code = (code + (uint32_t)count[d - 1]) << 1;
        next[d] = code;
    }
    for (int s = 0; s < n; s++) {
        const int d = lengths[s];
        if (d == 0) continue;
        uint32_t value = next[d]++, reversed = 0;
        for (int b = 0; b < d; b++) reversed |= ((value >> b) & 1u) << (d - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

// MARK: Blocks

/// The length symbols' first lengths and extra bits (RFC 1951 §3.2.5), symbols 257…285.
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

/// The order in which a block's header lists the code-length code's lengths.
static const uint8_t code_length_order[CODE_LENGTH_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
                                                               11, 4, 12, 3, 13, 2, 14, 1, 15};

/// How many bytes from `p` (at most `limit`) equal `value`.
static inline size_t run_length(const uint8_t *p, uint8_t value, size_t limit) {
    size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t pattern = 0x0101010101010101ull * value;
    for (; n + 8 <= limit; n += 8) {
        uint64_t word;
        memcpy(&word, p + n, 8);
        const uint64_t differ = word ^ pattern;
        if (differ != 0) return n + ((size_t)__builtin_ctzll(differ) >> 3);
    }
#endif
    while (n < limit && p[n] == value) n++;
    return n;
}

/// Writes `data[start ..< end]` as stored blocks (the last one final when `final`).
static void stored_blocks(bit_writer *w, const uint8_t *data, size_t start, size_t end, int final) {
    do {
        const size_t piece = end - start < 65535 ? end - start : 65535;
        put_bits(w, (final && start + piece == end) ? 1u : 0u, 3);
        flush_bits(w);
        if (w->capacity - w->size < 4 + piece) {
            w->overflow = 1;
            return;
        }
        const uint8_t header[4] = {(uint8_t)piece, (uint8_t)(piece >> 8), (uint8_t)~piece, (uint8_t)(~piece >> 8)};
        memcpy(w->out + w->size, header, 4);
        memcpy(w->out + w->size + 4, data + start, piece);
        w->size += 4 + piece;
        start += piece;
    } while (start < end);
}

/// One block for `data[start ..< end]` (bytes before `start` were written earlier): tokens, then
/// codes, then whichever of a Huffman-coded block and stored blocks is smaller.
static void block(bit_writer *w, const uint8_t *data, size_t start, size_t end, int final, uint16_t *tokens,
                  const uint8_t *length_symbol) {
    uint32_t freq[LITERALS_AND_LENGTHS] = {0};
    size_t count = 0, i = start;
    uint64_t extra_bits = 0;
    if (i == 0) {
        tokens[count++] = data[0];
        freq[data[0]]++;
        i = 1;
    }
    while (i < end) {
        const size_t limit = end - i < MAX_MATCH ? end - i : MAX_MATCH;
        const size_t run = run_length(data + i, data[i - 1], limit);
        if (run >= 3) {
            tokens[count++] = (uint16_t)(TOKEN_MATCH + run);
            const int symbol = length_symbol[run];
            freq[257 + symbol]++;
            extra_bits += length_extra[symbol] + 1u;  // and the distance code's one bit
            i += run;
        } else {
            tokens[count++] = data[i];
            freq[data[i]]++;
            i++;
        }
    }
    freq[256] = 1;

    uint8_t lengths[LITERALS_AND_LENGTHS + 2];
    uint16_t codes[LITERALS_AND_LENGTHS];
    huffman_lengths(freq, LITERALS_AND_LENGTHS, 15, lengths);
    canonical_codes(lengths, LITERALS_AND_LENGTHS, codes);
    int literal_count = LITERALS_AND_LENGTHS;
    while (literal_count > 257 && lengths[literal_count - 1] == 0) literal_count--;
    // Two distance codes of one bit: distance 1 (code 0) and the unused code 1, a complete code.
    lengths[literal_count] = 1;
    lengths[literal_count + 1] = 1;
    const int all = literal_count + 2;

    // The lengths themselves, run-length coded with symbols 16 (repeat the last 3…6 times), 17
    // (3…10 zeros) and 18 (11…138 zeros); `repeat` holds each symbol's repeat count.
    uint8_t cl_symbols[LITERALS_AND_LENGTHS + 2], cl_repeat[LITERALS_AND_LENGTHS + 2];
    int cl_count = 0;
    uint32_t cl_freq[CODE_LENGTH_SYMBOLS] = {0};
    for (int s = 0; s < all;) {
        const uint8_t d = lengths[s];
        int same = 1;
        while (s + same < all && lengths[s + same] == d) same++;
        int left = same;
        if (d == 0) {
            while (left >= 11) {
                const int take = left < 138 ? left : 138;
                cl_symbols[cl_count] = 18, cl_repeat[cl_count++] = (uint8_t)take;
                left -= take;
            }
            if (left >= 3) {
                cl_symbols[cl_count] = 17, cl_repeat[cl_count++] = (uint8_t)left;
                left = 0;
            }
        } else {
            cl_symbols[cl_count] = d, cl_repeat[cl_count++] = 1;
            left--;
            while (left >= 3) {
                const int take = left < 6 ? left : 6;
                cl_symbols[cl_count] = 16, cl_repeat[cl_count++] = (uint8_t)take;
                left -= take;
            }
        }
        while (left-- > 0) cl_symbols[cl_count] = d, cl_repeat[cl_count++] = 1;
        s += same;
    }
    for (int k = 0; k < cl_count; k++) cl_freq[cl_symbols[k]]++;
    uint8_t cl_lengths[CODE_LENGTH_SYMBOLS];
    uint16_t cl_codes[CODE_LENGTH_SYMBOLS];
    huffman_lengths(cl_freq, CODE_LENGTH_SYMBOLS, 7, cl_lengths);
    canonical_codes(cl_lengths, CODE_LENGTH_SYMBOLS, cl_codes);
    int cl_listed = CODE_LENGTH_SYMBOLS;
    while (cl_listed > 4 && cl_lengths[code_length_order[cl_listed - 1]] == 0) cl_listed--;

    // Sizes in bits: the coded block against the stored one.
    uint64_t bits = 3 + 5 + 5 + 4 + 3u * (unsigned)cl_listed + extra_bits;
    for (int k = 0; k < cl_count; k++) {
        const int c = cl_symbols[k];
        bits += cl_lengths[c] + (c == 16 ? 2u : c == 17 ? 3u : c == 18 ? 7u : 0u);
    }
    for (int s = 0; s < LITERALS_AND_LENGTHS; s++) bits += (uint64_t)freq[s] * lengths[s];
    const size_t bytes = end - start;
    const uint64_t stored = 8 * ((uint64_t)bytes + 5 * (bytes / 65535 + 1));
    if (bits >= stored) {
        stored_blocks(w, data, start, end, final);
        return;
    }

    put_bits(w, final ? 1u : 0u, 1);
    put_bits(w, 2, 2);
    put_bits(w, (uint32_t)(literal_count - 257), 5);
    put_bits(w, 1, 5);  // two distance codes
    put_bits(w, (uint32_t)(cl_listed - 4), 4);
    for (int k = 0; k < cl_listed; k++) put_bits(w, cl_lengths[code_length_order[k]], 3);
    for (int k = 0; k < cl_count; k++) {
        const int c = cl_symbols[k];
        put_bits(w, cl_codes[c], cl_lengths[c]);
        if (c == 16) put_bits(w, cl_repeat[k] - 3u, 2);
        else if (c == 17) put_bits(w, cl_repeat[k] - 3u, 3);
        else if (c == 18) put_bits(w, cl_repeat[k] - 11u, 7);
    }
    for (size_t k = 0; k < count && !w->overflow; k++) {
        const uint16_t token = tokens[k];
        if (token < TOKEN_MATCH) {
            put_bits(w, codes[token], lengths[token]);
        } else {
            const unsigned run = token - TOKEN_MATCH;
            const int symbol = length_symbol[run];
            put_bits(w, codes[257 + symbol], lengths[257 + symbol]);
            put_bits(w, run - length_base[symbol], length_extra[symbol]);
            put_bits(w, 0, 1);  // distance 1
        }
    }
    put_bits(w, codes[256], lengths[256]);
}

size_t vt_deflate_runs(const uint8_t *data, size_t count, uint8_t *out, size_t capacity) {
    if (count == 0) return 0;
    uint8_t length_symbol[MAX_MATCH + 1] = {0};
    for (int s = 0; s < 28; s++) {
        for (int run = length_base[s]; run < length_base[s] + (1 << length_extra[s]) && run < MAX_MATCH; run++) {
            length_symbol[run] = (uint8_t)s;
        }
    }
    length_symbol[MAX_MATCH] = 28;
    const size_t chunk_tokens = count < CHUNK ? count : CHUNK;
    uint16_t *tokens = (uint16_t *)malloc(chunk_tokens * sizeof *tokens);
    if (tokens == NULL) return 0;
    bit_writer w = {.out = out, .capacity = capacity};
    for (size_t start = 0; start < count && !w.overflow; start += CHUNK) {
        const size_t end = count - start > CHUNK ? start + CHUNK : count;
        block(&w, data, start, end, end == count, tokens, length_symbol);
    }
    flush_bits(&w);
    free(tokens);
    return w.overflow ? 0 : w.size;
}
