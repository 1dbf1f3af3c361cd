// `rulecheck check --checkpoint DIR` and `check --resume DIR`: a search killed at a random
// point (SIGTERM, which writes a snapshot of the level under way, or SIGKILL, which leaves
// the last one) and resumed, with 1 or 2 threads and another count on resume, ends with the
// report of an uninterrupted run: the same counts, findings and traces (the JSON report
// without its times and memory figures). Snapshots are written at every level here, so a
// SIGKILL lands in the middle of a write now and then. Then what a resume refuses: another
// model text, other constants, another search, a corrupt or truncated snapshot, a directory
// another run is using.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using ::testing::HasSubstr;
using json = nlohmann::json;
using std::chrono::milliseconds;

// Three counters; the first moves early fail an assert, a jump of `b` late overflows it (a
// model error), the invariant breaks deep down, the corner is a deadlock and a witness:
// findings of five kinds with traces from 5 to 158 steps, over 216,000 states.
constexpr char kFindings[] = R"(state {
  a: 0..59
  b: 0..59
  c: 0..59
}
action incA() when a < 59 {
  a += 1
  assert a != 3 or b != 1, "a three beside a one"
}
action incB() when b < 59 { b += 1 }
action incC() when c < 59 {
  c += 1
  if c == 50 and a == 50 { b += 20 }
}
invariant small: a + b + c < 170
reachable corner: a == 59 and b == 59 and c == 59
)";

// The report without what differs between runs: times, threads, memory figures, and the
// engine's figures (the first run compiles, later ones find the library in the cache).
json Comparable(json report) {
  for (const char* key : {"seconds", "threads", "store_bytes", "memory_budget", "engine"}) {
    report.erase(key);
  }
  return report;
}

