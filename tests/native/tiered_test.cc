// `--engine auto` on a model whose library is not cached (native/tiered_state_space.h): the
// search starts on the interpreter, an expander made before the library is ready moves to
// the compiled code once it is, with the same successors; a space destroyed while the
// compiler runs stops it at once and leaves no file behind, unless its build was left
// running, which then ends in the cache; and one destroyed before its delay is up never
// starts the compiler.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "model/model.h"
#include "model/model_state_space.h"
#include "native/native.h"
#include "native/tiered_state_space.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::native {
namespace {

class TieredTest : public testing_support::TempFolderTest {
 protected:
  // The files in the cache but the lock of builds left running, which stays.
  std::vector<std::string> Files() {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
      const std::string name = entry.path().filename().string();
      if (name != "background-build.lock") found.push_back(name);
    }
    return found;
  }

  // The compile cache: the test's folder.
  std::string cache() const { return dir_.string(); }
};

// The successors of `state` as text: words, action and arguments.
class Lines final : public ir::SuccessorSink {
 public:
  explicit Lines(uint32_t words) : words_(words) {}
  void OnSuccessor(const uint32_t* state, const ir::Move& move) override {
    std::string line = std::to_string(move.index);
    for (int64_t arg : move.args) line += " a" + std::to_string(arg);
    for (const ir::Choice& c : move.choices) line += " c" + std::to_string(c.value);
    for (uint32_t i = 0; i < words_; ++i) line += " " + std::to_string(state[i]);
    lines.push_back(line);
  }
  void OnFailure(const ir::StepFailure& failure) override { lines.push_back(failure.message); }
  std::vector<std::string> lines;

 private:
  uint32_t words_;
};

// Two dice rolled into a sum: one initial state, 36 successors with their choices.
constexpr char kDice[] =
    "game \"dice\"\nstate { sum: 0..12\n done: bool }\n"
    "action throw when not done { roll a in 1..6 { roll b in 1..6 { sum := a + b } }\n"
    "  done := true }\nterminal when done\n";

TEST_F(TieredTest, AnExpanderMovesToTheCompiledCodeWithTheSameSuccessors) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("dice.rules", kDice, {});
  ASSERT_TRUE(model.ok()) << model.status();
  CompileOptions cached_only{cache()};
  cached_only.only_cached = true;
  EXPECT_TRUE(absl::IsNotFound(CompileModel(**model, cached_only).status()));

  TieredStateSpace tiered(**model, CompileOptions{cache()}, nullptr, std::chrono::milliseconds(0),
                          0);
  std::unique_ptr<ir::Expander> expander = tiered.NewExpander(true);
  // The initial state, from whichever engine runs it.
  std::vector<uint32_t> initial;
  struct First final : ir::SuccessorSink {
    explicit First(std::vector<uint32_t>& out, uint32_t words) : out(out), words(words) {}
    void OnSuccessor(const uint32_t* state, const ir::Move&) override {
      out.assign(state, state + words);
    }
    void OnFailure(const ir::StepFailure&) override {}
    std::vector<uint32_t>& out;
    uint32_t words;
  } first(initial, tiered.words());
  expander->Initial(first);
  ASSERT_EQ(initial.size(), tiered.words());

  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (tiered.compiled() == nullptr && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_NE(tiered.compiled(), nullptr) << "the library was not built within two minutes";
  EXPECT_GT(tiered.build_seconds(), 0);

  Lines tiered_lines(tiered.words()), interpreted_lines(tiered.words());
  expander->Successors(initial.data(), tiered_lines);
  model::ModelStateSpace interpreter(**model);
  interpreter.NewExpander(true)->Successors(initial.data(), interpreted_lines);
  EXPECT_EQ(tiered_lines.lines.size(), 36u);
  EXPECT_EQ(tiered_lines.lines, interpreted_lines.lines);
  // The build put the library into the cache: the next run finds it there.
  EXPECT_TRUE(CompileModel(**model, cached_only).ok());
}

