// `rulecheck check --engine auto|compiled|interpreted` end to end: the compiled engine on a
// benchmark game gives the known counts and says it compiled, a second run finds the library
// in the cache, two runs at once share a fresh cache safely, a missing compiler makes `auto`
// fall back to the interpreter with a note, and a missing or failing compiler is an error (exit
// code 2) under `compiled`; a search that ends before its background build leaves the build to
// finish into the cache; `solve` and `diff` choose the same way. Each test
// has a cache of its own (XDG_CACHE_HOME in its temporary folder), set through env(1).
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/e2e/run_binary.h"
#include "tests/shared/temp_folder_test.h"

namespace rulecheck::e2e {
namespace {

using testing::HasSubstr;
using testing::Not;

class EngineTest : public testing_support::TempFolderTest {
 protected:
  // `rulecheck ARGS` with XDG_CACHE_HOME in the test's folder and the extra `env` settings.
  RunResult Run(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    std::vector<std::string> argv = {"XDG_CACHE_HOME=" + (dir_ / "cache").string()};
    argv.insert(argv.end(), env.begin(), env.end());
    argv.push_back(RULECHECK_BINARY);
    argv.insert(argv.end(), args.begin(), args.end());
    return RunProgram("/usr/bin/env", argv);
  }

  int CachedLibraries() {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir_ / "cache" / "rulecheck")) {
      count += entry.path().extension() == ".so";
    }
    return count;
  }
};

// Tic-tac-toe has 5,478 reachable positions, 958 of them terminal (games/tictactoe.rules).
TEST_F(EngineTest, CompiledThenCached) {
  const std::vector<std::string> args = {"check", "games/tictactoe.rules", "--engine", "compiled",
                                         "--quiet"};
  const RunResult first = Run(args);
  EXPECT_EQ(first.exit_code, 0) << first.stdout_text << first.stderr_text;
  EXPECT_THAT(first.stdout_text, HasSubstr("5,478 states"));
  EXPECT_THAT(first.stdout_text, HasSubstr("958 terminal"));
  EXPECT_THAT(first.stdout_text, HasSubstr("compiled to native code in "));
  EXPECT_THAT(first.stdout_text, Not(HasSubstr("(from the cache)")));
  const RunResult second = Run(args);
  EXPECT_EQ(second.exit_code, 0) << second.stderr_text;
  EXPECT_THAT(second.stdout_text, HasSubstr("(from the cache)"));
  EXPECT_EQ(CachedLibraries(), 1);
  const RunResult json = Run(
      {"check", "games/tictactoe.rules", "--engine", "compiled", "--format", "json", "--quiet"});
  EXPECT_THAT(json.stdout_text, HasSubstr("\"name\": \"compiled\""));
  const RunResult interpreted =
      Run({"check", "games/tictactoe.rules", "--engine", "interpreted", "--quiet"});
  EXPECT_THAT(interpreted.stdout_text, HasSubstr("5,478 states"));
  EXPECT_THAT(interpreted.stdout_text, Not(HasSubstr("compiled to native code")));
}

// Under `--engine auto`, a search that ends before its background build leaves the build
// running: the report says so, the compiler finishes after rulecheck has exited, and the next
// run finds the library in the cache. The compiler waits for a gate file before it runs
// `c++`, so the build is surely still running when the search ends; hanoi 12 searches for
// longer than the half second a build waits before it starts.
TEST_F(EngineTest, ASearchThatEndsFirstLeavesItsBuildToFinishIntoTheCache) {
  const std::string gate = (dir_ / "gate").string();
  const std::string compiler =
      WriteFile("gated-c++", "#!/bin/sh\n[ \"$1\" = --version ] || while [ ! -e '" + gate +
                                 "' ]; do sleep 0.05; done\nexec c++ \"$@\"\n");
  ASSERT_EQ(chmod(compiler.c_str(), 0755), 0);
  const std::vector<std::string> args = {"check", "games/hanoi.rules", "--const",
                                         "N=12",  "--threads",         "1"};
  const RunResult first = Run(args, {"CXX=" + compiler});
  EXPECT_EQ(first.exit_code, 0) << first.stdout_text << first.stderr_text;
  EXPECT_THAT(first.stdout_text, HasSubstr("531,441 states"));
  EXPECT_THAT(first.stdout_text,
              HasSubstr("the build goes on in the background and puts it in the cache for the "
                        "next run"));
  EXPECT_EQ(CachedLibraries(), 0);
  WriteFile("gate", "");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (CachedLibraries() == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(CachedLibraries(), 1);
  const RunResult second = Run(args, {"CXX=" + compiler});
  EXPECT_EQ(second.exit_code, 0) << second.stderr_text;
  EXPECT_THAT(second.stdout_text, HasSubstr("compiled to native code in "));
  EXPECT_THAT(second.stdout_text, HasSubstr("(from the cache)"));
}

// A build left running that then fails leaves nothing in the cache: no library, no source, and
// no log of the compiler's output (rulecheck, which would read it, has exited).
TEST_F(EngineTest, ABuildLeftRunningThatFailsLeavesNothingBehind) {
  const std::string gate = (dir_ / "gate").string();
  const std::string compiler = WriteFile(
      "gated-broken-c++",
      "#!/bin/sh\n"
      "for a in \"$@\"; do [ \"$a\" = --version ] && { echo 'broken c++ 1.0'; exit 0; }; done\n"
      "while [ ! -e '" +
          gate +
          "' ]; do sleep 0.05; done\n"
          "echo 'broken: internal compiler error' >&2\n"
          "exit 1\n");
  ASSERT_EQ(chmod(compiler.c_str(), 0755), 0);
  // hanoi 11 searches for about 2 s, longer than the half second a build waits to start.
  const RunResult run =
      Run({"check", "games/hanoi.rules", "--const", "N=11", "--threads", "1"}, {"CXX=" + compiler});
  EXPECT_EQ(run.exit_code, 0) << run.stdout_text << run.stderr_text;
  EXPECT_THAT(run.stdout_text, HasSubstr("the build goes on in the background"));
  WriteFile("gate", "");
  // The build's own files, while the shell that runs the compiler has not cleaned up yet.
  auto leftovers = [&] {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir_ / "cache" / "rulecheck")) {
      const std::string name = entry.path().filename().string();
      if (name.starts_with("model-")) files.push_back(name);
    }
    return files;
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!leftovers().empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_THAT(leftovers(), testing::IsEmpty());
}