json Parse(const RunResult& run) {
  json report = json::parse(run.stdout_text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(report.is_discarded()) << run.stdout_text << run.stderr_text;
  return report.is_discarded() ? json::object() : report;
}

class CheckpointTest : public testing_support::TempFolderTest {
 protected:
  std::string Dir() const { return (dir_ / "snapshots").string(); }
  std::string Snapshot() const { return (dir_ / "snapshots" / "search.snapshot").string(); }

  // `check ARGS --format json --quiet --threads N`, uninterrupted; its time in `took`.
  json Uninterrupted(const std::vector<std::string>& args, int& exit_code, milliseconds& took) {
    std::vector<std::string> full = {"check"};
    full.insert(full.end(), args.begin(), args.end());
    full.insert(full.end(), {"--format", "json", "--quiet", "--threads", "1"});
    const auto start = std::chrono::steady_clock::now();
    const RunResult run = RunRulecheck(full);
    took = std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
    exit_code = run.exit_code;
    return Parse(run);
  }

  // Runs `args` with --checkpoint (a snapshot at every level) on `threads` threads and sends
  // `signal` after `after`; when that left no snapshot (killed before the first), again later.
  void StartAndKill(const std::vector<std::string>& args, int threads, int signal,
                    milliseconds after) {
    for (int attempt = 0; attempt < 4; ++attempt, after *= 2) {
      std::filesystem::remove_all(Dir());
      std::vector<std::string> full = {"check"};
      full.insert(full.end(), args.begin(), args.end());
      full.insert(full.end(), {"--format", "json", "--quiet", "--threads", std::to_string(threads),
                               "--checkpoint", Dir(), "--checkpoint-every", "0"});
      const RunResult run = RunRulecheckAndSignal(full, signal, after);
      if (signal == SIGTERM && run.exit_code != 0 && run.exit_code != 1) {
        // Stopped by the signal: a partial report, exit 3.
        EXPECT_EQ(run.exit_code, 3) << run.stderr_text;
      }
      if (std::filesystem::exists(Snapshot())) return;
    }
    ADD_FAILURE() << "no snapshot was written";
  }

  // `check --resume DIR` on `threads` threads; with `signal`, sent after `after`.
  RunResult Resume(int threads, int signal = 0, milliseconds after = milliseconds{0}) {
    return RunRulecheckAndSignal({"check", "--resume", Dir(), "--format", "json", "--quiet",
                                  "--threads", std::to_string(threads)},
                                 signal, after);
  }

  // Kills a run of `args` at a random point with `signal` (on `threads` threads), resumes it
  // on the other thread count (with `kill_resume`, kills the resume too with SIGTERM and
  // resumes that) and expects the uninterrupted run's report and exit code.
  void ExpectKilledAndResumedAsUninterrupted(const std::vector<std::string>& args, int threads,
                                             int signal, bool kill_resume = false) {
    int exit_code = -1;
    milliseconds took{0};
    const json whole = Comparable(Uninterrupted(args, exit_code, took));
    ASSERT_TRUE(exit_code == 0 || exit_code == 1 || exit_code == 3) << exit_code;
    std::mt19937 random(std::random_device{}());
    auto somewhere = [&] {
      const double fraction = std::uniform_real_distribution<double>(0.1, 0.9)(random);
      return milliseconds{20 + static_cast<int64_t>(fraction * static_cast<double>(took.count()))};
    };
    const milliseconds kill_at = somewhere();
    SCOPED_TRACE(testing::Message()
                 << "signal " << signal << " after " << kill_at.count() << " ms of a "
                 << took.count() << " ms run, " << threads << " threads");
    StartAndKill(args, threads, signal, kill_at);
    const int other = 3 - threads;
    RunResult resumed;
    if (kill_resume) {
      const milliseconds again = somewhere();
      SCOPED_TRACE(testing::Message() << "the resume stopped after " << again.count() << " ms");
      resumed = Resume(other, SIGTERM, again);
      // Stopped again (exit 3, or 1 with an error found by then): resume that.
      if (Parse(resumed).value("stop_reason", "") == "cancelled") resumed = Resume(threads);
    } else {
      resumed = Resume(other);
    }
    EXPECT_EQ(resumed.exit_code, exit_code) << resumed.stderr_text;
    EXPECT_EQ(Comparable(Parse(resumed)), whole);
  }
};

TEST_F(CheckpointTest, EightPuzzleStoppedBySigterm) {
  ExpectKilledAndResumedAsUninterrupted({"games/puzzle8.rules"}, 2, SIGTERM);
}

TEST_F(CheckpointTest, EightPuzzleKilledTwice) {
  ExpectKilledAndResumedAsUninterrupted({"games/puzzle8.rules"}, 1, SIGKILL,
                                        /*kill_resume=*/true);
}

TEST_F(CheckpointTest, TicTacToe) {
  ExpectKilledAndResumedAsUninterrupted({"games/tictactoe.rules"}, 1, SIGTERM);
}

TEST_F(CheckpointTest, FindingsWithTracesAndCoverageAfterSigkill) {
  const std::string path = WriteFile("findings.rules", kFindings);
  ExpectKilledAndResumedAsUninterrupted({path, "--coverage"}, 2, SIGKILL);
}

TEST_F(CheckpointTest, FindingsWithTracesAndCoverageAfterSigterm) {
  const std::string path = WriteFile("findings.rules", kFindings);
  ExpectKilledAndResumedAsUninterrupted({path, "--coverage"}, 1, SIGTERM, /*kill_resume=*/true);
}

// A rulebook model with order dependence, a game that need not end, dead rules and cards: the
// analyses after the search give the same answers after a resume.
TEST_F(CheckpointTest, RulebookWithEveryAnalysis) {
  ExpectKilledAndResumedAsUninterrupted(
      {"games/monster-mutators/monster-mutators.rules", "--const", "SCOPE=6"}, 2, SIGTERM);
}

// The issue's target, cut to its first 300,000 states (the whole search takes minutes; see
// docs/stopping.md for a run of it killed and resumed by hand).
TEST_F(CheckpointTest, ElevenPuzzleCutByMaxStates) {
  ExpectKilledAndResumedAsUninterrupted({"games/puzzle11.rules", "--max-states", "300000"}, 2,
                                        SIGKILL);
}

// The small models of the analyses' tests: the snapshot of a complete search resumes to the
// same report (the analyses run again on the restored exploration).
TEST_F(CheckpointTest, TheAnalysesAfterACompleteSearch) {
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(SourcePath("tests/e2e/analyses")))) {
    const std::string file = entry.path().string();
    SCOPED_TRACE(file);
    int exit_code = -1;
    milliseconds took{0};
    const json whole = Comparable(Uninterrupted({file}, exit_code, took));
    std::filesystem::remove_all(Dir());
    const RunResult first = RunRulecheck({"check", file, "--format", "json", "--quiet",
                                          "--checkpoint", Dir(), "--checkpoint-every", "0"});
    EXPECT_EQ(first.exit_code, exit_code);
    EXPECT_EQ(Comparable(Parse(first)), whole);
    const RunResult resumed = Resume(2);
    EXPECT_EQ(resumed.exit_code, exit_code) << resumed.stderr_text;
    EXPECT_EQ(Comparable(Parse(resumed)), whole);
  }
}

