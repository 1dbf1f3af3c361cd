// Snapshots of a search: the file's frame refuses what it cannot vouch for, and a search
// stopped part-way through a level and resumed from its snapshot ends as an uninterrupted one
// does, with each state visited once over the two runs.
#include "explorer/search_snapshot.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "explorer/explorer.h"
#include "model/model_state_space.h"
#include "tests/explorer/explore_test_util.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::explorer {
namespace {

class SnapshotTest : public testing_support::TempFolderTest {
 protected:
  void SetUp() override {
    testing_support::TempFolderTest::SetUp();
    path_ = SnapshotPath(dir_.string());
  }
  std::string ReadAll() {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  void WriteAll(const std::string& bytes) {
    std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;
  }
  // A snapshot whose body is `body`, by program version `version`.
  void WriteSnapshot(const std::string& version, const std::string& body) {
    absl::StatusOr<std::unique_ptr<SnapshotWriter>> writer =
        SnapshotWriter::Open(path_, {version, 42, "settings"}, body.size());
    ASSERT_TRUE(writer.ok()) << writer.status();
    (*writer)->Write(body);
    ASSERT_TRUE((*writer)->Commit().ok());
  }
  std::string Refusal(const std::string& version) {
    absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, version);
    EXPECT_FALSE(snapshot.ok());
    return snapshot.ok() ? "" : std::string(snapshot.status().message());
  }

  std::string path_;
};

TEST(ChecksumTest, SameForAnySplitAndChangedByAnyByte) {
  const std::string text = "the quick brown fox jumps over the lazy dog, twice over";
  Checksum whole;
  whole.Update(text.data(), text.size());
  for (size_t cut = 0; cut <= text.size(); ++cut) {
    Checksum split;
    split.Update(text.data(), cut);
    split.Update(text.data() + cut, text.size() - cut);
    EXPECT_EQ(split.Value(), whole.Value()) << cut;
  }
  for (size_t i = 0; i < text.size(); ++i) {
    std::string changed = text;
    changed[i] ^= 1;
    Checksum other;
    other.Update(changed.data(), changed.size());
    EXPECT_NE(other.Value(), whole.Value()) << i;
  }
  // A trailing zero byte counts.
  Checksum longer;
  longer.Update(text.data(), text.size());
  longer.Update("\0", 1);
  EXPECT_NE(longer.Value(), whole.Value());
}

TEST_F(SnapshotTest, ReadsBackWhatWasWritten) {
  WriteSnapshot("1.0", "body bytes");
  absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, "1.0");
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  EXPECT_EQ(snapshot->identity.program_version, "1.0");
  EXPECT_EQ(snapshot->identity.model_hash, 42u);
  EXPECT_EQ(snapshot->identity.settings, "settings");
  EXPECT_EQ(snapshot->Body(), "body bytes");
  EXPECT_FALSE(std::filesystem::exists(path_ + ".tmp"));
}

TEST_F(SnapshotTest, RefusesAnotherVersion) {
  WriteSnapshot("1.0", "body");
  const std::string why = Refusal("1.1");
  EXPECT_NE(why.find(path_), std::string::npos) << why;
  EXPECT_NE(why.find("written by rulecheck 1.0, but this is rulecheck 1.1"), std::string::npos)
      << why;
}

TEST_F(SnapshotTest, RefusesAnotherFormat) {
  WriteSnapshot("1.0", "body");
  std::string bytes = ReadAll();
  bytes[16] = static_cast<char>(kSnapshotFormat + 1);  // the format follows the 16-byte magic
  WriteAll(bytes);
  EXPECT_NE(Refusal("1.0").find("snapshot format 2, but this rulecheck reads format 1"),
            std::string::npos);
}

TEST_F(SnapshotTest, RefusesATruncatedOrCorruptFile) {
  WriteSnapshot("1.0", std::string(1000, 'x'));
  const std::string bytes = ReadAll();
  WriteAll(bytes.substr(0, bytes.size() - 10));
  EXPECT_NE(Refusal("1.0").find("truncated"), std::string::npos);
  WriteAll(bytes.substr(0, 20));
  EXPECT_NE(Refusal("1.0").find("truncated"), std::string::npos);
  std::string flipped = bytes;
  flipped[500] ^= 0x10;
  WriteAll(flipped);
  EXPECT_NE(Refusal("1.0").find("checksum does not match"), std::string::npos);
  WriteAll("a text file\n");
  EXPECT_NE(Refusal("1.0").find("not a rulecheck snapshot"), std::string::npos);
  std::filesystem::remove(path_);
  EXPECT_EQ(ReadSnapshot(path_, "1.0").status().code(), absl::StatusCode::kNotFound);
}

