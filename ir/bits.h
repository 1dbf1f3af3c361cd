// Bit-level access to packed states: reading and writing fields of up to 64 bits at any bit
// offset of a uint32_t word array, and copying, comparing and clearing bit ranges of any
// length. Every value in a state is such a field (see state_layout.h), so these functions are
// on the hot path of successor generation and are all inline. They never touch a word that
// the addressed bits do not occupy, so a field at the very end of a state is safe to access.
// Bit `b` of an array is bit `b % 32` of word `b / 32`; a field's low bit is its first bit.
#ifndef RULECHECK_IR_BITS_H_
#define RULECHECK_IR_BITS_H_

#include <cstdint>
#include <cstring>

namespace rulecheck::ir::bits {

// The low `width` bits set. REQUIRES: width <= 64.
inline uint64_t Mask(uint32_t width) { return width == 0 ? 0 : ~uint64_t{0} >> (64 - width); }

// The `width`-bit field at bit `bit` of `words`. REQUIRES: width <= 64.
inline uint64_t Read(const uint32_t* words, uint64_t bit, uint32_t width) {
  const uint32_t* w = words + (bit >> 5);
  uint32_t shift = static_cast<uint32_t>(bit & 31);
  uint32_t end = shift + width;
  if (end <= 32) {
    return width == 0 ? 0 : (w[0] >> shift) & static_cast<uint32_t>(Mask(width));
  }
  uint64_t low = w[0] | (uint64_t{w[1]} << 32);
  if (end <= 64) return (low >> shift) & Mask(width);
  // The field spans three words: its top bits come from the third one.
  uint64_t high = uint64_t{w[2]} << (64 - shift);
  return ((low >> shift) | high) & Mask(width);
}

// Stores the low `width` bits of `value` at bit `bit`; the other bits of `words` keep their
// values. REQUIRES: width <= 64; value < 2^width.
inline void Write(uint32_t* words, uint64_t bit, uint32_t width, uint64_t value) {
  uint32_t* w = words + (bit >> 5);
  uint32_t shift = static_cast<uint32_t>(bit & 31);
  uint32_t end = shift + width;
  if (end <= 32) {
    if (width == 0) return;
    uint32_t mask = static_cast<uint32_t>(Mask(width)) << shift;
    w[0] = (w[0] & ~mask) | (static_cast<uint32_t>(value) << shift);
    return;
  }
  uint64_t mask = Mask(width);
  if (end <= 64) {
    uint64_t low = w[0] | (uint64_t{w[1]} << 32);
    low = (low & ~(mask << shift)) | (value << shift);
    w[0] = static_cast<uint32_t>(low);
    w[1] = static_cast<uint32_t>(low >> 32);
    return;
  }
  // Three words: the low 64 - shift bits go to w[0..1], the rest to the bottom of w[2].
  uint64_t low = w[0] | (uint64_t{w[1]} << 32);
  low = (low & ~(~uint64_t{0} << shift)) | (value << shift);
  w[0] = static_cast<uint32_t>(low);
  w[1] = static_cast<uint32_t>(low >> 32);
  uint32_t high_width = end - 64;
  uint32_t high_mask = static_cast<uint32_t>(Mask(high_width));
  w[2] = (w[2] & ~high_mask) | (static_cast<uint32_t>(value >> (64 - shift)) & high_mask);
}

// Copies `width` bits from `src` at `src_bit` to `dst` at `dst_bit`. The ranges must not
// overlap unless they are the same range.
inline void Copy(uint32_t* dst, uint64_t dst_bit, const uint32_t* src, uint64_t src_bit,
                 uint64_t width) {
  if (((dst_bit | src_bit | width) & 31) == 0) {
    if (dst + (dst_bit >> 5) != src + (src_bit >> 5)) {
      std::memcpy(dst + (dst_bit >> 5), src + (src_bit >> 5), (width >> 5) * sizeof(uint32_t));
    }
    return;
  }
  while (width >= 64) {
    Write(dst, dst_bit, 64, Read(src, src_bit, 64));
    dst_bit += 64;
    src_bit += 64;
    width -= 64;
  }
  if (width > 0) {
    Write(dst, dst_bit, static_cast<uint32_t>(width),
          Read(src, src_bit, static_cast<uint32_t>(width)));
  }
}

// Whether `width` bits of `a` at `a_bit` equal `width` bits of `b` at `b_bit`.
inline bool Equal(const uint32_t* a, uint64_t a_bit, const uint32_t* b, uint64_t b_bit,
                  uint64_t width) {
  if (((a_bit | b_bit | width) & 31) == 0) {
    return std::memcmp(a + (a_bit >> 5), b + (b_bit >> 5), (width >> 5) * sizeof(uint32_t)) == 0;
  }
  while (width >= 64) {
    if (Read(a, a_bit, 64) != Read(b, b_bit, 64)) return false;
    a_bit += 64;
    b_bit += 64;
    width -= 64;
  }
  uint32_t rest = static_cast<uint32_t>(width);
  return Read(a, a_bit, rest) == Read(b, b_bit, rest);
}

// Sets `width` bits at `bit` to zero.
inline void Clear(uint32_t* words, uint64_t bit, uint64_t width) {
  while (width > 0 && (bit & 31) != 0) {
    uint32_t chunk = static_cast<uint32_t>(width < 32 - (bit & 31) ? width : 32 - (bit & 31));
    Write(words, bit, chunk, 0);
    bit += chunk;
    width -= chunk;
  }
  if (width >= 32) {
    std::memset(words + (bit >> 5), 0, (width >> 5) * sizeof(uint32_t));
    bit += width & ~uint64_t{31};
    width &= 31;
  }
  if (width > 0) Write(words, bit, static_cast<uint32_t>(width), 0);
}

// Whether `width` bits at `bit` are all zero.
inline bool IsZero(const uint32_t* words, uint64_t bit, uint64_t width) {
  while (width >= 64) {
    if (Read(words, bit, 64) != 0) return false;
    bit += 64;
    width -= 64;
  }
  return Read(words, bit, static_cast<uint32_t>(width)) == 0;
}

// The number of ones among `width` bits at `bit`. (A builtin rather than std::popcount: the
// generated code, which embeds this file, is compiled as C++17.)
inline uint64_t CountOnes(const uint32_t* words, uint64_t bit, uint64_t width) {
  uint64_t ones = 0;
  while (width >= 64) {
    ones += static_cast<uint64_t>(__builtin_popcountll(Read(words, bit, 64)));
    bit += 64;
    width -= 64;
  }
  return ones + static_cast<uint64_t>(
                    __builtin_popcountll(Read(words, bit, static_cast<uint32_t>(width))));
}

}  // namespace rulecheck::ir::bits

#endif  // RULECHECK_IR_BITS_H_