// A kill in the middle of a write leaves the snapshot before it and a partial `.tmp` beside
// it; the resume reads the snapshot, and its own writes replace the `.tmp`.
TEST_F(CheckpointTest, APartialWriteBesideTheSnapshotIsIgnored) {
  int exit_code = -1;
  milliseconds took{0};
  const json whole = Comparable(Uninterrupted({"games/puzzle8.rules"}, exit_code, took));
  StartAndKill({"games/puzzle8.rules"}, 1, SIGTERM, took / 2);
  std::ofstream(Snapshot() + ".tmp", std::ios::binary) << "rulecheck-snap\n";
  const RunResult resumed = Resume(2);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.stderr_text;
  EXPECT_EQ(Comparable(Parse(resumed)), whole);
  EXPECT_FALSE(std::filesystem::exists(Snapshot() + ".tmp"));
}

// Starts rulecheck with `args` (output to /dev/null), waits until a snapshot is at `path` and
// the next is being written (its `.tmp` has bytes) and SIGKILLs it there. False when it
// ended before.
bool KillWhileWriting(const std::vector<std::string>& args, const std::string& path) {
  const std::string temp_path = path + ".tmp";
  std::vector<std::string> owned = args;
  std::string binary = RULECHECK_BINARY;
  std::vector<char*> argv = {binary.data()};
  for (std::string& arg : owned) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execv(binary.c_str(), argv.data());
    _exit(127);
  }
  bool killed = false;
  for (int i = 0; i < 120000 && !killed; ++i) {  // at most two minutes
    std::error_code error;
    if (std::filesystem::exists(path, error) && std::filesystem::file_size(temp_path, error) > 0 &&
        !error) {
      ::kill(pid, SIGKILL);
      killed = true;
      break;
    }
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return false;
    ::usleep(1000);
  }
  if (!killed) ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return killed && WIFSIGNALED(status);
}

// SIGKILL in the middle of writing a snapshot: the one before it is whole and resumes.
TEST_F(CheckpointTest, KilledWhileASnapshotIsBeingWritten) {
  const std::vector<std::string> args = {SourcePath("games/puzzle11.rules"), "--max-states",
                                         "1500000"};
  int exit_code = -1;
  milliseconds took{0};
  const json whole = Comparable(Uninterrupted(args, exit_code, took));
  ASSERT_EQ(exit_code, 3);
  int hits = 0;
  for (int attempt = 0; attempt < 5 && hits == 0; ++attempt) {
    std::filesystem::remove_all(Dir());
    std::vector<std::string> full = {"check"};
    full.insert(full.end(), args.begin(), args.end());
    full.insert(full.end(),
                {"--quiet", "--threads", "2", "--checkpoint", Dir(), "--checkpoint-every", "0"});
    if (!KillWhileWriting(full, Snapshot())) continue;
    // The write may have ended, and the file been renamed into place, between the poll that
    // saw it under way and the kill: then this attempt did not land in the middle of a write.
    if (!std::filesystem::exists(Snapshot() + ".tmp")) continue;
    ++hits;
    const RunResult resumed = Resume(1);
    EXPECT_EQ(resumed.exit_code, exit_code) << resumed.stderr_text;
    EXPECT_EQ(Comparable(Parse(resumed)), whole);
  }
  EXPECT_EQ(hits, 1) << "no kill landed in the middle of a write";
}

// A search that --max-states stopped goes on from its last snapshot when resumed with a
// larger limit, to the report of a search started with that limit; resumed with its own
// limit, it says on stderr why it stops in the same place.
TEST_F(CheckpointTest, ALargerMaxStatesGoesOnFromTheLastSnapshot) {
  const std::string file = SourcePath("games/puzzle8.rules");
  const RunResult first = RunRulecheck({"check", file, "--quiet", "--max-states", "1000",
                                        "--checkpoint", Dir(), "--checkpoint-every", "0"});
  ASSERT_EQ(first.exit_code, 3) << first.stderr_text;
  ASSERT_TRUE(std::filesystem::exists(Snapshot()));
  const RunResult again = RunRulecheck({"check", "--resume", Dir(), "--format", "json"});
  EXPECT_EQ(again.exit_code, 3) << again.stderr_text;
  EXPECT_THAT(again.stderr_text,
              HasSubstr("the search resumes with the limit it was started with, --max-states "
                        "1,000; give a larger --max-states to go further"));
  EXPECT_EQ(Parse(again).value("states", 0), 1000);
  int exit_code = -1;
  milliseconds took{0};
  const json whole = Comparable(Uninterrupted({file, "--max-states", "20000"}, exit_code, took));
  ASSERT_EQ(exit_code, 3);
  const RunResult further = RunRulecheck(
      {"check", "--resume", Dir(), "--max-states", "20000", "--format", "json", "--threads", "2"});
  EXPECT_EQ(further.exit_code, exit_code) << further.stderr_text;
  EXPECT_THAT(further.stderr_text,
              HasSubstr("the search resumes with --max-states 20,000 (it was started with 1,000)"));
  EXPECT_EQ(Comparable(Parse(further)), whole);
}