// Two runs at once on an empty cache both compile, and both rename a whole library into place.
TEST_F(EngineTest, ConcurrentRunsShareTheCache) {
  RunResult one, two;
  const std::vector<std::string> args = {"check", "games/hanoi.rules", "--engine", "compiled",
                                         "--quiet"};
  std::thread first([&] { one = Run(args); });
  std::thread second([&] { two = Run(args); });
  first.join();
  second.join();
  for (const RunResult* run : {&one, &two}) {
    EXPECT_EQ(run->exit_code, 0) << run->stderr_text;
    EXPECT_THAT(run->stdout_text, HasSubstr("6,561 states"));  // 3^8
  }
  EXPECT_EQ(CachedLibraries(), 1);
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / "cache" / "rulecheck")) {
    EXPECT_THAT(entry.path().string(), Not(HasSubstr(".tmp")));
  }
}

// A choice of a sub-bag is not compiled yet; it is at line 5, column 3. {A, A, B} has two
// sub-bags of one card, {A} and {B}: n = 1 or 2, both terminal, so no deadlock.
// A compiler that is found and says who it is, but fails on every source.
constexpr char kBrokenCompiler[] =
    "#!/bin/sh\n"
    "for a in \"$@\"; do [ \"$a\" = --version ] && { echo 'broken c++ 1.0'; exit 0; }; done\n"
    "echo 'broken: internal compiler error' >&2\n"
    "exit 1\n";

// `--engine compiled` fails naming the compiler and quoting what it said; `auto` runs the
// check to the end regardless (tic-tac-toe is over before a background build would start).
TEST_F(EngineTest, CompilerThatFails) {
  const std::string compiler = WriteFile("broken-c++", kBrokenCompiler);
  ASSERT_EQ(chmod(compiler.c_str(), 0755), 0);
  const std::vector<std::string> env = {"CXX=" + compiler};
  const RunResult compiled = Run({"check", "games/tictactoe.rules", "--engine", "compiled"}, env);
  EXPECT_EQ(compiled.exit_code, 2);
  EXPECT_THAT(
      compiled.stderr_text,
      HasSubstr("rulecheck: --engine compiled: the compiler `" + compiler +
                "` failed on the generated code (exit 1): broken: internal compiler error"));
  EXPECT_EQ(compiled.stdout_text, "");
  const RunResult automatic = Run({"check", "games/tictactoe.rules"}, env);
  EXPECT_EQ(automatic.exit_code, 0) << automatic.stderr_text;
  EXPECT_THAT(automatic.stdout_text, HasSubstr("5,478 states"));
}

TEST_F(EngineTest, NoCompiler) {
  const std::vector<std::string> env = {"CXX=/nonexistent/c++"};
  const std::string why = "no C++ compiler: CXX names `/nonexistent/c++`, which is not found";
  const RunResult automatic = Run({"check", "games/tictactoe.rules"}, env);
  EXPECT_EQ(automatic.exit_code, 0) << automatic.stderr_text;
  EXPECT_THAT(automatic.stderr_text, HasSubstr("rulecheck: note: interpreting the model: " + why));
  EXPECT_THAT(automatic.stdout_text, HasSubstr("5,478 states"));
  const RunResult compiled = Run({"check", "games/tictactoe.rules", "--engine", "compiled"}, env);
  EXPECT_EQ(compiled.exit_code, 2);
  EXPECT_THAT(compiled.stderr_text, HasSubstr("rulecheck: --engine compiled: " + why));
}