TEST_F(TieredTest, DestroyingTheSpaceStopsTheCompiler) {
  // A rulebook model takes seconds to compile: the build is still running when the space
  // goes.
  absl::StatusOr<std::unique_ptr<model::Model>> model = model::LoadModel(
      std::string(RULECHECK_SOURCE_DIR) + "/games/monster-mutators/monster-mutators.rules", {});
  ASSERT_TRUE(model.ok()) << model.status();
  auto tiered = std::make_unique<TieredStateSpace>(**model, CompileOptions{cache()}, nullptr,
                                                   std::chrono::milliseconds(0), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(tiered->compiled(), nullptr);
  tiered.reset();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took.count(), 2.0);
  // No library, no partial output, no source left behind.
  EXPECT_EQ(Files(), std::vector<std::string>{});
}

// CXX while it lives: a script that notes each compile it is asked for (a line in `calls`),
// then waits for the file `gate` before it runs `c++`; so a build is surely still running
// until the test opens the gate.
class GatedCompiler {
 public:
  explicit GatedCompiler(const std::filesystem::path& dir)
      : calls_((dir / "calls").string()), gate_((dir / "gate").string()) {
    const std::string script = (dir / "gated-c++").string();
    std::ofstream(script) << "#!/bin/sh\n[ \"$1\" = --version ] && exec c++ \"$@\"\necho >> '"
                          << calls_ << "'\nwhile [ ! -e '" << gate_
                          << "' ]; do sleep 0.05; done\nexec c++ \"$@\"\n";
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    const char* old = std::getenv("CXX");
    had_cxx_ = old != nullptr;
    if (had_cxx_) old_cxx_ = old;
    setenv("CXX", script.c_str(), 1);
  }
  ~GatedCompiler() {
    if (had_cxx_) {
      setenv("CXX", old_cxx_.c_str(), 1);
    } else {
      unsetenv("CXX");
    }
  }
  // Whether `n` compiles have started, waiting up to two minutes for them.
  bool WaitForCalls(int n) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    while (calls() < n) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
  }
  // The compiles started so far.
  int calls() const {
    std::ifstream in(calls_);
    int lines = 0;
    for (std::string line; std::getline(in, line);) ++lines;
    return lines;
  }
  void OpenGate() const { std::ofstream{gate_}; }

 private:
  std::string calls_, gate_;
  bool had_cxx_ = false;
  std::string old_cxx_;
};

// Whether the space knows of its build's compiler process, waiting up to two minutes: the
// compiler notes its call (GatedCompiler::WaitForCalls) a moment before the space that
// spawned it registers it, and a space leaves running only a build it knows of.
bool Registered(TieredStateSpace& tiered) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (!tiered.build_running()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

// The file name extensions in `dir`, sorted; once `want` is among them, or after two minutes.
std::vector<std::string> ExtensionsOnceThere(const std::string& dir,
                                             const std::vector<std::string>& want) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  for (;;) {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      found.push_back(entry.path().extension().string());
    }
    std::sort(found.begin(), found.end());
    if (found == want || std::chrono::steady_clock::now() > deadline) return found;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// A build left running (LeaveBuildRunning) does not hold up the space's end, and puts the
// library into the cache after it, leaving no other file than the library, its source and
// the lock.
TEST_F(TieredTest, ABuildLeftRunningPutsTheLibraryInTheCacheAfterTheSpaceIsGone) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("dice.rules", kDice, {});
  ASSERT_TRUE(model.ok()) << model.status();
  const std::string cache_dir = (dir_ / "cache").string();
  const GatedCompiler compiler(dir_);
  auto tiered = std::make_unique<TieredStateSpace>(**model, CompileOptions{cache_dir}, nullptr,
                                                   std::chrono::milliseconds(0), 0);
  ASSERT_TRUE(compiler.WaitForCalls(1));
  ASSERT_TRUE(Registered(*tiered));
  EXPECT_TRUE(tiered->LeaveBuildRunning());
  tiered.reset();  // does not wait for the gate
  CompileOptions cached_only{cache_dir};
  cached_only.only_cached = true;
  EXPECT_TRUE(absl::IsNotFound(CompileModel(**model, cached_only).status()));

  compiler.OpenGate();
  // Done once the library is in place and the compiler's output is gone.
  EXPECT_EQ(ExtensionsOnceThere(cache_dir, {".cc", ".lock", ".so"}),
            (std::vector<std::string>{".cc", ".lock", ".so"}));
  // (With the same compiler: it is part of the library's identity.)
  EXPECT_TRUE(CompileModel(**model, cached_only).ok());
}