// The reports a resume writes are the command line's: --report, --baseline and
// --write-baseline were dropped (the resume exited 1 on findings the baseline held, and wrote
// neither file).
TEST_F(CheckpointTest, AResumeWritesTheReportsAndReadsTheBaselineItIsGiven) {
  const std::string file = WriteFile("findings.rules", kFindings);
  const std::string baseline = (dir_ / "baseline.json").string();
  const RunResult known = RunRulecheck({"check", file, "--quiet", "--write-baseline", baseline});
  ASSERT_EQ(known.exit_code, 1) << known.stderr_text;
  const RunResult first = RunRulecheck({"check", file, "--quiet", "--max-states", "1000",
                                        "--checkpoint", Dir(), "--checkpoint-every", "0"});
  ASSERT_EQ(first.exit_code, 1) << first.stderr_text;  // the assert is found early
  const std::string sarif = (dir_ / "resumed.sarif").string();
  const std::string written = (dir_ / "resumed-baseline.json").string();
  const RunResult resumed =
      RunRulecheck({"check", "--resume", Dir(), "--quiet", "--max-states", "1000000", "--baseline",
                    baseline, "--report", "sarif=" + sarif, "--write-baseline", written});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.stdout_text << resumed.stderr_text;
  EXPECT_THAT(resumed.stdout_text, HasSubstr("new since the baseline"));
  EXPECT_TRUE(std::filesystem::exists(sarif));
  EXPECT_TRUE(std::filesystem::exists(written));
}

