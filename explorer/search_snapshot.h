// The snapshot file of a search (`rulecheck check --checkpoint DIR`): its layout, the atomic
// write, and the read that refuses anything it cannot vouch for.
//
// A snapshot holds a search at the start of a level (or at its end): every state of the
// levels so far with its parent link, the counts, and each observer's state as its
// SaveState wrote it; the search section and the observers' sections are the search's and
// observers' business (search.h, ExplorationObserver). This file owns the frame around them:
//
//   magic "rulecheck-snap\n\0"   16 bytes
//   u32 format                   kSnapshotFormat; another format is refused
//   u64 length                   of the whole file, checksum included; a shorter file is
//                                refused as truncated
//   string program_version       the version of the program that wrote it; another is refused
//   u64 model_hash               the caller's hash of what the search is about (model text,
//                                constants), compared by the caller
//   string settings              the caller's, opaque here: what it needs to start again
//   body                         the search's section, then the observers' sections
//   u64 checksum                 of every byte before it (snapshot_bytes.h)
//
// Writing is atomic: the file is written as `search.snapshot.tmp` beside the snapshot,
// flushed to disk (fsync), renamed over `search.snapshot`, and the directory is flushed. A
// process killed at any moment leaves the previous snapshot whole; a stale `.tmp` is
// ignored and overwritten by the next write. The format is not portable across versions:
// the reader refuses a snapshot of another format or program version.
#ifndef RULECHECK_EXPLORER_SEARCH_SNAPSHOT_H_
#define RULECHECK_EXPLORER_SEARCH_SNAPSHOT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "explorer/snapshot_bytes.h"

namespace rulecheck::explorer {

inline constexpr uint32_t kSnapshotFormat = 1;

// What a snapshot is a snapshot of, as its writer describes it.
struct SnapshotIdentity {
  std::string program_version;
  uint64_t model_hash = 0;
  std::string settings;
};

// A snapshot read back and verified (frame, length, checksum, version).
struct Snapshot {
  std::string path;
  SnapshotIdentity identity;
  std::string bytes;  // the whole file
  size_t body = 0;    // where the body starts in `bytes`
  size_t body_end = 0;

  std::string_view Body() const { return std::string_view(bytes).substr(body, body_end - body); }
};

// The snapshot's path in directory `dir`.
std::string SnapshotPath(const std::string& dir);

// Reads the snapshot at `path` and checks its frame. The whole file is read into memory, so
// a file bigger than `memory_limit` bytes (the --memory budget it will be charged to) is
// refused before it is read. Errors, each naming the file: NotFound when there is no file;
// ResourceExhausted when it is bigger than `memory_limit`; InvalidArgument when it is not a
// snapshot, has another format or program version than `program_version`, is shorter or
// longer than its header says, or its checksum does not match. Thread-compatible.
absl::StatusOr<Snapshot> ReadSnapshot(const std::string& path, std::string_view program_version,
                                      uint64_t memory_limit = UINT64_MAX);

// Writes one snapshot: Open, Write exactly `body_bytes` of body, Commit. Until Commit
// succeeds the previous snapshot at `path` is untouched; destroying the writer before then
// removes the temporary file. Not thread-safe.
class SnapshotWriter {
 public:
  static absl::StatusOr<std::unique_ptr<SnapshotWriter>> Open(const std::string& path,
                                                              const SnapshotIdentity& identity,
                                                              uint64_t body_bytes);
  ~SnapshotWriter();
  SnapshotWriter(const SnapshotWriter&) = delete;
  SnapshotWriter& operator=(const SnapshotWriter&) = delete;

  // Buffered; errors surface at Commit.
  void Write(const void* data, size_t n);
  void Write(std::string_view bytes) { Write(bytes.data(), bytes.size()); }
  // Appends the checksum, flushes the file to disk, renames it over the snapshot and flushes
  // the directory. Errors: Internal (naming the file) when a write, fsync or rename failed,
  // or the body was not `body_bytes` long.
  absl::Status Commit();

 private:
  SnapshotWriter(std::string path, int fd, uint64_t expected_bytes);
  void Flush();

  std::string path_;
  std::string temp_path_;
  int fd_ = -1;
  uint64_t expected_bytes_ = 0;  // the whole file, checksum included
  uint64_t written_ = 0;
  int error_ = 0;  // the first errno of a failed write
  bool committed_ = false;
  Checksum checksum_;
  std::string buffer_;
};

}  // namespace rulecheck::explorer

#endif  // RULECHECK_EXPLORER_SEARCH_SNAPSHOT_H_
