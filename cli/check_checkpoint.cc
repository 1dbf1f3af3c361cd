// The settings a snapshot of `check` records, and the checks of a resume (see
// check_checkpoint.h).
#include "cli/check_checkpoint.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cli/app.h"
#include "cli/byte_size.h"
#include "cli/command_setup.h"
#include "explorer/explorer.h"
#include "explorer/snapshot_bytes.h"
#include "model/model.h"

namespace rulecheck::cli {
namespace {

// The version of the settings section's layout; a change of it is a change of the snapshot
// format (explorer::kSnapshotFormat) too.
constexpr uint32_t kSettingsLayout = 1;

void WriteStrings(const std::vector<std::string>& strings, explorer::ByteWriter& out) {
  out.U64(strings.size());
  for (const std::string& s : strings) out.String(s);
}

std::vector<std::string> ReadStrings(explorer::ByteReader& in) {
  std::vector<std::string> strings;
  const uint64_t n = in.U64();
  for (uint64_t i = 0; i < n && in.ok(); ++i) strings.push_back(in.String());
  return strings;
}

// A hash of what the model is: its text, its constants and the command-line properties.
uint64_t ModelHash(const std::string& text, const CheckFlags& flags) {
  explorer::ByteWriter model;
  model.String(text);
  WriteStrings(flags.consts, model);
  WriteStrings(flags.invariants, model);
  WriteStrings(flags.reachables, model);
  explorer::Checksum hash;
  hash.Update(model.bytes().data(), model.bytes().size());
  return hash.Value();
}

std::string EncodeSettings(const CheckFlags& flags, const std::string& text) {
  explorer::ByteWriter out;
  out.U32(kSettingsLayout);
  out.String(flags.file);
  out.String(text);
  WriteStrings(flags.consts, out);
  WriteStrings(flags.invariants, out);
  WriteStrings(flags.reachables, out);
  WriteStrings(flags.skip, out);
  out.U8(flags.coverage ? 1 : 0);
  out.U8(flags.stop_at_first ? 1 : 0);
  out.U64(flags.max_states);
  return out.Take();
}

// Sets the recorded settings in `flags` and `text`; false when the section is malformed.
bool DecodeSettings(const std::string& settings, CheckFlags& flags, std::string& text) {
  explorer::ByteReader in(settings);
  if (in.U32() != kSettingsLayout) return false;
  flags.file = in.String();
  text = in.String();
  flags.consts = ReadStrings(in);
  flags.invariants = ReadStrings(in);
  flags.reachables = ReadStrings(in);
  flags.skip = ReadStrings(in);
  flags.coverage = in.U8() != 0;
  flags.stop_at_first = in.U8() != 0;
  flags.max_states = in.U64();
  return in.ok() && in.at_end();
}

std::string Listed(const std::vector<std::string>& values) {
  return values.empty() ? "none" : absl::StrJoin(values, " ");
}

}  // namespace

explorer::SnapshotIdentity SnapshotIdentityFor(const CheckFlags& flags, const std::string& text) {
  return {kRulecheckVersion, ModelHash(text, flags), EncodeSettings(flags, text)};
}

absl::StatusOr<std::string> ReadRulesText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read rules file `", path, "`"));
  return std::move(text).str();
}

absl::StatusOr<std::unique_ptr<CheckpointDirLock>> CheckpointDirLock::Acquire(
    const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / "search.lock").string();
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("cannot lock ", dir, " (", path, "): ", std::strerror(errno)));
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return absl::FailedPreconditionError(
        absl::StrCat(dir, " is in use by another rulecheck run (it holds the lock ", path, ")"));
  }
  return std::unique_ptr<CheckpointDirLock>(new CheckpointDirLock(fd));
}

CheckpointDirLock::~CheckpointDirLock() { ::close(fd_); }

absl::StatusOr<std::unique_ptr<CheckpointDirLock>> PrepareCheckpointDir(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) {
    return absl::FailedPreconditionError(
        absl::StrCat("--checkpoint: cannot create directory ", dir, ": ", error.message()));
  }
  absl::StatusOr<std::unique_ptr<CheckpointDirLock>> lock = CheckpointDirLock::Acquire(dir);
  if (!lock.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("--checkpoint: ", lock.status().message()));
  }
  const std::string snapshot = explorer::SnapshotPath(dir);
  if (std::filesystem::exists(snapshot, error)) {
    return absl::FailedPreconditionError(
        absl::StrCat("--checkpoint: ", dir, " holds a snapshot already (", snapshot,
                     "); continue that search with `rulecheck check --resume ", dir,
                     "`, or remove the file to start a new one there"));
  }
  // Fail now, not at the first snapshot an hour from now.
  const std::string probe = snapshot + ".tmp";
  { std::ofstream(probe, std::ios::binary | std::ios::trunc) << ""; }
  const bool writable = std::filesystem::exists(probe, error);
  std::filesystem::remove(probe, error);
  if (!writable) {
    return absl::FailedPreconditionError(
        absl::StrCat("--checkpoint: cannot write in directory ", dir));
  }
  return lock;
}

