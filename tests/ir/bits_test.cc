// Tests for model/bits.h: reads and writes of fields of 0..64 bits at every alignment,
// including fields that span three words and fields at the very end of an array (which must
// not touch the word after it), and the range helpers Copy, Equal, Clear and IsZero.
#include "ir/bits.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace rulecheck::ir::bits {
namespace {

// A slow reference: one bit at a time.
uint64_t SlowRead(const std::vector<uint32_t>& w, uint64_t bit, uint32_t width) {
  uint64_t v = 0;
  for (uint32_t i = 0; i < width; ++i) {
    uint64_t b = bit + i;
    v |= static_cast<uint64_t>((w[b / 32] >> (b % 32)) & 1u) << i;
  }
  return v;
}

TEST(BitsTest, Mask) {
  EXPECT_EQ(Mask(0), 0u);
  EXPECT_EQ(Mask(1), 1u);
  EXPECT_EQ(Mask(32), 0xffffffffu);
  EXPECT_EQ(Mask(64), ~uint64_t{0});
}

TEST(BitsTest, WriteThenReadEveryWidthAndShift) {
  std::mt19937_64 rng(42);
  for (uint32_t width = 0; width <= 64; ++width) {
    for (uint64_t bit = 0; bit < 96; ++bit) {
      std::vector<uint32_t> w(6);
      for (uint32_t& x : w) x = static_cast<uint32_t>(rng());
      std::vector<uint32_t> before = w;
      uint64_t value = rng() & Mask(width);
      Write(w.data(), bit, width, value);
      ASSERT_EQ(Read(w.data(), bit, width), value) << "width " << width << " bit " << bit;
      ASSERT_EQ(SlowRead(w, bit, width), value);
      // Every other bit is unchanged.
      for (uint64_t b = 0; b < 6 * 32; ++b) {
        if (b >= bit && b < bit + width) continue;
        ASSERT_EQ((w[b / 32] >> (b % 32)) & 1u, (before[b / 32] >> (b % 32)) & 1u)
            << "bit " << b << " clobbered by width " << width << " at " << bit;
      }
    }
  }
}

TEST(BitsTest, FieldAtTheEndTouchesNoFurtherWord) {
  // A 64-bit field ending exactly at the end of a 3-word array, at shift 31: spans 3 words.
  std::vector<uint32_t> w(4, 0xdeadbeefu);
  uint32_t* words = w.data();
  Write(words, 31, 64, 0x0123456789abcdefULL);  // bits 31..94
  EXPECT_EQ(Read(words, 31, 64), 0x0123456789abcdefULL);
  EXPECT_EQ(w[3], 0xdeadbeefu);
  // The last bit of an array.
  std::vector<uint32_t> one(1, 0);
  Write(one.data(), 31, 1, 1);
  EXPECT_EQ(one[0], 0x80000000u);
  EXPECT_EQ(Read(one.data(), 31, 1), 1u);
  EXPECT_EQ(Read(one.data(), 32, 0), 0u);  // zero width past the end reads nothing
}

TEST(BitsTest, CopyEqualClearIsZeroAtOddOffsets) {
  std::mt19937_64 rng(7);
  for (uint64_t width : {0u, 1u, 31u, 32u, 33u, 64u, 65u, 100u, 200u}) {
    for (uint64_t src_bit : {0u, 3u, 32u, 37u}) {
      for (uint64_t dst_bit : {0u, 5u, 64u, 70u}) {
        std::vector<uint32_t> src(12), dst(12, 0);
        for (uint32_t& x : src) x = static_cast<uint32_t>(rng());
        Copy(dst.data(), dst_bit, src.data(), src_bit, width);
        EXPECT_TRUE(Equal(dst.data(), dst_bit, src.data(), src_bit, width));
        for (uint64_t i = 0; i < width; ++i) {
          ASSERT_EQ(SlowRead(dst, dst_bit + i, 1), SlowRead(src, src_bit + i, 1));
        }
        // Nothing outside the destination range was written.
        EXPECT_TRUE(IsZero(dst.data(), 0, dst_bit));
        EXPECT_TRUE(IsZero(dst.data(), dst_bit + width, 12 * 32 - dst_bit - width));
        if (width > 0) {
          Write(dst.data(), dst_bit + width - 1, 1, 1 - Read(dst.data(), dst_bit + width - 1, 1));
          EXPECT_FALSE(Equal(dst.data(), dst_bit, src.data(), src_bit, width));
        }
        Clear(dst.data(), dst_bit, width);
        EXPECT_TRUE(IsZero(dst.data(), 0, 12 * 32));
      }
    }
  }
}

TEST(BitsTest, ClearKeepsNeighbours) {
  std::vector<uint32_t> w(4, 0xffffffffu);
  Clear(w.data(), 5, 90);
  EXPECT_EQ(Read(w.data(), 0, 5), 0x1fu);
  EXPECT_TRUE(IsZero(w.data(), 5, 90));
  EXPECT_EQ(Read(w.data(), 95, 33), Mask(33));
  EXPECT_FALSE(IsZero(w.data(), 4, 2));
}

}  // namespace
}  // namespace rulecheck::ir::bits