// The file is read whole into memory, so one bigger than the budget it will be charged to is
// refused, before it is read; one that fits is read.
TEST_F(SnapshotTest, RefusesAFileBiggerThanTheMemoryLimit) {
  WriteSnapshot("1.0", std::string(1000, 'x'));
  const uint64_t size = std::filesystem::file_size(path_);
  absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, "1.0", size - 1);
  ASSERT_EQ(snapshot.status().code(), absl::StatusCode::kResourceExhausted);
  const std::string why(snapshot.status().message());
  EXPECT_NE(why.find(path_), std::string::npos) << why;
  EXPECT_NE(why.find("more than the memory budget (--memory)"), std::string::npos) << why;
  snapshot = ReadSnapshot(path_, "1.0", size);
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  EXPECT_EQ(snapshot->Body(), std::string(1000, 'x'));
}

TEST_F(SnapshotTest, AWriteNotCommittedLeavesThePreviousSnapshot) {
  WriteSnapshot("1.0", "first");
  {
    absl::StatusOr<std::unique_ptr<SnapshotWriter>> writer =
        SnapshotWriter::Open(path_, {"1.0", 42, "settings"}, 6);
    ASSERT_TRUE(writer.ok());
    (*writer)->Write("sec");
    // Destroyed before Commit, as if the process had died here.
  }
  absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, "1.0");
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  EXPECT_EQ(snapshot->Body(), "first");
  // A body shorter than announced is not committed.
  absl::StatusOr<std::unique_ptr<SnapshotWriter>> writer =
      SnapshotWriter::Open(path_, {"1.0", 42, "settings"}, 6);
  ASSERT_TRUE(writer.ok());
  (*writer)->Write("sec");
  EXPECT_FALSE((*writer)->Commit().ok());
  EXPECT_EQ(ReadSnapshot(path_, "1.0")->Body(), "first");
}

// Counts visits per depth, the dead states and the transitions, and saves the counts of the
// levels before the snapshot's; raises `cancel` once it has seen `stop_after` visits.
class SnapshotObserver final : public ExplorationObserver {
 public:
  explicit SnapshotObserver(std::atomic<bool>* cancel = nullptr, int stop_after = 0)
      : cancel_(cancel), stop_after_(stop_after) {}
  void OnVisit(const StateRef& state, bool /*terminal*/) override {
    visits_[state.depth].fetch_add(1);
    if (cancel_ != nullptr && total_.fetch_add(1) + 1 == stop_after_) cancel_->store(true);
  }
  void OnDeadState(const StateRef& /*state*/) override { ++dead_; }
  bool snapshots() const override { return true; }
  void SaveState(int depth, ByteWriter& out) const override {
    for (int d = 0; d < kDepths; ++d) out.U64(d < depth ? visits_[d].load() : 0);
    out.U64(dead_);
  }
  absl::Status LoadState(ByteReader& in) override {
    for (auto& count : visits_) count = in.U64();
    dead_ = in.U64();
    return absl::OkStatus();
  }
  std::vector<uint64_t> visits() const {
    std::vector<uint64_t> v;
    for (const auto& count : visits_) v.push_back(count.load());
    return v;
  }
  uint64_t dead() const { return dead_; }

 private:
  static constexpr int kDepths = 16;
  std::atomic<uint64_t> visits_[kDepths] = {};
  std::atomic<bool>* cancel_;
  int stop_after_;
  std::atomic<int> total_{0};
  uint64_t dead_ = 0;
};

TEST_F(SnapshotTest, AResumedSearchEndsAsAnUninterruptedOne) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  SnapshotObserver plain;
  ExplorationObserver* plain_observers[] = {&plain};
  const Exploration whole =
      Explore(space, plain_observers, {.threads = 1, .memory_bytes = uint64_t{1} << 26});
  ASSERT_TRUE(whole.stats().complete);

  for (int threads : {1, 2}) {
    SCOPED_TRACE(testing::Message() << threads << " threads");
    std::filesystem::remove(path_);
    // 2,000 visits is in the middle of level 5 (levels 0-4 hold 1 + 9 + 72 + 252 + 756).
    std::atomic<bool> cancel{false};
    SnapshotObserver first(&cancel, 2000);
    ExplorationObserver* first_observers[] = {&first};
    ExploreOptions options{.threads = threads, .memory_bytes = uint64_t{1} << 26};
    options.cancel = &cancel;
    options.checkpoint.path = path_;
    options.checkpoint.every_seconds = 1e9;
    options.checkpoint.identity = {"test", 1, ""};
    std::vector<CheckpointWrite> writes;
    options.checkpoint.on_write = [&](const CheckpointWrite& w) { writes.push_back(w); };
    const Exploration stopped = Explore(space, first_observers, options);
    EXPECT_EQ(stopped.stats().stop_reason, StopReason::kCancelled);
    ASSERT_EQ(writes.size(), 1u);
    EXPECT_TRUE(writes[0].status.ok()) << writes[0].status;
    EXPECT_EQ(writes[0].depth, 5);
    EXPECT_FALSE(writes[0].complete);

    absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, "test");
    ASSERT_TRUE(snapshot.ok()) << snapshot.status();
    SnapshotObserver second;
    ExplorationObserver* second_observers[] = {&second};
    ExploreOptions resume_options{.threads = 3 - threads, .memory_bytes = uint64_t{1} << 26};
    absl::StatusOr<Exploration> resumed =
        ResumeExplore(space, second_observers, resume_options, *snapshot);
    ASSERT_TRUE(resumed.ok()) << resumed.status();
    EXPECT_TRUE(resumed->stats().complete);
    EXPECT_EQ(resumed->stats().states, whole.stats().states);
    EXPECT_EQ(resumed->stats().transitions, whole.stats().transitions);
    EXPECT_EQ(resumed->stats().terminal_states, whole.stats().terminal_states);
    EXPECT_EQ(resumed->stats().levels, whole.stats().levels);
    ASSERT_EQ(resumed->level_count(), whole.level_count());
    for (int d = 0; d < whole.level_count(); ++d) {
      ASSERT_EQ(resumed->Level(d).size(), whole.Level(d).size());
      for (uint64_t p = 0; p < whole.Level(d).size(); p += 97) {
        EXPECT_EQ(resumed->StateWords(resumed->Level(d)[p]), whole.StateWords(whole.Level(d)[p]));
        EXPECT_EQ(resumed->TraceTo(d, p).size(), static_cast<size_t>(d) + 1);
      }
    }
    // Every state visited once: the levels before the snapshot's by the first run, the rest
    // by the second.
    EXPECT_EQ(second.visits(), plain.visits());
    EXPECT_EQ(second.dead(), plain.dead());
  }
}

