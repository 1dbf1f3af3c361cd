// The snapshot file's frame, atomic write and verified read (see search_snapshot.h).
//
// The reader checks in the order that gives the most useful message: a file that is not a
// snapshot at all, then one of another format (whose layout may differ from here on), then
// its length (a kill while writing leaves a short `.tmp`, never a short snapshot, but a copy
// or a full disk can), then the checksum, and only then the program version, which a
// corrupt file could not be trusted to name.
#include "explorer/search_snapshot.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/counts.h"

namespace rulecheck::explorer {
namespace {

constexpr char kMagic[16] = {'r', 'u', 'l', 'e', 'c', 'h', 'e',  'c',
                             'k', '-', 's', 'n', 'a', 'p', '\n', '\0'};
constexpr size_t kBufferBytes = size_t{1} << 20;

// The frame before the body, with the file's total length filled in.
std::string Header(const SnapshotIdentity& identity, uint64_t body_bytes) {
  ByteWriter w;
  const uint64_t header_bytes = sizeof kMagic + 4 + 8 + 8 + identity.program_version.size() + 8 +
                                8 + identity.settings.size();
  for (char c : kMagic) w.U8(static_cast<uint8_t>(c));
  w.U32(kSnapshotFormat);
  w.U64(header_bytes + body_bytes + 8);
  w.String(identity.program_version);
  w.U64(identity.model_hash);
  w.String(identity.settings);
  return w.Take();
}

std::string ErrnoText(int error) { return std::strerror(error); }

}  // namespace

std::string SnapshotPath(const std::string& dir) {
  return (std::filesystem::path(dir) / "search.snapshot").string();
}

absl::StatusOr<Snapshot> ReadSnapshot(const std::string& path, std::string_view program_version,
                                      uint64_t memory_limit) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    return absl::NotFoundError(absl::StrCat(path, ": no snapshot there"));
  }
  // Read straight into a string of the file's size: a snapshot may hold gigabytes.
  Snapshot snapshot;
  snapshot.path = path;
  const uint64_t size = std::filesystem::file_size(path, error);
  if (!error && size > memory_limit) {
    return absl::ResourceExhaustedError(absl::StrCat(
        path, ": the snapshot takes ", base::GroupThousands(size),
        " bytes, and it is read whole into memory: more than the memory budget (--memory) of ",
        base::GroupThousands(memory_limit), " bytes; give --memory more"));
  }
  std::ifstream in(path, std::ios::binary);
  if (!error && in) {
    snapshot.bytes.resize(size);
    in.read(snapshot.bytes.data(), static_cast<std::streamsize>(size));
  }
  if (error || !in || static_cast<uint64_t>(in.gcount()) != size) {
    return absl::NotFoundError(absl::StrCat(path, ": cannot be read"));
  }
  const std::string& bytes = snapshot.bytes;
  auto refuse = [&](std::string why) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", why));
  };
  if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    return refuse("not a rulecheck snapshot");
  }
  ByteReader r(bytes);
  r.Take(sizeof kMagic);
  const uint32_t format = r.U32();
  const uint64_t length = r.U64();
  if (!r.ok()) return refuse("truncated: the file ends inside its header");
  if (format != kSnapshotFormat) {
    return refuse(absl::StrCat("snapshot format ", format, ", but this rulecheck reads format ",
                               kSnapshotFormat,
                               " only (snapshots are not portable across "
                               "versions: start the search again)"));
  }
  if (bytes.size() < length) {
    return refuse(
        absl::StrCat("truncated: ", bytes.size(), " bytes of the ", length, " its header gives"));
  }
  if (bytes.size() > length) {
    return refuse(absl::StrCat("corrupt: ", bytes.size(), " bytes, more than the ", length,
                               " its header gives"));
  }
  if (length < sizeof kMagic + 12 + 8) return refuse("corrupt: its header is malformed");
  Checksum checksum;
  checksum.Update(bytes.data(), length - 8);
  uint64_t stored = 0;
  std::memcpy(&stored, bytes.data() + length - 8, 8);
  if (checksum.Value() != stored) {
    return refuse("corrupt: its checksum does not match its contents");
  }
  snapshot.identity.program_version = r.String();
  snapshot.identity.model_hash = r.U64();
  snapshot.identity.settings = r.String();
  if (!r.ok() || r.remaining() < 8) return refuse("corrupt: its header is malformed");
  if (snapshot.identity.program_version != program_version) {
    return refuse(absl::StrCat("written by rulecheck ", snapshot.identity.program_version,
                               ", but this is rulecheck ", std::string(program_version),
                               " (snapshots are not portable across versions: start the "
                               "search again)"));
  }
  snapshot.body = bytes.size() - r.remaining();
  snapshot.body_end = length - 8;
  return snapshot;
}

absl::StatusOr<std::unique_ptr<SnapshotWriter>> SnapshotWriter::Open(
    const std::string& path, const SnapshotIdentity& identity, uint64_t body_bytes) {
  const std::string temp = path + ".tmp";
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::InternalError(absl::StrCat("cannot write ", temp, ": ", ErrnoText(errno)));
  }
  const std::string header = Header(identity, body_bytes);
  std::unique_ptr<SnapshotWriter> writer(
      new SnapshotWriter(path, fd, header.size() + body_bytes + 8));
  writer->Write(header);
  return writer;
}

SnapshotWriter::SnapshotWriter(std::string path, int fd, uint64_t expected_bytes)
    : path_(std::move(path)), temp_path_(path_ + ".tmp"), fd_(fd), expected_bytes_(expected_bytes) {
  buffer_.reserve(kBufferBytes);
}

SnapshotWriter::~SnapshotWriter() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_) ::unlink(temp_path_.c_str());
}

void SnapshotWriter::Write(const void* data, size_t n) {
  const char* bytes = static_cast<const char*>(data);
  checksum_.Update(bytes, n);
  written_ += n;
  while (n > 0) {
    const size_t room = kBufferBytes - buffer_.size();
    const size_t take = n < room ? n : room;
    buffer_.append(bytes, take);
    bytes += take;
    n -= take;
    if (buffer_.size() == kBufferBytes) Flush();
  }
}

void SnapshotWriter::Flush() {
  size_t done = 0;
  while (done < buffer_.size() && error_ == 0) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno != EINTR) error_ = errno;
      continue;
    }
    done += static_cast<size_t>(n);
  }
  buffer_.clear();
}

absl::Status SnapshotWriter::Commit() {
  const uint64_t sum = checksum_.Value();
  Write(&sum, sizeof sum);
  Flush();
  auto failed = [&](const std::string& what, int error) {
    return absl::InternalError(
        absl::StrCat("cannot write ", temp_path_, ": ", what,
                     error != 0 ? absl::StrCat(": ", ErrnoText(error)) : ""));
  };
  if (error_ != 0) return failed("write", error_);
  if (written_ != expected_bytes_) {
    return failed(
        absl::StrCat("wrote ", written_, " bytes where ", expected_bytes_, " were announced"), 0);
  }
  if (::fsync(fd_) != 0) return failed("fsync", errno);
  if (::close(fd_) != 0) {
    fd_ = -1;
    return failed("close", errno);
  }
  fd_ = -1;
  if (::rename(temp_path_.c_str(), path_.c_str()) != 0) return failed("rename", errno);
  committed_ = true;
  // The rename itself must reach the disk for the new snapshot to survive a crash.
  const std::string dir = std::filesystem::path(path_).parent_path().string();
  const int dir_fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return absl::OkStatus();
}

}  // namespace rulecheck::explorer
