// Tests for the packed form of values (types.h, state_layout.h): every type's width is
// exactly what its values need, scalars round-trip through Encode/Decode at their bounds,
// and composite values written by the layout's rules at an unaligned offset decode back to
// the same value (model/value_format.h), with all-zero bits meaning the type's default.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ir/bits.h"
#include "ir/types.h"
#include "model/evaluator.h"
#include "model/value_format.h"

namespace rulecheck::model {
namespace {

class PackingTest : public ::testing::Test {
 protected:
  PackingTest() {
    abc_ = MakeEnum("Abc", {"A", "B", "C"});
    one_ = MakeEnum("One", {"Only"});
    five_ = MakeEnum("Five", {"V", "W", "X", "Y", "Z"});
  }
  const ir::Type* MakeEnum(const std::string& name, std::vector<std::string> members) {
    ir::EnumDef* def = types_.NewEnum();
    def->name = name;
    def->members = std::move(members);
    return types_.Enum(def);
  }
  // Decodes `type` at an unaligned offset of a buffer filled by `fill`.
  template <typename F>
  std::string AtOffset(const ir::Type* type, F fill) {
    std::vector<uint32_t> words((kOffset + type->width + 31) / 32 + 1, 0);
    fill(words.data(), uint64_t{kOffset});
    return FormatValue(DecodeValue(type, words.data(), kOffset));
  }
  static std::string Zero(const ir::Type* type) {
    std::vector<uint32_t> words((type->width + 31) / 32 + 1, 0);
    return FormatValue(DecodeValue(type, words.data(), 0));
  }
  static constexpr uint64_t kOffset = 29;
  ir::TypeTable types_;
  const ir::Type* abc_;
  const ir::Type* one_;
  const ir::Type* five_;
};

TEST_F(PackingTest, ScalarWidths) {
  EXPECT_EQ(types_.Bool()->width, 1u);
  EXPECT_EQ(types_.Int()->width, 64u);
  EXPECT_EQ(types_.Range(-3, 4)->width, 3u);
  EXPECT_EQ(types_.Range(-3, 5)->width, 4u);
  EXPECT_EQ(types_.Range(7, 7)->width, 0u);
  EXPECT_EQ(types_.Range(0, 1)->width, 1u);
  EXPECT_EQ(abc_->width, 2u);
  EXPECT_EQ(one_->width, 0u);
  EXPECT_EQ(five_->width, 3u);
  EXPECT_EQ(types_.Option(abc_)->width, 2u);                // none + 3
  EXPECT_EQ(types_.Option(types_.Range(0, 3))->width, 3u);  // none + 4
  EXPECT_EQ(types_.Option(one_)->width, 1u);
}

TEST_F(PackingTest, ScalarsRoundTripAtTheirBounds) {
  struct Case {
    const ir::Type* type;
    int64_t value;
    uint64_t bits;
  };
  const ir::Type* r = types_.Range(-3, 4);
  const Case cases[] = {
      {types_.Bool(), 0, 0},
      {types_.Bool(), 1, 1},
      {r, -3, 0},
      {r, 4, 7},
      {r, 0, 3},
      {types_.Range(7, 7), 7, 0},
      {abc_, 0, 0},
      {abc_, 2, 2},
      {five_, 4, 4},
      {types_.Option(abc_), ir::kNoneValue, 0},
      {types_.Option(abc_), 0, 1},
      {types_.Option(abc_), 2, 3},
      {types_.Option(r), -3, 1},
      {types_.Option(r), 4, 8},
      {types_.Int(), -1, ~uint64_t{0}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.type->ToString() + " " + std::to_string(c.value));
    EXPECT_TRUE(c.type->Contains(c.value));
    EXPECT_EQ(c.type->Encode(c.value), c.bits);
    EXPECT_EQ(EncodeScalar(c.type, c.value), c.bits);
    EXPECT_LE(c.bits, ir::bits::Mask(c.type->width));
    EXPECT_EQ(c.type->Decode(c.bits), c.value);
    EXPECT_EQ(DecodeScalar(c.type, c.bits), c.value);
    // Through a packed buffer at an odd offset.
    std::vector<uint32_t> words(4, 0);
    ir::bits::Write(words.data(), kOffset, c.type->width, c.bits);
    EXPECT_EQ(Evaluator::ReadScalar(c.type, words.data(), kOffset), c.value);
  }
  EXPECT_FALSE(r->Contains(-4));
  EXPECT_FALSE(r->Contains(5));
  EXPECT_FALSE(abc_->Contains(3));
  EXPECT_FALSE(types_.Option(abc_)->Contains(3));
}

TEST_F(PackingTest, DefaultsAreAllZeroBits) {
  EXPECT_EQ(Zero(types_.Range(-3, 4)), "-3");
  EXPECT_EQ(Zero(abc_), "A");
  EXPECT_EQ(Zero(types_.Bool()), "false");
  EXPECT_EQ(Zero(types_.Option(abc_)), "none");
  EXPECT_EQ(Zero(types_.Bag(abc_, 3)), "{}");
  EXPECT_EQ(Zero(types_.Seq(abc_, 4)), "[]");
  EXPECT_EQ(Zero(types_.Set(abc_)), "[]");
  EXPECT_EQ(Zero(types_.Array(types_.Range(0, 2), types_.Range(1, 6))), "[1, 1, 1]");
}

TEST_F(PackingTest, CollectionWidths) {
  const ir::Type* bag = types_.Bag(abc_, 3);
  EXPECT_EQ(bag->CountWidth(), 2u);  // counts 0..3
  EXPECT_EQ(bag->width, 6u);
  const ir::Type* bag4 = types_.Bag(abc_, 4);
  EXPECT_EQ(bag4->CountWidth(), 3u);  // counts 0..4
  EXPECT_EQ(bag4->width, 9u);
  EXPECT_EQ(types_.Bag(five_, 1)->width, 5u);
  const ir::Type* seq = types_.Seq(abc_, 4);
  EXPECT_EQ(seq->CountWidth(), 3u);  // lengths 0..4
  EXPECT_EQ(seq->width, 3u + 4u * 2u);
  EXPECT_EQ(types_.Seq(types_.Range(1, 8), 8)->width, 4u + 8u * 3u);
  EXPECT_EQ(types_.Set(five_)->width, 5u);
  const ir::Type* arr = types_.Array(abc_, types_.Range(0, 5));
  EXPECT_EQ(arr->width, 9u);
  EXPECT_EQ(types_.Array(types_.Range(1, 2), arr)->width, 18u);
}

TEST_F(PackingTest, BagAtCapacityAndEmpty) {
  const ir::Type* bag = types_.Bag(abc_, 3);
  EXPECT_EQ(AtOffset(bag,
                     [&](uint32_t* w, uint64_t at) {
                       ir::bits::Write(w, at + 0 * 2, 2, 3);
                       ir::bits::Write(w, at + 2 * 2, 2, 1);
                     }),
            "{A: 3, C: 1}");
  EXPECT_EQ(AtOffset(bag,
                     [&](uint32_t* w, uint64_t at) {
                       for (int o = 0; o < 3; ++o) ir::bits::Write(w, at + o * 2, 2, 3);
                     }),
            "{A: 3, B: 3, C: 3}");
}

TEST_F(PackingTest, SeqFullAndEmpty) {
  const ir::Type* seq = types_.Seq(abc_, 4);
  EXPECT_EQ(AtOffset(seq,
                     [&](uint32_t* w, uint64_t at) {
                       ir::bits::Write(w, at, 3, 4);
                       const int64_t elems[] = {2, 0, 1, 2};  // bottom to top
                       for (int i = 0; i < 4; ++i) ir::bits::Write(w, at + 3 + i * 2, 2, elems[i]);
                     }),
            "[C, A, B, C]");
  EXPECT_EQ(AtOffset(seq, [&](uint32_t* w, uint64_t at) { ir::bits::Write(w, at, 3, 0); }), "[]");
}

TEST_F(PackingTest, SetFullAndEmpty) {
  const ir::Type* set = types_.Set(five_);
  EXPECT_EQ(AtOffset(set, [&](uint32_t* w, uint64_t at) { ir::bits::Write(w, at, 5, 0x1f); }),
            "[V, W, X, Y, Z]");
  EXPECT_EQ(AtOffset(set, [&](uint32_t* w, uint64_t at) { ir::bits::Write(w, at, 5, 0x12); }),
            "[W, Z]");
}

TEST_F(PackingTest, StructsAndOptionsOfComposites) {
  ir::StructDef* def = types_.NewStruct();
  def->name = "S";
  def->fields = {
      {"a", {}, types_.Range(0, 4)}, {"b", {}, types_.Bool()}, {"c", {}, types_.Set(abc_)}};
  const ir::Type* s = types_.Struct(def);
  EXPECT_EQ(s->width, 7u);
  EXPECT_EQ(def->fields[0].offset, 0u);
  EXPECT_EQ(def->fields[1].offset, 3u);
  EXPECT_EQ(def->fields[2].offset, 4u);
  auto fill = [&](uint32_t* w, uint64_t at) {
    ir::bits::Write(w, at + 0, 3, 4);
    ir::bits::Write(w, at + 3, 1, 1);
    ir::bits::Write(w, at + 4, 3, 0b101);
  };
  EXPECT_EQ(AtOffset(s, fill), "{a: 4, b: true, c: [A, C]}");
  const ir::Type* opt = types_.Option(s);
  EXPECT_EQ(opt->width, 8u);
  EXPECT_EQ(AtOffset(opt, [](uint32_t*, uint64_t) {}), "none");
  EXPECT_EQ(AtOffset(opt,
                     [&](uint32_t* w, uint64_t at) {
                       ir::bits::Write(w, at, 1, 1);
                       fill(w, at + 1);
                     }),
            "{a: 4, b: true, c: [A, C]}");
}

TEST_F(PackingTest, NestedArrays) {
  // [1..2] [Abc] seq<Abc, 2>: each seq 2 + 2*2 = 6 bits, each row 18 bits.
  const ir::Type* seq = types_.Seq(abc_, 2);
  const ir::Type* row = types_.Array(abc_, seq);
  const ir::Type* grid = types_.Array(types_.Range(1, 2), row);
  EXPECT_EQ(seq->width, 6u);
  EXPECT_EQ(grid->width, 36u);
  EXPECT_EQ(AtOffset(grid,
                     [&](uint32_t* w, uint64_t at) {
                       // grid[2][B] = [C, A]
                       uint64_t base = at + 18 + 6;
                       ir::bits::Write(w, base, 2, 2);
                       ir::bits::Write(w, base + 2, 2, 2);
                       ir::bits::Write(w, base + 4, 2, 0);
                     }),
            "{1: {A: [], B: [], C: []}, 2: {A: [], B: [C, A], C: []}}");
}

}  // namespace
}  // namespace rulecheck::model