class CheckpointRefusalTest : public CheckpointTest {
 protected:
  // A snapshot of `file` with `args`, complete.
  void Snapshotted(const std::string& file, const std::vector<std::string>& args = {}) {
    std::vector<std::string> full = {"check", file, "--quiet", "--checkpoint", Dir()};
    full.insert(full.end(), args.begin(), args.end());
    const RunResult run = RunRulecheck(full);
    ASSERT_EQ(run.exit_code, 0) << run.stderr_text;
    ASSERT_TRUE(std::filesystem::exists(Snapshot()));
  }
  // `check ARGS` refused with exit code 2 and a message that names the snapshot.
  std::string Refused(const std::vector<std::string>& args) {
    std::vector<std::string> full = {"check"};
    full.insert(full.end(), args.begin(), args.end());
    const RunResult run = RunRulecheck(full);
    EXPECT_EQ(run.exit_code, 2) << run.stderr_text;
    EXPECT_TRUE(run.stdout_text.empty()) << run.stdout_text;
    return run.stderr_text;
  }
  std::string ReadSnapshotBytes() {
    std::ifstream in(Snapshot(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
  }
  void WriteSnapshotBytes(const std::string& bytes) {
    std::ofstream(Snapshot(), std::ios::binary | std::ios::trunc) << bytes;
  }
};

TEST_F(CheckpointRefusalTest, AnotherModelText) {
  Snapshotted("games/tictactoe.rules");
  EXPECT_THAT(Refused({"games/puzzle8.rules", "--resume", Dir()}),
              AllOf(HasSubstr(Snapshot()), HasSubstr("another model text than games/puzzle8")));
}

TEST_F(CheckpointRefusalTest, AFileEditedSinceTheSnapshot) {
  const std::string path = WriteFile("line.rules",
                                     "state { n: 0..5 }\naction inc() when n < 5 "
                                     "{ n += 1 }\nterminal when n == 5\n");
  Snapshotted(path);
  WriteFile("line.rules",
            "state { n: 0..6 }\naction inc() when n < 6 { n += 1 }\nterminal when n == 6\n");
  EXPECT_THAT(Refused({path, "--resume", Dir()}), HasSubstr("another model text"));
  // Without FILE the search goes on with the text it started with: six states, not seven.
  const RunResult run = RunRulecheck({"check", "--resume", Dir(), "--format", "json", "--quiet"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_EQ(Parse(run).value("states", 0), 6);
}

TEST_F(CheckpointRefusalTest, OtherConstants) {
  Snapshotted("games/hanoi.rules", {"--const", "N=3"});
  EXPECT_THAT(Refused({"games/hanoi.rules", "--const", "N=4", "--resume", Dir()}),
              AllOf(HasSubstr(Snapshot()), HasSubstr("other constants (--const N=3)")));
}

// `--const N=8`, hanoi.rules' own value of N, on a snapshot taken without --const is the same
// search: it resumes (it was refused as "other constants (--const none)").
TEST_F(CheckpointRefusalTest, TheFilesOwnValueOfAConstantResumes) {
  Snapshotted("games/hanoi.rules");
  const RunResult run = RunRulecheck({"check", "--resume", Dir(), "--const", "N=8", "--quiet"});
  EXPECT_EQ(run.exit_code, 0) << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("6,561 states"));
}

TEST_F(CheckpointRefusalTest, AnotherSearch) {
  Snapshotted("games/tictactoe.rules");
  EXPECT_THAT(Refused({"--resume", Dir(), "--skip", "deadlock"}),
              HasSubstr("--skip differs from the one"));
  // A limit the snapshot's search had passed already.
  EXPECT_THAT(Refused({"--resume", Dir(), "--max-states", "10"}),
              AllOf(HasSubstr(Snapshot()),
                    HasSubstr("holds 5,478 states, more than --max-states 10 allows")));
  EXPECT_THAT(Refused({"--resume", Dir(), "--checkpoint", Dir()}),
              HasSubstr("--checkpoint cannot be given with it"));
}

TEST_F(CheckpointRefusalTest, ACorruptOrTruncatedSnapshot) {
  Snapshotted("games/tictactoe.rules");
  const std::string bytes = ReadSnapshotBytes();
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x01;
  WriteSnapshotBytes(flipped);
  EXPECT_THAT(Refused({"--resume", Dir()}),
              AllOf(HasSubstr(Snapshot()), HasSubstr("checksum does not match")));
  WriteSnapshotBytes(bytes.substr(0, bytes.size() - 1000));
  EXPECT_THAT(Refused({"--resume", Dir()}), AllOf(HasSubstr(Snapshot()), HasSubstr("truncated")));
  std::string other_format = bytes;
  other_format[16] = 9;  // the format number follows the 16-byte magic
  WriteSnapshotBytes(other_format);
  EXPECT_THAT(Refused({"--resume", Dir()}),
              AllOf(HasSubstr(Snapshot()), HasSubstr("snapshot format 9")));
  WriteSnapshotBytes("not a snapshot");
  EXPECT_THAT(Refused({"--resume", Dir()}), HasSubstr("not a rulecheck snapshot"));
  std::filesystem::remove(Snapshot());
  EXPECT_THAT(Refused({"--resume", Dir()}), HasSubstr("no snapshot there"));
}

// Another run holds the directory's lock (here: this test).
TEST_F(CheckpointRefusalTest, ADirectoryInUse) {
  Snapshotted("games/tictactoe.rules");
  const int fd = ::open((dir_ / "snapshots" / "search.lock").c_str(), O_RDWR);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  EXPECT_THAT(Refused({"--resume", Dir()}), HasSubstr("in use by another rulecheck run"));
  std::filesystem::remove(Snapshot());
  EXPECT_THAT(Refused({"games/tictactoe.rules", "--checkpoint", Dir()}),
              HasSubstr("in use by another rulecheck run"));
  ::close(fd);
}

TEST_F(CheckpointRefusalTest, ANewSearchDoesNotOverwriteASnapshot) {
  Snapshotted("games/tictactoe.rules");
  EXPECT_THAT(Refused({"games/tictactoe.rules", "--checkpoint", Dir()}),
              AllOf(HasSubstr("holds a snapshot already"), HasSubstr("--resume")));
  EXPECT_THAT(Refused({"--quiet"}), HasSubstr("FILE is required"));
}

TEST_F(CheckpointRefusalTest, AnIntervalWithoutADirectory) {
  EXPECT_THAT(Refused({"games/tictactoe.rules", "--checkpoint-every", "1"}),
              HasSubstr("--checkpoint-every needs --checkpoint DIR"));
}

}  // namespace
}  // namespace rulecheck::e2e