namespace {

// Whether `text` has the same constants under `a` as under `b` (`--const K=V` with the file's
// own value of K changes nothing); false when either does not load.
bool SameConstants(const std::string& text, const std::vector<std::string>& a,
                   const std::vector<std::string>& b) {
  absl::StatusOr<std::vector<model::ConstOverride>> a_overrides = ParseConstOverrides(a);
  absl::StatusOr<std::vector<model::ConstOverride>> b_overrides = ParseConstOverrides(b);
  if (!a_overrides.ok() || !b_overrides.ok()) return false;
  absl::StatusOr<std::unique_ptr<model::Model>> with_a =
      model::LoadModelFromText("snapshot", text, *a_overrides);
  absl::StatusOr<std::unique_ptr<model::Model>> with_b =
      model::LoadModelFromText("snapshot", text, *b_overrides);
  if (!with_a.ok() || !with_b.ok()) return false;
  const std::vector<ir::Constant>& ca = (*with_a)->program.constants;
  const std::vector<ir::Constant>& cb = (*with_b)->program.constants;
  if (ca.size() != cb.size()) return false;
  for (size_t i = 0; i < ca.size(); ++i) {
    if (ca[i].name != cb[i].name || ca[i].value != cb[i].value) return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<ResumedSearch> OpenResume(const CheckFlags& flags) {
  if (!flags.checkpoint.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--resume ", flags.resume,
                     " goes on writing its snapshots there; --checkpoint "
                     "cannot be given with it"));
  }
  ResumedSearch resumed;
  absl::StatusOr<std::unique_ptr<CheckpointDirLock>> lock =
      CheckpointDirLock::Acquire(flags.resume);
  if (!lock.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("--resume: ", lock.status().message()));
  }
  resumed.lock = *std::move(lock);
  // The snapshot is read whole into memory, charged to the search's budget: one bigger than
  // the budget is refused before it is read.
  uint64_t memory_limit = explorer::DefaultMemoryBudget();
  if (!flags.memory.empty()) {
    absl::StatusOr<uint64_t> parsed = ParseByteSize(flags.memory);
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("--memory: ", parsed.status().message()));
    }
    memory_limit = *parsed;
  }
  absl::StatusOr<explorer::Snapshot> snapshot =
      explorer::ReadSnapshot(explorer::SnapshotPath(flags.resume), kRulecheckVersion, memory_limit);
  if (!snapshot.ok()) {
    return absl::Status(snapshot.status().code(),
                        absl::StrCat("--resume: ", snapshot.status().message()));
  }
  resumed.snapshot = *std::move(snapshot);
  const std::string& path = resumed.snapshot.path;
  CheckFlags& recorded = resumed.flags;
  if (!DecodeSettings(resumed.snapshot.identity.settings, recorded, resumed.text) ||
      ModelHash(resumed.text, recorded) != resumed.snapshot.identity.model_hash) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": corrupt: its settings section is malformed"));
  }
  // The model: FILE and --const, when given, must be what the snapshot was taken of.
  if (!flags.file.empty()) {
    absl::StatusOr<std::string> text = ReadRulesText(flags.file);
    if (!text.ok()) return text.status();
    if (*text != resumed.text) {
      return absl::InvalidArgumentError(absl::StrCat(
          path, " is a snapshot of another model text than ", flags.file, " (", recorded.file,
          " as it was when the search started); the file changed since, or it is another file. "
          "Resume without FILE to check the text the snapshot recorded, or start again"));
    }
  }
  if (!flags.consts.empty() && flags.consts != recorded.consts &&
      !SameConstants(resumed.text, recorded.consts, flags.consts)) {
    return absl::InvalidArgumentError(absl::StrCat(
        path, " is a snapshot of a search with other constants (--const ", Listed(recorded.consts),
        ") than the ones given (--const ", Listed(flags.consts), ")"));
  }
  // The flags that shape the search come from the snapshot.
  auto differs = [&](const char* flag, const std::string& recorded_value) {
    return absl::InvalidArgumentError(
        absl::StrCat("--resume continues the search with the settings it was started with: ", flag,
                     " differs from the one ", path, " recorded (", recorded_value, ")"));
  };
  // A snapshot falls on a level boundary, where a search with any limit at least its state
  // count is the same search (explorer::ResumeExplore refuses a smaller one): --max-states
  // may be given anew, to go further than the limit the search stopped at.
  resumed.started_max_states = recorded.max_states;
  if (flags.max_states != 0) recorded.max_states = flags.max_states;
  if (!flags.invariants.empty() && flags.invariants != recorded.invariants) {
    return differs("--invariant", Listed(recorded.invariants));
  }
  if (!flags.reachables.empty() && flags.reachables != recorded.reachables) {
    return differs("--reachable", Listed(recorded.reachables));
  }
  if (!flags.skip.empty() && flags.skip != recorded.skip) {
    return differs("--skip", Listed(recorded.skip));
  }
  if (flags.coverage && !recorded.coverage) return differs("--coverage", "off");
  if (flags.stop_at_first && !recorded.stop_at_first) return differs("--stop-at-first", "off");
  // What this command line may choose freely.
  recorded.memory = flags.memory;
  recorded.format = flags.format;
  recorded.output = flags.output;
  recorded.reports = flags.reports;
  recorded.baseline = flags.baseline;
  recorded.write_baseline = flags.write_baseline;
  recorded.quiet = flags.quiet;
  recorded.threads = flags.threads;
  recorded.engine = flags.engine;  // both engines give the same states
  recorded.checkpoint_every = flags.checkpoint_every;
  recorded.resume = flags.resume;
  return resumed;
}

}  // namespace rulecheck::cli
