// The byte encoding of a search snapshot (search_snapshot.h): how numbers, strings and arrays
// are written, read back with every length checked, and summed into the file's checksum.
// The search and every observer (ExplorationObserver::SaveState) encode their state with
// these, so that one snapshot file is one format.
//
// Numbers are little-endian and of fixed width; a string or an array is its length (u64)
// then its contents. A ByteReader never reads past its end: a short or malformed section
// makes it fail, and ok() says so, so a corrupt section is refused rather than misread.
#ifndef RULECHECK_EXPLORER_SNAPSHOT_BYTES_H_
#define RULECHECK_EXPLORER_SNAPSHOT_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulecheck::explorer {

// Appends encoded values to a string. Not thread-safe.
class ByteWriter {
 public:
  void U8(uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
  void U32(uint32_t v) { Raw(&v, sizeof v); }
  void U64(uint64_t v) { Raw(&v, sizeof v); }
  void I64(int64_t v) { Raw(&v, sizeof v); }
  void F64(double v) { Raw(&v, sizeof v); }
  void String(std::string_view s) {
    U64(s.size());
    bytes_.append(s);
  }
  void U64s(const std::vector<uint64_t>& v) {
    U64(v.size());
    Raw(v.data(), v.size() * sizeof(uint64_t));
  }
  // The bytes written so far.
  const std::string& bytes() const { return bytes_; }
  std::string Take() { return std::move(bytes_); }

 private:
  // The machine is little-endian (x86-64, arm64); the format says so too.
  void Raw(const void* data, size_t n) { bytes_.append(static_cast<const char*>(data), n); }

  std::string bytes_;
};

// Reads encoded values from bytes it does not own. After the first read past the end or a
// length that cannot be, every read returns zero or empty and ok() is false. Not thread-safe.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}

  uint8_t U8() { return Fixed<uint8_t>(); }
  uint32_t U32() { return Fixed<uint32_t>(); }
  uint64_t U64() { return Fixed<uint64_t>(); }
  int64_t I64() { return Fixed<int64_t>(); }
  double F64() { return Fixed<double>(); }
  std::string String() {
    const uint64_t n = U64();
    return std::string(Take(n));
  }
  std::vector<uint64_t> U64s() {
    const uint64_t n = U64();
    if (n > remaining() / sizeof(uint64_t)) return Fail<std::vector<uint64_t>>();
    std::vector<uint64_t> v(n);
    const std::string_view raw = Take(n * sizeof(uint64_t));
    // An empty vector's data() may be null, which memcpy must not be given even for 0 bytes.
    if (n > 0 && ok_) std::memcpy(v.data(), raw.data(), n * sizeof(uint64_t));
    return v;
  }
  // The next `n` bytes, not copied; empty (and failed) when fewer remain.
  std::string_view Take(uint64_t n) {
    if (!ok_ || n > remaining()) return Fail<std::string_view>();
    std::string_view out = bytes_.substr(pos_, n);
    pos_ += n;
    return out;
  }

  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == bytes_.size(); }
  uint64_t remaining() const { return bytes_.size() - pos_; }

 private:
  template <typename T>
  T Fixed() {
    T v{};
    const std::string_view raw = Take(sizeof(T));
    if (ok_) std::memcpy(&v, raw.data(), sizeof(T));
    return v;
  }
  template <typename T>
  T Fail() {
    ok_ = false;
    return T{};
  }

  std::string_view bytes_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// The snapshot file's checksum: a 64-bit hash of a byte sequence, the same however the
// sequence is cut into Update calls. Each 8-byte word is mixed into the sum with a multiply
// and the bit mixer of pair_table.h, so every bit of the input changes the result; a file
// cut short or with a flipped byte does not keep its sum. Not cryptographic: it detects
// accidents (a kill while writing, a bad disk), not tampering.
class Checksum {
 public:
  void Update(const char* data, size_t n);
  // The sum of every byte given so far (the object stays usable).
  uint64_t Value() const;

 private:
  void Word(uint64_t word);

  uint64_t sum_ = 0x9e3779b97f4a7c15ULL;
  uint64_t length_ = 0;
  uint64_t pending_ = 0;  // the bytes of an unfinished word, low byte first
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SNAPSHOT_BYTES_H_