TEST_F(SnapshotTest, TheSnapshotOfACompleteSearchResumesAtItsEnd) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  SnapshotObserver first;
  ExplorationObserver* first_observers[] = {&first};
  ExploreOptions options{.threads = 2, .memory_bytes = uint64_t{1} << 26};
  options.checkpoint.path = path_;
  options.checkpoint.every_seconds = 0;  // at every level too
  options.checkpoint.identity = {"test", 1, ""};
  int writes = 0;
  options.checkpoint.on_write = [&](const CheckpointWrite& w) {
    EXPECT_TRUE(w.status.ok()) << w.status;
    ++writes;
  };
  const Exploration whole = Explore(space, first_observers, options);
  EXPECT_EQ(writes, whole.stats().levels + 1);  // levels 1..9, and the end
  absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, "test");
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  SnapshotObserver second;
  ExplorationObserver* second_observers[] = {&second};
  absl::StatusOr<Exploration> resumed =
      ResumeExplore(space, second_observers, {.threads = 1}, *snapshot);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  EXPECT_TRUE(resumed->stats().complete);
  EXPECT_EQ(resumed->stats().states, 5478u);
  EXPECT_EQ(resumed->stats().transitions, whole.stats().transitions);
  EXPECT_EQ(resumed->stats().terminal_states, 958u);
  EXPECT_EQ(second.visits(), first.visits());
}

TEST_F(SnapshotTest, NoSnapshotWhileAnObserverCannotSaveItsState) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  ExplorationObserver silent;  // the default: cannot save its state
  ExplorationObserver* observers[] = {&silent};
  ExploreOptions options{.threads = 1, .memory_bytes = uint64_t{1} << 26};
  options.checkpoint.path = path_;
  std::vector<absl::Status> statuses;
  options.checkpoint.on_write = [&](const CheckpointWrite& w) { statuses.push_back(w.status); };
  Explore(space, observers, options);
  ASSERT_EQ(statuses.size(), 1u);  // at the end
  EXPECT_EQ(statuses[0].code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_FALSE(std::filesystem::exists(path_));
}

TEST_F(SnapshotTest, RefusesOtherObserversAndTooLittleMemory) {
  auto model = LoadGame("tictactoe.rules");
  ASSERT_NE(model, nullptr);
  const model::ModelStateSpace space(*model);
  SnapshotObserver counting;
  ExplorationObserver* observers[] = {&counting};
  ExploreOptions options{.threads = 1, .memory_bytes = uint64_t{1} << 26};
  options.checkpoint.path = path_;
  options.checkpoint.identity = {"test", 1, ""};
  Explore(space, observers, options);
  absl::StatusOr<Snapshot> snapshot = ReadSnapshot(path_, "test");
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();

  SnapshotObserver one, two;
  ExplorationObserver* more[] = {&one, &two};
  absl::StatusOr<Exploration> refused = ResumeExplore(space, more, {.threads = 1}, *snapshot);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(refused.status().message().find("other checks"), std::string::npos);

  // 64 KiB holds 4,096 states of one word: not the 5,478 of the snapshot.
  absl::StatusOr<Exploration> small =
      ResumeExplore(space, observers, {.threads = 1, .memory_bytes = 1 << 16}, *snapshot);
  EXPECT_EQ(small.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(small.status().message().find(path_), std::string::npos);
}

}  // namespace
}  // namespace rulecheck::explorer