// While one build is left running in a cache, a second one is not: its space stops it as
// ever, leaving none of its files.
TEST_F(TieredTest, OneBuildAtATimeIsLeftRunningInACache) {
  absl::StatusOr<std::unique_ptr<model::Model>> first =
      model::LoadModelFromText("dice.rules", kDice, {});
  absl::StatusOr<std::unique_ptr<model::Model>> second =
      model::LoadModelFromText("dice2.rules", std::string(kDice) + "# another model text\n", {});
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(second.ok()) << second.status();
  const std::string cache_dir = (dir_ / "cache").string();
  const GatedCompiler compiler(dir_);
  auto one = std::make_unique<TieredStateSpace>(**first, CompileOptions{cache_dir}, nullptr,
                                                std::chrono::milliseconds(0), 0);
  auto two = std::make_unique<TieredStateSpace>(**second, CompileOptions{cache_dir}, nullptr,
                                                std::chrono::milliseconds(0), 0);
  ASSERT_TRUE(compiler.WaitForCalls(2));
  ASSERT_TRUE(Registered(*one));
  ASSERT_TRUE(Registered(*two));
  EXPECT_TRUE(one->LeaveBuildRunning());
  EXPECT_FALSE(two->LeaveBuildRunning());
  one.reset();
  two.reset();
  compiler.OpenGate();
  EXPECT_EQ(ExtensionsOnceThere(cache_dir, {".cc", ".lock", ".so"}),
            (std::vector<std::string>{".cc", ".lock", ".so"}));
  CompileOptions cached_only{cache_dir};
  cached_only.only_cached = true;
  EXPECT_TRUE(CompileModel(**first, cached_only).ok());
  EXPECT_TRUE(absl::IsNotFound(CompileModel(**second, cached_only).status()));
}

// A build of the library that another run's build left running makes waits for that build
// instead of compiling a second copy, and loads the library once it is there; a run that
// ends while it waits leaves the other build running.
TEST_F(TieredTest, ABuildWaitsForTheSameLibraryLeftBuilding) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("dice.rules", kDice, {});
  ASSERT_TRUE(model.ok()) << model.status();
  const std::string cache_dir = (dir_ / "cache").string();
  const GatedCompiler compiler(dir_);
  auto space = [&] {
    return std::make_unique<TieredStateSpace>(**model, CompileOptions{cache_dir}, nullptr,
                                              std::chrono::milliseconds(0), 0);
  };
  // Past its start and its generated code, into the wait.
  auto started = [](const TieredStateSpace& tiered) {
    while (tiered.build_seconds() < 0.5) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  };
  auto first = space();
  ASSERT_TRUE(compiler.WaitForCalls(1));
  ASSERT_TRUE(Registered(*first));
  EXPECT_TRUE(first->LeaveBuildRunning());
  first.reset();

  auto second = space();
  started(*second);
  EXPECT_TRUE(second->LeaveBuildRunning());
  second.reset();

  auto third = space();
  started(*third);
  compiler.OpenGate();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (third->compiled() == nullptr && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_NE(third->compiled(), nullptr);
  EXPECT_EQ(compiler.calls(), 1);
}

// A run that ends within the delay, or before it has expanded enough states, never starts
// the compiler.
TEST_F(TieredTest, AShortRunNeverCompiles) {
  absl::StatusOr<std::unique_ptr<model::Model>> model =
      model::LoadModelFromText("dice.rules", kDice, {});
  ASSERT_TRUE(model.ok()) << model.status();
  const auto start = std::chrono::steady_clock::now();
  {
    TieredStateSpace tiered(**model, CompileOptions{cache()}, nullptr, std::chrono::seconds(30), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(tiered.compiled(), nullptr);
    EXPECT_EQ(tiered.build_seconds(), 0);
    // Nor does a run that ends there and would leave its build running.
    EXPECT_FALSE(tiered.LeaveBuildRunning());
  }
  {
    // Past the delay, but 1,000 states short of the count.
    TieredStateSpace tiered(**model, CompileOptions{cache()}, nullptr, std::chrono::milliseconds(0),
                            1000);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_EQ(tiered.compiled(), nullptr);
    EXPECT_EQ(tiered.build_seconds(), 0);
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took.count(), 5.0);
  EXPECT_EQ(Files(), std::vector<std::string>{});
}

}  // namespace
}  // namespace rulecheck::native