// Hand-worked: from n = 0, `up` adds 1 and `twice` doubles below 5. Within 3 moves the most
// is 4 (0, 1, 2, 4); 7 first comes in 5 moves (0, 1, 2, 3, 6, 7): after 3 moves n <= 4, and 7
// needs 6 before it, which needs 3 after 3 moves at the earliest.
constexpr char kQueries[] =
    "game \"g\"\n"
    "state { n: 0..9 }\n"
    "action up when n < 9 { n += 1 }\n"
    "action twice when n < 5 { n := n * 2 }\n"
    "terminal when n == 9\n"
    "query most: maximize n within 3\n"
    "query seven: reachable n == 7 within 9\n";

// `solve` names the explicit engine's successor function beside the symbolic engine: every
// one of them gives the hand-worked answers.
TEST_F(EngineTest, SolveOnEveryEngine) {
  const std::string file = WriteFile("queries.rules", kQueries);
  for (const char* engine : {"symbolic", "explicit", "compiled", "interpreted"}) {
    const RunResult run = Run({"solve", file, "--engine", engine, "--quiet"});
    EXPECT_EQ(run.exit_code, 0) << engine << run.stderr_text;
    EXPECT_THAT(run.stdout_text, HasSubstr("maximize most: optimal, value 4, depth 3")) << engine;
    EXPECT_THAT(run.stdout_text, HasSubstr("reachable seven: sat, depth 5")) << engine;
  }
  const std::vector<std::string> env = {"CXX=/nonexistent/c++"};
  const std::string why = "no C++ compiler: CXX names `/nonexistent/c++`, which is not found";
  const RunResult automatic = Run({"solve", file, "--engine", "explicit"}, env);
  EXPECT_EQ(automatic.exit_code, 0) << automatic.stderr_text;
  EXPECT_THAT(automatic.stderr_text, HasSubstr("rulecheck: note: interpreting the model: " + why));
  EXPECT_THAT(automatic.stdout_text, HasSubstr("maximize most: optimal, value 4, depth 3"));
  const RunResult compiled = Run({"solve", file, "--engine", "compiled"}, env);
  EXPECT_EQ(compiled.exit_code, 2);
  EXPECT_THAT(compiled.stderr_text, HasSubstr("rulecheck: --engine compiled: " + why));
  EXPECT_EQ(compiled.stdout_text, "");
  const RunResult mixed = Run({"solve", file, "--engine", "compiled", "--timeout", "5"});
  EXPECT_EQ(mixed.exit_code, 2);
  EXPECT_THAT(mixed.stderr_text, HasSubstr("--timeout is for --engine symbolic"));
}

// `diff` runs each version on the engine asked for; the report does not depend on it, and a
// note or an error names the version's file.
TEST_F(EngineTest, DiffOnEitherEngine) {
  const std::string old_file = WriteFile("old.rules", kQueries);
  const std::string new_file =
      WriteFile("new.rules", std::string(kQueries) + "invariant small: n < 8\n");
  const std::vector<std::string> diff = {"diff", old_file, new_file, "--quiet", "--threads", "1"};
  std::vector<std::string> compiled_args = diff, interpreted_args = diff;
  compiled_args.insert(compiled_args.end(), {"--engine", "compiled"});
  interpreted_args.insert(interpreted_args.end(), {"--engine", "interpreted"});
  const RunResult compiled = Run(compiled_args);
  const RunResult interpreted = Run(interpreted_args);
  EXPECT_EQ(compiled.exit_code, 1) << compiled.stderr_text;  // the new invariant fails
  EXPECT_EQ(interpreted.exit_code, 1) << interpreted.stderr_text;
  EXPECT_THAT(compiled.stdout_text, HasSubstr("invariant small is violated"));
  EXPECT_EQ(compiled.stdout_text, interpreted.stdout_text);
  EXPECT_EQ(CachedLibraries(), 2);

  const std::vector<std::string> env = {"CXX=/nonexistent/c++"};
  const std::string why = "no C++ compiler: CXX names `/nonexistent/c++`, which is not found";
  const RunResult automatic = Run({"diff", old_file, new_file, "--threads", "1"}, env);
  EXPECT_EQ(automatic.exit_code, 1) << automatic.stderr_text;
  EXPECT_THAT(automatic.stderr_text,
              HasSubstr("rulecheck: note: " + old_file + ": interpreting the model: " + why));
  EXPECT_THAT(automatic.stderr_text,
              HasSubstr("rulecheck: note: " + new_file + ": interpreting the model: " + why));
  const RunResult refused = Run(compiled_args, env);
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.stderr_text,
              HasSubstr("rulecheck: " + old_file + ": --engine compiled: " + why));
}

TEST_F(EngineTest, UnknownEngine) {
  const RunResult run = Run({"check", "games/tictactoe.rules", "--engine", "jit"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.stderr_text, HasSubstr("--engine"));
}

}  // namespace
}  // namespace rulecheck::e2e
