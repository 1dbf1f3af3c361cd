// What `rulecheck check --checkpoint DIR` records in its snapshots and what `check --resume
// DIR` verifies before it continues a search (the snapshot file itself is
// explorer/search_snapshot.h).
//
// A snapshot records the search's settings: the rules file's name and its whole text, the
// --const, --invariant and --reachable flags, and the flags that shape the search
// (--max-states, --skip, --coverage, --stop-at-first). Its header carries a hash of the
// model: the text, the constants and the command-line properties. `--resume DIR` starts the
// search again from those settings, so it needs no FILE; given one, or --const, they must
// match what the snapshot recorded, and a flag that shapes the search may not differ.
// Threads, memory, the report's format and output and the checkpoint interval are free.
#ifndef RULECHECK_CLI_CHECK_CHECKPOINT_H_
#define RULECHECK_CLI_CHECK_CHECKPOINT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cli/check_command.h"
#include "explorer/search_snapshot.h"

namespace rulecheck::cli {

// An exclusive lock on a checkpoint directory, held while the object lives, so that two runs
// never write snapshots to one directory (or resume one search twice): flock on
// DIR/search.lock, which the kernel releases when the process ends, however it ends.
class CheckpointDirLock {
 public:
  // Errors: FailedPrecondition, naming the directory, when another process holds the lock or
  // the lock file cannot be made.
  static absl::StatusOr<std::unique_ptr<CheckpointDirLock>> Acquire(const std::string& dir);
  ~CheckpointDirLock();
  CheckpointDirLock(const CheckpointDirLock&) = delete;
  CheckpointDirLock& operator=(const CheckpointDirLock&) = delete;

 private:
  explicit CheckpointDirLock(int fd) : fd_(fd) {}
  int fd_;
};

// A search to continue: its snapshot, the flags it was started with (with the free ones of
// this command line), and the rules text it checked.
struct ResumedSearch {
  std::unique_ptr<CheckpointDirLock> lock;
  explorer::Snapshot snapshot;
  CheckFlags flags;  // the recorded settings, with what the command line may choose anew
  std::string text;
  uint64_t started_max_states = 0;  // --max-states of the search as it was started (0: none)
};

// The identity a snapshot of `flags`' search gets, `text` being its rules file's contents.
explorer::SnapshotIdentity SnapshotIdentityFor(const CheckFlags& flags, const std::string& text);

// The contents of the rules file at `path`, as the model was read from it. Errors: NotFound
// naming the path.
absl::StatusOr<std::string> ReadRulesText(const std::string& path);

// Makes directory `dir` ready for a new search's snapshots: creates it if need be and locks
// it. Errors (FailedPrecondition, naming the directory): it cannot be created or written,
// another run holds it, or it holds a snapshot already (which --resume continues, and a new
// search would overwrite).
absl::StatusOr<std::unique_ptr<CheckpointDirLock>> PrepareCheckpointDir(const std::string& dir);

// Locks flags.resume, reads the snapshot there and checks it against this command line (see above).
// Errors, each a sentence naming the file: those of explorer::ReadSnapshot, a settings
// section it cannot read, another rules text or other constants than FILE and --const, a
// flag that shapes the search given with another value, --checkpoint given as well.
absl::StatusOr<ResumedSearch> OpenResume(const CheckFlags& flags);

}  // namespace rulecheck::cli

#endif  // RULECHECK_CLI_CHECK_CHECKPOINT_H_
