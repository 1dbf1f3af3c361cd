// The snapshot checksum (see snapshot_bytes.h). Words are summed as they complete, so the
// bytes may arrive in pieces of any size: the file is hashed while it is written, in the
// writer's buffer-sized pieces, and checked in one piece when it is read.
#include "explorer/snapshot_bytes.h"

#include "explorer/pair_table.h"

namespace rulecheck::explorer {

void Checksum::Word(uint64_t word) {
  sum_ = PairTable::Hash(sum_ ^ word) * 0x100000001b3ULL + 0x632be59bd9b4e019ULL;
}

void Checksum::Update(const char* data, size_t n) {
  size_t i = 0;
  // Finish a word begun by an earlier call, byte by byte.
  while (i < n && length_ % 8 != 0) {
    pending_ |= uint64_t{static_cast<uint8_t>(data[i])} << (8 * (length_ % 8));
    ++length_;
    ++i;
    if (length_ % 8 == 0) {
      Word(pending_);
      pending_ = 0;
    }
  }
  // Whole words.
  for (; i + 8 <= n; i += 8) {
    uint64_t word;
    std::memcpy(&word, data + i, 8);
    Word(word);
    length_ += 8;
  }
  // The start of the next word.
  for (; i < n; ++i) {
    pending_ |= uint64_t{static_cast<uint8_t>(data[i])} << (8 * (length_ % 8));
    ++length_;
  }
}

uint64_t Checksum::Value() const {
  // The unfinished word and the length, so that trailing zero bytes count too.
  return PairTable::Hash(PairTable::Hash(sum_ ^ pending_) ^ length_);
}

}  // namespace rulecheck::explorer
